import { KINDS, type PriceQuote, type Product, type ProductInput } from '@atelier/contracts';
import { useMutation } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const products = recordResource<Product, ProductInput>(KINDS.product);

export type Measure = { width?: number; length?: number; area?: number; feet?: number; quantity?: number };

/** POST /products/{id}/price: what a measured piece costs. */
export function usePriceQuote(id: string) {
  return useMutation({
    mutationFn: (measure: Measure) => api<PriceQuote>('POST', `${products.path(id)}/price`, measure),
  });
}

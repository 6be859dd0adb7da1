import type {
  Product,
  ProductOptionsInput,
  Variant,
  VariantEdit,
  VariantsFilterValues,
  VariantsImage,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { api } from '../../lib/api';
import { products } from './api';

const variantsKey = (id: string) => [...recordKeys.all(products.path(id)), 'variants'];

export function useVariants(productId: string) {
  return useQuery({
    queryKey: variantsKey(productId),
    queryFn: () => api<Variant[]>('GET', `${products.path(productId)}/variants`),
  });
}

/** Every change to options or variants refreshes both the product (its version, its count) and its variants. */
function useVariantsMutation<A, R>(productId: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(products.path(productId)) }),
  });
}

export const useSaveOptions = (id: string) =>
  useVariantsMutation(id, (input: ProductOptionsInput) => api<Product>('PUT', `${products.path(id)}/options`, input));

export const useCreateVariants = (id: string) =>
  useVariantsMutation(id, (combinations: string[][]) =>
    api<Variant[]>('POST', `${products.path(id)}/variants`, { combinations }),
  );

export const useEditVariants = (id: string) =>
  useVariantsMutation(id, (variants: VariantEdit[]) =>
    api<Variant[]>('PUT', `${products.path(id)}/variants`, { variants }),
  );

export const useRepriceVariants = (id: string) =>
  useVariantsMutation(id, (input: { ids: string[]; by: 'percent' | 'amount'; value: number }) =>
    api<Variant[]>('POST', `${products.path(id)}/variants/reprice`, input),
  );

export const useArchiveVariants = (id: string) =>
  useVariantsMutation(id, ({ ids, archive }: { ids: string[]; archive: boolean }) =>
    api<Variant[]>('POST', `${products.path(id)}/variants/${archive ? 'archive' : 'restore'}`, { ids }),
  );

export const useSetVariantFilterValues = (id: string) =>
  useVariantsMutation(id, (input: VariantsFilterValues) =>
    api<Variant[]>('POST', `${products.path(id)}/variants/filter-values`, input),
  );

export const useSetVariantImage = (id: string) =>
  useVariantsMutation(id, (input: VariantsImage) =>
    api<Variant[]>('POST', `${products.path(id)}/variants/image`, input),
  );

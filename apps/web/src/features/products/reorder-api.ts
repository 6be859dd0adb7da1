import type { ReorderLevels, ReorderLevelsEdit } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { api } from '../../lib/api';
import { products } from './api';

const reorderKey = (id: string) => [...recordKeys.all(products.path(id)), 'reorder-levels'];

export function useReorderLevels(productId: string) {
  return useQuery({
    queryKey: reorderKey(productId),
    queryFn: () => api<ReorderLevels>('GET', `${products.path(productId)}/reorder-levels`),
  });
}

export function useSetReorderLevels(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levels: ReorderLevelsEdit['levels']) =>
      api<ReorderLevels>('PUT', `${products.path(productId)}/reorder-levels`, { levels }),
    onSuccess: (saved) => queryClient.setQueryData(reorderKey(productId), saved),
    // The product's logs have a new entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(products.path(productId)) }),
  });
}

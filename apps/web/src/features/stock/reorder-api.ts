import type { ReorderLevels, ReorderLevelsEdit } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { api } from '../../lib/api';

// `path` is the record's own API path (a product's or a material's): its levels hang off it.
const reorderKey = (path: string) => [...recordKeys.all(path), 'reorder-levels'];

export function useReorderLevels(path: string) {
  return useQuery({
    queryKey: reorderKey(path),
    queryFn: () => api<ReorderLevels>('GET', `${path}/reorder-levels`),
  });
}

export function useSetReorderLevels(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levels: ReorderLevelsEdit['levels']) =>
      api<ReorderLevels>('PUT', `${path}/reorder-levels`, { levels }),
    onSuccess: (saved) => queryClient.setQueryData(reorderKey(path), saved),
    // The record's logs have a new entry.
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(path) }),
  });
}

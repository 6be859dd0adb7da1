import { P, type ProductTag } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

export const tagKeys = { all: ['product-tags'] as const };
const path = (name: string) => `/tags/${encodeURIComponent(name)}`;

export function useProductTags() {
  const { can } = useCan();
  return useQuery({
    queryKey: tagKeys.all,
    queryFn: () => api<ProductTag[]>('GET', '/tags'),
    enabled: can(P.MODIFY_PRODUCT_TAGS),
  });
}

/** Renaming or removing a tag changes products too: their lists and pages refresh. */
function useTagMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['list', '/products'] });
    },
  });
}

export const useRenameTag = () =>
  useTagMutation(({ from, to }: { from: string; to: string }) => api<ProductTag[]>('PUT', path(from), { name: to }));

export const useDeleteTag = () => useTagMutation((name: string) => api<void>('DELETE', path(name)));

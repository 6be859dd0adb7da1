import type { Category, CategoryInput, CategoryMove } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const categoryKeys = { all: ['categories'] as const };

/** The whole tree in order: every staff member reads it (a product's form picks from it). */
export function useCategories() {
  const { profile } = useSession();
  return useQuery({
    queryKey: categoryKeys.all,
    queryFn: () => api<Category[]>('GET', '/categories'),
    enabled: profile?.kind === 'staff',
  });
}

/** Creating, editing, moving and deleting all refresh the tree (and the product lists that show it). */
function useTreeMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['list', '/products'] });
    },
  });
}

export const useCreateCategory = () =>
  useTreeMutation((input: CategoryInput) => api<Category>('POST', '/categories', input));

export const useUpdateCategory = () =>
  useTreeMutation(({ id, ...input }: CategoryInput & { id: string; version: number }) =>
    api<Category>('PUT', `/categories/${id}`, input),
  );

export const useMoveCategory = () =>
  useTreeMutation(({ id, ...move }: CategoryMove & { id: string }) =>
    api<Category[]>('POST', `/categories/${id}/move`, move),
  );

export const useDeleteCategory = () =>
  useTreeMutation(({ id, moveTo }: { id: string; moveTo?: string }) =>
    api<void>('DELETE', `/categories/${id}`, undefined, { moveTo }),
  );

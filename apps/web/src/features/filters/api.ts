import type { Filter, FilterInput, FilterValueRef } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

export const filterKeys = { all: ['filters'] as const };

/** The filters with their values: every staff member reads them (a product's form picks values). */
export function useFilters() {
  const { profile } = useSession();
  return useQuery({
    queryKey: filterKeys.all,
    queryFn: () => api<Filter[]>('GET', '/filters'),
    enabled: profile?.kind === 'staff',
  });
}

/** Every value as a form names it ("Finish: Walnut"), filter by filter. */
export function useFilterValues(): FilterValueRef[] {
  const filters = useFilters().data ?? [];
  return filters.flatMap((f) => f.values.map((v) => ({ _id: v._id, name: v.name, filter: f.name })));
}

/** Writes refresh the filters and the product lists that filter by them. */
function useFiltersMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: filterKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['list', '/products'] });
    },
  });
}

export const useSaveFilter = () =>
  useFiltersMutation(({ id, ...input }: FilterInput & { id?: string; version?: number }) =>
    id ? api<Filter>('PUT', `/filters/${id}`, input) : api<Filter>('POST', '/filters', input),
  );

export const useDeleteFilter = () =>
  useFiltersMutation(({ id, removeUsed }: { id: string; removeUsed: boolean }) =>
    api<void>('DELETE', `/filters/${id}${removeUsed ? '?removeUsed=true' : ''}`),
  );

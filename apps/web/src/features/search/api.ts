import type { RecentSearch, SearchResult } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const recentSearchKey = ['recent-searches'] as const;

/** Loaded when the dialog opens; the dialog drops it again when it closes. */
export const useRecentSearches = (enabled: boolean) =>
  useQuery({
    queryKey: recentSearchKey,
    queryFn: () => api<RecentSearch[]>('GET', '/profile/recent-search'),
    enabled,
  });

/** Each call answers with the person's list: it replaces the cached one. */
function useRecentMutation<A>(fn: (args: A) => Promise<RecentSearch[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (list) => queryClient.setQueryData(recentSearchKey, list),
  });
}

export const useRecordSearch = () =>
  useRecentMutation((s: { name: string; search: string; type: string; search_id?: string | null }) =>
    api<RecentSearch[]>('PATCH', '/profile/recent-search', s),
  );
export const useSaveSearch = () =>
  useRecentMutation((s: { name: string; search: string; type: string }) =>
    api<RecentSearch[]>('PUT', '/profile/recent-search', { ...s, search: encodeURIComponent(s.search) }),
  );
export const useDeleteSearch = () =>
  useRecentMutation((id: string) => api<RecentSearch[]>('POST', '/profile/recent-search', { _id: id }));

export const runSearch = (q: string, type: string) =>
  api<{ items: SearchResult[] }>('GET', '/search', undefined, { q, type }).then((r) => r.items);

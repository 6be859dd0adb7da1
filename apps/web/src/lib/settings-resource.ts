import type { SettingsKind } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useSession } from './session';

/**
 * The client of a settings kind listed whole (`GET {apiPath}`) and kept by id: its list, a save
 * (create without an id, edit with one and its version) and a delete, each refreshing the list.
 */
export function settingsResource<T extends { _id: string }, Input>(kind: SettingsKind) {
  const key = [kind.apiPath] as const;
  return {
    key,
    /** Staff only; `enabled` false where the reader may not list them. */
    useList(enabled = true) {
      const { profile } = useSession();
      return useQuery({
        queryKey: key,
        queryFn: () => api<T[]>('GET', kind.apiPath),
        enabled: enabled && profile?.kind === 'staff',
      });
    },
    useSave(id?: string) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (input: Input & { version?: number }) =>
          id ? api<T>('PUT', `${kind.apiPath}/${id}`, input) : api<T>('POST', kind.apiPath, input),
        onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
      });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api<void>('DELETE', `${kind.apiPath}/${id}`),
        onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
      });
    },
  };
}

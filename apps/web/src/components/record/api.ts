import type { Activity, AuditEntryView, Interaction, InteractionInput, ListPage, StoredFile } from '@atelier/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** A record's address in the API: `/companies/{id}`. */
export type RecordPath = string;

export const recordKeys = {
  all: (path: RecordPath) => ['record', path] as const,
  interactions: (path: RecordPath) => ['record', path, 'interactions'] as const,
  files: (path: RecordPath) => ['record', path, 'files'] as const,
  logs: (path: RecordPath) => ['record', path, 'logs'] as const,
  activities: (path: RecordPath) => ['record', path, 'activities'] as const,
};

/** Anything added to a record shows in its timeline and history too. */
function useRecordMutation<A, R>(path: RecordPath, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.all(path) }),
  });
}

export const useInteractions = (path: RecordPath) =>
  useQuery({
    queryKey: recordKeys.interactions(path),
    queryFn: () => api<Interaction[]>('GET', `${path}/interactions`),
  });
export const useSaveInteraction = (path: RecordPath) =>
  useRecordMutation(path, ({ id, ...input }: InteractionInput & { id?: string; version?: number }) =>
    id
      ? api<Interaction>('PUT', `${path}/interactions/${id}`, input)
      : api<Interaction>('POST', `${path}/interactions`, input),
  );
export const useDeleteInteraction = (path: RecordPath) =>
  useRecordMutation(path, (id: string) => api<void>('DELETE', `${path}/interactions/${id}`));

export const useFiles = (path: RecordPath) =>
  useQuery({ queryKey: recordKeys.files(path), queryFn: () => api<StoredFile[]>('GET', `${path}/files`) });
export const useDeleteFile = (path: RecordPath) =>
  useRecordMutation(path, (id: string) => api<void>('DELETE', `${path}/files/${id}`));

export const useLogs = (path: RecordPath) =>
  useInfiniteQuery({
    queryKey: recordKeys.logs(path),
    queryFn: ({ pageParam }) =>
      api<ListPage<AuditEntryView>>('GET', `${path}/logs`, undefined, { limit: 25, cursor: pageParam || undefined }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const useActivities = (path: RecordPath) =>
  useQuery({ queryKey: recordKeys.activities(path), queryFn: () => api<Activity[]>('GET', `${path}/activities`) });

export { useRecordMutation };

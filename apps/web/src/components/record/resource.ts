import { type DuplicateMatch, type RecordKind, recordApiPath } from '@atelier/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { recordKeys, useRecordMutation } from './api';

/** What the duplicate check compares: the name, email and phone being typed. */
export type DuplicateQuery = { name?: string; email?: string; phone?: string };

/** Whether a check is worth a request: a name, an email with its @, or a phone of 7 digits. */
const worthAskingAbout = (q: DuplicateQuery) =>
  Boolean(q.name?.trim() || q.email?.includes('@') || (q.phone?.replace(/\D/g, '').length ?? 0) >= 7);

/**
 * The client side of one record type's API (`/companies`, `/customers`…): the record, its
 * mutations (which refresh the record, its tabs and its lists), create, and the duplicate check.
 * Each module makes one and adds its own mutations with `useMutationOf`.
 */
export function recordResource<T extends { _id: string }, Input>(kind: RecordKind) {
  const collection = kind.apiPath;
  const path = (id: string) => recordApiPath(kind, id);
  const detailsKey = (id: string) => [...recordKeys.all(path(id)), 'details'];

  function useMutationOf<A, R>(id: string, fn: (args: A) => Promise<R>) {
    const queryClient = useQueryClient();
    const mutation = useRecordMutation(path(id), fn);
    return {
      ...mutation,
      mutateAsync: async (args: A): Promise<R> => {
        const result = await mutation.mutateAsync(args);
        await queryClient.invalidateQueries({ queryKey: ['list', collection] });
        return result;
      },
    };
  }

  return {
    kind,
    collection,
    path,
    detailsKey,
    useMutationOf,
    useRecord: (id: string) =>
      useQuery({ queryKey: detailsKey(id), queryFn: () => api<T>('GET', path(id)), retry: false }),
    /** Loads the record as it is now and shows it everywhere (after a stale-edit 409). */
    useReload() {
      const queryClient = useQueryClient();
      return async (id: string) => {
        const fresh = await api<T>('GET', path(id));
        queryClient.setQueryData(detailsKey(id), fresh);
        return fresh;
      };
    },
    // NoInfer: pages given a resource (`recordPages`) infer its record type from the rest.
    useUpdate: (id: string) =>
      useMutationOf(id, (input: Input & { version: number }) => api<NoInfer<T>>('PUT', path(id), input)),
    useArchive: (id: string) =>
      useMutationOf(id, (archived: boolean) =>
        api<NoInfer<T>>('POST', `${path(id)}/${archived ? 'archive' : 'restore'}`),
      ),
    useDelete: (id: string) => useMutationOf(id, () => api<void>('DELETE', path(id))),
    /** A kind whose creates are idempotent (payments) sends a key per form opened: a repeat makes nothing new. */
    create: (input: Input, options?: { idempotencyKey?: string }) =>
      api<T>('POST', collection, input, undefined, options),
    /** Records like the one being typed: a warning, never a block (`RecordForm` shows it). */
    useDuplicates(values: DuplicateQuery, exclude: string | undefined) {
      const [debounced] = useDebouncedValue(values, 400);
      return useQuery({
        queryKey: [collection, 'duplicates', debounced, exclude],
        queryFn: () => api<DuplicateMatch[]>('GET', `${collection}/duplicates`, undefined, { ...debounced, exclude }),
        enabled: worthAskingAbout(debounced),
      });
    },
  };
}

export type RecordResource<T extends { _id: string }, Input> = ReturnType<typeof recordResource<T, Input>>;

import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export type Person = { _id: string; name: string };

/** The firm's active staff, for "assigned to" pickers. */
export const usePeople = () =>
  useQuery({ queryKey: ['people'], queryFn: () => api<Person[]>('GET', '/people'), staleTime: 5 * 60_000 });

/** The "Assigned to" filter of lists of assigned records: nobody, or one of the firm's staff. */
export function useAssigneeFilter() {
  const people = usePeople();
  return {
    key: 'assigned',
    label: 'Assigned to',
    options: [{ value: 'none', label: 'Nobody' }, ...(people.data ?? []).map((p) => ({ value: p._id, label: p.name }))],
  };
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

export type Person = { _id: string; name: string };

/** The firm's active staff, for "assigned to" pickers. */
export const usePeople = () =>
  useQuery({ queryKey: ['people'], queryFn: () => api<Person[]>('GET', '/people'), staleTime: 5 * 60_000 });

import {
  KINDS,
  type PendingWeek,
  type TimeEntry,
  type TimeEntryInput,
  type Timesheet,
  type WeekAction,
} from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { timeKeys } from '../../components/time/api';
import { api } from '../../lib/api';
import { authKeys } from '../../lib/auth-api';

export const timeEntries = recordResource<TimeEntry, TimeEntryInput>(KINDS.time_entry);

/** One person's week (me, and this week, unless said): its days, entries, totals and state. */
export const useTimesheet = (person: string | null, week: string | null) =>
  useQuery({
    queryKey: timeKeys.week(person, week),
    queryFn: () => api<Timesheet>('GET', '/timesheet', undefined, { person, week }),
  });

/** Submitted weeks waiting for a manager (51). */
export const usePendingWeeks = (enabled: boolean) =>
  useQuery({
    queryKey: timeKeys.pending,
    queryFn: () => api<PendingWeek[]>('GET', '/timesheet/pending'),
    enabled,
  });

/** After an entry changes: every week shown, the entries' list, the entry's page and history. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: timeKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['list', timeEntries.collection] }),
      id ? queryClient.invalidateQueries({ queryKey: recordKeys.all(timeEntries.path(id)) }) : undefined,
    ]);
}

/** Adds an entry, or corrects one on the version it was read at (with the reason it changed). */
export function useSaveEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version, ...input }: TimeEntryInput & { id?: string; version?: number }) =>
      id
        ? api<TimeEntry>('PUT', timeEntries.path(id), { ...input, version })
        : api<TimeEntry>('POST', timeEntries.collection, input),
    onSuccess: (entry) => refresh(entry._id),
  });
}

/** Deleting the running entry clocks its person out: the profile is read again too. */
export function useDeleteEntry() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', timeEntries.path(id)),
    onSuccess: (_, id) => Promise.all([refresh(id), queryClient.invalidateQueries({ queryKey: authKeys.profile })]),
  });
}

export type WeekStep = 'submit' | 'approve' | 'return';

/** Submits a week, or a manager approves or returns it; the answer is the week as it now is. */
export function useWeekStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ step, ...body }: WeekAction & { step: WeekStep }) =>
      api<Timesheet>('POST', `/timesheet/${step}`, body),
    onSuccess: (sheet) => {
      // The answer is the week as it now is, wherever it shows; the waiting list changed too.
      queryClient.setQueriesData<Timesheet>({ queryKey: [...timeKeys.all, 'week'] }, (old) =>
        old && old.week === sheet.week && old.person._id === sheet.person._id ? sheet : old,
      );
      return queryClient.invalidateQueries({ queryKey: timeKeys.pending });
    },
  });
}

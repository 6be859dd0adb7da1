import type { ChangeTask, Profile, TaskList, TaskRow } from '@atelier/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { authKeys } from '../../lib/auth-api';

/** The timesheet's queries: a week's (by person and week) and the weeks waiting for approval. */
export const timeKeys = {
  all: ['timesheet'] as const,
  week: (person: string | null, week: string | null) => ['timesheet', 'week', person, week] as const,
  pending: ['timesheet', 'pending'] as const,
};

/**
 * Clocking in or out, and changing the task timed: each answers the profile, which becomes the
 * session's (the avatar's green ring follows), and the week's entries change with it. When the
 * server refuses (already clocked in elsewhere), the profile is read again so the page shows
 * what is true.
 */
function useProfileStep<A>(send: (args: A) => Promise<Profile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (profile) => {
      queryClient.setQueryData(authKeys.profile, profile);
      return queryClient.invalidateQueries({ queryKey: timeKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: authKeys.profile }),
  });
}

export const useClock = () =>
  useProfileStep((step: 'clock-in' | 'clock-out') => api<Profile>('POST', `/profile/${step}`, {}));

export const useChangeTask = () =>
  useProfileStep((body: ChangeTask) => api<Profile>('POST', '/profile/change-task', body));

/** The board's tasks assigned to me, to pick the one being timed. */
export function useMyTasks(me: string, enabled: boolean) {
  return useQuery({
    queryKey: ['list', '/project-management', 'mine', me],
    queryFn: () =>
      api<TaskList>('GET', '/project-management', undefined, {
        limit: 200,
        sort: 'position',
        'filter[assignee]': [me],
      }),
    enabled,
  });
}

/** What changing to a board task sends: its name, its id, and what it is about, by id. */
export function changeToTask(
  task: Pick<TaskRow, '_id' | 'name' | 'taskType' | 'customerJob' | 'entityID' | 'account'>,
) {
  return {
    task: task.name,
    _id: task._id,
    metaData: {
      customerJob: task.customerJob?._id ?? null,
      taskType: task.taskType,
      entityID: task.entityID?._id ?? null,
      account: task.account?._id ?? null,
    },
  };
}

/** The toast after a change: timed now while clocked in, otherwise kept for the next clock-in. */
export const changedWords = (name: string, clockedIn: boolean) =>
  clockedIn ? `Now timing ${name}.` : `${name} is your current task: it is timed when you clock in.`;

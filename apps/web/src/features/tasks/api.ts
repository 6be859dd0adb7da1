import { KINDS, type Task, type TaskInput, type TaskList, type TaskRow } from '@atelier/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const tasks = recordResource<Task, TaskInput>(KINDS.task);

/** What the board shows: everyone's or one person's tasks, one job's, a text. */
export type BoardFilters = { q: string; assignee: string[]; job: string[] };

// As many as a page of the task list gives (its kind's pageMax).
const PAGE = KINDS.task.pageMax;

/**
 * The whole board under its filters: every page, fetched one after another as the cursor
 * allows (spec section 7's `{tasks, statuses}`), so a board of thousands fills in as it loads.
 * The key starts with the list's, so a change anyone makes refreshes it.
 */
export function useTaskBoard(filters: BoardFilters) {
  const query = useInfiniteQuery({
    queryKey: ['list', tasks.collection, 'board', filters],
    queryFn: ({ pageParam }) =>
      api<TaskList>('GET', tasks.collection, undefined, {
        limit: PAGE,
        sort: 'position',
        q: filters.q || undefined,
        'filter[assignee]': filters.assignee,
        'filter[job]': filters.job,
        cursor: pageParam || undefined,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const pages = query.data?.pages ?? [];
  return {
    query,
    tasks: pages.flatMap((p) => p.tasks),
    statuses: pages[0]?.statuses ?? [],
    loading: query.isPending || Boolean(hasNextPage),
  };
}

/** The full task as a save sends it (PUT saves the full task, spec section 7), from a board row. */
export const inputOfRow = (row: TaskRow): TaskInput => ({
  name: row.name,
  status: row.status,
  taskType: row.taskType,
  customerJob: row.customerJob,
  entityID: row.entityID,
  account: row.account,
  assignee: row.assignee?._id ?? null,
  dueDate: row.dueDate,
  priority: row.priority,
  position: row.position,
});

/** A card dragged somewhere: saved with the version it was read at, so a later drag of the same card answers 409. */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return async (row: TaskRow, status: string, position: number) => {
    try {
      return await api<Task>('PUT', tasks.path(row._id), {
        ...inputOfRow(row),
        status,
        position,
        version: row.version,
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['list', tasks.collection] });
    }
  };
}

import { P, type Profile, type TaskInput, type TaskRow } from '@atelier/contracts';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { PersonSelect } from '../../../components/form/pickers';
import { api } from '../../../lib/api';
import { authKeys } from '../../../lib/auth-api';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { useProfile } from '../../../lib/session';
import { openTaskModal } from '../../../lib/task-modal';
import { useSettings } from '../../settings/api';
import { useTaskBoard } from '../api';
import { boardView } from '../board';
import { TaskBoard } from './task-board';
import { TaskListView } from './task-list-view';

type Props = {
  /** One job's board (its tasks tab): its tasks only, and new tasks are the job's. */
  job?: { _id: string; name: string };
};

/**
 * The board with its controls: search, whose tasks (for those who see everyone's), kanban or
 * list (the profile's kanban view), and a new task.
 */
export function TaskBoardPanel({ job }: Props) {
  const profile = useProfile();
  const { can } = useCan();
  const queryClient = useQueryClient();
  const seesAll = can(P.VIEW_ALL_TASKS);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [assignee, setAssignee] = useState<string | null>(null);
  const board = useTaskBoard({ q, assignee: assignee ? [assignee] : [], job: job ? [job._id] : [] });
  const colors = useSettings().data?.kanbanSettings.colors;
  // Logged once per value, not on every render.
  const view = useMemo(() => boardView(profile.kanban.view), [profile.kanban.view]);
  const setView = async (next: string) => {
    try {
      const updated = await api<Profile>('PUT', '/profile/', { kanban: { ...profile.kanban, view: next } });
      queryClient.setQueryData(authKeys.profile, updated);
    } catch (error) {
      showSubmitError(error);
    }
  };
  const defaults: Partial<TaskInput> = job ? { customerJob: { _id: job._id } } : {};
  // The same function every render: the cards are memoised on it.
  const open = useCallback((task: TaskRow) => openTaskModal({ id: task._id }), []);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label="Search tasks"
          placeholder="Search tasks"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
        {seesAll && (
          <div style={{ width: 200 }}>
            <PersonSelect label="Assignee" placeholder="Everyone" value={assignee} onChange={setAssignee} />
          </div>
        )}
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={setView}
          data={[
            { value: 'kanban', label: 'Kanban' },
            { value: 'list', label: 'List' },
          ]}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => openTaskModal({ defaults })} ml="auto">
          New task
        </Button>
      </Group>
      {!seesAll && (
        <Text size="sm" c="dimmed">
          You see the tasks assigned to you.
        </Text>
      )}
      {board.query.isError && (
        <Alert color="red" title="The board did not load">
          {board.query.error.message}
        </Alert>
      )}
      {board.query.isPending ? (
        <Loader aria-label="Loading tasks" />
      ) : (
        <>
          {board.loading && (
            <Text size="xs" c="dimmed">
              Loading more tasks… {board.tasks.length} so far
            </Text>
          )}
          {view === 'list' ? (
            <TaskListView tasks={board.tasks} statuses={board.statuses} colors={colors} onOpen={open} />
          ) : (
            <TaskBoard tasks={board.tasks} statuses={board.statuses} colors={colors} onOpen={open} />
          )}
        </>
      )}
    </Stack>
  );
}

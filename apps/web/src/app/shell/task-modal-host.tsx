import { KINDS } from '@atelier/contracts';
import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useMayOpen } from '../../components/record/may-open';
import { onTaskModalRequest, TASK_CLEAR_MS, type TaskModalRequest } from '../../lib/task-modal';

// The modal's code (its form, pickers, checklist and comments) loads when it first opens.
const TaskModal = lazy(() => import('../../features/tasks/components/task-modal'));

/**
 * The shell's task create/edit modal (spec section 2): ctrl+alt+k opens a new task anywhere;
 * cards and pages open theirs. Closing clears the task 250 ms later, once the modal has gone.
 */
export function TaskModalHost() {
  const allowed = useMayOpen(KINDS.task);
  const [request, setRequest] = useState<TaskModalRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const clearing = useRef<number | undefined>(undefined);
  const open = useCallback((next: TaskModalRequest) => {
    window.clearTimeout(clearing.current);
    setRequest(next);
    setOpened(true);
  }, []);
  useEffect(() => onTaskModalRequest(open), [open]);
  useEffect(() => () => window.clearTimeout(clearing.current), []);
  useHotkeys(allowed ? [['ctrl+alt+k', () => open({})]] : [], [], true);
  if (!allowed || !request) return null;
  return (
    <Suspense>
      <TaskModal
        key={request.id ?? 'new'}
        request={request}
        opened={opened}
        onClose={() => {
          setOpened(false);
          clearing.current = window.setTimeout(() => setRequest(null), TASK_CLEAR_MS);
        }}
      />
    </Suspense>
  );
}

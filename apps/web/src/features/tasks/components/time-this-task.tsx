import type { Task } from '@atelier/contracts';
import { Button } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { changedWords, changeToTask, useChangeTask } from '../../../components/time/api';
import { showSubmitError } from '../../../lib/forms';
import { useProfile } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';

/** Makes this task the one timed: at once while clocked in, else from the next clock-in. */
export function TimeThisTask({ task }: { task: Task }) {
  const change = useChangeTask();
  const me = useProfile();
  const current = me.currentTask?._id === task._id;
  return (
    <Button
      variant="light"
      color="green"
      leftSection={<IconClockPlay size={16} />}
      loading={change.isPending}
      disabled={current}
      onClick={async () => {
        try {
          const profile = await change.mutateAsync(changeToTask(task));
          toastSuccess(changedWords(task.name, profile.clocked_in));
        } catch (error) {
          showSubmitError(error);
        }
      }}
    >
      {current ? (me.clocked_in ? 'Timing this task' : 'Your current task') : 'Time this task'}
    </Button>
  );
}

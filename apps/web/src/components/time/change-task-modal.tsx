import { changeTaskSchema, type TaskRow } from '@atelier/contracts';
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCheckedSubmit } from '../../lib/forms';
import { useCan } from '../../lib/permissions';
import { useProfile } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { DialogActions } from '../dialog-actions';
import { JobSelect } from '../form/pickers';
import { changedWords, changeToTask, useChangeTask, useMyTasks } from './api';

/**
 * The task being timed: one of my board's tasks (its job and record come with it), or a name
 * typed here, with a job if it is for one. While clocked in, the running entry ends and the
 * next starts.
 */
export function ChangeTaskModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const me = useProfile();
  const { hasFeature } = useCan();
  const board = hasFeature('project_management');
  const mine = useMyTasks(me._id, opened && board);
  const change = useChangeTask();
  const [picked, setPicked] = useState<TaskRow | null>(null);
  const [name, setName] = useState(me.currentTask?.name ?? '');
  const [job, setJob] = useState<string | null>(me.currentTask?.customerJob?._id ?? null);
  const [jobName, setJobName] = useState(me.currentTask?.customerJob ?? null);
  const { errors, submit } = useCheckedSubmit(
    changeTaskSchema,
    (body) => change.mutateAsync(body),
    (profile) => {
      toastSuccess(changedWords(profile.currentTask?.name ?? name, profile.clocked_in));
      onClose();
    },
  );
  // The board's last column is its finished one: what is done there is not worked on any more.
  const finished = mine.data?.statuses.at(-1);
  const tasks = (mine.data?.tasks ?? []).filter((t) => t.status !== finished);
  const pick = (id: string | null) => {
    const task = tasks.find((t) => t._id === id) ?? null;
    setPicked(task);
    if (task) {
      setName(task.name);
      setJob(task.customerJob?._id ?? null);
      setJobName(task.customerJob);
    }
  };
  const send = () => {
    const fromBoard = picked ? changeToTask(picked) : null;
    void submit({
      task: name,
      _id: fromBoard?._id ?? null,
      metaData: { ...(fromBoard?.metaData ?? { taskType: null, entityID: null, account: null }), customerJob: job },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Change task">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {me.clocked_in
              ? 'The time so far stays with the task you were on; from now on it counts for this one.'
              : 'It is timed from when you clock in.'}
          </Text>
          {board && (
            <Select
              label="One of your tasks"
              placeholder={mine.isPending ? 'Loading your tasks…' : 'None: name it below'}
              data={tasks.map((t) => ({
                value: t._id,
                label: t.customerJob ? `${t.name} · ${t.customerJob.name}` : t.name,
              }))}
              value={picked?._id ?? null}
              onChange={pick}
              searchable
              clearable
              nothingFoundMessage="No task of yours is called that"
              error={errors._id}
            />
          )}
          <TextInput
            label="Task"
            required
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              // A name of one's own is no longer the board's task.
              if (picked && e.currentTarget.value !== picked.name) setPicked(null);
            }}
            error={errors.task}
          />
          <JobSelect
            label="Job"
            description="The job the time counts for, if any"
            value={job}
            onChange={setJob}
            initial={jobName}
            error={errors['metaData.customerJob']}
          />
          <DialogActions onCancel={onClose} confirm="Change task" loading={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

import {
  DEFAULT_TASK_STATUS,
  kindOf,
  P,
  recordHref,
  TASK_PRIORITY_LABELS,
  type Task,
  type TaskInput,
} from '@atelier/contracts';
import {
  Anchor,
  Autocomplete,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CompanySelect, JobSelect, PersonSelect } from '../../../components/form/pickers';
import { useStaleEdit } from '../../../components/form/stale-edit';
import { useCan } from '../../../lib/permissions';
import { useProfile } from '../../../lib/session';
import { TASK_NAME_FOCUS_MS, type TaskModalRequest } from '../../../lib/task-modal';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { tasks } from '../api';
import { ChecklistField } from './checklist-field';
import { TaskComments } from './task-comments';
import { TimeThisTask } from './time-this-task';

type Values = Required<Omit<TaskInput, 'position'>>;

const valuesOf = (task: Task | undefined, defaults: Partial<TaskInput> = {}): Values => ({
  name: task?.name ?? defaults.name ?? '',
  status: task?.status ?? defaults.status ?? DEFAULT_TASK_STATUS,
  taskType: task?.taskType ?? defaults.taskType ?? null,
  customerJob: task?.customerJob ?? defaults.customerJob ?? null,
  entityID: task?.entityID ?? defaults.entityID ?? null,
  account: task?.account ?? defaults.account ?? null,
  assignee: task?.assignee?._id ?? defaults.assignee ?? null,
  dueDate: task?.dueDate ?? defaults.dueDate ?? null,
  priority: task?.priority ?? defaults.priority ?? 'normal',
  description: task?.description ?? defaults.description ?? '',
  checklist: task?.checklist ?? defaults.checklist ?? [],
  dependsOn: task?.dependsOn.map((d) => ({ _id: d._id })) ?? defaults.dependsOn ?? [],
});

type Props = { request: TaskModalRequest; opened: boolean; onClose: () => void };

/** The shell's task modal (spec section 2): a new task, or one to edit with its comments. */
export default function TaskModal({ request, opened, onClose }: Props) {
  const existing = tasks.useRecord(request.id ?? '');
  const loading = Boolean(request.id) && existing.isPending;
  const title = request.id ? (existing.data?.name ?? 'Task') : 'New task';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      keepMounted={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {loading && <Loader size="sm" />}
      {request.id && existing.isError && <Text c="red">{existing.error.message}</Text>}
      {!loading && !(request.id && existing.isError) && (
        <TaskForm task={request.id ? existing.data : undefined} defaults={request.defaults} onDone={onClose} />
      )}
    </Modal>
  );
}

function TaskForm({ task, defaults, onDone }: { task?: Task; defaults?: Partial<TaskInput>; onDone: () => void }) {
  const me = useProfile();
  const { can } = useCan();
  const seesAll = can(P.VIEW_ALL_TASKS);
  const kanban = useSettings().data?.kanbanSettings;
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    defaultValues: valuesOf(task, { assignee: seesAll ? null : me._id, ...defaults }),
  });
  const name = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<string | null>('details');
  // Spec section 7: the name is focused half a second after the modal opens.
  useEffect(() => {
    const timer = window.setTimeout(() => name.current?.focus(), TASK_NAME_FOCUS_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const reload = tasks.useReload();
  const stale = useStaleEdit(form, async () => valuesOf(task ? await reload(task._id) : undefined));
  const update = tasks.useUpdate(task?._id ?? '');
  const save = form.handleSubmit(async (values) => {
    try {
      const saved = task
        ? await update.mutateAsync({
            ...values,
            // The version last read: after "load their version", theirs.
            version: queryClient.getQueryData<Task>(tasks.detailsKey(task._id))?.version ?? task.version,
          })
        : await tasks.create(values);
      await queryClient.invalidateQueries({ queryKey: ['list', tasks.collection] });
      toastSuccess(task ? `${saved.name} saved.` : `${saved.name} added to the board.`);
      onDone();
    } catch (error) {
      stale.onError(error);
    }
  });
  const e = form.formState.errors;
  const nameField = form.register('name');
  const nameRef = useMergedRef(nameField.ref, name);
  const statuses = [...new Set([...(kanban?.statuses ?? []), form.watch('status')])];
  const types = [...new Set([...(kanban?.taskTypes ?? []), ...(task?.taskType ? [task.taskType] : [])])];
  const about = form.watch('entityID');

  const details = (
    <Stack gap="sm">
      <TextInput label="Name" required {...nameField} ref={nameRef} error={e.name?.message} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Autocomplete
              label="Status"
              description="A board column; a new one is added at the front"
              data={statuses}
              value={field.value}
              onChange={field.onChange}
              error={e.status?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="taskType"
          render={({ field }) => (
            <Select
              label="Type"
              placeholder="No type"
              data={types}
              value={field.value}
              onChange={field.onChange}
              clearable
              error={e.taskType?.message}
            />
          )}
        />
        {seesAll ? (
          <Controller
            control={form.control}
            name="assignee"
            render={({ field }) => (
              <PersonSelect
                label="Assignee"
                value={field.value}
                onChange={field.onChange}
                error={e.assignee?.message}
              />
            )}
          />
        ) : (
          <TextInput label="Assignee" value={`${me.first_name} ${me.last_name}`} readOnly description="Your own task" />
        )}
        <TextInput
          label="Due"
          type="date"
          {...form.register('dueDate', { setValueAs: (v) => v || null })}
          error={e.dueDate?.message}
        />
        <Controller
          control={form.control}
          name="priority"
          render={({ field }) => (
            <Select
              label="Priority"
              data={Object.entries(TASK_PRIORITY_LABELS).map(([value, label]) => ({ value, label }))}
              value={field.value}
              onChange={(v) => field.onChange(v ?? 'normal')}
              allowDeselect={false}
            />
          )}
        />
        <Controller
          control={form.control}
          name="customerJob"
          render={({ field }) => (
            <JobSelect
              label="Job"
              initial={task?.customerJob ?? null}
              value={field.value?._id ?? null}
              onChange={(id) => field.onChange(id ? { _id: id } : null)}
              error={e.customerJob?.message ?? (e.customerJob as { _id?: { message?: string } })?._id?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="account"
          render={({ field }) => (
            <CompanySelect
              label="Account"
              initial={task?.account ?? null}
              value={field.value?._id ?? null}
              onChange={(id) => field.onChange(id ? { _id: id } : null)}
              error={e.account?.message}
            />
          )}
        />
      </SimpleGrid>
      {about && (
        <Text size="sm">
          About: <AboutLink about={about} />{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => form.setValue('entityID', null)}>
            Unlink
          </Anchor>
        </Text>
      )}
      {task && task.dependsOn.length > 0 && <WaitsOn task={task} form={form} />}
      <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.register('description')} />
      <Controller
        control={form.control}
        name="checklist"
        render={({ field }) => (
          <ChecklistField
            value={field.value.map((item) => ({ ...item, done: item.done ?? false }))}
            onChange={field.onChange}
          />
        )}
      />
    </Stack>
  );

  return (
    <form onSubmit={save} noValidate>
      {task ? (
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List mb="sm">
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="comments">Comments</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">{details}</Tabs.Panel>
          <Tabs.Panel value="comments">
            <TaskComments id={task._id} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        details
      )}
      <Group justify="space-between" mt="lg" gap="xs">
        {task ? <TimeThisTask task={task} /> : <span />}
        <Group gap="xs" ml="auto">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {task ? 'Save' : 'Add task'}
          </Button>
        </Group>
      </Group>
      {stale.modal}
    </form>
  );
}

/** The tasks this one waits on, each with the column it is in; one taken off is saved with the task. */
function WaitsOn({ task, form }: { task: Task; form: UseFormReturn<Values> }) {
  const kept = new Set(form.watch('dependsOn').map((d) => d._id));
  const shown = task.dependsOn.filter((d) => kept.has(d._id));
  if (shown.length === 0) return null;
  return (
    <Group gap={6}>
      <Text size="sm" fw={500}>
        Waits on:
      </Text>
      {shown.map((d) => (
        <Badge
          key={d._id}
          variant="light"
          color="gray"
          tt="none"
          rightSection={
            <CloseButton
              size="xs"
              aria-label={`No longer wait on ${d.name}`}
              onClick={() =>
                form.setValue(
                  'dependsOn',
                  form.getValues('dependsOn').filter((x) => x._id !== d._id),
                  { shouldDirty: true },
                )
              }
            />
          }
        >
          {d.name} · {d.status}
        </Badge>
      ))}
    </Group>
  );
}

/** The record a task is about, linked to its page. */
function AboutLink({ about }: { about: { _id: string; entityType: string; name?: string } }) {
  const kind = kindOf(about.entityType);
  const label = about.name || 'the record';
  return kind ? (
    <Anchor component={Link} to={recordHref(kind, about._id)}>
      {label}
    </Anchor>
  ) : (
    label
  );
}

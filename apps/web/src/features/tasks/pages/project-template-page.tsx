import {
  type ProjectTemplate,
  type ProjectTemplateInput,
  projectTemplateInputSchema,
  TASK_PRIORITY_LABELS,
  TEMPLATE_ROLE_LABELS,
  type TemplateTask,
} from '@atelier/contracts';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Card,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { projectTemplates } from '../templates-api';

const BASE = '/s/project-management/templates';

/** A task as the editor keeps it: its checklist as lines of text. */
type Row = Omit<TemplateTask, 'checklist'> & { checklist: string };

const toRow = (t: TemplateTask): Row => ({ ...t, checklist: t.checklist.join('\n') });
const fromRow = (r: Row) => ({
  ...r,
  checklist: r.checklist
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
});
let made = 0;
const newRow = (day: number): Row => ({
  key: `t${Date.now().toString(36)}${(made++).toString(36)}`,
  name: '',
  taskType: null,
  status: 'To Do',
  day,
  role: 'manager',
  priority: 'normal',
  checklist: '',
  dependsOn: [],
});

/** /s/project-management/templates/{id} (or /new): a template's name and its tasks, in order. */
export default function ProjectTemplatePage() {
  const { id = 'new' } = useParams();
  const templates = projectTemplates.useList();
  if (templates.isPending) return <Loader aria-label="Loading the template" />;
  const template = id === 'new' ? undefined : templates.data?.find((t) => t._id === id);
  if (id !== 'new' && !template)
    return (
      <Alert color="gray" title="No such template">
        This template does not exist, or it was deleted. <Link to={BASE}>Back to the templates</Link>
      </Alert>
    );
  return <TemplateEditor key={`${id}-${template?.version ?? 0}`} template={template} />;
}

function TemplateEditor({ template }: { template?: ProjectTemplate }) {
  const navigate = useNavigate();
  const kanban = useSettings().data?.kanbanSettings;
  const save = projectTemplates.useSave(template?._id);
  const [name, setName] = useState(template?.name ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [rows, setRows] = useState<Row[]>(() => (template ? template.tasks.map(toRow) : [newRow(0)]));
  const { errors, submit } = useCheckedSubmit(
    projectTemplateInputSchema,
    (input) => save.mutateAsync({ ...input, ...(template ? { version: template.version } : {}) }),
    (saved) => {
      toastSuccess(`${saved.name} saved.`);
      navigate(`${BASE}/${saved._id}`, { replace: true });
    },
  );
  const set = (index: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const move = (index: number, by: number) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const removeRow = (index: number) =>
    setRows((all) =>
      all
        .filter((_, i) => i !== index)
        .map((r) => ({ ...r, dependsOn: r.dependsOn.filter((k) => k !== all[index]!.key) })),
    );
  const input: ProjectTemplateInput = { name, description, tasks: rows.map(fromRow) };
  const statuses = kanban?.statuses ?? [];
  const types = kanban?.taskTypes ?? [];

  return (
    <Stack>
      <BackLink to={BASE}>Templates</BackLink>
      <Card withBorder padding="lg">
        <Stack>
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
        </Stack>
      </Card>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Tasks
        </Title>
        {errors.tasks && (
          <Text c="red" size="sm">
            {errors.tasks}
          </Text>
        )}
      </Group>
      {rows.map((row, i) => {
        const e = (field: string) => errors[`tasks.${i}.${field}`];
        const others = rows.filter((r) => r.key !== row.key);
        return (
          <Card key={row.key} withBorder padding="md" component="section" aria-label={row.name || `Task ${i + 1}`}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600}>{row.name || `Task ${i + 1}`}</Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${row.name || `task ${i + 1}`} up`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${row.name || `task ${i + 1}`} down`}
                    disabled={i === rows.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${row.name || `task ${i + 1}`}`}
                    onClick={() => removeRow(i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                <TextInput
                  label="Task"
                  required
                  value={row.name}
                  onChange={(ev) => set(i, { name: ev.currentTarget.value })}
                  error={e('name')}
                />
                <NumberInput
                  label="Due, days after the job starts"
                  min={0}
                  allowDecimal={false}
                  value={row.day}
                  onChange={(v) => set(i, { day: typeof v === 'number' ? v : Number(v) || 0 })}
                  error={e('day')}
                />
                <Select
                  label="Goes to"
                  data={Object.entries(TEMPLATE_ROLE_LABELS).map(([value, label]) => ({ value, label }))}
                  value={row.role}
                  onChange={(v) => set(i, { role: (v ?? 'manager') as Row['role'] })}
                  allowDeselect={false}
                />
                <Select
                  label="Type"
                  placeholder="No type"
                  data={[...new Set([...types, ...(row.taskType ? [row.taskType] : [])])]}
                  value={row.taskType}
                  onChange={(v) => set(i, { taskType: v })}
                  clearable
                />
                <Autocomplete
                  label="Column"
                  data={statuses}
                  value={row.status}
                  onChange={(v) => set(i, { status: v })}
                  error={e('status')}
                />
                <Select
                  label="Priority"
                  data={Object.entries(TASK_PRIORITY_LABELS).map(([value, label]) => ({ value, label }))}
                  value={row.priority}
                  onChange={(v) => set(i, { priority: (v ?? 'normal') as Row['priority'] })}
                  allowDeselect={false}
                />
              </SimpleGrid>
              <MultiSelect
                label="Waits on"
                placeholder={others.length ? 'Nothing' : undefined}
                data={others.map((r, j) => ({ value: r.key, label: r.name || `Task ${j + 1}` }))}
                value={row.dependsOn}
                onChange={(v) => set(i, { dependsOn: v })}
                error={e('dependsOn')}
                clearable
              />
              <Textarea
                label="Checklist"
                description="One item per line"
                autosize
                minRows={1}
                value={row.checklist}
                onChange={(ev) => set(i, { checklist: ev.currentTarget.value })}
              />
            </Stack>
          </Card>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setRows((all) => [...all, newRow(all.at(-1)?.day ?? 0)])}
        >
          Add a task
        </Button>
        <Button onClick={() => submit(input)} loading={save.isPending}>
          {template ? 'Save' : 'Create template'}
        </Button>
      </Group>
    </Stack>
  );
}

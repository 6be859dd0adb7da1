import { SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, ColorInput, Group, Loader, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  fromRows,
  LabelListField,
  labelRows,
  setServerErrors,
  toRows,
} from '../../../components/form/label-list-field';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../../settings/api';
import { columnColor } from '../board';

type Kanban = SettingsValues<'kanbanSettings'>;
const SWATCHES = ['#868e96', '#1c7ed6', '#f59f00', '#2f9e44', '#e03131', '#7048e8', '#0ca678'];
const contract = SETTINGS_GROUPS.kanbanSettings.schema.shape;

const formSchema = z.object({
  statuses: labelRows(contract.statuses.element, 'column').min(1, 'Keep at least one column.'),
  taskTypes: labelRows(contract.taskTypes.element, 'task type'),
  leadWon: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

const toForm = (s: Kanban): FormValues => ({
  statuses: toRows(s.statuses),
  taskTypes: toRows(s.taskTypes),
  leadWon: s.events.leadWon,
});

function BoardSettingsForm({ current }: { current: Kanban }) {
  const save = useSaveSettings('kanbanSettings');
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), values: toForm(current) });
  // Kept beside the form: a column's name may hold any character, which a form path may not.
  const [colors, setColors] = useState<Record<string, string>>(() => ({ ...current.colors }));
  const statuses = fromRows(form.watch('statuses')).filter((s) => s.trim());
  const submit = form.handleSubmit(async (values) => {
    const columns = fromRows(values.statuses);
    // Only the columns the board has keep a colour.
    const kept = Object.fromEntries(columns.map((c) => [c, columnColor(colors, c)]));
    try {
      await save.mutateAsync({
        statuses: columns,
        taskTypes: fromRows(values.taskTypes),
        colors: kept,
        events: { leadWon: values.leadWon },
      });
      toastSuccess('Project management settings saved.');
    } catch (error) {
      showSubmitError(error);
      setServerErrors(form.setError, error, ['statuses', 'taskTypes']);
    }
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <LabelListField
              form={form}
              name="statuses"
              label="Board columns"
              description="In order; a task's status is its column. The last column holds finished tasks."
              noun="column"
            />
            <Stack gap={6}>
              <div>
                <Text size="sm" fw={600}>
                  Column colours
                </Text>
                <Text size="xs" c="dimmed">
                  The band along the top of each column.
                </Text>
              </div>
              {statuses.map((status) => (
                <ColorInput
                  key={status}
                  label={status}
                  value={columnColor(colors, status)}
                  onChange={(value) => setColors((c) => ({ ...c, [status]: value }))}
                  format="hex"
                  swatches={SWATCHES}
                />
              ))}
            </Stack>
            <LabelListField
              form={form}
              name="taskTypes"
              label="Task types"
              description="Chosen on each task: a site visit, an order, an install…"
              noun="task type"
            />
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                Tasks made by themselves
              </Text>
              <Controller
                control={form.control}
                name="leadWon"
                render={({ field }) => (
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    label="A lead won: a first-visit task for whoever had the lead"
                  />
                )}
              />
              <Text size="xs" c="dimmed">
                A job made from a template always gets the template's tasks.
              </Text>
            </Stack>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /s/project-management/settings: the board's columns, colours and task types, and the events that make tasks. */
export default function ProjectSettingsTab() {
  const settings = useSettings();
  if (settings.isPending) return <Loader />;
  if (settings.error) return <Text c="red">{settings.error.message}</Text>;
  return <BoardSettingsForm current={settings.data.kanbanSettings} />;
}

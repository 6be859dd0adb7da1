import { INTERACTION_KINDS, type Interaction, interactionInputSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDateTime } from '../../lib/format';
import { showSubmitError } from '../../lib/forms';
import { toastSuccess } from '../../lib/toast';
import { useDeleteInteraction, useInteractions, useSaveInteraction } from './api';
import { useRecord } from './record-outlet';

const KIND_LABELS = { call: 'Call', email: 'Email', meeting: 'Meeting', note: 'Note' } as const;

/** Local date-time text for an <input type="datetime-local">, and back to an ISO instant. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const formSchema = z.object({
  kind: interactionInputSchema.shape.kind,
  occurredAt: z.string().min(1, 'Enter when it happened.'),
  summary: interactionInputSchema.shape.summary,
  followUpOn: z.string(),
  followUpDone: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;

function InteractionForm({ editing, onDone }: { editing?: Interaction; onDone: () => void }) {
  const { path } = useRecord<unknown>();
  const save = useSaveInteraction(path);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      kind: editing?.kind ?? 'call',
      occurredAt: toLocalInput(editing?.occurredAt ?? new Date().toISOString()),
      summary: editing?.summary ?? '',
      followUpOn: editing?.followUpOn ?? '',
      followUpDone: editing?.followUpDone ?? false,
    },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({
        id: editing?._id,
        version: editing?.version,
        kind: v.kind,
        occurredAt: new Date(v.occurredAt).toISOString(),
        summary: v.summary,
        followUpOn: v.followUpOn || null,
        followUpDone: v.followUpDone,
      });
      toastSuccess(editing ? 'Interaction saved.' : 'Interaction added.');
      form.reset();
      onDone();
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                label="Kind"
                data={INTERACTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label="When"
            type="datetime-local"
            {...form.register('occurredAt')}
            error={e.occurredAt?.message}
          />
          <TextInput label="Follow up on" type="date" {...form.register('followUpOn')} error={e.followUpOn?.message} />
        </SimpleGrid>
        <Textarea label="Summary" autosize minRows={2} {...form.register('summary')} error={e.summary?.message} />
        <Group justify="space-between">
          {editing?.followUpOn ? <Checkbox label="Follow-up done" {...form.register('followUpDone')} /> : <span />}
          <Group gap="xs">
            {editing && (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={form.formState.isSubmitting}>
              {editing ? 'Save' : 'Add interaction'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

export function InteractionsTab() {
  const { path } = useRecord<unknown>();
  const list = useInteractions(path);
  const remove = useDeleteInteraction(path);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Add an interaction
        </Title>
        <InteractionForm onDone={() => undefined} />
      </Card>
      {list.data?.length === 0 && <Text c="dimmed">No calls, emails, meetings or notes yet.</Text>}
      {list.data?.map((i) =>
        editing === i._id ? (
          <Card key={i._id} withBorder padding="lg">
            <InteractionForm editing={i} onDone={() => setEditing(null)} />
          </Card>
        ) : (
          <Card key={i._id} withBorder padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap="xs" mb={4}>
                  <Badge variant="light">{KIND_LABELS[i.kind]}</Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(i.occurredAt)} · {i.author?.name ?? 'Someone'}
                  </Text>
                  {i.followUpOn && (
                    <Badge variant="outline" color={i.followUpDone ? 'green' : 'orange'} size="sm">
                      {i.followUpDone ? 'Followed up' : `Follow up ${i.followUpOn}`}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {i.summary}
                </Text>
              </div>
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label="Edit interaction" onClick={() => setEditing(i._id)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Delete interaction"
                  onClick={() => remove.mutateAsync(i._id).catch(showSubmitError)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        ),
      )}
    </Stack>
  );
}

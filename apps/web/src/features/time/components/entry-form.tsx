import { type TimeEntry, type TimeEntryInput, timeEntryInputSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { JobSelect } from '../../../components/form/pickers';
import { showSubmitError } from '../../../lib/forms';
import { useFirmTimeZone } from '../../../lib/session';
import { fromZoneInput, toZoneInput } from '../week';

/** What the form holds: the times as the inputs write them (local), the job by id. */
type Values = {
  task: string;
  customerJob: string | null;
  startedAt: string;
  endedAt: string;
  note: string;
  reason: string;
};

const inputOf = (v: Values, person: string | null, taskId: string | null, timeZone: string): TimeEntryInput => ({
  person,
  task: v.task,
  taskId,
  customerJob: v.customerJob,
  startedAt: fromZoneInput(v.startedAt, timeZone),
  endedAt: v.endedAt ? fromZoneInput(v.endedAt, timeZone) : null,
  note: v.note,
  reason: v.reason,
});

/**
 * The contract's checks on what was typed, each message under its field; and what the form
 * knows besides: a new entry has its end (only the running one has none), and a correction of a
 * finished entry says why.
 */
export function entryFormSchema(entry: TimeEntry | undefined) {
  return z
    .object({
      task: z.string(),
      customerJob: z.string().nullable(),
      startedAt: z.string(),
      endedAt: z.string(),
      note: z.string(),
      reason: z.string(),
    })
    .superRefine((v, ctx) => {
      // Order and length do not depend on the zone the times are read in.
      const parsed = timeEntryInputSchema.safeParse(inputOf(v, null, null, 'UTC'));
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      if (!v.endedAt && !(entry && entry.endedAt === null))
        ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'Enter when it ended.' });
      if (entry && entry.endedAt !== null && !v.reason.trim())
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: 'Say why this entry changes: its history keeps it.',
        });
    });
}

type Props = {
  /** The entry corrected; none for a new one. */
  entry?: TimeEntry;
  /** Whose time a new entry is (null: mine). */
  person?: string | null;
  /** The day a new entry starts on (YYYY-MM-DD): at 9:00. */
  day?: string;
  submitLabel: string;
  onSubmit: (input: TimeEntryInput) => Promise<unknown>;
  onCancel?: () => void;
};

/** A time entry by hand, or corrected with a reason; an entry of a submitted or approved week is only read. */
export function EntryForm({ entry, person = null, day, submitLabel, onSubmit, onCancel }: Props) {
  const locked = entry?.locked ?? false;
  const timeZone = useFirmTimeZone();
  const form = useForm<Values>({
    resolver: zodResolver(entryFormSchema(entry)),
    defaultValues: {
      task: entry?.task ?? '',
      customerJob: entry?.customerJob?._id ?? null,
      startedAt: entry ? toZoneInput(entry.startedAt, timeZone) : day ? `${day}T09:00` : '',
      endedAt: entry?.endedAt ? toZoneInput(entry.endedAt, timeZone) : '',
      note: entry?.note ?? '',
      reason: '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(inputOf(values, entry ? entry.person._id : person, entry?.taskId ?? null, timeZone));
      // Saved: the reason was this change's; the next one gives its own.
      form.reset({ ...values, reason: '' });
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {locked && (
          <Alert color="gray" title="This week is closed">
            Its timesheet is submitted or approved, so its entries no longer change. A manager can return the week to
            open it again.
          </Alert>
        )}
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <TextInput label="Task" required {...form.register('task')} error={e.task?.message} />
            <Controller
              control={form.control}
              name="customerJob"
              render={({ field }) => (
                <JobSelect
                  label="Job"
                  value={field.value}
                  onChange={field.onChange}
                  initial={entry?.customerJob ?? null}
                  error={e.customerJob?.message}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="Started"
                type="datetime-local"
                required
                {...form.register('startedAt')}
                error={e.startedAt?.message}
              />
              <TextInput
                label="Ended"
                type="datetime-local"
                required={!(entry && entry.endedAt === null)}
                description={entry && entry.endedAt === null ? 'Empty while it runs' : undefined}
                {...form.register('endedAt')}
                error={e.endedAt?.message}
              />
            </SimpleGrid>
            <Textarea label="Note" autosize minRows={2} {...form.register('note')} error={e.note?.message} />
            {entry && (
              <TextInput
                label="Why it changes"
                required={entry.endedAt !== null}
                placeholder="Forgot to clock out at 5"
                {...form.register('reason')}
                error={e.reason?.message}
              />
            )}
          </Stack>
        </fieldset>
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {locked ? 'Close' : 'Cancel'}
            </Button>
          )}
          {!locked && (
            <Button type="submit" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

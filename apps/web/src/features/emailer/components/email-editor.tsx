import { type Email, type EmailInput, emailInputSchema, emailPreviewInputSchema } from '@atelier/contracts';
import { Button, Card, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { useLeaveGuard } from '../../../components/form/leave-guard';
import { useRecordForm } from '../../../components/form/record-form';
import { toastSuccess } from '../../../lib/toast';
import { emails, useEmailPreview } from '../api';
import { emailValues } from '../blocks';
import { BlocksEditor } from './blocks-editor';
import { EmailPreview } from './email-preview';
import { MergeTextField } from './merge-text-field';

/**
 * Beside the editor on a wide screen: the email as it is typed, rendered by the server a moment
 * after the last change, once the subject and every block are complete.
 */
function LivePreview({ form }: { form: UseFormReturn<EmailInput> }) {
  const [subject, preheader, blocks] = useWatch({ control: form.control, name: ['subject', 'preheader', 'blocks'] });
  const parsed = emailPreviewInputSchema.safeParse({ subject, preheader, blocks });
  const [settled] = useDebouncedValue(parsed.success ? JSON.stringify(parsed.data) : null, 600);
  const preview = useEmailPreview(settled ? JSON.parse(settled) : null);
  return (
    <Stack gap="xs" pos="sticky" top={76}>
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          Live preview
        </Title>
        {preview.isFetching && <Loader size="xs" aria-label="Updating the preview" />}
      </Group>
      {!parsed.success && (
        <Text size="sm" c="dimmed">
          The preview follows once the subject and every block are complete.
        </Text>
      )}
      {preview.error && (
        <Text size="sm" c="red.8">
          {preview.error.message}
        </Text>
      )}
      {preview.data && <EmailPreview rendered={preview.data} initialWidth="phone" height={640} />}
    </Stack>
  );
}

/**
 * The Editor tab's form: the subject and preview line, then the blocks top to bottom. Saving sends
 * the whole email with the version it was opened on; someone else's save meanwhile offers to merge
 * onto theirs, and leaving with unsaved changes asks first.
 */
export function EmailEditor({ record }: { record: Email }) {
  const update = emails.useUpdate(record._id);
  const reload = emails.useReload();
  const { form, submit, stale } = useRecordForm<EmailInput>({
    schema: emailInputSchema,
    values: emailValues(record),
    onSubmit: async (values) => {
      await update.mutateAsync({ ...values, version: record.version });
      toastSuccess('Email saved.');
    },
    reload: async () => emailValues(await reload(record._id)),
  });
  const { isDirty, isSubmitting, errors } = useFormState({ control: form.control });
  const guard = useLeaveGuard(isDirty, 'the changes to this email');
  const wide = useMediaQuery('(min-width: 88em)');
  const failed = Object.keys(errors).length > 0;
  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={wide ? 7 : 12}>
          <Stack>
            <Card withBorder padding="lg">
              <Stack gap="sm">
                <MergeTextField form={form} name="subject" label="Subject" required error={errors.subject?.message} />
                <MergeTextField
                  form={form}
                  name="preheader"
                  label="Preview line"
                  description="The line mail apps show after the subject, before the email is opened."
                  error={errors.preheader?.message}
                />
              </Stack>
            </Card>
            <BlocksEditor form={form} />
            <Paper
              withBorder
              p="sm"
              pos="sticky"
              bottom={0}
              style={{ zIndex: 3, background: 'var(--mantine-color-body)' }}
            >
              <Group justify="space-between" gap="xs">
                <Text size="sm" c={failed ? 'red.8' : 'dimmed'} role="status">
                  {failed
                    ? 'Some fields need a look: see the messages in red.'
                    : isDirty
                      ? 'Unsaved changes.'
                      : 'Saved. Customers get what the Preview tab shows.'}
                </Text>
                <Button type="submit" loading={isSubmitting}>
                  Save
                </Button>
              </Group>
            </Paper>
          </Stack>
        </Grid.Col>
        {wide && (
          <Grid.Col span={5}>
            <LivePreview form={form} />
          </Grid.Col>
        )}
      </Grid>
      {stale.modal}
      {guard.modal}
    </form>
  );
}

import { P, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, type Path, useForm } from 'react-hook-form';
import { z } from 'zod';
import { LabelListField } from '../../../components/form/label-list-field';
import { PersonSelect } from '../../../components/form/pickers';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../../settings/api';
import { WebsiteFormCard } from '../components/website-form-card';

type LeadSettings = SettingsValues<'leadSettings'>;
const contract = SETTINGS_GROUPS.leadSettings.schema.shape;

/** The form keeps rows as `{ value }` (react-hook-form's field arrays); each label once. */
const labels = (noun: string) =>
  z
    .array(z.object({ value: contract.sources.element }))
    .max(50, 'Use at most 50 values.')
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const key = row.value.trim().toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: `This ${noun} is already listed.` });
        seen.add(key);
      });
    });
const formSchema = z.object({
  sources: labels('source'),
  lostReasons: labels('reason'),
  webLeadAssignee: contract.webLeadAssignee,
});
type FormValues = z.infer<typeof formSchema>;

const toForm = (s: LeadSettings): FormValues => ({
  sources: s.sources.map((value) => ({ value })),
  lostReasons: s.lostReasons.map((value) => ({ value })),
  webLeadAssignee: s.webLeadAssignee,
});

function LeadSettingsForm({ current }: { current: LeadSettings }) {
  const save = useSaveSettings('leadSettings');
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), values: toForm(current) });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        sources: values.sources.map((r) => r.value),
        lostReasons: values.lostReasons.map((r) => r.value),
        webLeadAssignee: values.webLeadAssignee,
      });
      toastSuccess('Lead settings saved.');
    } catch (error) {
      showSubmitError(error);
      // The server names list rows "sources.2"; the form's row is "sources.2.value".
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.fields)) {
          const path = /^(sources|lostReasons)\.\d+$/.test(field) ? `${field}.value` : field;
          form.setError(path as Path<FormValues>, { type: 'server', message });
        }
    }
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <LabelListField
              form={form}
              name="sources"
              label="Lead sources"
              description="How people find you; chosen on each lead."
              noun="source"
            />
            <LabelListField
              form={form}
              name="lostReasons"
              label="Lost reasons"
              description="Asked for when a lead moves to Lost."
              noun="reason"
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="webLeadAssignee"
            render={({ field }) => (
              <div style={{ maxWidth: 420 }}>
                <PersonSelect
                  label="Website leads go to"
                  description="They are assigned each lead from your website form and told in their notifications."
                  value={field.value}
                  onChange={field.onChange}
                  error={form.formState.errors.webLeadAssignee?.message}
                />
              </div>
            )}
          />
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

/** /s/lead: sources, lost reasons, who gets website leads, and the website form itself. */
export default function LeadSettingsPage() {
  const { can, hasFeature } = useCan();
  const settings = useSettings();
  if (!can(P.LEAD_SETTINGS) || !hasFeature('lead_management')) return <NoAccess />;
  return (
    <Stack>
      <PageHeader title="Lead settings" description="How leads are sourced, lost and captured from your website." />
      {settings.isPending ? (
        <Loader />
      ) : settings.error ? (
        <Text c="red">{settings.error.message}</Text>
      ) : (
        <LeadSettingsForm current={settings.data.leadSettings} />
      )}
      <WebsiteFormCard />
    </Stack>
  );
}

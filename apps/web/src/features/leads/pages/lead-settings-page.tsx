import { P, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  fromRows,
  LabelListField,
  labelRows,
  setServerErrors,
  toRows,
} from '../../../components/form/label-list-field';
import { PersonSelect } from '../../../components/form/pickers';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../../settings/api';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';
import { WebsiteFormCard } from '../components/website-form-card';

type LeadSettings = SettingsValues<'leadSettings'>;
const contract = SETTINGS_GROUPS.leadSettings.schema.shape;

const formSchema = z.object({
  sources: labelRows(contract.sources.element, 'source'),
  lostReasons: labelRows(contract.lostReasons.element, 'reason'),
  webLeadAssignee: contract.webLeadAssignee,
});
type FormValues = z.infer<typeof formSchema>;

const toForm = (s: LeadSettings): FormValues => ({
  sources: toRows(s.sources),
  lostReasons: toRows(s.lostReasons),
  webLeadAssignee: s.webLeadAssignee,
});

function LeadSettingsForm({ current }: { current: LeadSettings }) {
  const save = useSaveSettings('leadSettings');
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), values: toForm(current) });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        sources: fromRows(values.sources),
        lostReasons: fromRows(values.lostReasons),
        webLeadAssignee: values.webLeadAssignee,
      });
      toastSuccess('Lead settings saved.');
    } catch (error) {
      showSubmitError(error);
      setServerErrors(form.setError, error, ['sources', 'lostReasons']);
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
  return (
    <SettingsGroupPage
      title="Lead settings"
      description="How leads are sourced, lost and captured from your website."
      allowed={can(P.LEAD_SETTINGS) && hasFeature('lead_management')}
      form={(settings) => <LeadSettingsForm current={settings.leadSettings} />}
    >
      <WebsiteFormCard />
    </SettingsGroupPage>
  );
}

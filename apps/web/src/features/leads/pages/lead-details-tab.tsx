import type { Lead } from '@atelier/contracts';
import { Blockquote, Card, Stack, Text } from '@mantine/core';
import { useRecord } from '../../../components/record/detail-layout';
import { toastSuccess } from '../../../lib/toast';
import { leads } from '../api';
import { LeadForm, leadFormValues } from '../components/lead-form';
import { StageCard } from '../components/stage-card';

export default function LeadDetailsTab() {
  const { record } = useRecord<Lead>();
  const update = leads.useUpdate(record._id);
  const reload = leads.useReload();
  return (
    <Stack>
      <StageCard lead={record} />
      {record.message && (
        <Card withBorder padding="lg">
          <Text fw={600} mb="xs">
            What they wrote on your website
          </Text>
          <Blockquote p="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {record.message}
          </Blockquote>
        </Card>
      )}
      <Card withBorder padding="lg">
        <LeadForm
          lead={record}
          submitLabel="Save"
          onSubmit={async (values) => {
            await update.mutateAsync({ ...values, version: record.version });
            toastSuccess('Lead saved.');
          }}
          reload={async () => leadFormValues(await reload(record._id))}
        />
      </Card>
      {record.updatedBy && (
        <Text size="sm" c="dimmed">
          Last changed by {record.updatedBy.name}
        </Text>
      )}
    </Stack>
  );
}

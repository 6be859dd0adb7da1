import type { Lead, LeadInput } from '@atelier/contracts';
import { Blockquote, Card, Stack, Text } from '@mantine/core';
import { useRecord } from '../../../components/record/detail-layout';
import { RecordDetailsCard } from '../../../components/record/record-pages';
import { leads } from '../api';
import { LeadForm } from '../components/lead-form';
import { StageCard } from '../components/stage-card';

export default function LeadDetailsTab() {
  const { record } = useRecord<Lead>();
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
      <RecordDetailsCard<Lead, LeadInput> resource={leads} form={(props) => <LeadForm {...props} />} />
      {record.updatedBy && (
        <Text size="sm" c="dimmed">
          Last changed by {record.updatedBy.name}
        </Text>
      )}
    </Stack>
  );
}

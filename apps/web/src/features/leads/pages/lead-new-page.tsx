import { P } from '@atelier/contracts';
import { Card, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { leads } from '../api';
import { LeadForm } from '../components/lead-form';

export default function LeadNewPage() {
  const { can, hasFeature } = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!can(P.MODIFY_LEADS) || !hasFeature('lead_management')) return <NoAccess />;
  return (
    <Stack maw={900} mx="auto">
      <PageHeader title="New lead" description="It starts in the New column of the pipeline." />
      <Card withBorder padding="lg">
        <LeadForm
          submitLabel="Create lead"
          onSubmit={async (values) => {
            const lead = await leads.create(values);
            await queryClient.invalidateQueries({ queryKey: ['list', leads.collection] });
            toastSuccess(`${lead.name} created.`);
            navigate(`/u/leads/${lead._id}`);
          }}
        />
      </Card>
    </Stack>
  );
}

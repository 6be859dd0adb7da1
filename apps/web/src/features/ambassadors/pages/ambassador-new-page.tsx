import { P } from '@atelier/contracts';
import { Card, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { ambassadors } from '../api';
import { AmbassadorForm } from '../components/ambassador-form';

export default function AmbassadorNewPage() {
  const { can } = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!can(P.MODIFY_AMBASSADORS)) return <NoAccess />;
  return (
    <Stack maw={900} mx="auto">
      <PageHeader title="New ambassador" />
      <Card withBorder padding="lg">
        <AmbassadorForm
          submitLabel="Create ambassador"
          onSubmit={async (values) => {
            const ambassador = await ambassadors.create(values);
            await queryClient.invalidateQueries({ queryKey: ['list', '/ambassadors'] });
            toastSuccess(`${ambassador.name} created, with the code ${ambassador.referralCode}.`);
            navigate(`/u/ambassadors/${ambassador._id}`);
          }}
        />
      </Card>
    </Stack>
  );
}

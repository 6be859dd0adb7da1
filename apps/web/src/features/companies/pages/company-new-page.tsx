import { P } from '@atelier/contracts';
import { Card, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { companies } from '../api';
import { CompanyForm } from '../components/company-form';

export default function CompanyNewPage() {
  const { can } = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!can(P.MODIFY_COMPANIES)) return <NoAccess />;
  return (
    <Stack maw={900} mx="auto">
      <PageHeader title="New account" />
      <Card withBorder padding="lg">
        <CompanyForm
          submitLabel="Create account"
          onSubmit={async (values) => {
            const company = await companies.create(values);
            await queryClient.invalidateQueries({ queryKey: ['list', '/companies'] });
            toastSuccess(`${company.name} created.`);
            navigate(`/u/companies/${company._id}`);
          }}
        />
      </Card>
    </Stack>
  );
}

import { type Company, P } from '@atelier/contracts';
import { Card, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { customers } from '../api';
import { CustomerForm } from '../components/customer-form';

/** /u/customers/new, or /u/customers/new?company={id} to add a contact to an account. */
export default function CustomerNewPage() {
  const { can } = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companyId = useSearchParams()[0].get('company');
  const company = useQuery({
    queryKey: ['company-name', companyId],
    queryFn: () => api<Company>('GET', `/companies/${companyId}`),
    enabled: Boolean(companyId) && can(P.MODIFY_COMPANIES),
  });
  if (!can(P.MODIFY_USERS)) return <NoAccess />;
  return (
    <Stack maw={900} mx="auto">
      <PageHeader title={company.data ? `New contact at ${company.data.name}` : 'New customer'} />
      <Card withBorder padding="lg">
        <CustomerForm
          key={company.data?._id ?? 'none'}
          initialCompany={company.data ? { _id: company.data._id, name: company.data.name } : null}
          submitLabel="Create customer"
          onSubmit={async (values) => {
            const customer = await customers.create(values);
            await queryClient.invalidateQueries({ queryKey: ['list', '/customers'] });
            toastSuccess(`${customer.name} created.`);
            navigate(`/u/customers/${customer._id}`);
          }}
        />
      </Card>
    </Stack>
  );
}

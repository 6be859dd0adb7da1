import { type Company, type Customer, type CustomerInput, P } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { RecordNewPage } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { customers } from '../api';
import { CustomerForm } from '../components/customer-form';

/** /u/customers/new, or /u/customers/new?company={id} to add a contact to an account. */
export default function CustomerNewPage() {
  const { can } = useCan();
  const companyId = useSearchParams()[0].get('company');
  const company = useQuery({
    queryKey: ['company-name', companyId],
    queryFn: () => api<Company>('GET', `/companies/${companyId}`),
    enabled: Boolean(companyId) && can(P.MODIFY_COMPANIES),
  });
  return (
    <RecordNewPage<Customer, CustomerInput>
      resource={customers}
      title={company.data ? `New contact at ${company.data.name}` : undefined}
      form={(props) => (
        <CustomerForm
          {...props}
          key={company.data?._id ?? 'none'}
          initialCompany={company.data ? { _id: company.data._id, name: company.data.name } : null}
        />
      )}
    />
  );
}

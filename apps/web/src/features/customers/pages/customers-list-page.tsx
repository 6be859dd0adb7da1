import { type Customer, type CustomerInput, type CustomerRow, KINDS, recordHref } from '@atelier/contracts';
import { Link } from 'react-router';
import { useAssigneeFilter } from '../../../components/people';
import { LinkedFilterLabel } from '../../../components/record/record-name';
import { RecordListPage } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';
import { customers } from '../api';

export default function CustomersListPage() {
  const assignee = useAssigneeFilter();
  const sources = useSettings().data?.customerSettings.sources ?? [];
  return (
    <RecordListPage<CustomerRow, Customer, CustomerInput>
      resource={customers}
      description="The people who buy from you, on their own or through an account."
      render={{
        company: (r) => (r.company ? <Link to={recordHref(KINDS.company, r.company._id)}>{r.company.name}</Link> : '—'),
      }}
      extraFilters={[
        assignee,
        { key: 'source', label: 'Source', options: sources.map((s) => ({ value: s, label: s })) },
        {
          key: 'consent',
          label: 'Marketing consent',
          options: [
            { value: 'true', label: 'Consented' },
            { value: 'false', label: 'Not consented' },
          ],
        },
      ]}
      linkedFilters={[
        {
          key: 'company',
          label: (ids) => <LinkedFilterLabel label="Account" collection="/companies" ids={ids} many="accounts" />,
        },
        {
          key: 'ambassador',
          label: (ids) => (
            <LinkedFilterLabel label="Referred by" collection="/ambassadors" ids={ids} many="ambassadors" />
          ),
        },
      ]}
    />
  );
}

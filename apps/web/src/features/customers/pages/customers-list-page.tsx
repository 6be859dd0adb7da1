import type { Customer, CustomerInput, CustomerRow } from '@atelier/contracts';
import { Link } from 'react-router';
import { createdColumn, tagsColumn, updatedColumn } from '../../../components/list/columns';
import { ARCHIVE_STATUS_FILTER, type Column } from '../../../components/list/types';
import { useAssigneeFilter } from '../../../components/people';
import { LinkedFilterLabel } from '../../../components/record/record-name';
import { RecordListPage } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';
import { customers } from '../api';

const COLUMNS: Column<CustomerRow>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (r) => r.name },
  {
    key: 'company',
    label: 'Account',
    render: (r) => (r.company ? <Link to={`/u/companies/${r.company._id}`}>{r.company.name}</Link> : '—'),
  },
  { key: 'email', label: 'Email', sort: 'email', render: (r) => r.email },
  { key: 'phone', label: 'Phone', render: (r) => r.phone },
  { key: 'city', label: 'City', render: (r) => r.city, hidden: true },
  { key: 'assigned', label: 'Assigned to', render: (r) => r.assignedTo?.name ?? '—' },
  { key: 'source', label: 'Source', render: (r) => r.source, hidden: true },
  tagsColumn(),
  { key: 'consent', label: 'Marketing', render: (r) => (r.marketingConsent ? 'Yes' : 'No'), hidden: true },
  updatedColumn(),
  createdColumn(),
];

export default function CustomersListPage() {
  const assignee = useAssigneeFilter();
  const sources = useSettings().data?.customerSettings.sources ?? [];
  return (
    <RecordListPage<CustomerRow, Customer, CustomerInput>
      resource={customers}
      description="The people who buy from you, on their own or through an account."
      defaultSort="name"
      columns={COLUMNS}
      filters={[
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
        ARCHIVE_STATUS_FILTER,
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
      rowLabel={(r) => r.name}
    />
  );
}

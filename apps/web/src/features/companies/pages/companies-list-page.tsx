import { COMPANY_TYPES, type CompanyRow, P } from '@atelier/contracts';
import { createdColumn, tagsColumn, updatedColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/list-page';
import { ARCHIVE_STATUS_FILTER, type Column } from '../../../components/list/types';
import { NoAccess } from '../../../components/no-access';
import { usePeople } from '../../../components/people';
import { useCan } from '../../../lib/permissions';
import { TYPE_LABELS } from '../components/company-form';

const COLUMNS: Column<CompanyRow>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (r) => r.name },
  { key: 'type', label: 'Type', sort: 'type', render: (r) => TYPE_LABELS[r.type] },
  { key: 'phone', label: 'Phone', render: (r) => r.phone },
  { key: 'email', label: 'Email', render: (r) => r.email, hidden: true },
  { key: 'city', label: 'City', render: (r) => r.city },
  { key: 'contacts', label: 'Contacts', render: (r) => r.contacts },
  { key: 'assigned', label: 'Assigned to', render: (r) => r.assignedTo?.name ?? '—' },
  tagsColumn(),
  updatedColumn(),
  createdColumn(),
];

export default function CompaniesListPage() {
  const { can } = useCan();
  const people = usePeople();
  if (!can(P.MODIFY_COMPANIES)) return <NoAccess />;
  return (
    <ListPage<CompanyRow>
      listKey="companies"
      title="Accounts"
      description="The businesses you sell to: trade customers, contractors, designers and retailers."
      endpoint="/companies"
      noun={{ one: 'account', many: 'accounts' }}
      defaultSort="name"
      columns={COLUMNS}
      filters={[
        { key: 'type', label: 'Type', options: COMPANY_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })) },
        {
          key: 'assigned',
          label: 'Assigned to',
          options: [
            { value: 'none', label: 'Nobody' },
            ...(people.data ?? []).map((p) => ({ value: p._id, label: p.name })),
          ],
        },
        ARCHIVE_STATUS_FILTER,
      ]}
      rowHref={(r) => `/u/companies/${r._id}`}
      rowLabel={(r) => r.name}
      create={{ href: '/u/companies/new', label: 'New account' }}
      archivePermission={P.DELETE_COMPANIES}
      exportPermission={P.EXPORT_COMPANIES}
    />
  );
}

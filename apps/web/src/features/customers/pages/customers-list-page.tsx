import { type CustomerRow, P } from '@atelier/contracts';
import { Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list/list-page';
import type { Column } from '../../../components/list/types';
import { NoAccess } from '../../../components/no-access';
import { usePeople } from '../../../components/people';
import { LinkedFilterLabel } from '../../../components/record/record-name';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';

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
  {
    key: 'tags',
    label: 'Tags',
    render: (r) => (
      <Group gap={4}>
        {r.tags.map((t) => (
          <Badge key={t} size="sm" variant="light" tt="none">
            {t}
          </Badge>
        ))}
      </Group>
    ),
  },
  { key: 'consent', label: 'Marketing', render: (r) => (r.marketingConsent ? 'Yes' : 'No'), hidden: true },
  { key: 'updated', label: 'Updated', sort: 'updated', render: (r) => formatDateTime(r.updatedAt), hidden: true },
  { key: 'created', label: 'Created', sort: 'created', render: (r) => formatDateTime(r.createdAt), hidden: true },
];

export default function CustomersListPage() {
  const { can } = useCan();
  const people = usePeople();
  const sources = useSettings().data?.customerSettings.sources ?? [];
  if (!can(P.MODIFY_USERS)) return <NoAccess />;
  return (
    <ListPage<CustomerRow>
      listKey="customers"
      title="Customers"
      description="The people who buy from you, on their own or through an account."
      endpoint="/customers"
      noun={{ one: 'customer', many: 'customers' }}
      defaultSort="name"
      columns={COLUMNS}
      filters={[
        {
          key: 'assigned',
          label: 'Assigned to',
          options: [
            { value: 'none', label: 'Nobody' },
            ...(people.data ?? []).map((p) => ({ value: p._id, label: p.name })),
          ],
        },
        { key: 'source', label: 'Source', options: sources.map((s) => ({ value: s, label: s })) },
        {
          key: 'consent',
          label: 'Marketing consent',
          options: [
            { value: 'true', label: 'Consented' },
            { value: 'false', label: 'Not consented' },
          ],
        },
        {
          key: 'status',
          label: 'Status',
          options: [
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
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
      rowHref={(r) => `/u/customers/${r._id}`}
      rowLabel={(r) => r.name}
      create={{ href: '/u/customers/new', label: 'New customer' }}
      archivePermission={P.DELETE_USERS}
      exportPermission={P.EXPORT_USERS}
    />
  );
}

import { AMBASSADOR_KINDS, type AmbassadorRow, P } from '@atelier/contracts';
import { Badge, Group } from '@mantine/core';
import { ListPage } from '../../../components/list/list-page';
import type { Column } from '../../../components/list/types';
import { NoAccess } from '../../../components/no-access';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { KIND_LABELS } from '../components/ambassador-form';

const COLUMNS: Column<AmbassadorRow>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (r) => r.name },
  { key: 'kind', label: 'Kind', render: (r) => KIND_LABELS[r.kind] },
  { key: 'code', label: 'Referral code', render: (r) => r.referralCode },
  { key: 'commission', label: 'Commission', render: (r) => `${r.commissionPercent}%` },
  { key: 'referrals', label: 'Referrals', render: (r) => r.referrals },
  { key: 'email', label: 'Email', render: (r) => r.email },
  { key: 'phone', label: 'Phone', render: (r) => r.phone, hidden: true },
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
  { key: 'created', label: 'Created', sort: 'created', render: (r) => formatDateTime(r.createdAt), hidden: true },
];

export default function AmbassadorsListPage() {
  const { can } = useCan();
  if (!can(P.MODIFY_AMBASSADORS)) return <NoAccess />;
  return (
    <ListPage<AmbassadorRow>
      listKey="ambassadors"
      title="Ambassadors"
      description="Referral partners such as realtors and architects, with their codes and commission."
      endpoint="/ambassadors"
      noun={{ one: 'ambassador', many: 'ambassadors' }}
      defaultSort="name"
      columns={COLUMNS}
      filters={[
        { key: 'kind', label: 'Kind', options: AMBASSADOR_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })) },
        {
          key: 'status',
          label: 'Status',
          options: [
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ],
        },
      ]}
      rowHref={(r) => `/u/ambassadors/${r._id}`}
      rowLabel={(r) => r.name}
      create={{ href: '/u/ambassadors/new', label: 'New ambassador' }}
      archivePermission={P.DELETE_AMBASSADORS}
      exportPermission={P.EXPORT_USERS}
    />
  );
}

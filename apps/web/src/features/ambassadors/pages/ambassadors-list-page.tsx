import { AMBASSADOR_KINDS, type Ambassador, type AmbassadorInput, type AmbassadorRow } from '@atelier/contracts';
import { createdColumn, tagsColumn } from '../../../components/list/columns';
import { ARCHIVE_STATUS_FILTER, type Column } from '../../../components/list/types';
import { RecordListPage } from '../../../components/record/record-pages';
import { ambassadors } from '../api';
import { KIND_LABELS } from '../components/ambassador-form';

const COLUMNS: Column<AmbassadorRow>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (r) => r.name },
  { key: 'kind', label: 'Kind', render: (r) => KIND_LABELS[r.kind] },
  { key: 'code', label: 'Referral code', render: (r) => r.referralCode },
  { key: 'commission', label: 'Commission', render: (r) => `${r.commissionPercent}%` },
  { key: 'referrals', label: 'Referrals', render: (r) => r.referrals },
  { key: 'email', label: 'Email', render: (r) => r.email },
  { key: 'phone', label: 'Phone', render: (r) => r.phone, hidden: true },
  tagsColumn(),
  createdColumn(),
];

export default function AmbassadorsListPage() {
  return (
    <RecordListPage<AmbassadorRow, Ambassador, AmbassadorInput>
      resource={ambassadors}
      description="Referral partners such as realtors and architects, with their codes and commission."
      defaultSort="name"
      columns={COLUMNS}
      filters={[
        { key: 'kind', label: 'Kind', options: AMBASSADOR_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })) },
        ARCHIVE_STATUS_FILTER,
      ]}
      rowLabel={(r) => r.name}
    />
  );
}

import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadRow, P } from '@atelier/contracts';
import type { ReactNode } from 'react';
import { createdColumn, tagsColumn, updatedColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/list-page';
import { ARCHIVE_STATUS_FILTER, type Column } from '../../../components/list/types';
import { useAssigneeFilter } from '../../../components/people';
import { LinkedFilterLabel } from '../../../components/record/record-name';
import { formatMoney } from '../../../lib/format';
import { useLeadSettings } from '../api';
import { FollowUp, LeadStatusBadge } from './lead-status';

const columns = (currency: string): Column<LeadRow>[] => [
  { key: 'name', label: 'Name', sort: 'name', render: (r) => r.name },
  { key: 'company', label: 'Company', render: (r) => r.companyName || '—' },
  { key: 'stage', label: 'Stage', render: (r) => <LeadStatusBadge status={r.status} /> },
  { key: 'value', label: 'Value', sort: 'value', render: (r) => formatMoney(r.estimatedValueCents, currency) },
  { key: 'assigned', label: 'Assigned to', render: (r) => r.assignedTo?.name ?? '—' },
  {
    key: 'followUp',
    label: 'Next follow-up',
    sort: 'followUp',
    render: (r) => (r.nextFollowUp ? <FollowUp date={r.nextFollowUp} overdue={r.overdue} /> : '—'),
  },
  { key: 'source', label: 'Source', render: (r) => r.source || '—' },
  { key: 'email', label: 'Email', render: (r) => r.email, hidden: true },
  { key: 'phone', label: 'Phone', render: (r) => r.phone, hidden: true },
  tagsColumn(true),
  updatedColumn(),
  createdColumn(),
];

/** Every lead in a table, with the list page's saved views, bulk actions and export. */
export function LeadsList({ actions }: { actions: ReactNode }) {
  const assignee = useAssigneeFilter();
  const { sources, currency } = useLeadSettings();
  return (
    <ListPage<LeadRow>
      listKey="leads"
      title="Leads"
      description="Everyone who might buy, from first contact to won or lost."
      endpoint="/leads"
      noun={{ one: 'lead', many: 'leads' }}
      defaultSort="-created"
      columns={columns(currency)}
      filters={[
        {
          key: 'stage',
          label: 'Stage',
          options: LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
        },
        assignee,
        { key: 'source', label: 'Source', options: sources.map((s) => ({ value: s, label: s })) },
        { key: 'overdue', label: 'Follow-up', options: [{ value: 'true', label: 'Overdue' }] },
        ARCHIVE_STATUS_FILTER,
      ]}
      linkedFilters={[
        {
          key: 'ambassador',
          label: (ids) => (
            <LinkedFilterLabel label="Referred by" collection="/ambassadors" ids={ids} many="ambassadors" />
          ),
        },
      ]}
      rowHref={(r) => `/u/leads/${r._id}`}
      rowLabel={(r) => r.name}
      create={{ href: '/u/leads/new', label: 'New lead' }}
      actions={actions}
      archivePermission={P.DELETE_LEADS}
      exportPermission={P.EXPORT_USERS}
    />
  );
}

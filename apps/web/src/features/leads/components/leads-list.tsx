import type { Lead, LeadInput, LeadRow } from '@atelier/contracts';
import type { ReactNode } from 'react';
import { useAssigneeFilter } from '../../../components/people';
import { LinkedFilterLabel } from '../../../components/record/record-name';
import { RecordListPage } from '../../../components/record/record-pages';
import { leads, useLeadSettings } from '../api';
import { FollowUp, LeadStatusBadge } from './lead-status';

/** Every lead in a table, with the list page's saved views, bulk actions and export. */
export function LeadsList({ actions }: { actions: ReactNode }) {
  const assignee = useAssigneeFilter();
  const { sources, currency } = useLeadSettings();
  return (
    <RecordListPage<LeadRow, Lead, LeadInput>
      resource={leads}
      description="Everyone who might buy, from first contact to won or lost."
      defaultSort="-created"
      currency={currency}
      render={{
        status: (r) => <LeadStatusBadge status={r.status} />,
        nextFollowUp: (r) => (r.nextFollowUp ? <FollowUp date={r.nextFollowUp} overdue={r.overdue} /> : '—'),
      }}
      extraFilters={[
        assignee,
        { key: 'source', label: 'Source', options: sources.map((s) => ({ value: s, label: s })) },
        { key: 'overdue', label: 'Follow-up', options: [{ value: 'true', label: 'Overdue' }] },
      ]}
      linkedFilters={[
        {
          key: 'ambassador',
          label: (ids) => (
            <LinkedFilterLabel label="Referred by" collection="/ambassadors" ids={ids} many="ambassadors" />
          ),
        },
      ]}
      actions={actions}
    />
  );
}

import { COMPANY_TYPES, type Company, type CompanyInput, type CompanyRow } from '@atelier/contracts';
import { createdColumn, tagsColumn, updatedColumn } from '../../../components/list/columns';
import { ARCHIVE_STATUS_FILTER, type Column } from '../../../components/list/types';
import { useAssigneeFilter } from '../../../components/people';
import { RecordListPage } from '../../../components/record/record-pages';
import { companies } from '../api';
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
  const assignee = useAssigneeFilter();
  return (
    <RecordListPage<CompanyRow, Company, CompanyInput>
      resource={companies}
      description="The businesses you sell to: trade customers, contractors, designers and retailers."
      defaultSort="name"
      columns={COLUMNS}
      filters={[
        { key: 'type', label: 'Type', options: COMPANY_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })) },
        assignee,
        ARCHIVE_STATUS_FILTER,
      ]}
      rowLabel={(r) => r.name}
    />
  );
}

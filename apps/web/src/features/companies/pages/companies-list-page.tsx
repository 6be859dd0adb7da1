import type { Company, CompanyInput, CompanyRow } from '@atelier/contracts';
import { useAssigneeFilter } from '../../../components/people';
import { RecordListPage } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';
import { companies } from '../api';

export default function CompaniesListPage() {
  const assignee = useAssigneeFilter();
  // Credit limits (for holders of 15) are in the firm's currency.
  const currency = useSettings().data?.firmSettings.currency;
  return (
    <RecordListPage<CompanyRow, Company, CompanyInput>
      resource={companies}
      description="The businesses you sell to: trade customers, contractors, designers and retailers."
      extraFilters={[assignee]}
      currency={currency}
    />
  );
}

import type { Company, CompanyInput } from '@atelier/contracts';
import { RecordNewPage } from '../../../components/record/record-pages';
import { companies } from '../api';
import { CompanyForm } from '../components/company-form';

export default function CompanyNewPage() {
  return <RecordNewPage<Company, CompanyInput> resource={companies} form={(props) => <CompanyForm {...props} />} />;
}

import { COMPANY_TYPE_LABELS, type Company, type CompanyInput } from '@atelier/contracts';
import { RecordPage } from '../../../components/record/record-pages';
import { companies } from '../api';

export default function CompanyLayout() {
  return (
    <RecordPage<Company, CompanyInput>
      resource={companies}
      subtitle={(c) =>
        [COMPANY_TYPE_LABELS[c.type], c.phone, c.email, `${c.contacts} contact${c.contacts === 1 ? '' : 's'}`]
          .filter(Boolean)
          .join(' · ')
      }
      deleteText="Deleting removes the account for good. An account with contacts cannot be deleted; archive it instead, which hides it from lists and keeps its history."
    />
  );
}

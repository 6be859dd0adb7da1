import { type Company, P } from '@atelier/contracts';
import { useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { ArchiveActions } from '../../../components/record/archive-actions';
import { DetailLayout } from '../../../components/record/detail-layout';
import { useCan } from '../../../lib/permissions';
import { companies } from '../api';
import { TYPE_LABELS } from '../components/company-form';

export default function CompanyLayout() {
  const { id = '' } = useParams();
  const { can } = useCan();
  const company = companies.useRecord(id);
  if (!can(P.MODIFY_COMPANIES)) return <NoAccess />;
  return (
    <DetailLayout<Company>
      resource={companies}
      id={id}
      record={company.data}
      loading={company.isPending}
      error={company.error}
      title={(c) => c.name}
      subtitle={(c) =>
        [TYPE_LABELS[c.type], c.phone, c.email, `${c.contacts} contact${c.contacts === 1 ? '' : 's'}`]
          .filter(Boolean)
          .join(' · ')
      }
      archived={(c) => c.archived}
      actions={(c) =>
        can(P.DELETE_COMPANIES) && (
          <ArchiveActions
            record={c}
            resource={companies}
            listHref="/u/companies"
            deleteText="Deleting removes the account for good. An account with contacts cannot be deleted; archive it instead, which hides it from lists and keeps its history."
          />
        )
      }
    />
  );
}

import { type Ambassador, P } from '@atelier/contracts';
import { useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { ArchiveActions } from '../../../components/record/archive-actions';
import { DetailLayout } from '../../../components/record/detail-layout';
import { useCan } from '../../../lib/permissions';
import { ambassadors } from '../api';
import { KIND_LABELS } from '../components/ambassador-form';

export default function AmbassadorLayout() {
  const { id = '' } = useParams();
  const { can } = useCan();
  const ambassador = ambassadors.useRecord(id);
  if (!can(P.MODIFY_AMBASSADORS)) return <NoAccess />;
  return (
    <DetailLayout<Ambassador>
      resource={ambassadors}
      id={id}
      record={ambassador.data}
      loading={ambassador.isPending}
      error={ambassador.error}
      title={(a) => a.name}
      subtitle={(a) =>
        [
          KIND_LABELS[a.kind],
          `Code ${a.referralCode}`,
          `${a.commissionPercent}% commission`,
          `${a.referrals} referral${a.referrals === 1 ? '' : 's'}`,
        ].join(' · ')
      }
      archived={(a) => a.archived}
      actions={(a) =>
        can(P.DELETE_AMBASSADORS) && (
          <ArchiveActions
            record={a}
            resource={ambassadors}
            listHref="/u/ambassadors"
            deleteText="Deleting removes the ambassador for good. One who referred customers cannot be deleted; archive them instead, which keeps the referrals."
          />
        )
      }
    />
  );
}

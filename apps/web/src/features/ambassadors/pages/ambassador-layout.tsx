import { AMBASSADOR_KIND_LABELS, type Ambassador, type AmbassadorInput } from '@atelier/contracts';
import { RecordPage } from '../../../components/record/record-pages';
import { ambassadors } from '../api';

export default function AmbassadorLayout() {
  return (
    <RecordPage<Ambassador, AmbassadorInput>
      resource={ambassadors}
      subtitle={(a) =>
        [
          AMBASSADOR_KIND_LABELS[a.kind],
          `Code ${a.referralCode}`,
          `${a.commissionPercent}% commission`,
          `${a.referrals} referral${a.referrals === 1 ? '' : 's'}`,
        ].join(' · ')
      }
      deleteText="Deleting removes the ambassador for good. One who referred customers cannot be deleted; archive them instead, which keeps the referrals."
    />
  );
}

import type { Ambassador, AmbassadorInput, AmbassadorRow } from '@atelier/contracts';
import { RecordListPage } from '../../../components/record/record-pages';
import { ambassadors } from '../api';

export default function AmbassadorsListPage() {
  return (
    <RecordListPage<AmbassadorRow, Ambassador, AmbassadorInput>
      resource={ambassadors}
      description="Referral partners such as realtors and architects, with their codes and commission."
    />
  );
}

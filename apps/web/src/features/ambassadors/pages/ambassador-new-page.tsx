import type { Ambassador, AmbassadorInput } from '@atelier/contracts';
import { RecordNewPage } from '../../../components/record/record-pages';
import { ambassadors } from '../api';
import { AmbassadorForm } from '../components/ambassador-form';

export default function AmbassadorNewPage() {
  return (
    <RecordNewPage<Ambassador, AmbassadorInput>
      resource={ambassadors}
      form={(props) => <AmbassadorForm {...props} />}
      created={(a) => `${a.name} created, with the code ${a.referralCode}.`}
    />
  );
}

import type { Lead, LeadInput } from '@atelier/contracts';
import { RecordNewPage } from '../../../components/record/record-pages';
import { leads } from '../api';
import { LeadForm } from '../components/lead-form';

export default function LeadNewPage() {
  return (
    <RecordNewPage<Lead, LeadInput>
      resource={leads}
      description="It starts in the New column of the pipeline."
      form={(props) => <LeadForm {...props} />}
    />
  );
}

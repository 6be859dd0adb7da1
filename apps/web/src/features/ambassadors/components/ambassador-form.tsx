import { AMBASSADOR_KIND_LABELS, type Ambassador, type AmbassadorInput } from '@atelier/contracts';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';

/** An ambassador's fields, for the new page and the details tab. */
export function AmbassadorForm(props: RecordFormProps<Ambassador, AmbassadorInput>) {
  return (
    <RecordForm
      {...props}
      defaults={{ kind: 'person', commissionPercent: 5 }}
      fields={[
        { name: 'kind', label: 'A person or a business', type: 'choice', choices: AMBASSADOR_KIND_LABELS },
        { name: 'name', label: 'Name' },
        { name: 'email', label: 'Email', type: 'email' },
        { name: 'phone', label: 'Phone', type: 'tel' },
        {
          name: 'referralCode',
          label: 'Referral code',
          description: props.record ? undefined : 'Leave empty to make one from the name.',
        },
        {
          name: 'commissionPercent',
          label: 'Commission',
          type: 'percent',
          description: "Of each referred customer's paid invoices",
          max: 50,
        },
      ]}
    />
  );
}

import { COMPANY_TYPE_LABELS, type Company, type CompanyInput } from '@atelier/contracts';
import { AddressesField } from '../../../components/form/addresses-field';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';

const companyFormValues = (c?: Company): CompanyInput => ({
  name: c?.name ?? '',
  type: c?.type ?? 'retail',
  phone: c?.phone ?? '',
  email: c?.email ?? '',
  website: c?.website ?? '',
  addresses: c?.addresses ?? [],
  assignedTo: c?.assignedTo?._id ?? null,
  tags: c?.tags ?? [],
  notes: c?.notes ?? '',
});

/** An account's fields, for the new page and the details tab. */
export function CompanyForm(props: RecordFormProps<Company, CompanyInput>) {
  return (
    <RecordForm
      {...props}
      values={companyFormValues}
      fields={[
        { name: 'name', label: 'Name' },
        { name: 'type', label: 'Type', type: 'select', choices: COMPANY_TYPE_LABELS },
        { name: 'phone', label: 'Phone', type: 'tel' },
        { name: 'email', label: 'Email', type: 'email' },
        { name: 'website', label: 'Website', placeholder: 'https://' },
        { name: 'assignedTo', label: 'Assigned to', type: 'person' },
      ]}
    >
      {(form) => <AddressesField form={form} />}
    </RecordForm>
  );
}

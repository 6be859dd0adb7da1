import type { VendorCredit, VendorCreditInput } from '@atelier/contracts';
import { Controller } from 'react-hook-form';
import { VendorSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';

type Values = Omit<VendorCreditInput, 'amountCents'> & { amountCents: number };

const valuesOf = (record: VendorCredit | undefined): Values => ({
  vendor: record?.vendor._id ?? '',
  amountCents: record?.amountCents ?? (undefined as unknown as number),
  reason: record?.reason ?? '',
  reference: record?.reference ?? '',
  issueDate: record?.issueDate ?? null,
  notes: record?.notes ?? '',
});

/** Credit a vendor gave the firm (their credit memo): how much, why, and their number for it. */
export function VendorCreditForm(props: RecordFormProps<VendorCredit, VendorCreditInput>) {
  return (
    <RecordForm<VendorCredit, Values>
      {...(props as unknown as RecordFormProps<VendorCredit, Values>)}
      values={valuesOf}
      fields={[
        {
          name: 'vendor',
          label: 'Vendor',
          render: (form, error) => (
            <Controller
              control={form.control}
              name="vendor"
              render={({ field }) => (
                <VendorSelect
                  label="Vendor"
                  required
                  value={field.value || null}
                  initial={props.record?.vendor}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={error}
                />
              )}
            />
          ),
        },
        { name: 'amountCents', label: 'Amount', type: 'money' },
        { name: 'reason', label: 'Reason', placeholder: 'Damaged in transit, a price corrected…' },
        { name: 'reference', label: 'Vendor’s reference', placeholder: 'Their credit memo number' },
        { name: 'issueDate', label: 'Issued on', type: 'date', description: 'Today unless set' },
      ]}
    />
  );
}

import { KINDS, recordApiPath, type VendorBill, type VendorBillInput } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Fields } from '../../../components/form/fields';
import { VendorSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';
import { type BillLine, BillLines } from './bill-lines';

export type BillValues = Omit<VendorBillInput, 'lines'> & { lines: BillLine[] };

const valuesOf =
  (vendor: string | null) =>
  (record: VendorBill | undefined): BillValues => ({
    vendor: record?.vendor._id ?? vendor ?? '',
    billNumber: record?.billNumber ?? '',
    billDate: record?.billDate ?? null,
    dueDate: record?.dueDate ?? null,
    taxCents: record?.taxCents ?? 0,
    notes: record?.notes ?? '',
    lines: (record?.lines ?? []).map((l) => ({
      purchaseOrderLine: l.purchaseOrderLine,
      description: l.description,
      quantity: l.quantity,
      unitCost: l.unitCost,
    })),
  });

/** The vendor a new bill starts with (`?vendor=` from a vendor's or an order's Bills tab), by name. */
function useStartingVendor(id: string | null) {
  return useQuery({
    queryKey: ['record', id ? recordApiPath(KINDS.vendor, id) : null, 'name'],
    queryFn: () => api<{ _id: string; name: string }>('GET', recordApiPath(KINDS.vendor, id!)),
    enabled: Boolean(id),
  });
}

function VendorField({ form, initial }: { form: UseFormReturn<BillValues>; initial?: { _id: string; name: string } }) {
  return (
    <Controller
      control={form.control}
      name="vendor"
      render={({ field, fieldState }) => (
        <VendorSelect
          label="Vendor"
          required
          value={field.value || null}
          initial={initial}
          onChange={(v) => {
            // Another vendor's order lines are not this bill's to bill.
            if (v !== field.value)
              form.setValue(
                'lines',
                form.getValues('lines').filter((l) => !l.purchaseOrderLine),
                { shouldDirty: true },
              );
            field.onChange(v ?? '');
          }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * A vendor's bill as it came: their number for it, its dates (due by the vendor's terms unless
 * typed), its lines matched to what arrived on the vendor's purchase orders (and lines of its
 * own: freight, a charge), and its tax. Differences from what arrived or was ordered are shown as
 * they are typed; the server flags them for approval.
 */
export function BillForm(props: RecordFormProps<VendorBill, VendorBillInput>) {
  const [params] = useSearchParams();
  const startVendor = props.record ? null : params.get('vendor');
  const starting = useStartingVendor(startVendor);
  const startOrder = props.record ? null : params.get('purchaseOrder');
  return (
    <RecordForm<VendorBill, BillValues>
      {...(props as unknown as RecordFormProps<VendorBill, BillValues>)}
      values={valuesOf(startVendor)}
      clean={(v) => ({
        ...v,
        lines: v.lines.map((l) =>
          l.purchaseOrderLine
            ? { ...l, description: l.description ?? '' }
            : { ...l, description: l.description.trim() },
        ),
      })}
    >
      {(form) => (
        <>
          <Fields
            form={form}
            fields={[
              {
                name: 'vendor',
                label: 'Vendor',
                render: (f) => <VendorField form={f} initial={props.record?.vendor ?? starting.data} />,
              },
              {
                name: 'billNumber',
                label: 'Bill number',
                placeholder: 'The vendor’s number for it',
              },
              { name: 'billDate', label: 'Bill date', type: 'date', description: 'Today unless set' },
              {
                name: 'dueDate',
                label: 'Due',
                type: 'date',
                description: 'The bill date plus the vendor’s payment terms unless set',
              },
              { name: 'taxCents', label: 'Tax', type: 'money', description: 'As the vendor’s bill shows it' },
            ]}
          />
          <BillLines form={form} bill={props.record?._id} purchaseOrder={startOrder} original={props.record?.lines} />
        </>
      )}
    </RecordForm>
  );
}

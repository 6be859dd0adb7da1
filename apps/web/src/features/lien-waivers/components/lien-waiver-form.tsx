import {
  type BillPaymentRow,
  KINDS,
  LIEN_WAIVER_CONDITION_LABELS,
  LIEN_WAIVER_DIRECTION_LABELS,
  LIEN_WAIVER_SCOPE_LABELS,
  type Lien,
  type LienRow,
  type LienWaiver,
  type LienWaiverDirection,
  type LienWaiverInput,
  type LienWaiverValues,
  type PaymentRow,
  recordApiPath,
} from '@atelier/contracts';
import { SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { type FieldSpec, Fields } from '../../../components/form/fields';
import { RecordForm } from '../../../components/form/record-form';
import { useFiles } from '../../../components/record/api';
import { useMayOpen } from '../../../components/record/may-open';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { RecordSearchSelect } from '../../../components/record-search-select';
import { api } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { lienWaiverValues, waiverStartFrom } from './lien-waiver-values';

type Values = LienWaiverValues;
type Form = UseFormReturn<Values>;

const lienQuery = (id: string) => ({
  queryKey: ['record', recordApiPath(KINDS.lien, id), 'details'],
  queryFn: () => api<Lien>('GET', recordApiPath(KINDS.lien, id)),
});

/** The chosen lien as its page reads it: its customer narrows the payments offered. */
function useLien(id: string) {
  return useQuery({ ...lienQuery(id), enabled: Boolean(id) }).data;
}

/**
 * The lien, searched among the firm's. Choosing one for a waiver given with no other party yet
 * names who hired the firm there.
 */
function LienField({ form, error }: { form: Form; error?: string }) {
  const queryClient = useQueryClient();
  return (
    <Controller
      control={form.control}
      name="lien"
      render={({ field }) => (
        <RecordSearchSelect<LienRow>
          endpoint={KINDS.lien.apiPath}
          label="Lien"
          required
          placeholder="Search the liens"
          notFound="No lien found"
          description="The lien record of the job it is for"
          value={field.value || null}
          onChange={async (v) => {
            field.onChange(v ?? '');
            if (!v || form.getValues('party').trim() || form.getValues('direction') !== 'given') return;
            const lien = await queryClient.fetchQuery(lienQuery(v)).catch(() => null);
            if (lien?.hiringParty && !form.getValues('party').trim())
              form.setValue('party', lien.hiringParty, { shouldDirty: true });
          }}
          error={error}
        />
      )}
    />
  );
}

/** One of a few choices as buttons, in its own cell of the grid; `then` runs after a change. */
function Choice({
  form,
  name,
  label,
  choices,
  then,
  error,
}: {
  form: Form;
  name: 'direction' | 'condition' | 'scope';
  label: string;
  choices: Readonly<Record<string, string>>;
  then?: (value: string) => void;
  error?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${name}-label`}>
            {label}
          </Text>
          <SegmentedControl
            aria-labelledby={`${name}-label`}
            data={Object.entries(choices).map(([value, text]) => ({ value, label: text }))}
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              then?.(v);
            }}
            w="fit-content"
          />
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}

/** Given or received; the payment it answers changes sides with it, so the other one is cleared. */
const DirectionField = ({ form, error }: { form: Form; error?: string }) => (
  <Choice
    form={form}
    error={error}
    name="direction"
    label="Direction"
    choices={LIEN_WAIVER_DIRECTION_LABELS}
    then={(v) => {
      form.setValue(v === 'given' ? 'billPayment' : 'payment', null, { shouldDirty: true });
      form.clearErrors(['payment', 'billPayment']);
    }}
  />
);

const paymentText = (p: PaymentRow) =>
  `${p.name} · ${p.customer.name} · ${formatMoney(p.amountCents)} · ${formatDate(p.receivedOn)}`;
const billPaymentText = (p: BillPaymentRow) =>
  `${p.name} · ${p.vendor.name} · ${formatMoney(p.amountCents)} · ${formatDate(p.paidOn)}`;

/** The customer payment a waiver given answers: among the lien's customer's, for whoever may see payments. */
function PaymentField({ form, error, record }: { form: Form; error?: string; record?: LienWaiver }) {
  const mayRead = useMayOpen(KINDS.payment);
  const lien = useLien(form.watch('lien'));
  if (!mayRead)
    return <TextInput label="Payment" value={record?.payment?.name ?? ''} placeholder="None" readOnly error={error} />;
  return (
    <Controller
      control={form.control}
      name="payment"
      render={({ field }) => (
        <RecordSearchSelect<PaymentRow>
          endpoint={KINDS.payment.apiPath}
          label="Payment"
          placeholder="Search the payments"
          notFound="No payment found"
          description="The customer payment it answers"
          text={paymentText}
          filters={lien?.customer ? { 'filter[customer]': [lien.customer._id] } : undefined}
          initial={record?.payment}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v)}
          error={error}
        />
      )}
    />
  );
}

/** The payment to a subcontractor or supplier a waiver received answers. */
function BillPaymentField({ form, error, record }: { form: Form; error?: string; record?: LienWaiver }) {
  const mayRead = useMayOpen(KINDS.bill_payment);
  if (!mayRead)
    return (
      <TextInput
        label="Payment to a vendor"
        value={record?.billPayment?.name ?? ''}
        placeholder="None"
        readOnly
        error={error}
      />
    );
  return (
    <Controller
      control={form.control}
      name="billPayment"
      render={({ field }) => (
        <RecordSearchSelect<BillPaymentRow>
          endpoint={KINDS.bill_payment.apiPath}
          label="Payment to a vendor"
          placeholder="Search the payments to vendors"
          notFound="No payment found"
          description="What you paid the one who gave it"
          text={billPaymentText}
          initial={record?.billPayment}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v)}
          error={error}
        />
      )}
    />
  );
}

/** The signed copy: one of the waiver's own files, uploaded on its Files tab. */
function SignedCopyField({ form, error, record }: { form: Form; error?: string; record: LienWaiver }) {
  const files = useFiles(recordApiPath(KINDS.lien_waiver, record._id));
  return (
    <Controller
      control={form.control}
      name="signedCopy"
      render={({ field }) => (
        <Select
          label="Signed copy"
          description="One of its files"
          placeholder={files.data?.length === 0 ? 'Upload it on the Files tab' : 'Choose the file'}
          data={(files.data ?? []).map((f) => ({ value: f._id, label: f.name }))}
          value={field.value ?? null}
          onChange={(v) => field.onChange(v ?? null)}
          clearable
          error={error}
        />
      )}
    />
  );
}

function fields(
  record: LienWaiver | undefined,
  direction: LienWaiverDirection,
  progress: boolean,
): FieldSpec<Values>[] {
  return [
    { name: 'lien', label: 'Lien', render: (f, error) => <LienField form={f} error={error} /> },
    { name: 'direction', label: 'Direction', render: (f, error) => <DirectionField form={f} error={error} /> },
    {
      name: 'condition',
      label: 'Condition',
      render: (f, error) => (
        <Choice form={f} name="condition" label="Condition" choices={LIEN_WAIVER_CONDITION_LABELS} error={error} />
      ),
    },
    {
      name: 'scope',
      label: 'Scope',
      render: (f, error) => (
        <Choice form={f} name="scope" label="Scope" choices={LIEN_WAIVER_SCOPE_LABELS} error={error} />
      ),
    },
    {
      name: 'party',
      label: 'Other party',
      description:
        direction === 'given'
          ? 'Who you give it to: usually who hired you'
          : 'The subcontractor or supplier who gave it',
    },
    { name: 'amountCents', label: 'Amount', type: 'money', description: 'The payment it waives the lien for' },
    {
      name: 'throughDate',
      label: 'Through date',
      render: (f, error) => (
        <TextInput
          label="Through date"
          type="date"
          withAsterisk={progress}
          description={progress ? 'The last day of work it covers' : 'Not needed for a final waiver'}
          {...f.register('throughDate', { setValueAs: (v) => v || null })}
          error={error}
        />
      ),
    },
    direction === 'given'
      ? {
          name: 'payment',
          label: 'Payment',
          render: (f, error) => <PaymentField form={f} error={error} record={record} />,
        }
      : {
          name: 'billPayment',
          label: 'Payment to a vendor',
          render: (f, error) => <BillPaymentField form={f} error={error} record={record} />,
        },
    { name: 'signedOn', label: 'Signed on', type: 'date' },
    {
      name: 'signedCopy',
      label: 'Signed copy',
      render: (f, error) =>
        record ? (
          <SignedCopyField form={f} error={error} record={record} />
        ) : (
          <Select
            label="Signed copy"
            description="Save first, then upload it on the Files tab"
            placeholder="None yet"
            disabled
            data={[]}
          />
        ),
    },
  ];
}

/**
 * A lien waiver: the lien, given or received, conditional or not, progress or final, the other
 * party, the amount and the day it runs through, the payment it answers, and its signed copy. A
 * new one starts from its address (`?lien=&direction=&condition=&scope=&amount=&through=&party=&payment=`).
 */
export function LienWaiverForm(props: RecordFormProps<LienWaiver, LienWaiverInput>) {
  const { record } = props;
  const [search] = useSearchParams();
  const start = record ? {} : waiverStartFrom(search);
  return (
    <RecordForm<LienWaiver, Values>
      {...(props as unknown as RecordFormProps<LienWaiver, Values>)}
      values={(r) => lienWaiverValues(r, start)}
    >
      {(form) => <WaiverFields form={form} record={record} />}
    </RecordForm>
  );
}

/** The fields, which change with the direction (which payment) and the scope (whether a through date is needed). */
function WaiverFields({ form, record }: { form: Form; record?: LienWaiver }) {
  const direction = form.watch('direction');
  const progress = form.watch('scope') === 'progress';
  return <Fields form={form} fields={fields(record, direction, progress)} />;
}

import {
  type Invoice,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentInputSchema,
} from '@atelier/contracts';
import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { formatMoney } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useRecordPayment } from '../api';

/** Today on this device's calendar (YYYY-MM-DD), as a date input writes it. */
export const localToday = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * Money received for the invoice: how, how much (its balance unless said), when, and the check
 * number or other reference. Mounted afresh for each opening: its idempotency key is this
 * dialog's, so a retried or double-pressed save records one payment.
 */
export function RecordPaymentModal({
  invoice,
  onClose,
  currency,
}: {
  invoice: Invoice;
  onClose: () => void;
  currency?: string;
}) {
  const record = useRecordPayment(invoice);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [amountCents, setAmount] = useState<number | undefined>(invoice.balanceCents);
  const [receivedOn, setReceivedOn] = useState(localToday);
  const [reference, setReference] = useState('');
  const { errors, submit } = useCheckedSubmit(
    paymentInputSchema,
    (input) => record.mutateAsync({ input, idempotencyKey }),
    (payment) => {
      const credit = payment.unappliedCents;
      toastSuccess(
        credit > 0
          ? `${payment.name} recorded: ${formatMoney(payment.appliedCents, currency)} paid on ${invoice.number}, ${formatMoney(credit, currency)} kept as ${invoice.customer.name}’s credit.`
          : `${payment.name} recorded: ${formatMoney(payment.appliedCents, currency)} paid on ${invoice.number}.`,
      );
      onClose();
    },
  );
  const over = amountCents !== undefined && amountCents > invoice.balanceCents;
  return (
    <Modal opened onClose={onClose} title={`Record a payment on ${invoice.number}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit({
            customer: invoice.customer._id,
            method,
            amountCents: amountCents as number,
            receivedOn: receivedOn || null,
            reference,
            applications: amountCents ? [{ invoice: invoice._id, amountCents }] : [],
          });
        }}
      >
        <Stack>
          <Text size="sm">
            {invoice.customer.name} owes {formatMoney(invoice.balanceCents, currency)} on {invoice.number}.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Paid by"
              data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
              value={method}
              onChange={(v) => v && setMethod(v as PaymentMethod)}
              allowDeselect={false}
              error={errors.method}
            />
            <MoneyInput
              label="Amount"
              required
              cents={amountCents}
              onChange={setAmount}
              error={errors.amountCents ?? errors.applications ?? errors['applications.0.amountCents']}
            />
            <TextInput
              type="date"
              label="Received on"
              value={receivedOn}
              onChange={(e) => setReceivedOn(e.currentTarget.value)}
              error={errors.receivedOn}
            />
            <TextInput
              label="Reference"
              description="Check number, transfer reference…"
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={errors.reference}
            />
          </SimpleGrid>
          {over && (
            <Text size="sm" c="dimmed">
              That is more than the balance: {formatMoney(amountCents - invoice.balanceCents, currency)} stays{' '}
              {invoice.customer.name}’s credit, to apply to another invoice.
            </Text>
          )}
          {errors['applications.0.invoice'] && (
            <Text size="sm" c="red">
              {errors['applications.0.invoice']}
            </Text>
          )}
          <DialogActions onCancel={onClose} confirm="Record payment" loading={record.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

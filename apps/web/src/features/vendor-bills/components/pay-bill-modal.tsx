import {
  billPaymentInputSchema,
  moneyAccountLabel,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type VendorBill,
} from '@atelier/contracts';
import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { formatMoney } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useMoneyAccounts, useRecordBillPayment } from '../api';

/** Today on this device's calendar (YYYY-MM-DD), as a date input writes it. */
const localToday = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * Money paid to the vendor for the bill: how, from which of the firm's accounts, how much (its
 * balance unless said), when, and the check number or other reference. Mounted afresh for each
 * opening: its idempotency key is this dialog's, so a retried or double-pressed save pays once.
 */
export function PayBillModal({
  bill,
  onClose,
  currency,
}: {
  bill: VendorBill;
  onClose: () => void;
  currency?: string;
}) {
  const record = useRecordBillPayment(bill._id);
  const accounts = useMoneyAccounts();
  const [key] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [amountCents, setAmount] = useState<number | undefined>(bill.balanceCents);
  const [paidOn, setPaidOn] = useState(localToday);
  const [reference, setReference] = useState('');
  const [account, setAccount] = useState<string | null>(null);
  const { errors, submit } = useCheckedSubmit(
    billPaymentInputSchema,
    (input) => record.mutateAsync({ input, key }),
    (payment) => {
      const advance = payment.unappliedCents;
      toastSuccess(
        advance > 0
          ? `${payment.name} recorded: ${formatMoney(payment.appliedCents, currency)} paid on ${bill.name}, ${formatMoney(advance, currency)} kept as an advance to ${bill.vendor.name}.`
          : `${payment.name} recorded: ${formatMoney(payment.appliedCents, currency)} paid on ${bill.name}.`,
      );
      onClose();
    },
  );
  const over = amountCents !== undefined && amountCents > bill.balanceCents;
  return (
    <Modal opened onClose={onClose} title={`Pay ${bill.name}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit({
            vendor: bill.vendor._id,
            method,
            amountCents: amountCents as number,
            paidOn: paidOn || null,
            reference,
            moneyAccount: account,
            applications: amountCents ? [{ bill: bill._id, amountCents }] : [],
          });
        }}
      >
        <Stack>
          <Text size="sm">
            The firm owes {bill.vendor.name} {formatMoney(bill.balanceCents, currency)} on {bill.name}.
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
            <Select
              label="Paid from"
              placeholder={accounts.data?.length === 0 ? 'No account set up yet' : 'Choose an account'}
              description="Settings › Firm › Banking keeps the accounts"
              data={(accounts.data ?? []).map((a) => ({ value: a._id, label: moneyAccountLabel(a) }))}
              value={account}
              onChange={setAccount}
              clearable
              error={errors.moneyAccount}
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
              label="Paid on"
              value={paidOn}
              onChange={(e) => setPaidOn(e.currentTarget.value)}
              error={errors.paidOn}
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
              That is more than the balance: {formatMoney(amountCents - bill.balanceCents, currency)} stays an advance
              to {bill.vendor.name}, to apply to another of their bills.
            </Text>
          )}
          {errors['applications.0.bill'] && (
            <Text size="sm" c="red">
              {errors['applications.0.bill']}
            </Text>
          )}
          <DialogActions onCancel={onClose} confirm="Record payment" loading={record.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

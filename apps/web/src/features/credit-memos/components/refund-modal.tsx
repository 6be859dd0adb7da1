import { type CreditMemo, PAYMENT_METHOD_LABELS, paymentInputSchema } from '@atelier/contracts';
import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { formatMoney } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useRefund } from '../api';

/**
 * "Refund": money paid back to the customer against the credit memo (a refund payment, never
 * more than the credit memo has left). Opened by rendering it.
 */
export function RefundModal({ memo, currency, onClose }: { memo: CreditMemo; currency?: string; onClose: () => void }) {
  const refund = useRefund(memo._id);
  // One key per dialog: a double click pays back once.
  const [key] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<string | null>(null);
  const [amountCents, setAmountCents] = useState<number | undefined>(memo.remainingCents);
  const [receivedOn, setReceivedOn] = useState('');
  const [reference, setReference] = useState('');
  const money = (cents: number) => formatMoney(cents, currency);
  // Never more than it has left: said before asking the server, which checks it too.
  const tooMuch = `At most ${money(memo.remainingCents)}: what ${memo.name} has left.`;
  const schema = useMemo(
    () =>
      paymentInputSchema.superRefine((v, ctx) => {
        if (v.amountCents > memo.remainingCents)
          ctx.addIssue({ code: 'custom', path: ['amountCents'], message: tooMuch });
      }),
    [memo.remainingCents, tooMuch],
  );
  const { errors, submit } = useCheckedSubmit(
    schema,
    (input) => refund.mutateAsync({ input, key }),
    (payment) => {
      toastSuccess(`${payment.name}: ${money(-payment.amountCents)} paid back to ${memo.customer.name}.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`Refund ${memo.name}`}>
      <Stack>
        <Text size="sm">
          Money paid back to {memo.customer.name}: at most the {money(memo.remainingCents)} {memo.name} has left.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Paid back by"
            placeholder="How it was paid"
            withAsterisk
            data={Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
            value={method}
            onChange={setMethod}
            allowDeselect={false}
            error={errors.method}
          />
          <MoneyInput
            label="Amount paid back"
            withAsterisk
            cents={amountCents}
            onChange={setAmountCents}
            error={errors.amountCents}
          />
          <TextInput
            type="date"
            label="Paid on"
            description="Today unless set"
            value={receivedOn}
            onChange={(e) => setReceivedOn(e.currentTarget.value)}
            error={errors.receivedOn}
          />
          <TextInput
            label="Reference"
            placeholder="Check number, transfer…"
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
        </SimpleGrid>
        {errors.refund && (
          <Text size="sm" c="red">
            {errors.refund}
          </Text>
        )}
        <DialogActions
          onCancel={onClose}
          confirm="Record refund"
          loading={refund.isPending}
          onConfirm={() =>
            submit(
              {
                customer: memo.customer._id,
                method: method as never,
                amountCents,
                receivedOn: receivedOn || null,
                reference,
                refund: memo._id,
              },
              // With another field missing the check above is not reached: said all the same.
              amountCents !== undefined && amountCents > memo.remainingCents ? { amountCents: tooMuch } : {},
            )
          }
        />
      </Stack>
    </Modal>
  );
}

import { applySchema, type Invoice, KINDS } from '@atelier/contracts';
import { Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { type SourceType, useApplyCredit, useCustomerCredit } from '../api';

type Credit = { type: SourceType; id: string; name: string; leftCents: number; detail: string };

/**
 * The customer's credit put on this invoice: one of their credit memos with money left, or a
 * payment not all applied, and how much of it (what it has left, up to the balance, unless said).
 */
export function ApplyCreditModal({
  invoice,
  onClose,
  currency,
}: {
  invoice: Invoice;
  onClose: () => void;
  currency?: string;
}) {
  const { can } = useCan();
  const which = { memos: can(KINDS.credit_memo.codes.modify), payments: can(KINDS.payment.codes.modify) };
  const { memos, payments } = useCustomerCredit(invoice.customer._id, which);
  const apply = useApplyCredit(invoice);
  const credits: Credit[] = [
    ...(memos.data ?? []).map((m) => ({
      type: 'credit_memo' as const,
      id: m._id,
      name: m.name,
      leftCents: m.remainingCents,
      detail: `${formatDate(m.issueDate)} · ${m.reason}`,
    })),
    ...(payments.data ?? []).map((p) => ({
      type: 'payment' as const,
      id: p._id,
      name: p.name,
      leftCents: p.unappliedCents,
      detail: `Received ${formatDate(p.receivedOn)}${p.reference ? ` · ${p.reference}` : ''}`,
    })),
  ];
  const [chosen, setChosen] = useState<string | null>(null);
  const [amountCents, setAmount] = useState<number | undefined>(undefined);
  const choice = credits.find((c) => c.id === chosen) ?? null;
  const pick = (id: string) => {
    const c = credits.find((x) => x.id === id);
    setChosen(id);
    if (c) setAmount(Math.min(c.leftCents, invoice.balanceCents));
  };
  const { errors, submit } = useCheckedSubmit(
    applySchema,
    (input) => apply.mutateAsync({ type: choice!.type, id: choice!.id, input }),
    () => {
      toastSuccess(`${choice!.name} applied to ${invoice.number}.`);
      onClose();
    },
  );
  const loading = (which.memos && memos.isPending) || (which.payments && payments.isPending);
  const failed = memos.error ?? payments.error;
  return (
    <Modal opened onClose={onClose} title={`Apply credit to ${invoice.number}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice) return;
          void submit({ applications: [{ invoice: invoice._id, amountCents: amountCents as number }] });
        }}
      >
        <Stack>
          <Text size="sm">
            {invoice.customer.name} owes {formatMoney(invoice.balanceCents, currency)} on {invoice.number}.
          </Text>
          {loading ? (
            <Text size="sm" c="dimmed">
              Loading their credit…
            </Text>
          ) : failed ? (
            <Text size="sm" c="red">
              {failed.message}
            </Text>
          ) : credits.length === 0 ? (
            <Text size="sm" c="dimmed">
              {invoice.customer.name} has no credit to apply: no open credit memo or payment with money left.
            </Text>
          ) : (
            <Radio.Group label="Credit to apply" value={chosen} onChange={pick}>
              <Stack gap="xs" mt="xs">
                {credits.map((c) => (
                  <Radio
                    key={c.id}
                    value={c.id}
                    label={`${c.name} · ${formatMoney(c.leftCents, currency)} left`}
                    description={c.detail}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {choice && (
            <MoneyInput
              label="Amount"
              description={`Up to ${formatMoney(Math.min(choice.leftCents, invoice.balanceCents), currency)}`}
              required
              cents={amountCents}
              onChange={setAmount}
              error={errors['applications.0.amountCents'] ?? errors['applications.0.invoice'] ?? errors.applications}
            />
          )}
          <DialogActions onCancel={onClose} confirm="Apply credit" loading={apply.isPending} disabled={!choice} />
        </Stack>
      </form>
    </Modal>
  );
}

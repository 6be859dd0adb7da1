import { type Discount, depositCents, type Order, type OrderBilling } from '@atelier/contracts';
import { Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { DiscountInput } from '../../../components/documents/discount-input';
import { formatMoney } from '../../../lib/format';
import { useBill } from './use-bill-order';

export type BillingModalProps = { order: Order; billing: OrderBilling; onClose: () => void; currency?: string };

const sameDeposit = (a: Discount | null, b: Discount | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.kind === b.kind &&
    (a.kind === 'percent' ? a.percent === (b as typeof a).percent : a.cents === (b as typeof a).cents));

/**
 * A deposit asked before the work: the order's (what of it is not invoiced yet) unless another
 * percentage of the order's total or amount is typed.
 */
export function DepositModal({ order, billing, onClose, currency }: BillingModalProps) {
  const { run, errors, pending } = useBill(order._id, currency);
  const [deposit, setDeposit] = useState<Discount | null>(order.deposit);
  const money = (cents: number) => formatMoney(cents, currency);
  // Left as the order's, the server bills what of the order's deposit is not invoiced yet.
  const ordersOwn = order.deposit !== null && sameDeposit(deposit, order.deposit);
  const cents = ordersOwn
    ? billing.depositCents - billing.depositInvoicedCents
    : deposit
      ? depositCents(deposit, order.totalCents)
      : 0;
  return (
    <Modal opened onClose={onClose} title={`Invoice a deposit on ${order.number}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run({ billing: 'deposit', deposit: ordersOwn ? null : deposit });
        }}
      >
        <Stack>
          <Text size="sm">
            {order.depositCents > 0
              ? `${order.number} asks a deposit of ${money(order.depositCents)}`
              : `${order.number} asks no deposit`}
            {billing.depositInvoicedCents > 0 ? `; ${money(billing.depositInvoicedCents)} is invoiced already.` : '.'}{' '}
            It is recovered from the invoices that bill the work.
          </Text>
          <DiscountInput
            label="Deposit"
            description={`A percentage of the order’s total (${money(order.totalCents)}) or an amount`}
            value={deposit}
            onChange={setDeposit}
            error={errors.deposit}
          />
          {cents > 0 && (
            <Text size="sm" fw={600}>
              This invoice: {money(cents)}
            </Text>
          )}
          <DialogActions onCancel={onClose} confirm="Create the invoice" loading={pending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Some or all of the order's lines not invoiced yet (the first such invoice carries the shipping too). */
export function LinesModal({ order, billing, onClose, currency }: BillingModalProps) {
  const { run, errors, pending } = useBill(order._id, currency);
  const unbilled = order.lines.filter((l) => billing.unbilledLines.includes(l.id));
  const [chosen, setChosen] = useState<string[]>(() => unbilled.map((l) => l.id));
  const sent = unbilled.filter((l) => chosen.includes(l.id)).map((l) => l.id);
  const money = (cents: number) => formatMoney(cents, currency);
  const firstOfLines = billing.mode === null && order.shippingCents > 0;
  const lineError = (id: string) => {
    const at = sent.indexOf(id);
    return at < 0 ? undefined : errors[`orderLines.${at}`];
  };
  return (
    <Modal opened onClose={onClose} title={`Invoice lines of ${order.number}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run({ billing: 'lines', orderLines: sent });
        }}
      >
        <Stack>
          <Checkbox.Group label="Lines to invoice" value={chosen} onChange={setChosen} error={errors.orderLines}>
            <Stack gap="xs" mt="xs">
              {unbilled.map((l) => (
                <Checkbox
                  key={l.id}
                  value={l.id}
                  label={
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <span>{l.name}</span>
                      <span style={{ whiteSpace: 'nowrap' }}>{money(l.totalCents)}</span>
                    </Group>
                  }
                  error={lineError(l.id)}
                  styles={{ labelWrapper: { flex: 1 } }}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {firstOfLines && (
            <Text size="sm" c="dimmed">
              The order’s shipping ({money(order.shippingCents)}) goes on this first invoice of its lines.
            </Text>
          )}
          {billing.depositInvoicedCents > billing.depositRecoveredCents && (
            <Text size="sm" c="dimmed">
              The deposit invoiced is recovered in proportion to what is billed: part of it is taken off this invoice.
            </Text>
          )}
          <DialogActions
            onCancel={onClose}
            confirm="Create the invoice"
            loading={pending}
            disabled={sent.length === 0}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The retention held back from the progress invoices, billed once the work is accepted. */
export function RetentionModal({ order, billing, onClose, currency }: BillingModalProps) {
  const { run, pending } = useBill(order._id, currency);
  return (
    <Modal opened onClose={onClose} title={`Release the retention on ${order.number}?`}>
      <Stack>
        <Text size="sm">
          {formatMoney(billing.retainedCents, currency)} was held back from the progress invoices. Releasing it bills
          the customer for it now, once the work is accepted.
        </Text>
        <DialogActions
          onCancel={onClose}
          confirm="Invoice the retention"
          loading={pending}
          onConfirm={() => run({ billing: 'retention' })}
        />
      </Stack>
    </Modal>
  );
}

import {
  type Invoice,
  type Order,
  type OrderBilling,
  ProgressError,
  type ProgressOut,
  percentE2Of,
  progressInvoice,
} from '@atelier/contracts';
import { Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { formatMoney } from '../../../lib/format';
import { useInvoicesOf } from '../api';
import type { BillingModalProps } from './billing-modals';
import { percentText } from './invoice-summary';
import { useBill } from './use-bill-order';

/**
 * The next progress invoice worked out here exactly as the server will (the shared rule of
 * decision 0043), from the order's lines and what its invoices so far billed of each.
 */
export function previewProgress(
  order: Order,
  billing: OrderBilling,
  earlier: Invoice[],
  percent: number,
  retentionPercent: number,
): { out: ProgressOut } | { error: string } {
  if (billing.percentBilled !== null && percent <= billing.percentBilled)
    return {
      error: `Earlier invoices bill ${order.number} to ${percentText(billing.percentBilled)}: bill more than that.`,
    };
  const live = earlier.filter((i) => i.status !== 'void');
  const billedOf = new Map<string, number>();
  for (const line of live.flatMap((i) => i.lines))
    if (line.orderLine) billedOf.set(line.orderLine, (billedOf.get(line.orderLine) ?? 0) + line.netCents);
  try {
    return {
      out: progressInvoice({
        percentE2: percentE2Of(percent),
        lines: [
          ...order.lines
            .filter((l) => l.counted)
            .map((l) => ({
              key: l.id,
              contractCents: l.netCents,
              taxRateBps: l.taxRateBps,
              billedBeforeCents: billedOf.get(l.id) ?? 0,
            })),
          {
            key: 'shipping',
            contractCents: order.shippingCents,
            taxRateBps: 0,
            billedBeforeCents: live.reduce((s, i) => s + i.shippingCents, 0),
          },
        ],
        depositCents: billing.depositInvoicedCents,
        depositRecoveredBeforeCents: billing.depositRecoveredCents,
        retentionE2: percentE2Of(retentionPercent),
        taxExempt: order.taxExempt,
      }),
    };
  } catch (error) {
    if (error instanceof ProgressError) return { error: error.message };
    throw error;
  }
}

function Preview({ out, currency }: { out: ProgressOut; currency?: string }) {
  const row = (label: string, cents: number, less = false, strong = false) => (
    <Group justify="space-between" wrap="nowrap" key={label}>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {less && cents > 0 ? '−' : ''}
        {formatMoney(cents, currency)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={2}>
      {row('Work this invoice', out.workCents)}
      {row('Tax', out.taxCents)}
      {row('Retention held', out.retentionCents, true)}
      {row('Deposit recovered', out.depositRecoveredCents, true)}
      {row('Due on this invoice', out.dueCents, false, true)}
    </Stack>
  );
}

/**
 * Progress billing: the work done to date, as a percentage of the order, less what earlier
 * invoices billed, with the retention held back and the deposit recovered in step.
 */
export function ProgressModal({ order, billing, onClose, currency }: BillingModalProps) {
  const { run, errors, pending } = useBill(order._id, currency);
  const [percent, setPercent] = useState<number | ''>('');
  const [retention, setRetention] = useState<number | ''>(billing.retentionPercent);
  const earlier = useInvoicesOf(
    billing.invoices.filter((i) => i.status !== 'void').map((i) => i._id),
    true,
  );
  const preview =
    percent === '' || retention === '' || !earlier.data
      ? null
      : previewProgress(order, billing, earlier.data, percent, retention);
  return (
    <Modal opened onClose={onClose} title={`Bill progress on ${order.number}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run({
            billing: 'progress',
            percent: percent === '' ? null : percent,
            retentionPercent: retention === '' ? null : retention,
          });
        }}
      >
        <Stack>
          <Text size="sm">
            {billing.percentBilled === null
              ? `Nothing of ${order.number} is billed by progress yet.`
              : `Billed to ${percentText(billing.percentBilled)} complete so far.`}{' '}
            The contract is {formatMoney(billing.contractCents, currency)} before tax.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Percent complete"
              required
              suffix=" %"
              min={0}
              max={100}
              decimalScale={2}
              clampBehavior="none"
              value={percent}
              onChange={(v) => setPercent(typeof v === 'number' ? v : '')}
              error={errors.percent}
              data-autofocus
            />
            <NumberInput
              label="Retention"
              suffix=" %"
              min={0}
              max={100}
              decimalScale={2}
              clampBehavior="none"
              value={retention}
              onChange={(v) => setRetention(typeof v === 'number' ? v : '')}
              error={errors.retentionPercent}
            />
          </SimpleGrid>
          {earlier.error ? (
            <Text size="sm" c="dimmed">
              The earlier invoices could not be read to work this one out ({earlier.error.message}); it is worked out
              when created.
            </Text>
          ) : preview === null ? (
            <Text size="sm" c="dimmed">
              {earlier.data
                ? 'Enter the percent complete to see what this invoice bills.'
                : 'Reading the earlier invoices…'}
            </Text>
          ) : 'error' in preview ? (
            <Text size="sm" c="red">
              {preview.error}
            </Text>
          ) : (
            <Preview out={preview.out} currency={currency} />
          )}
          <DialogActions onCancel={onClose} confirm="Create the invoice" loading={pending} disabled={percent === ''} />
        </Stack>
      </form>
    </Modal>
  );
}

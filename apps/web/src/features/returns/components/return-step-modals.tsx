import {
  PAYMENT_METHOD_LABELS,
  RETURN_CONDITION_LABELS,
  type Return,
  type ReturnCondition,
  type ReturnResolution,
  returnApproveSchema,
  returnReceiveSchema,
  returnRejectSchema,
  returnResolveSchema,
} from '@atelier/contracts';
import { Modal, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { useStockWarehouses } from '../../../lib/stock-warehouses';
import { toastSuccess } from '../../../lib/toast';
import { useResolutions, useReturnStep } from '../api';

type Props = { ret: Return; currency?: string; onClose: () => void };

/** Approve: the items may come back; the restocking fee may be settled now. */
export function ApproveModal({ ret, currency, onClose }: Props) {
  const step = useReturnStep(ret);
  const money = (cents: number) => formatMoney(cents, currency);
  const [fee, setFee] = useState<number | undefined>(undefined);
  const { errors, submit } = useCheckedSubmit(
    returnApproveSchema,
    (body) => step.mutateAsync({ name: 'approve', body }),
    (after) => {
      toastSuccess(`${ret.name} approved: ${money(after.creditCents)} to credit once the items are back.`);
      onClose();
    },
  );
  const tooMuch = fee !== undefined && fee > ret.goodsCents;
  return (
    <Modal opened onClose={onClose} title={`Approve ${ret.name}?`}>
      <Stack>
        <Text size="sm">
          {ret.customer.name} may bring back the {ret.lines.length === 1 ? 'line' : `${ret.lines.length} lines`} for{' '}
          {money(ret.goodsCents)} of goods. The fee and what is credited are settled now.
        </Text>
        <MoneyInput
          label="Restocking fee"
          description={`Empty: keep ${money(ret.restockingFeeCents)}`}
          placeholder={money(ret.restockingFeeCents)}
          cents={fee}
          onChange={setFee}
          error={errors.restockingFeeCents}
        />
        <Text size="sm">
          Credit to the customer:{' '}
          <strong>{money(Math.max(0, ret.goodsCents - (fee ?? ret.restockingFeeCents)))}</strong>
        </Text>
        <DialogActions
          onCancel={onClose}
          confirm="Approve return"
          loading={step.isPending}
          onConfirm={() =>
            submit(
              { restockingFeeCents: fee ?? null },
              tooMuch ? { restockingFeeCents: `At most ${money(ret.goodsCents)}: what the goods come to.` } : {},
            )
          }
        />
      </Stack>
    </Modal>
  );
}

/** Reject: the items do not come back, and why (before they are received). */
export function RejectModal({ ret, onClose }: Props) {
  const step = useReturnStep(ret);
  const [reason, setReason] = useState('');
  const { errors, submit } = useCheckedSubmit(
    returnRejectSchema,
    (body) => step.mutateAsync({ name: 'reject', body }),
    () => {
      toastSuccess(`${ret.name} rejected.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`Reject ${ret.name}?`}>
      <Stack>
        <Text size="sm">Nothing comes back and nothing is credited. The return stays on record as rejected.</Text>
        <Textarea
          label="Why"
          withAsterisk
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        <DialogActions
          onCancel={onClose}
          confirm="Reject return"
          color="red"
          loading={step.isPending}
          onConfirm={() => submit({ reason })}
        />
      </Stack>
    </Modal>
  );
}

/** Receive: the items are back, into which warehouse, each line in the state it was found in. */
export function ReceiveModal({ ret, onClose }: Props) {
  const step = useReturnStep(ret);
  const warehouses = useStockWarehouses();
  const [warehouse, setWarehouse] = useState<string | null>(ret.warehouse?._id ?? null);
  const [conditions, setConditions] = useState<Record<string, ReturnCondition>>(() =>
    Object.fromEntries(ret.lines.map((l) => [l._id, l.condition])),
  );
  const { errors, submit } = useCheckedSubmit(
    returnReceiveSchema,
    (body) => step.mutateAsync({ name: 'receive', body }),
    (after) => {
      const restocked = after.lines.filter((l) => l.restocked).length;
      toastSuccess(
        `${ret.name} received${after.warehouse ? ` into ${after.warehouse.name}` : ''}: ${
          restocked ? `${restocked} line${restocked === 1 ? '' : 's'} restocked.` : 'nothing restocked.'
        }`,
      );
      onClose();
    },
  );
  const options = (warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }));
  if (ret.warehouse && !options.some((o) => o.value === ret.warehouse?._id))
    options.unshift({ value: ret.warehouse._id, label: ret.warehouse.name });
  return (
    <Modal opened onClose={onClose} title={`Receive ${ret.name}`} size="lg">
      <Stack>
        <Text size="sm">Resellable items go back into stock at their cost; damaged and defective ones do not.</Text>
        <Select
          label="Back into"
          description="The order’s warehouse unless you choose another"
          data={options}
          value={warehouse}
          onChange={setWarehouse}
          allowDeselect={false}
          error={errors.warehouse}
        />
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th>Found</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ret.lines.map((l, i) => (
                <Table.Tr key={l._id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
                  <Table.Td miw={150}>
                    <Select
                      aria-label={`Condition of ${l.name}`}
                      data={Object.entries(RETURN_CONDITION_LABELS).map(([value, label]) => ({ value, label }))}
                      value={conditions[l._id]}
                      onChange={(v) => v && setConditions((c) => ({ ...c, [l._id]: v as ReturnCondition }))}
                      allowDeselect={false}
                      error={errors[`conditions.${i}.condition`]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <DialogActions
          onCancel={onClose}
          confirm="Receive return"
          loading={step.isPending}
          onConfirm={() =>
            submit({
              warehouse,
              conditions: ret.lines.map((l) => ({ line: l._id, condition: conditions[l._id] ?? l.condition })),
            })
          }
        />
      </Stack>
    </Modal>
  );
}

/** Resolve: a credit memo the customer keeps for their invoices, or their money paid back. */
export function ResolveModal({ ret, currency, onClose }: Props) {
  const step = useReturnStep(ret);
  const allowed = useResolutions();
  const money = (cents: number) => formatMoney(cents, currency);
  const [resolution, setResolution] = useState<ReturnResolution>(allowed[0] ?? 'credit_memo');
  const [method, setMethod] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const { errors, submit } = useCheckedSubmit(
    returnResolveSchema,
    (body) => step.mutateAsync({ name: 'resolve', body }),
    (after) => {
      toastSuccess(
        after.refund
          ? `${ret.name} settled: ${money(after.creditCents)} paid back to ${ret.customer.name} (${after.refund.name}).`
          : after.creditMemo
            ? `${ret.name} settled: ${after.creditMemo.name} gives ${ret.customer.name} ${money(after.creditCents)} of credit.`
            : `${ret.name} settled: nothing to give back.`,
      );
      onClose();
    },
  );
  const labels = { credit_memo: 'Credit memo', refund: 'Refund' } as const;
  return (
    <Modal opened onClose={onClose} title={`Settle ${ret.name}`}>
      <Stack>
        <Text size="sm">
          {ret.creditCents > 0
            ? `${money(ret.creditCents)} goes back to ${ret.customer.name}.`
            : 'The restocking fee takes the whole credit: nothing goes back.'}
        </Text>
        {allowed.length > 1 ? (
          <SegmentedControl
            aria-label="Settled by"
            data={allowed.map((value) => ({ value, label: labels[value] }))}
            value={resolution}
            onChange={(v) => setResolution(v as ReturnResolution)}
            w="fit-content"
          />
        ) : (
          <Text size="sm">Settled by a credit memo. A refund needs the refunds permission (54).</Text>
        )}
        <Text size="xs" c="dimmed">
          {resolution === 'refund'
            ? 'A credit memo is made for the amount and paid back at once as a refund payment.'
            : 'A credit memo the customer keeps, to use on their invoices.'}
        </Text>
        {resolution === 'refund' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Paid back by"
              placeholder="How it is paid"
              withAsterisk
              data={Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
              value={method}
              onChange={setMethod}
              allowDeselect={false}
              error={errors.method}
            />
            <TextInput
              label="Reference"
              placeholder="Check number, transfer…"
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={errors.reference}
            />
          </SimpleGrid>
        )}
        <DialogActions
          onCancel={onClose}
          confirm={resolution === 'refund' ? 'Refund the customer' : 'Give a credit memo'}
          loading={step.isPending}
          onConfirm={() =>
            submit({
              resolution,
              method: resolution === 'refund' ? (method as never) : null,
              reference: resolution === 'refund' ? reference : '',
            })
          }
        />
      </Stack>
    </Modal>
  );
}

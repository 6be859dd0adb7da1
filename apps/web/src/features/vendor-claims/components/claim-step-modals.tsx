import {
  type VendorClaim,
  vendorClaimCreditSchema,
  vendorClaimRejectSchema,
  vendorClaimReplaceSchema,
} from '@atelier/contracts';
import { Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { MoneyInput } from '../../../components/form/fields';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { useStockWarehouses } from '../../../lib/stock-warehouses';
import { toastSuccess } from '../../../lib/toast';
import { useClaimStep } from '../api';
import { claimCostCents } from './claim-summary';

type Props = { claim: VendorClaim; currency?: string; onClose: () => void };

/** Credited: the vendor gives the money back as a credit, lowering what the firm owes it. */
export function CreditModal({ claim, currency, onClose }: Props) {
  const step = useClaimStep(claim);
  const money = (cents: number) => formatMoney(cents, currency);
  const [amount, setAmount] = useState<number | undefined>(claimCostCents(claim));
  const { errors, submit } = useCheckedSubmit(
    vendorClaimCreditSchema,
    (body) => step.mutateAsync({ name: 'credit', body }),
    (after) => {
      toastSuccess(`${claim.name} credited: ${claim.vendor.name} owes the firm ${money(after.creditCents)} less.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`${claim.vendor.name} credits ${claim.name}`}>
      <Stack>
        <Text size="sm">
          A vendor credit for {formatQuantity(claim.quantity)} × {claim.item}: it comes off what the firm owes{' '}
          {claim.vendor.name}.
        </Text>
        <MoneyInput
          label="Amount credited"
          withAsterisk
          description={`What the items cost: ${money(claimCostCents(claim))}`}
          cents={amount}
          onChange={setAmount}
          error={errors.amountCents}
        />
        <DialogActions
          onCancel={onClose}
          confirm="Record credit"
          loading={step.isPending}
          onConfirm={() =>
            submit(
              { amountCents: amount ?? null },
              amount === undefined ? { amountCents: 'Enter the amount the vendor credits.' } : {},
            )
          }
        />
      </Stack>
    </Modal>
  );
}

/** Replaced: the vendor sent the items again, received into a warehouse. */
export function ReplaceModal({ claim, onClose }: Props) {
  const step = useClaimStep(claim);
  const warehouses = useStockWarehouses();
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const { errors, submit } = useCheckedSubmit(
    vendorClaimReplaceSchema,
    (body) => step.mutateAsync({ name: 'replace', body }),
    () => {
      toastSuccess(`${claim.name} replaced: ${formatQuantity(claim.quantity)} × ${claim.item} received.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`Replacement for ${claim.name}`}>
      <Stack>
        <Text size="sm">
          {formatQuantity(claim.quantity)} × {claim.item} arrived again: it goes into stock at the line’s cost.
        </Text>
        <Select
          label="Received into"
          placeholder={`${claim.purchaseOrder.name}’s warehouse`}
          description="The purchase order’s warehouse unless you choose another"
          data={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
          value={warehouse}
          onChange={setWarehouse}
          clearable
          error={errors.warehouse}
        />
        <DialogActions
          onCancel={onClose}
          confirm="Receive replacement"
          loading={step.isPending}
          onConfirm={() => submit({ warehouse })}
        />
      </Stack>
    </Modal>
  );
}

/** Rejected: the vendor refused the claim, and why. */
export function RejectClaimModal({ claim, onClose }: Props) {
  const step = useClaimStep(claim);
  const [reason, setReason] = useState('');
  const { errors, submit } = useCheckedSubmit(
    vendorClaimRejectSchema,
    (body) => step.mutateAsync({ name: 'reject', body }),
    () => {
      toastSuccess(`${claim.name} marked as refused by ${claim.vendor.name}.`);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={`${claim.vendor.name} refused ${claim.name}?`}>
      <Stack>
        <Text size="sm">Nothing is credited or replaced. The claim stays on record as rejected.</Text>
        <Textarea
          label="The vendor’s answer"
          withAsterisk
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        <DialogActions
          onCancel={onClose}
          confirm="Mark as rejected"
          color="red"
          loading={step.isPending}
          onConfirm={() => submit({ reason })}
        />
      </Stack>
    </Modal>
  );
}

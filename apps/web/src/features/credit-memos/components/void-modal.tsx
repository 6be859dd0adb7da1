import { type CreditMemo, creditMemoVoidSchema } from '@atelier/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { formatMoney } from '../../../lib/format';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useVoidCreditMemo } from '../api';

/**
 * "Void": the credit no longer holds, and why. A credit memo in use is unapplied first (and its
 * refunds deleted): until then this says so.
 */
export function VoidModal({ memo, currency, onClose }: { memo: CreditMemo; currency?: string; onClose: () => void }) {
  const step = useVoidCreditMemo(memo._id);
  const [reason, setReason] = useState('');
  const { errors, submit } = useCheckedSubmit(
    creditMemoVoidSchema,
    (input) => step.mutateAsync(input.reason),
    () => {
      toastSuccess(`${memo.name} is void.`);
      onClose();
    },
  );
  const used = memo.appliedCents + memo.refundedCents;
  const undoing = [
    ...(memo.appliedCents > 0 ? ['take it off its invoices (Unapply, below)'] : []),
    ...(memo.refundedCents > 0 ? ['delete the refunds paid from it'] : []),
  ];
  return (
    <Modal opened onClose={onClose} title={`Void ${memo.name}?`}>
      {used > 0 ? (
        <Stack>
          <Text size="sm" fw={500}>
            Unapply it first.
          </Text>
          <Text size="sm">
            {formatMoney(used, currency)} of {memo.name} is used: {undoing.join(' and ')}, then void it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            The {formatMoney(memo.amountCents, currency)} of credit no longer holds. It stays on record as void.
          </Text>
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
            confirm="Void credit memo"
            color="red"
            loading={step.isPending}
            onConfirm={() => submit({ reason })}
          />
        </Stack>
      )}
    </Modal>
  );
}

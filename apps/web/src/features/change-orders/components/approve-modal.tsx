import { APPROVAL_METHOD_LABELS, type ChangeOrder, HAND_APPROVAL_METHODS } from '@atelier/contracts';
import { Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useChangeOrderStep } from '../api';

/** Now, as a datetime-local input writes it (the browser's time zone). */
const localNow = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

type HandMethod = (typeof HAND_APPROVAL_METHODS)[number];

/**
 * The staff record how the customer approved the change: who, when and how (not online: that is
 * the customer's own, through their link). The order changes at once.
 */
export function ApproveModal({ co, opened, onClose }: { co: ChangeOrder; opened: boolean; onClose: () => void }) {
  const step = useChangeOrderStep(co._id, co.order._id);
  const [by, setBy] = useState(co.customer.name);
  const [method, setMethod] = useState<HandMethod>('in_person');
  const [at, setAt] = useState(localNow);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Modal opened={opened} onClose={onClose} title={`Record the approval of ${co.name}`}>
      <Stack>
        <Text size="sm">
          {co.order.name} takes these lines at once: its total becomes {formatMoney(co.totalCents)} and the stock it
          holds follows.
        </Text>
        <TextInput
          label="Approved by"
          required
          value={by}
          onChange={(e) => setBy(e.currentTarget.value)}
          error={errors.approvedBy}
        />
        <Select
          label="How"
          data={HAND_APPROVAL_METHODS.map((value) => ({ value, label: APPROVAL_METHOD_LABELS[value] }))}
          value={method}
          onChange={(v) => v && setMethod(v as HandMethod)}
          allowDeselect={false}
          error={errors.method}
        />
        <TextInput
          type="datetime-local"
          label="When"
          value={at}
          max={localNow()}
          onChange={(e) => setAt(e.currentTarget.value)}
          error={errors.approvedAt}
        />
        <Textarea label="Note" autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <DialogActions
          onCancel={onClose}
          confirm="Record the approval"
          loading={step.isPending}
          onConfirm={async () => {
            try {
              await step.mutateAsync({
                name: 'approve',
                body: { approvedBy: by, method, approvedAt: at ? new Date(at).toISOString() : null, note },
              });
              toastSuccess(`${co.name} approved: ${co.order.name} is changed.`);
              onClose();
            } catch (error) {
              showSubmitError(error);
              setErrors(error instanceof ApiError ? error.fields : {});
            }
          }}
        />
      </Stack>
    </Modal>
  );
}

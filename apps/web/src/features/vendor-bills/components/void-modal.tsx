import { vendorBillVoidSchema } from '@atelier/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';

/**
 * "Void": a bill or a vendor credit no longer holds, and why. One with money on it is unapplied
 * first: until then this says so (`inUse`).
 */
export function VoidModal(props: {
  name: string;
  /** What voiding means, or (with `inUse`) what to do first. */
  text: string;
  inUse?: boolean;
  confirm: string;
  run: (reason: string) => Promise<unknown>;
  loading: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const { errors, submit } = useCheckedSubmit(
    vendorBillVoidSchema,
    (input) => props.run(input.reason),
    () => {
      toastSuccess(`${props.name} is void.`);
      props.onClose();
    },
  );
  return (
    <Modal opened onClose={props.onClose} title={`Void ${props.name}?`}>
      {props.inUse ? (
        <Stack>
          <Text size="sm" fw={500}>
            Unapply it first.
          </Text>
          <Text size="sm">{props.text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{props.text}</Text>
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
            onCancel={props.onClose}
            confirm={props.confirm}
            color="red"
            loading={props.loading}
            onConfirm={() => submit({ reason })}
          />
        </Stack>
      )}
    </Modal>
  );
}

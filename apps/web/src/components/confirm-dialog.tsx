import { type MantineColor, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { showSubmitError } from '../lib/forms';
import { toastSuccess } from '../lib/toast';
import { DialogActions } from './dialog-actions';

/**
 * "Cancel PO-12?": what the step means, then Cancel or the step. `run` does it; the dialog
 * closes with `done` as a toast, or stays open with the server's message.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirm: string;
  color?: MantineColor;
  done: string;
  run: () => Promise<unknown>;
  loading: boolean;
  onClose: () => void;
}) {
  const { onClose } = props;
  return (
    <Modal opened={props.opened} onClose={onClose} title={props.title}>
      <Stack>
        <Text size="sm">{props.text}</Text>
        <DialogActions
          onCancel={onClose}
          confirm={props.confirm}
          color={props.color}
          loading={props.loading}
          onConfirm={() =>
            props.run().then(
              () => {
                toastSuccess(props.done);
                onClose();
              },
              (error) => showSubmitError(error),
            )
          }
        />
      </Stack>
    </Modal>
  );
}

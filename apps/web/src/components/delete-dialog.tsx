import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { showSubmitError } from '../lib/forms';
import { toastSuccess } from '../lib/toast';
import { DialogActions } from './dialog-actions';

/**
 * "Delete X?": what deleting it means, then Cancel or Delete. Shown while `name` is set;
 * `remove` deletes it, and the dialog closes with a toast, or stays with the server's message.
 */
export function DeleteDialog(props: {
  name: string | null;
  text: ReactNode;
  remove: () => Promise<unknown>;
  loading: boolean;
  onClose: () => void;
}) {
  const { name, onClose } = props;
  return (
    <Modal opened={name !== null} onClose={onClose} title={`Delete ${name ?? ''}?`}>
      <Stack>
        <Text size="sm">{props.text}</Text>
        <DialogActions
          onCancel={onClose}
          confirm="Delete"
          color="red"
          loading={props.loading}
          onConfirm={() =>
            props.remove().then(
              () => {
                toastSuccess(`${name} deleted.`);
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

import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

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
  const { name } = props;
  return (
    <ConfirmDialog
      opened={name !== null}
      title={`Delete ${name ?? ''}?`}
      text={props.text}
      confirm="Delete"
      color="red"
      done={`${name} deleted.`}
      run={props.remove}
      loading={props.loading}
      onClose={props.onClose}
    />
  );
}

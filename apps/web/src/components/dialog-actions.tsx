import { Button, Group, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog's closing row: Cancel, then what the dialog is for. Without `onConfirm` the second
 * button submits the dialog's form.
 */
export function DialogActions(props: {
  onCancel: () => void;
  confirm: ReactNode;
  onConfirm?: () => unknown;
  loading?: boolean;
  /** Until the dialog has what it needs (a choice made). */
  disabled?: boolean;
  color?: MantineColor;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button
        type={props.onConfirm ? 'button' : 'submit'}
        color={props.color}
        loading={props.loading}
        disabled={props.disabled}
        onClick={props.onConfirm ? () => void props.onConfirm?.() : undefined}
      >
        {props.confirm}
      </Button>
    </Group>
  );
}

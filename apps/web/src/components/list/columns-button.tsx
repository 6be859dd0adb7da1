import { ActionIcon } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import type { Column } from './types';

export type ColumnChooserProps<Row> = {
  columns: Column<Row>[];
  visible: string[];
  onChange: (visible: string[]) => void;
};

/** The columns button: its popover's target, and its stand-in until the popover loads. */
export function ColumnsButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <ActionIcon variant="default" size="lg" aria-label="Choose columns" {...props}>
      <IconColumns size={18} />
    </ActionIcon>
  );
}

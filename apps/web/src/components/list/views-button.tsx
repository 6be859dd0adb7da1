import { Button } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The Views button: its menu's target, and its stand-in until the menu loads. */
export function ViewsButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <Button variant="default" leftSection={<IconBookmark size={16} />} {...props}>
      Views
    </Button>
  );
}

import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The bell, highlighted while anything is unread: its menu's target, and its stand-in until the menu loads. */
export function BellButton({ count, ...props }: { count: number } & ComponentPropsWithRef<'div'>) {
  return (
    <Indicator disabled={count === 0} color="red" size={10} offset={6} processing={false} {...props}>
      <ActionIcon
        variant={count > 0 ? 'light' : 'default'}
        color={count > 0 ? 'red' : undefined}
        size="lg"
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        data-unread={count > 0 || undefined}
      >
        <IconBell size={18} />
      </ActionIcon>
    </Indicator>
  );
}

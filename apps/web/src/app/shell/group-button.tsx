import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** A group's button in the top bar: its menu's target, and what stands in for the menu until it loads. */
export function GroupButton({ name, ...props }: { name: string } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton px="sm" py={6} style={{ borderRadius: 'var(--mantine-radius-sm)' }} {...props}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <IconChevronDown size={14} />
      </Group>
    </UnstyledButton>
  );
}

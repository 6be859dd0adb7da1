import { Paper, SimpleGrid, Text } from '@mantine/core';

/** A row of numbers with their words: what the check found, what the import did. */
export function Counts({ items }: { items: { label: string; value: number; color?: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} withBorder p="sm" radius="md">
          <Text size="xl" fw={700} c={item.color}>
            {item.value.toLocaleString('en-US')}
          </Text>
          <Text size="sm" c="dimmed">
            {item.label}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays, weekLabel } from '../week';

/** The week shown (its dates) and the way to the one before, this week, and the one after. */
export function WeekNav(props: { week: string; isThisWeek: boolean; onWeek: (week: string | null) => void }) {
  const { week, onWeek } = props;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text fw={600} aria-live="polite">
        Week of {weekLabel(week)}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          onClick={() => onWeek(addDays(week, -7))}
        >
          Previous
        </Button>
        <Button variant="default" size="xs" disabled={props.isThisWeek} onClick={() => onWeek(null)}>
          This week
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          onClick={() => onWeek(addDays(week, 7))}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}

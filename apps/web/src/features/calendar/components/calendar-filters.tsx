import { CALENDAR_KIND_INFO, type CalendarKind } from '@atelier/contracts';
import { Chip, Group, MultiSelect } from '@mantine/core';
import { usePeople } from '../../../components/people';

type Props = {
  /** The kinds this person may see: one chip each. */
  kinds: readonly CalendarKind[];
  hidden: readonly CalendarKind[];
  onHidden: (hidden: CalendarKind[]) => void;
  people: readonly string[];
  onPeople: (people: string[]) => void;
  compact: boolean;
};

/** Whose items (everyone's unless some are chosen) and which kinds show. */
export function CalendarFilters({ kinds, hidden, onHidden, people, onPeople, compact }: Props) {
  const staff = usePeople();
  const shown = kinds.filter((k) => !hidden.includes(k));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <MultiSelect
        label="People"
        placeholder={people.length ? undefined : 'Everyone'}
        data={(staff.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
        value={[...people]}
        onChange={onPeople}
        searchable
        clearable
        w={compact ? '100%' : 280}
      />
      <Chip.Group multiple value={shown} onChange={(next) => onHidden(kinds.filter((k) => !next.includes(k)))}>
        <Group gap={6} wrap="wrap" role="group" aria-label="What to show">
          {kinds.map((kind) => (
            <Chip key={kind} value={kind} color={CALENDAR_KIND_INFO[kind].color} size="sm" variant="light">
              {CALENDAR_KIND_INFO[kind].label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Group>
  );
}

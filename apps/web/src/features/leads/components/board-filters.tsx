import { Group, MultiSelect, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePeople } from '../../../components/people';
import { type BoardFilters as Filters, useLeadSettings } from '../api';

type Props = { filters: Filters; onChange: (change: Partial<Filters>) => void };

/** The board's search and filters; they live in the URL like a list's. */
export function BoardFilters({ filters, onChange }: Props) {
  const people = usePeople();
  const { sources } = useLeadSettings();
  const [search, setSearch] = useState(filters.q);
  useEffect(() => setSearch(filters.q), [filters.q]);
  const debounced = useDebouncedCallback((q: string) => onChange({ q }), 350);
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <TextInput
        aria-label="Search leads"
        placeholder="Search leads"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          debounced(e.currentTarget.value);
        }}
        style={{ flex: '1 1 220px' }}
      />
      <MultiSelect
        aria-label="Assigned to"
        placeholder="Assigned to"
        data={[
          { value: 'none', label: 'Nobody' },
          ...(people.data ?? []).map((p) => ({ value: p._id, label: p.name })),
        ]}
        value={filters.assigned}
        onChange={(assigned) => onChange({ assigned })}
        clearable
        searchable
        style={{ flex: '1 1 150px', minWidth: 0, maxWidth: 240 }}
      />
      <MultiSelect
        aria-label="Source"
        placeholder="Source"
        data={[...new Set([...sources, ...filters.source])]}
        value={filters.source}
        onChange={(source) => onChange({ source })}
        clearable
        style={{ flex: '1 1 150px', minWidth: 0, maxWidth: 220 }}
      />
      <Switch
        label="Overdue only"
        checked={filters.overdue}
        onChange={(e) => onChange({ overdue: e.currentTarget.checked })}
      />
    </Group>
  );
}

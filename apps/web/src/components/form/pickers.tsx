import type { CompanyRow, ListPage } from '@atelier/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { usePeople } from '../people';

type Props = { label: string; value: string | null; onChange: (value: string | null) => void; error?: string };

export function PersonSelect({ label, value, onChange, error }: Props) {
  const people = usePeople();
  return (
    <Select
      label={label}
      placeholder="Nobody"
      data={(people.data ?? []).map((p) => ({ value: p._id, label: p.name }))}
      value={value}
      onChange={onChange}
      error={error}
      clearable
      searchable
    />
  );
}

/** Picks an account by searching the accounts list (it may be long). */
export function CompanySelect({
  label,
  value,
  onChange,
  error,
  initial,
}: Props & { initial?: { _id: string; name: string } | null }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useQuery({
    queryKey: ['company-picker', q],
    queryFn: () => api<ListPage<CompanyRow>>('GET', '/companies', undefined, { q: q || undefined, limit: 20 }),
  });
  const options = new Map<string, string>();
  if (initial) options.set(initial._id, initial.name);
  for (const c of found.data?.items ?? []) options.set(c._id, c.name);
  return (
    <Select
      label={label}
      placeholder="No account"
      data={[...options].map(([v, l]) => ({ value: v, label: l }))}
      value={value}
      onChange={onChange}
      onSearchChange={setSearch}
      searchable
      clearable
      filter={({ options: o }) => o}
      error={error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No account found'}
    />
  );
}

import type { ListPage } from '@atelier/contracts';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api';

type Account = { _id: string; name: string };

/**
 * Picks accounts (companies) by searching their list, which may be long: the first 20 that match
 * what is typed, and the ones picked keep their names whatever is searched after.
 */
export function AccountsSelect(props: {
  label: string;
  description?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const [known, setKnown] = useState<Record<string, string>>({});
  const found = useQuery({
    queryKey: ['/companies-picker', q, null],
    queryFn: () => api<ListPage<Account>>('GET', '/companies', undefined, { q: q.trim() || undefined, limit: 20 }),
  });
  const options = new Map<string, string>();
  for (const id of props.value) options.set(id, known[id] ?? 'An account');
  for (const a of found.data?.items ?? []) options.set(a._id, a.name);
  return (
    <MultiSelect
      label={props.label}
      description={props.description}
      placeholder={props.value.length ? undefined : 'Any account'}
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={props.value}
      onChange={(ids) => {
        const names = Object.fromEntries((found.data?.items ?? []).map((a) => [a._id, a.name]));
        setKnown((all) => ({
          ...all,
          ...Object.fromEntries(ids.filter((id) => names[id]).map((id) => [id, names[id]!])),
        }));
        props.onChange(ids);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: o }) => o}
      clearable
      error={props.error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No account found'}
    />
  );
}

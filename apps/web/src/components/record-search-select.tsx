import type { ListPage } from '@atelier/contracts';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Query } from '../lib/api';

type Named = { _id: string; name: string };

/**
 * Picks a record by searching its list (`/orders?q=`, `/purchase-orders?q=`), as the shared
 * pickers do for customers and vendors. A value given from elsewhere (an address's `?order=`) is
 * looked up by id so that it shows its name.
 */
export function RecordSearchSelect<Row extends Named>(props: {
  endpoint: string;
  label: string;
  value: string | null;
  onChange: (value: string | null, row: Row | null) => void;
  /** What each record reads as in the list ("SO-12 · Dana Reyes"). */
  text?: (row: Row) => string;
  /** The list's own filters (`filter[state]`), beside the search. */
  filters?: Query;
  initial?: Named | null;
  placeholder: string;
  notFound: string;
  description?: string;
  error?: string;
  required?: boolean;
  /** What is searched while nothing is typed (a SKU: the purchase orders that bought it). */
  emptySearch?: string;
}) {
  const [typing, setTyping] = useState('');
  const [typed] = useDebouncedValue(typing, 250);
  const q = typed.trim() || props.emptySearch || '';
  const text = props.text ?? ((r: Row) => r.name);
  const search = (text: string) => ({
    queryKey: [`${props.endpoint}-picker`, text, props.filters ?? null],
    queryFn: () =>
      api<ListPage<Row>>('GET', props.endpoint, undefined, { ...props.filters, q: text || undefined, limit: 20 }),
  });
  const searched = useQuery(search(q));
  // Nothing found for what is searched when nothing is typed: every record, as with no search.
  const fallback = Boolean(!typed.trim() && props.emptySearch && searched.data?.items.length === 0);
  const everything = useQuery({ ...search(''), enabled: fallback });
  const found = fallback ? everything : searched;
  // The record picked stays an option whatever is searched after (its label is the search then).
  const [picked, setPicked] = useState<Row | null>(null);
  const known = new Map<string, Row>();
  if (picked) known.set(picked._id, picked);
  for (const r of found.data?.items ?? []) known.set(r._id, r);
  const missing = Boolean(props.value && !known.has(props.value) && props.initial?._id !== props.value);
  const chosen = useQuery({
    queryKey: [`${props.endpoint}-picker`, 'id', props.value],
    queryFn: () => api<ListPage<Row>>('GET', props.endpoint, undefined, { 'filter[id]': [props.value!], limit: 1 }),
    enabled: missing,
  });
  const options = new Map<string, string>();
  const first = chosen.data?.items[0];
  if (first) options.set(first._id, text(first));
  else if (props.initial) options.set(props.initial._id, props.initial.name);
  for (const r of known.values()) options.set(r._id, text(r));
  return (
    <Select
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      placeholder={props.placeholder}
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={props.value}
      onChange={(v) => {
        const row = (v && (known.get(v) ?? (first?._id === v ? first : null))) || null;
        setPicked(row);
        props.onChange(v, row);
      }}
      onSearchChange={setTyping}
      searchable
      clearable
      filter={({ options: o }) => o}
      error={props.error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : props.notFound}
    />
  );
}

import { MultiSelect } from '@mantine/core';
import type { ListFilter } from '../../../components/list/types';
import { useFilters } from '../api';

/** Picks filter values, grouped by their filter; each reads "Finish: Walnut" once chosen. */
export function FilterValuesSelect(props: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  label?: string;
  description?: string;
}) {
  const filters = useFilters();
  return (
    <MultiSelect
      label={props.label ?? 'Filter values'}
      description={props.description}
      placeholder={props.value.length ? undefined : 'None'}
      searchable
      clearable
      nothingFoundMessage="No filter value found"
      data={(filters.data ?? [])
        .filter((f) => f.values.length > 0)
        .map((f) => ({ group: f.name, items: f.values.map((v) => ({ value: v._id, label: `${f.name}: ${v.name}` })) }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

/** The products list's facet filter: values of one filter are alternatives, filters add up. */
export function useFacetFilter(): ListFilter {
  const filters = useFilters();
  return {
    key: 'facet',
    label: 'Filter values',
    options: (filters.data ?? []).flatMap((f) =>
      f.values.map((v) => ({ value: v._id, label: `${f.name}: ${v.name}` })),
    ),
  };
}

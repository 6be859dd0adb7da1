import { Select } from '@mantine/core';
import type { ListFilter } from '../../../components/list/types';
import { useCategories } from '../api';

/** Picks a category by its path ("Cabinets / Base cabinets"), typed to search. */
export function CategorySelect(props: {
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
  label?: string;
}) {
  const tree = useCategories();
  return (
    <Select
      label={props.label ?? 'Category'}
      placeholder="None"
      searchable
      clearable
      nothingFoundMessage="No category found"
      data={(tree.data ?? []).map((c) => ({ value: c._id, label: c.path }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

/** The products list's category filter: a category takes in everything under it. */
export function useCategoryFilter(): ListFilter {
  const tree = useCategories();
  return {
    key: 'category',
    label: 'Category',
    options: (tree.data ?? []).map((c) => ({ value: c._id, label: c.path })),
  };
}

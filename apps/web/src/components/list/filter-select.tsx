import { MultiSelect } from '@mantine/core';
import type { FilterPickerProps } from './filter-types';

/** A filter's picker: several of its choices at once, cleared in one click. */
export function FilterSelect({ filter, value, onChange, style }: FilterPickerProps) {
  return (
    <MultiSelect
      aria-label={filter.label}
      placeholder={filter.label}
      data={filter.options}
      value={value}
      onChange={onChange}
      clearable
      style={style}
    />
  );
}

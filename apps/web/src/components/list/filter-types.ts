import type { CSSProperties } from 'react';
import type { ListFilter } from './types';

export type FilterPickerProps = {
  filter: ListFilter;
  value: string[];
  onChange: (values: string[]) => void;
  style?: CSSProperties;
};

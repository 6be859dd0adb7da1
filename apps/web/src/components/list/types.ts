import type { ReactNode } from 'react';

export type Column<Row> = {
  key: string;
  label: string;
  /** The API's sort key when the column sorts. */
  sort?: string;
  render: (row: Row) => ReactNode;
  /** Hidden until the user picks it in the column chooser. */
  hidden?: boolean;
};

export type ListFilter = { key: string; label: string; options: { value: string; label: string }[] };

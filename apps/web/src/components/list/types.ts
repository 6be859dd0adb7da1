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

/** Active or archived: the status filter of every list whose records are archived. */
export const ARCHIVE_STATUS_FILTER: ListFilter = {
  key: 'status',
  // Not "Status": many kinds have a status column of their own (an order's, a job's).
  label: 'Active or archived',
  options: [
    { value: 'active', label: 'Active' },
    { value: 'archived', label: 'Archived' },
  ],
};

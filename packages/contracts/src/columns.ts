/** How a list column's value reads: on the page, and in the CSV export. */
export type ColumnFormat = 'text' | 'number' | 'percent' | 'tags' | 'datetime' | 'yesno';

/**
 * A column of a kind's list, declared once: the web list renders it, the server sorts and
 * filters by it and exports it as a CSV column under the same label.
 */
export type KindColumn<Key extends string = string> = {
  /** The list row's field. */
  key: Key;
  label: string;
  /** Text unless said. */
  format?: ColumnFormat;
  /** A field that takes one of a few values, and their labels: the list filters by it. */
  choices?: Readonly<Record<string, string>>;
  /** Whether the list sorts by it (its sort key is its key). */
  sort?: boolean;
  /** Hidden until chosen in the column chooser. */
  hidden?: boolean;
};

/** Every record kind's list ends with when its rows were created and changed (hidden at first). */
export const RECORD_TIME_COLUMNS = [
  { key: 'createdAt', label: 'Created', format: 'datetime', sort: true, hidden: true },
  { key: 'updatedAt', label: 'Updated', format: 'datetime', sort: true, hidden: true },
] as const satisfies readonly KindColumn[];

/** The sort key of a column: created and updated sort as `created` and `updated`. */
export const columnSortKey = (column: KindColumn) =>
  column.key === 'createdAt' ? 'created' : column.key === 'updatedAt' ? 'updated' : column.key;

/** A kind's list columns, checked against its row type. */
export const listColumns =
  <Row>() =>
  (columns: readonly KindColumn<keyof Row & string>[]): readonly KindColumn[] => [...columns, ...RECORD_TIME_COLUMNS];

/** A column's value as a CSV cell. */
export function csvCell(column: KindColumn, value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (column.choices && typeof value === 'string')
    return Object.hasOwn(column.choices, value) ? column.choices[value] : value;
  switch (column.format) {
    case 'tags':
      return Array.isArray(value) ? value.join('; ') : value;
    case 'yesno':
      return value ? 'yes' : 'no';
    default:
      return value;
  }
}

/**
 * How a list column's value reads: on the page, and in the CSV export. `money` is integer cents
 * (the CSV says 12.50); `date` is a calendar date (YYYY-MM-DD); `ref` and `person` are another
 * record and a staff member as `{ _id, name }`, shown (and exported) by name.
 */
export type ColumnFormat =
  | 'text'
  | 'number'
  | 'percent'
  | 'money'
  | 'tags'
  | 'date'
  | 'datetime'
  | 'yesno'
  | 'ref'
  | 'person';

/**
 * A column of a kind's list, declared once: the web list renders it, the server sorts and
 * filters by it and exports it as a CSV column under the same label.
 */
export type KindColumn<Key extends string = string> = {
  /** The list row's field. */
  key: Key;
  /**
   * Its name in the list's query (`sort`, `filter[…]`) and in saved column choices, when not its
   * key: an account's `assignedTo` is the `assigned` column, a lead's `status` the `stage` one.
   */
  name?: string;
  label: string;
  /** Text unless said. */
  format?: ColumnFormat;
  /** A field that takes one of a few values, and their labels: the list filters by it. */
  choices?: Readonly<Record<string, string>>;
  /** Whether the list sorts by it (by its name). */
  sort?: boolean;
  /** Hidden until chosen in the column chooser. */
  hidden?: boolean;
};

/** Every record kind's list ends with when its rows were created and changed (hidden at first). */
export const RECORD_TIME_COLUMNS = [
  { key: 'createdAt', name: 'created', label: 'Created', format: 'datetime', sort: true, hidden: true },
  { key: 'updatedAt', name: 'updated', label: 'Updated', format: 'datetime', sort: true, hidden: true },
] as const satisfies readonly KindColumn[];

/** A column's name in the list's query and saved column choices: its `name`, else its key. */
export const columnName = (column: KindColumn) => column.name ?? column.key;

/** The sort key of a column (its name): created and updated sort as `created` and `updated`. */
export const columnSortKey = columnName;

/** A kind's list columns, checked against its row type. */
export const listColumns =
  <Row>() =>
  (columns: readonly KindColumn<keyof Row & string>[]): readonly KindColumn[] => [...columns, ...RECORD_TIME_COLUMNS];

/** Cents as the CSV writes money: 1234.56. */
export const centsText = (cents: number) => (cents / 100).toFixed(2);

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
    case 'money':
      return typeof value === 'number' ? centsText(value) : value;
    case 'ref':
    case 'person':
      return typeof value === 'object' && 'name' in value ? value.name : value;
    default:
      return value;
  }
}

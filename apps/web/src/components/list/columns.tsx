import { columnName, type KindColumn, kindHas, type PermissionCode, type RecordKind } from '@atelier/contracts';
import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { ARCHIVE_STATUS_FILTER, type Column, type ListFilter } from './types';

function TagBadges({ tags }: { tags: string[] }) {
  return (
    <Group gap={4}>
      {tags.map((t) => (
        <Badge key={t} size="sm" variant="light" tt="none">
          {t}
        </Badge>
      ))}
    </Group>
  );
}

/** How declared columns read beyond their own values: the firm's currency for money. */
export type CellOptions = { currency?: string };

/** A declared column's value as the list shows it. */
function cell(column: KindColumn, value: unknown, options: CellOptions): ReactNode {
  // An empty value shows as a dash, so a row (or a phone's card) never looks cut short.
  if (value === null || value === undefined || value === '') return '—';
  if (column.choices)
    return Object.hasOwn(column.choices, String(value)) ? column.choices[String(value)] : String(value);
  switch (column.format) {
    case 'percent':
      return `${value}%`;
    case 'money':
      return formatMoney(value as number, options.currency);
    case 'tags':
      return <TagBadges tags={value as string[]} />;
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'yesno':
      return value ? 'Yes' : 'No';
    case 'ref':
    case 'person':
      return (value as { name: string }).name;
    default:
      return value as ReactNode;
  }
}

/**
 * The list columns a kind declares, each shown by its format; `render` replaces a column's cell
 * (by its key). Columns behind a field code the reader lacks (`can`) are left out: their rows do
 * not have them.
 */
export function declaredColumns<Row>(
  kind: RecordKind,
  render: Partial<Record<string, (row: Row) => ReactNode>> = {},
  options: CellOptions & { can?: (code: PermissionCode) => boolean } = {},
): Column<Row>[] {
  const fieldCodes = kind.fieldCodes ?? {};
  return (kind.columns ?? [])
    .filter((column) => !Object.hasOwn(fieldCodes, column.key) || (options.can?.(fieldCodes[column.key]!) ?? false))
    .map((column) => ({
      // Its name: the key saved column choices have used ("assigned", "created").
      key: columnName(column),
      label: column.label,
      sort: column.sort ? columnName(column) : undefined,
      hidden: column.hidden,
      render: render[column.key] ?? ((row: Row) => cell(column, (row as Record<string, unknown>)[column.key], options)),
    }));
}

/**
 * A kind's filters: each declared column with choices, then `extra` (the page's own), then active
 * or archived for kinds that archive.
 */
export const declaredFilters = (kind: RecordKind, extra: ListFilter[] = []): ListFilter[] => [
  ...(kind.columns ?? [])
    .filter((c) => c.choices)
    .map((c) => ({
      key: columnName(c),
      label: c.label,
      options: Object.entries(c.choices ?? {}).map(([value, label]) => ({ value, label })),
    })),
  ...extra,
  ...(kindHas(kind, 'archive') ? [ARCHIVE_STATUS_FILTER] : []),
];

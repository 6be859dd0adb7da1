import { columnSortKey, type KindColumn, type RecordKind } from '@atelier/contracts';
import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
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

/** A declared column's value as the list shows it. */
function cell(column: KindColumn, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  if (column.choices)
    return Object.hasOwn(column.choices, String(value)) ? column.choices[String(value)] : String(value);
  switch (column.format) {
    case 'percent':
      return `${value}%`;
    case 'tags':
      return <TagBadges tags={value as string[]} />;
    case 'datetime':
      return formatDateTime(value as string);
    case 'yesno':
      return value ? 'Yes' : 'No';
    default:
      return value as ReactNode;
  }
}

/** The list columns a kind declares, each shown by its format; `render` replaces a column's cell. */
export function declaredColumns<Row>(
  kind: RecordKind,
  render: Partial<Record<string, (row: Row) => ReactNode>> = {},
): Column<Row>[] {
  return (kind.columns ?? []).map((column) => ({
    // Created and updated keep the keys saved column choices have used.
    key: columnSortKey(column),
    label: column.label,
    sort: column.sort ? columnSortKey(column) : undefined,
    hidden: column.hidden,
    render: render[column.key] ?? ((row: Row) => cell(column, (row as Record<string, unknown>)[column.key])),
  }));
}

/** A kind's filters: each declared column with choices, then active or archived. */
export const declaredFilters = (kind: RecordKind): ListFilter[] => [
  ...(kind.columns ?? [])
    .filter((c) => c.choices)
    .map((c) => ({
      key: c.key,
      label: c.label,
      options: Object.entries(c.choices ?? {}).map(([value, label]) => ({ value, label })),
    })),
  ARCHIVE_STATUS_FILTER,
];

/** The columns many lists share: tags as badges, and when a record was created and updated. */
export function tagsColumn<Row extends { tags: string[] }>(hidden = false): Column<Row> {
  return { key: 'tags', label: 'Tags', hidden, render: (r) => <TagBadges tags={r.tags} /> };
}

export const updatedColumn = <Row extends { updatedAt: string }>(): Column<Row> => ({
  key: 'updated',
  label: 'Updated',
  sort: 'updated',
  render: (r) => formatDateTime(r.updatedAt),
  hidden: true,
});

export const createdColumn = <Row extends { createdAt: string }>(): Column<Row> => ({
  key: 'created',
  label: 'Created',
  sort: 'created',
  render: (r) => formatDateTime(r.createdAt),
  hidden: true,
});

import { Card, Checkbox, Group, rem, Skeleton, Stack, TableScrollContainer, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { type CSSProperties, useDeferredValue } from 'react';
import { Link } from 'react-router';
import type { Column } from './types';

type Props<Row extends { _id: string }> = {
  rows: Row[] | undefined;
  columns: Column<Row>[];
  loading: boolean;
  sort: string;
  onSort: (sort: string) => void;
  rowHref: (row: Row) => string;
  rowLabel: (row: Row) => string;
  /** Without them the rows cannot be selected (a record's tab listing related rows). */
  selected?: Set<string>;
  onSelect?: (selected: Set<string>) => void;
};

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: string;
  sort: string;
  onSort: (s: string) => void;
}) {
  const active = sort === sortKey || sort === `-${sortKey}`;
  const desc = sort === `-${sortKey}`;
  const Icon = !active ? IconSelector : desc ? IconArrowDown : IconArrowUp;
  return (
    <UnstyledButton
      onClick={() => onSort(active && !desc ? `-${sortKey}` : sortKey)}
      aria-label={`Sort by ${label.toLowerCase()}${active ? (desc ? ', now descending' : ', now ascending') : ''}`}
    >
      <Group gap={4} wrap="nowrap">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Icon size={14} />
      </Group>
    </UnstyledButton>
  );
}

const NONE = new Set<string>();

/**
 * The table's parts are plain elements with Mantine's Table classes and attributes (as `Table`
 * with `highlightOnHover` draws them): a page of rows renders lighter without a component per
 * cell, and the first load is without `Table`, which bundles its other parts.
 */
const TABLE = TableScrollContainer.classes;
const part = (name: 'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td') => `${TABLE[name]} mantine-Table-${name}`;
const ROW = { className: part('tr'), 'data-with-row-border': true, 'data-hover': true } as const;

/**
 * A table wider than its frame scrolls inside it with the row's checkbox and first column held
 * in place, so a row is always known by its name.
 */
const CHECKBOX_WIDTH = 40;
const fixed = (left: number) =>
  ({ position: 'sticky', left, zIndex: 1, background: 'var(--mantine-color-body)' }) as const;

/** Rows of a list: a table from 768 px, cards below. Row selection drives the bulk actions. */
export function DataTable<Row extends { _id: string }>({
  rows: arrived,
  columns,
  loading,
  sort,
  onSort,
  rowHref,
  rowLabel,
  selected = NONE,
  onSelect,
}: Props<Row>) {
  // New rows are drawn in a render React may pause for input (a transition): on a slow phone a
  // page of cards is otherwise one long task that keeps the page from answering.
  const rows = useDeferredValue(arrived);
  // Read at the first render: otherwise a phone draws the table, then the cards.
  const phone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const ids = rows?.map((r) => r._id) ?? [];
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect?.(next);
  };
  if (!rows && (loading || arrived)) {
    return (
      <Stack gap="xs" p="md" aria-busy>
        {['a', 'b', 'c', 'd', 'e', 'f'].map((row) => (
          <Skeleton key={row} h={28} />
        ))}
      </Stack>
    );
  }
  if (phone) {
    const [first, ...rest] = columns;
    return (
      <Stack gap="xs" p="xs" style={{ opacity: loading ? 0.6 : 1 }}>
        {rows?.map((row) => (
          <Card key={row._id} withBorder padding="sm">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {onSelect && (
                <Checkbox
                  aria-label={`Select ${rowLabel(row)}`}
                  checked={selected.has(row._id)}
                  onChange={(e) => toggle(row._id, e.currentTarget.checked)}
                  mt={2}
                />
              )}
              <Link to={rowHref(row)} style={{ color: 'inherit', textDecoration: 'none', flex: 1, minWidth: 0 }}>
                <Text fw={600}>{first?.render(row)}</Text>
                {rest.slice(0, 3).map((c) => (
                  <Text key={c.key} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {c.label}: {c.render(row)}
                  </Text>
                ))}
              </Link>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableScrollContainer minWidth={640}>
      <table
        className={part('table')}
        style={{ '--table-vertical-spacing': 'var(--mantine-spacing-sm)', opacity: loading ? 0.6 : 1 } as CSSProperties}
      >
        <thead className={part('thead')}>
          <tr {...ROW}>
            {onSelect && (
              <th className={part('th')} style={{ ...fixed(0), width: rem(CHECKBOX_WIDTH) }}>
                <Checkbox
                  aria-label="Select all rows on this page"
                  checked={allSelected}
                  indeterminate={!allSelected && ids.some((id) => selected.has(id))}
                  onChange={(e) =>
                    onSelect(
                      e.currentTarget.checked
                        ? new Set([...selected, ...ids])
                        : new Set([...selected].filter((id) => !ids.includes(id))),
                    )
                  }
                />
              </th>
            )}
            {columns.map((column, i) => (
              <th
                key={column.key}
                className={part('th')}
                style={i === 0 ? fixed(onSelect ? CHECKBOX_WIDTH : 0) : undefined}
              >
                {column.sort ? (
                  <SortHeader label={column.label} sortKey={column.sort} sort={sort} onSort={onSort} />
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={part('tbody')}>
          {rows?.map((row) => (
            <tr key={row._id} {...ROW}>
              {onSelect && (
                <td className={part('td')} style={{ ...fixed(0), width: rem(CHECKBOX_WIDTH) }}>
                  <Checkbox
                    aria-label={`Select ${rowLabel(row)}`}
                    checked={selected.has(row._id)}
                    onChange={(e) => toggle(row._id, e.currentTarget.checked)}
                  />
                </td>
              )}
              {columns.map((column, i) => (
                <td
                  key={column.key}
                  className={part('td')}
                  style={i === 0 ? fixed(onSelect ? CHECKBOX_WIDTH : 0) : undefined}
                >
                  {i === 0 ? (
                    <Link to={rowHref(row)} style={{ color: 'inherit', fontWeight: 600 }}>
                      {column.render(row)}
                    </Link>
                  ) : (
                    column.render(row)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScrollContainer>
  );
}

import type { ListPage, RecordKind } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { useCan } from '../lib/permissions';
import { ScrollTable } from './scroll-table';

type Props<Row extends { _id: string; name: string }> = {
  kind: RecordKind;
  /** The list's filter that picks them (a customer's orders, a vendor's purchase orders…), and its id. */
  filter: string;
  id: string;
  /** The list's order: newest first by number unless said. */
  sort?: string;
  /** What shows when there are none. */
  empty: string;
  /** The columns after the first (each record's name, a link to it). */
  columns: { head: string; cell: (row: Row) => ReactNode }[];
  /** Where a new one is made, and the button's words. */
  create: { href: string; label: string };
  /** A line above the table, given the page read (a count and a sum). */
  summary?: (page: ListPage<Row>) => ReactNode;
};

/**
 * Another record's records of one kind (a customer's orders, a vendor's purchase orders), first
 * 100 of them, each linked, with a way to make one more: for holders of the kind's code only.
 */
export function RecordsOf<Row extends { _id: string; name: string }>(props: Props<Row>) {
  const { kind, filter, id } = props;
  const { can } = useCan();
  const allowed = can(kind.codes.modify);
  const records = useQuery({
    queryKey: ['list', kind.apiPath, filter, id],
    queryFn: () =>
      api<ListPage<Row>>('GET', kind.apiPath, undefined, {
        [`filter[${filter}]`]: [id],
        sort: props.sort ?? '-number',
        limit: 100,
      }),
    enabled: allowed,
  });
  if (!allowed)
    return (
      <Text size="sm" c="dimmed">
        {kind.labelPlural} need the {kind.plural} permission.
      </Text>
    );
  return (
    <Stack>
      <Group justify={props.summary ? 'space-between' : 'flex-end'}>
        {props.summary && <Text size="sm">{records.data ? props.summary(records.data) : ''}</Text>}
        <Button component={Link} to={props.create.href}>
          {props.create.label}
        </Button>
      </Group>
      <Card withBorder padding="sm">
        {!records.data ? (
          <Loader aria-label={`Loading the ${kind.plural}`} />
        ) : records.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {props.empty}
          </Text>
        ) : (
          <ScrollTable
            head={['Number', ...props.columns.map((c) => c.head)]}
            rows={records.data.items.map((row) => ({
              key: row._id,
              cells: [
                <Anchor key="n" component={Link} to={`${kind.webPath}/${row._id}`} size="sm">
                  {row.name}
                </Anchor>,
                ...props.columns.map((c) => c.cell(row)),
              ],
            }))}
          />
        )}
      </Card>
    </Stack>
  );
}

import { type CustomerRow, type Employee, type ListPage, P } from '@atelier/contracts';
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/list/data-table';
import type { Column } from '../../../components/list/types';
import { NoAccess } from '../../../components/no-access';
import { useRecord } from '../../../components/record/record-outlet';
import { api } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';

const COLUMNS: Column<CustomerRow>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (r) => r.name },
  { key: 'company', label: 'Account', render: (r) => r.company?.name ?? '' },
  { key: 'email', label: 'Email', sort: 'email', render: (r) => r.email },
  { key: 'phone', label: 'Phone', render: (r) => r.phone },
  { key: 'city', label: 'City', render: (r) => r.city },
];

/** The customers assigned to this employee (seeing customers needs 8), with the full list a click away. */
export default function EmployeeCustomersTab() {
  const { record } = useRecord<Employee>();
  const { can } = useCan();
  const [sort, setSort] = useState('name');
  const filter = `filter%5Bassigned%5D%5B%5D=${record._id}`;
  const customers = useQuery({
    queryKey: ['list', '/customers', 'assigned', record._id, sort],
    queryFn: () =>
      api<ListPage<CustomerRow>>('GET', '/customers', undefined, {
        'filter[assigned]': [record._id],
        sort,
        limit: 50,
      }),
    enabled: can(P.MODIFY_USERS),
  });
  if (!can(P.MODIFY_USERS)) return <NoAccess />;
  const page = customers.data;
  return (
    <Stack>
      {page && page.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No customers are assigned to {record.firstName}.
        </Text>
      ) : (
        <>
          <Text size="sm">
            {page ? `${page.total} customer${page.total === 1 ? '' : 's'} assigned to ${record.firstName}. ` : ''}
            <Anchor component={Link} to={`/u/customers?${filter}`}>
              Open them in Customers
            </Anchor>{' '}
            to search, filter, export or hand them to someone else.
          </Text>
          <Card withBorder padding={0}>
            <DataTable<CustomerRow>
              rows={page?.items}
              columns={COLUMNS}
              loading={customers.isPending}
              sort={sort}
              onSort={setSort}
              rowHref={(r) => `/u/customers/${r._id}`}
              rowLabel={(r) => r.name}
            />
          </Card>
        </>
      )}
    </Stack>
  );
}

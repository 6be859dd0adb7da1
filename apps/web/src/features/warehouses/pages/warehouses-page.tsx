import { P, WAREHOUSE_TEXTS } from '@atelier/contracts';
import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { QueryCard } from '../../../components/query-card';
import { useCan } from '../../../lib/permissions';
import { useWarehouses } from '../api';

export default function WarehousesPage() {
  const { can } = useCan();
  const navigate = useNavigate();
  const warehouses = useWarehouses();
  if (!can(P.MODIFY_WAREHOUSES)) return <NoAccess message={WAREHOUSE_TEXTS.permission} />;
  return (
    <Stack>
      <PageHeader
        title="Warehouses"
        description="Where your stock is kept. The default warehouse is used when none is chosen."
        actions={
          <Button component={Link} to="/s/warehouses/new">
            New warehouse
          </Button>
        }
      />
      <QueryCard
        query={warehouses}
        empty="No warehouses yet. Add the place where you keep stock."
        failed={WAREHOUSE_TEXTS.fetchFailed}
      >
        {(data) => (
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th visibleFrom="sm">Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((w) => (
                <Table.Tr key={w._id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/s/warehouses/${w._id}`)}>
                  <Table.Td>
                    <Link to={`/s/warehouses/${w._id}`} style={{ color: 'inherit', fontWeight: 500 }}>
                      {w.name}
                    </Link>{' '}
                    {w.isDefault && (
                      <Badge size="sm" variant="light">
                        Default
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c="dimmed">
                      {w.address ? [w.address.line1, w.address.city, w.address.region].filter(Boolean).join(', ') : '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryCard>
    </Stack>
  );
}

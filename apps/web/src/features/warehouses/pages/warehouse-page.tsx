import { P, WAREHOUSE_TEXTS } from '@atelier/contracts';
import { Anchor, Card, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api';
import { useCan } from '../../../lib/permissions';
import { toast, toastError, toastSuccess } from '../../../lib/toast';
import { useSaveWarehouse, useWarehouse } from '../api';
import { WarehouseForm } from '../components/warehouse-form';

/** /s/warehouses/{id}: edit one warehouse; /s/warehouses/new creates one. */
export default function WarehousePage() {
  const { id = 'new' } = useParams();
  const creating = id === 'new';
  const { can } = useCan();
  const navigate = useNavigate();
  const warehouse = useWarehouse(creating ? undefined : id);
  const save = useSaveWarehouse(creating ? undefined : id);
  const allowed = can(P.MODIFY_WAREHOUSES);

  useEffect(() => {
    // Spec section 5: blocked on the client without modify-warehouses, with this message.
    if (!allowed) toast({ type: 'error', message: WAREHOUSE_TEXTS.permission });
  }, [allowed]);
  useEffect(() => {
    if (warehouse.isError) toastError(WAREHOUSE_TEXTS.fetchFailed);
  }, [warehouse.isError]);

  if (!allowed) return <NoAccess message={WAREHOUSE_TEXTS.permission} />;
  return (
    <Stack maw={720}>
      <PageHeader
        title={creating ? 'New warehouse' : (warehouse.data?.name ?? 'Warehouse')}
        description={
          <Anchor component={Link} to="/s/warehouses" size="sm">
            All warehouses
          </Anchor>
        }
      />
      <Card withBorder padding="lg">
        {!creating && warehouse.isPending ? (
          <Loader />
        ) : !creating && warehouse.isError ? (
          <Text c="red">{WAREHOUSE_TEXTS.fetchFailed}</Text>
        ) : (
          <WarehouseForm
            warehouse={warehouse.data}
            submitLabel={creating ? 'Create warehouse' : 'Save'}
            onSubmit={async (input) => {
              try {
                const saved = await save.mutateAsync(creating ? input : { ...input, version: warehouse.data?.version });
                toastSuccess(creating ? WAREHOUSE_TEXTS.created : WAREHOUSE_TEXTS.updated);
                if (creating) navigate(`/s/warehouses/${saved._id}`, { replace: true });
              } catch (error) {
                // The server's message when it gave one; else the spec's own words for a failed create.
                const message = error instanceof ApiError ? error.message.trim() : '';
                toastError(
                  message || (creating ? WAREHOUSE_TEXTS.createFailed : 'Something went wrong. Please try again.'),
                );
                throw error;
              }
            }}
          />
        )}
      </Card>
    </Stack>
  );
}

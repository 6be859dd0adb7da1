import { KINDS, type Shipment, type ShipmentInput } from '@atelier/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const shipments = recordResource<Shipment, ShipmentInput>(KINDS.shipment);

export type ShipmentStep = 'mark-in-transit' | 'mark-exception' | 'mark-delivered' | 'receive';

/** A step of the shipment; receiving also changes purchase orders and stock, which are refetched. */
export function useShipmentStep(id: string) {
  const queryClient = useQueryClient();
  return shipments.useMutationOf(id, async (step: ShipmentStep) => {
    const done = await api<Shipment>('POST', `${shipments.path(id)}/${step}`, step === 'receive' ? {} : undefined);
    if (step === 'receive')
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
        queryClient.invalidateQueries({ queryKey: ['list', KINDS.purchase_order.apiPath] }),
      ]);
    return done;
  });
}

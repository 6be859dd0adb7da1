import {
  KINDS,
  type PurchaseOrder,
  type PurchaseOrderInput,
  type PurchaseReceiveInput,
  type StockItemChoice,
} from '@atelier/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const purchaseOrders = recordResource<PurchaseOrder, PurchaseOrderInput>(KINDS.purchase_order);

/** After a receipt or its reversal, stock views are stale too. */
function useStockRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['stock'] });
}

/** A step of the order: mark as sent (ordered by phone) or cancel what is still open. */
export function useOrderStep(id: string) {
  return purchaseOrders.useMutationOf(id, (step: 'mark-sent' | 'cancel') =>
    api<PurchaseOrder>('POST', `${purchaseOrders.path(id)}/${step}`),
  );
}

export function useReceive(id: string) {
  const refresh = useStockRefresh();
  return purchaseOrders.useMutationOf(id, async (input: PurchaseReceiveInput) => {
    const order = await api<PurchaseOrder>('POST', `${purchaseOrders.path(id)}/receive`, input);
    await refresh();
    return order;
  });
}

export function useReverseReceipt(id: string) {
  const refresh = useStockRefresh();
  return purchaseOrders.useMutationOf(id, async (receipt: string) => {
    const order = await api<PurchaseOrder>('POST', `${purchaseOrders.path(id)}/receipts/${receipt}/reverse`);
    await refresh();
    return order;
  });
}

/** Items to order, by name or SKU. */
export function useStockItems(q: string) {
  return useQuery({
    queryKey: ['stock', 'items', q],
    queryFn: () => api<StockItemChoice[]>('GET', '/stock/items', undefined, { q, limit: 20 }),
    placeholderData: keepPreviousData,
  });
}

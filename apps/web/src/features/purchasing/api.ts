import {
  KINDS,
  type LowStockOrderInput,
  type LowStockPage,
  type PurchaseOrder,
  type PurchaseOrderInput,
  type PurchaseReceiveInput,
  type StockItemChoice,
} from '@atelier/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Emails the order to its vendor as a PDF (201). */
export function useSendOrder(id: string) {
  return purchaseOrders.useMutationOf(id, () => api<PurchaseOrder>('POST', `${purchaseOrders.path(id)}/send`));
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

export function useLowStock(filter: { warehouse?: string | null; vendor?: string | null }) {
  return useQuery({
    queryKey: ['stock', 'low-stock', filter],
    queryFn: () =>
      api<LowStockPage>('GET', '/low-stock', undefined, {
        warehouse: filter.warehouse ?? undefined,
        vendor: filter.vendor ?? undefined,
        limit: 500,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOrderLowStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LowStockOrderInput) =>
      api<{ _id: string; number: string; vendor: { _id: string; name: string }; lines: number }[]>(
        'POST',
        '/low-stock/purchase-orders',
        input,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
        queryClient.invalidateQueries({ queryKey: ['list', purchaseOrders.collection] }),
      ]),
  });
}

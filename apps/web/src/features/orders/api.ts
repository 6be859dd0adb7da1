import {
  KINDS,
  type Order,
  type OrderFulfilInput,
  type OrderInput,
  type PurchaseSuggestions,
  type SpecialOrderPurchaseInput,
  type SpecialOrderPurchases,
} from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const orders = recordResource<Order, OrderInput>(KINDS.order);

/** After stock was held, let go or handed over, stock views are stale too. */
function useStockRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['stock'] });
}

/** A step of the order: confirm (stock is held), cancel (it is let go), close. */
export function useOrderStep(id: string) {
  const refresh = useStockRefresh();
  return orders.useMutationOf(id, async (step: { name: 'confirm' | 'cancel' | 'close'; reason?: string }) => {
    const order = await api<Order>(
      'POST',
      `${orders.path(id)}/${step.name}`,
      step.name === 'cancel' ? { reason: step.reason ?? '' } : undefined,
    );
    await refresh();
    return order;
  });
}

/** Hands over what is left (picked up or shipped): stock leaves the warehouse. */
export function useFulfil(id: string) {
  const refresh = useStockRefresh();
  return orders.useMutationOf(id, async (input: OrderFulfilInput) => {
    const order = await api<Order>('POST', `${orders.path(id)}/fulfil`, input);
    await refresh();
    return order;
  });
}

/** Emails the order to its customer as a PDF (its confirmation once confirmed). */
export function useSendOrder(id: string) {
  return orders.useMutationOf(id, () => api<Order>('POST', `${orders.path(id)}/send`));
}

/**
 * The order's special-order lines left to buy, by vendor, and those bought with their purchase
 * order. Kept with the order's other queries: confirming it asks again.
 */
export function usePurchaseSuggestions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...recordKeys.all(orders.path(id)), 'purchase-suggestions'],
    queryFn: () => api<PurchaseSuggestions>('GET', `${orders.path(id)}/purchase-suggestions`),
    enabled,
  });
}

/** Draft purchase orders, one per vendor, for the special-order lines left to buy. */
export function useBuySpecialOrders(id: string) {
  const queryClient = useQueryClient();
  return orders.useMutationOf(id, async (input: SpecialOrderPurchaseInput) => {
    const made = await api<SpecialOrderPurchases>('POST', `${orders.path(id)}/purchase-orders`, input);
    await queryClient.invalidateQueries({ queryKey: ['list', KINDS.purchase_order.apiPath] });
    return made;
  });
}

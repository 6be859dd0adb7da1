import {
  type ChangeOrder,
  type ChangeOrderApproveInput,
  type ChangeOrderInput,
  KINDS,
  type OrderRevision,
  recordApiPath,
} from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const changeOrders = recordResource<ChangeOrder, ChangeOrderInput>(KINDS.change_order);

/** After an approval the order, its stock and its revisions changed too. */
function useOrderRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all(recordApiPath(KINDS.order, orderId)) }),
      queryClient.invalidateQueries({ queryKey: ['order-revisions', orderId] }),
      queryClient.invalidateQueries({ queryKey: ['stock'] }),
      queryClient.invalidateQueries({ queryKey: ['list', KINDS.change_order.apiPath] }),
    ]);
}

/**
 * A step of the change order: sent by hand, declined (with why), approved as the customer did, or
 * the link sent to approve it online revoked.
 */
export function useChangeOrderStep(id: string, orderId: string) {
  const refresh = useOrderRefresh(orderId);
  return changeOrders.useMutationOf(
    id,
    async (
      step:
        | { name: 'mark-sent' }
        | { name: 'revoke' }
        | { name: 'decline'; reason: string }
        | { name: 'approve'; body: ChangeOrderApproveInput },
    ) => {
      const body = step.name === 'approve' ? step.body : step.name === 'decline' ? { reason: step.reason } : undefined;
      const done = await api<ChangeOrder>('POST', `${changeOrders.path(id)}/${step.name}`, body);
      await refresh();
      return done;
    },
  );
}

/** Emails the change order to the customer as a PDF with a link to approve it online; a draft becomes sent. */
export function useSendChangeOrder(id: string) {
  return changeOrders.useMutationOf(id, () => api<ChangeOrder>('POST', `${changeOrders.path(id)}/send`));
}

/** An order's revisions, newest first, with what changed in each. */
export function useOrderRevisions(orderId: string, enabled = true) {
  return useQuery({
    queryKey: ['order-revisions', orderId],
    queryFn: () => api<OrderRevision[]>('GET', `${KINDS.order.apiPath}/${orderId}/revisions`),
    enabled,
  });
}

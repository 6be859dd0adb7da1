import {
  KINDS,
  type ListPage,
  P,
  type Return,
  type ReturnableLine,
  type ReturnInput,
  type ReturnResolution,
  type ReturnRow,
  type returnApproveSchema,
  type returnReceiveSchema,
  type returnRejectSchema,
  type returnResolveSchema,
} from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';

export const returns = recordResource<Return, ReturnInput>(KINDS.return);

/** A return's steps and what each takes (the contracts' bodies). */
export type ReturnStep =
  | { name: 'approve'; body: z.input<typeof returnApproveSchema> }
  | { name: 'reject'; body: z.input<typeof returnRejectSchema> }
  | { name: 'receive'; body: z.input<typeof returnReceiveSchema> }
  | { name: 'resolve'; body: z.input<typeof returnResolveSchema> };

/**
 * A step of the return. Receiving restocks (stock views are stale), settling makes a credit memo
 * and maybe a refund (their lists are stale), and the order's returnable quantities change.
 */
export function useReturnStep(ret: Return) {
  const queryClient = useQueryClient();
  return returns.useMutationOf(ret._id, async (step: ReturnStep) => {
    const done = await api<Return>('POST', `${returns.path(ret._id)}/${step.name}`, step.body);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: returnableKey(ret.order._id) }),
      ...(step.name === 'receive' ? [queryClient.invalidateQueries({ queryKey: ['stock'] })] : []),
      ...(step.name === 'resolve'
        ? [
            queryClient.invalidateQueries({ queryKey: ['list', KINDS.credit_memo.apiPath] }),
            queryClient.invalidateQueries({ queryKey: ['list', KINDS.payment.apiPath] }),
          ]
        : []),
    ]);
    return done;
  });
}

const returnableKey = (orderId: string) => ['record', `${KINDS.order.apiPath}/${orderId}`, 'returnable'];

/** GET /orders/{id}/returnable: each delivered line of the order, and how much of it may still come back. */
export function useReturnable(orderId: string | null) {
  return useQuery({
    queryKey: returnableKey(orderId ?? ''),
    queryFn: () => api<{ items: ReturnableLine[] }>('GET', `${KINDS.order.apiPath}/${orderId}/returnable`),
    enabled: Boolean(orderId),
    select: (page) => page.items,
  });
}

/** An order's returns, newest first (its page's Returns card). */
export function useOrderReturns(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['list', KINDS.return.apiPath, 'order', orderId],
    queryFn: () =>
      api<ListPage<ReturnRow>>('GET', KINDS.return.apiPath, undefined, {
        'filter[order]': [orderId],
        sort: '-number',
        limit: 100,
      }),
    enabled,
  });
}

/** The firm's warehouses, for where a return (or a vendor's replacement) comes back into. */
/**
 * What this person may settle a return with: a credit memo needs the credit memos' code (67), a
 * refund the refunds' code (54) as well.
 */
export function useResolutions(): ReturnResolution[] {
  const { can } = useCan();
  if (!can(KINDS.credit_memo.codes.modify)) return [];
  return can(P.MODIFY_REFUNDS) ? ['credit_memo', 'refund'] : ['credit_memo'];
}

import {
  KINDS,
  type ListPage,
  type PurchaseOrder,
  recordApiPath,
  type VendorClaim,
  type VendorClaimInput,
  type VendorClaimRow,
  type vendorClaimCreditSchema,
  type vendorClaimRejectSchema,
  type vendorClaimReplaceSchema,
} from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const vendorClaims = recordResource<VendorClaim, VendorClaimInput>(KINDS.vendor_claim);

export type ClaimStep =
  | { name: 'credit'; body: z.input<typeof vendorClaimCreditSchema> }
  | { name: 'replace'; body: z.input<typeof vendorClaimReplaceSchema> }
  | { name: 'reject'; body: z.input<typeof vendorClaimRejectSchema> };

/**
 * A claim settled: credited (what the firm owes the vendor goes down: the vendor's credits and
 * bills are stale), replaced (stock arrived), or refused.
 */
export function useClaimStep(claim: VendorClaim) {
  const queryClient = useQueryClient();
  return vendorClaims.useMutationOf(claim._id, async (step: ClaimStep) => {
    const done = await api<VendorClaim>('POST', `${vendorClaims.path(claim._id)}/${step.name}`, step.body);
    await Promise.all([
      ...(step.name === 'replace' ? [queryClient.invalidateQueries({ queryKey: ['stock'] })] : []),
      ...(step.name === 'credit'
        ? [
            queryClient.invalidateQueries({ queryKey: ['list', KINDS.vendor_credit.apiPath] }),
            queryClient.invalidateQueries({ queryKey: recordKeys.all(recordApiPath(KINDS.vendor, claim.vendor._id)) }),
          ]
        : []),
    ]);
    return done;
  });
}

/** A purchase order as the claim form reads it: its lines and what arrived of each. */
export function usePurchaseOrder(id: string | null) {
  return useQuery({
    queryKey: [...recordKeys.all(recordApiPath(KINDS.purchase_order, id ?? '')), 'details'],
    queryFn: () => api<PurchaseOrder>('GET', recordApiPath(KINDS.purchase_order, id!)),
    enabled: Boolean(id),
  });
}

/** A vendor's or a purchase order's claims, newest first. */
export function useClaimsOf(filter: 'vendor' | 'purchase-order', id: string, enabled = true) {
  return useQuery({
    queryKey: ['list', KINDS.vendor_claim.apiPath, filter, id],
    queryFn: () =>
      api<ListPage<VendorClaimRow>>('GET', KINDS.vendor_claim.apiPath, undefined, {
        [`filter[${filter}]`]: [id],
        sort: '-number',
        limit: 100,
      }),
    enabled,
  });
}

/** Where a stored photo is served from (signed-in staff of the firm). */
export const fileHref = (id: string) => `/api/v1/files/${id}`;

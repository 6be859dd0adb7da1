import {
  KINDS,
  type LienWaiver,
  type LienWaiverDue,
  type LienWaiverInput,
  type LienWaiverRow,
  type ListPage,
  P,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { recordResource } from '../../components/record/resource';
import { api, toQueryString } from '../../lib/api';
import { useCan } from '../../lib/permissions';

export const lienWaivers = recordResource<LienWaiver, LienWaiverInput>(KINDS.lien_waiver);

/**
 * Under the kind's list key: creating, saving or deleting a waiver refreshes them (the record
 * pages invalidate `['list', '/lien-waivers']`), so a payment's "due" turns to "recorded".
 */
const listKey = ['list', KINDS.lien_waiver.apiPath] as const;

/** Whether this person works with lien waivers: the liens code, in a firm with the Mechanic liens module. */
export function useMayRecordWaivers(): boolean {
  const { can, hasFeature } = useCan();
  return can(P.MODIFY_MECHANIC_LIENS) && hasFeature(KINDS.lien_waiver.feature!);
}

/** A lien's waivers, given and received (GET /lien-waivers?filter[lien][]=). */
export function useWaiversOfLien(lien: string) {
  return useQuery({
    queryKey: [...listKey, 'of-lien', lien],
    queryFn: () =>
      api<ListPage<LienWaiverRow>>('GET', KINDS.lien_waiver.apiPath, undefined, {
        'filter[lien]': [lien],
        sort: '-created',
        limit: 50,
      }),
  });
}

/**
 * The waivers a payment now calls for, one per job it was put on whose lien is open. Keyed by
 * the payment's version: applying or taking its money off invoices asks again.
 */
export function useWaiversDue(payment: { _id: string; version: number }, enabled: boolean) {
  return useQuery({
    queryKey: [...listKey, 'due', payment._id, payment.version],
    queryFn: () => api<LienWaiverDue>('GET', `${KINDS.lien_waiver.apiPath}/due`, undefined, { payment: payment._id }),
    enabled,
  });
}

/** What a new waiver's page reads from its address to start with (`/a/lien-waivers/new?lien=…`). */
export type WaiverPrefill = {
  lien?: string;
  direction?: string;
  condition?: string;
  scope?: string;
  /** In cents. */
  amount?: number;
  through?: string;
  party?: string;
  payment?: string;
};

/** The new waiver page, filled in with what is known. */
export const newWaiverHref = (prefill: WaiverPrefill = {}) =>
  `${KINDS.lien_waiver.webPath}/new${toQueryString(prefill)}`;

/** Where the waiver's PDF is made, from the firm's template for its kind. */
export const waiverPdfHref = (id: string) => `/api/v1${lienWaivers.path(id)}/pdf`;

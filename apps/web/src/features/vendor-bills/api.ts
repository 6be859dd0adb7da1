import {
  type BillApplyInput,
  type BillableLine,
  type BillPayment,
  type BillPaymentInput,
  KINDS,
  LIST_PAGE_MAX,
  type ListPage,
  type MoneyAccount,
  OPEN_VENDOR_BILL_STATUSES,
  type PayablesAging,
  recordApiPath,
  type VendorBill,
  type VendorBillInput,
  type VendorBillRow,
  type VendorCredit,
  type VendorCreditInput,
} from '@atelier/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const vendorBills = recordResource<VendorBill, VendorBillInput>(KINDS.vendor_bill);
export const vendorCredits = recordResource<VendorCredit, VendorCreditInput>(KINDS.vendor_credit);
export const billPayments = recordResource<BillPayment, BillPaymentInput>(KINDS.bill_payment);

const PATHS: string[] = [vendorBills.collection, vendorCredits.collection, billPayments.collection];
const AGING = '/payables/aging';

/**
 * After money moved (a payment recorded, applied or deleted; a credit applied; a bill entered or
 * voided): bills, payments, credits and the aging on screen read again.
 */
export function useRefreshPayables() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey: [scope, path] }) =>
        typeof path === 'string' &&
        (path === AGING ||
          (scope === 'list' && PATHS.includes(path)) ||
          (scope === 'record' && PATHS.some((p) => path.startsWith(`${p}/`)))),
    });
}

/** A mutation that moves money: once done, payables on screen read again. */
function useMovingMoney<A, R>(mutation: { mutateAsync: (args: A) => Promise<R>; isPending: boolean }) {
  const refresh = useRefreshPayables();
  return {
    isPending: mutation.isPending,
    mutateAsync: async (args: A) => {
      const result = await mutation.mutateAsync(args);
      await refresh();
      return result;
    },
  };
}

/** Entered as owed (`enter`), or approved with its differences (`approve`, code 59). */
export function useBillStep(id: string) {
  return useMovingMoney(
    vendorBills.useMutationOf(id, (step: 'enter' | 'approve') =>
      api<VendorBill>('POST', `${vendorBills.path(id)}/${step}`),
    ),
  );
}

export function useVoidBill(id: string) {
  return useMovingMoney(
    vendorBills.useMutationOf(id, (reason: string) =>
      api<VendorBill>('POST', `${vendorBills.path(id)}/void`, { reason }),
    ),
  );
}

export function useVoidVendorCredit(id: string) {
  return useMovingMoney(
    vendorCredits.useMutationOf(id, (reason: string) =>
      api<VendorCredit>('POST', `${vendorCredits.path(id)}/void`, { reason }),
    ),
  );
}

/**
 * A payment to the vendor, sent with the key of the dialog it was entered in, so a repeat (a
 * double press, a retry) records one payment.
 */
export function useRecordBillPayment(billId: string) {
  return useMovingMoney(
    vendorBills.useMutationOf(billId, ({ input, key }: { input: BillPaymentInput; key: string }) =>
      api<BillPayment>('POST', billPayments.collection, input, undefined, { idempotencyKey: key }),
    ),
  );
}

/** More of a payment's or a credit's money put on the vendor's bills, or taken off one. */
export function useApplyToBills(kind: 'bill_payment' | 'vendor_credit', id: string) {
  const resource = kind === 'bill_payment' ? billPayments : vendorCredits;
  return useMovingMoney(
    resource.useMutationOf(id, (input: BillApplyInput) =>
      api<BillPayment | VendorCredit>('POST', `${resource.path(id)}/apply`, input),
    ),
  );
}
export function useUnapplyFromBill(kind: 'bill_payment' | 'vendor_credit', id: string) {
  const resource = kind === 'bill_payment' ? billPayments : vendorCredits;
  return useMovingMoney(
    resource.useMutationOf(id, (bill: string) =>
      api<BillPayment | VendorCredit>('POST', `${resource.path(id)}/unapply`, { bill }),
    ),
  );
}

/** The received lines of the vendor's orders, with what other bills billed of them (`bill`: the one edited). */
export function useBillableLines(vendor: string | null, bill?: string) {
  return useQuery({
    queryKey: ['list', vendorBills.collection, 'billable', vendor, bill ?? null],
    queryFn: () => api<BillableLine[]>('GET', `${vendorBills.collection}/billable`, undefined, { vendor, bill }),
    enabled: Boolean(vendor),
  });
}

/** Every open bill of the vendor (entered, not fully paid), the oldest due first. */
export function useOpenBills(vendor: string | null) {
  return useQuery({
    queryKey: ['list', vendorBills.collection, 'open', vendor],
    queryFn: async () => {
      const rows: VendorBillRow[] = [];
      let cursor: string | undefined;
      do {
        const page = await api<ListPage<VendorBillRow>>('GET', vendorBills.collection, undefined, {
          'filter[vendor]': [vendor!],
          'filter[state]': [...OPEN_VENDOR_BILL_STATUSES],
          sort: 'due',
          limit: LIST_PAGE_MAX,
          cursor,
        });
        rows.push(...page.items);
        cursor = page.next ?? undefined;
      } while (cursor);
      return rows;
    },
    enabled: Boolean(vendor),
  });
}

/** What the firm owes, by days past due: every vendor's, or one's (`vendor`). */
export function usePayablesAging(vendor?: string, enabled = true) {
  return useQuery({
    queryKey: ['aging', AGING, vendor ?? null],
    queryFn: () => api<PayablesAging>('GET', AGING, undefined, { vendor }),
    enabled,
  });
}

/** The firm's bank, card and cash accounts, to pay from. */
export function useMoneyAccounts() {
  return useQuery({
    queryKey: ['list', '/money-accounts'],
    queryFn: () => api<MoneyAccount[]>('GET', '/money-accounts'),
  });
}

/** A payment's or a credit's money taken off one bill (from either page): the bill owes it again. */
export function useUnapplyApplication() {
  const refresh = useRefreshPayables();
  return async (a: { sourceType: 'bill_payment' | 'vendor_credit'; source: string; bill: string }) => {
    const kind = a.sourceType === 'bill_payment' ? billPayments : vendorCredits;
    await api('POST', `${kind.path(a.source)}/unapply`, { bill: a.bill });
    await refresh();
  };
}

/**
 * The bills of a vendor money may go on: their open ones, and (an edit of a payment) those it
 * already pays, each able to take what it owes plus what that payment gives it now, since saving
 * rewrites where the payment's money goes. Oldest due first.
 */
export function usePayableBills(
  vendor: string | null,
  current: readonly { bill: { _id: string }; amountCents: number }[] = [],
) {
  const open = useOpenBills(vendor);
  const openIds = new Set((open.data ?? []).map((r) => r._id));
  const closed = useQueries({
    queries: (open.data ? current.filter((a) => !openIds.has(a.bill._id)) : []).map((a) => {
      const path = recordApiPath(KINDS.vendor_bill, a.bill._id);
      return { queryKey: [...recordKeys.all(path), 'details'], queryFn: () => api<VendorBill>('GET', path) };
    }),
  });
  const given = new Map(current.map((a) => [a.bill._id, a.amountCents]));
  const bills = [...(open.data ?? []), ...closed.flatMap((q) => (q.data && q.data.status !== 'void' ? [q.data] : []))]
    .map((b) => ({
      _id: b._id,
      name: b.name,
      dueDate: b.dueDate,
      availableCents: b.balanceCents + (given.get(b._id) ?? 0),
    }))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.name.localeCompare(b.name));
  return {
    bills,
    loading: Boolean(vendor) && (open.isPending || closed.some((q) => q.isPending)),
    error: open.error ?? closed.find((q) => q.error)?.error ?? null,
  };
}

import {
  type Invoice,
  type InvoiceRow,
  KINDS,
  LIST_PAGE_MAX,
  type ListPage,
  OPEN_INVOICE_STATUSES,
  recordApiPath,
} from '@atelier/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { recordKeys } from '../record/api';
import { type ApplicableInvoice, byAge } from './applied-money';

const INVOICES = KINDS.invoice.apiPath;

/** Every open invoice of the customer (sent or partly paid), page after page, the oldest due first. */
async function openInvoicesOf(customer: string): Promise<InvoiceRow[]> {
  const rows: InvoiceRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await api<ListPage<InvoiceRow>>('GET', INVOICES, undefined, {
      'filter[customer]': [customer],
      'filter[state]': [...OPEN_INVOICE_STATUSES],
      sort: 'due',
      limit: LIST_PAGE_MAX,
      cursor,
    });
    rows.push(...page.items);
    cursor = page.next ?? undefined;
  } while (cursor);
  return rows;
}

/**
 * The invoices of a customer money may go on: their open ones, and (an edit of a payment) those
 * it already pays, each able to take what it owes plus what that payment gives it now, since
 * saving rewrites where the payment's money goes. Oldest first.
 */
export function useApplicableInvoices(
  customer: string | null,
  current: readonly { invoice: { _id: string }; amountCents: number }[] = [],
) {
  const open = useQuery({
    // Under the invoices' list key: a change to invoices refreshes it.
    queryKey: ['list', INVOICES, 'open', customer],
    queryFn: () => openInvoicesOf(customer!),
    enabled: Boolean(customer),
  });
  const openIds = new Set((open.data ?? []).map((r) => r._id));
  // Those it pays in full are no longer open: read one by one (a payment pays a few).
  const closed = useQueries({
    queries: (open.data ? current.filter((a) => !openIds.has(a.invoice._id)) : []).map((a) => {
      const path = recordApiPath(KINDS.invoice, a.invoice._id);
      return {
        queryKey: [...recordKeys.all(path), 'details'],
        queryFn: () => api<Invoice>('GET', path),
      };
    }),
  });
  const given = new Map(current.map((a) => [a.invoice._id, a.amountCents]));
  const rows: ApplicableInvoice[] = [
    ...(open.data ?? []),
    ...closed.flatMap((q) => (q.data && q.data.status !== 'void' ? [q.data] : [])),
  ].map((i) => ({
    _id: i._id,
    name: i.name,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    availableCents: i.balanceCents + (given.get(i._id) ?? 0),
  }));
  const failed = open.error ?? closed.find((q) => q.error)?.error ?? null;
  return {
    invoices: rows.sort(byAge),
    loading: Boolean(customer) && (open.isPending || closed.some((q) => q.isPending)),
    error: failed,
  };
}

/**
 * After money moved (a payment saved, applied or deleted; a credit memo applied or refunded):
 * invoices' balances, payments and credit memos on screen read again.
 */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  const paths: string[] = [INVOICES, KINDS.payment.apiPath, KINDS.credit_memo.apiPath];
  return () =>
    queryClient.invalidateQueries({
      predicate: ({ queryKey: [scope, path] }) =>
        typeof path === 'string' &&
        ((scope === 'list' && paths.includes(path)) ||
          (scope === 'record' && paths.some((p) => path.startsWith(`${p}/`)))),
    });
}

/** A mutation that moves money: once done, invoices, payments and credit memos on screen read again. */
export function useMovingMoney<M extends { mutateAsync: (args: never) => Promise<unknown> }>(mutation: M): M {
  const refresh = useRefreshMoney();
  return {
    ...mutation,
    mutateAsync: async (args: Parameters<M['mutateAsync']>[0]) => {
      const result = await mutation.mutateAsync(args as never);
      await refresh();
      return result;
    },
  };
}

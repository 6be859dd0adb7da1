import {
  type Aging,
  type ApplyInput,
  type CreditMemoRow,
  type Invoice,
  type InvoiceInput,
  KINDS,
  type ListPage,
  type OrderBilling,
  type Payment,
  type PaymentInput,
  type PaymentRow,
  recordApiPath,
} from '@atelier/contracts';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const invoices = recordResource<Invoice, InvoiceInput>(KINDS.invoice);

/** Money sources: payments and credit memos, whose money goes on invoices. */
export type SourceType = Invoice['applications'][number]['sourceType'];
const SOURCE_KINDS = { payment: KINDS.payment, credit_memo: KINDS.credit_memo } as const;
export const sourceKind = (type: SourceType) => SOURCE_KINDS[type];

export const receivablesKeys = { aging: ['receivables', 'aging'] as const };
const orderBillingKey = (orderId: string) => [...recordKeys.all(recordApiPath(KINDS.order, orderId)), 'billing'];

/**
 * After money moved or an invoice was made or changed: the invoice, the lists, the aging, the
 * source it came from, and the order it bills are all stale.
 */
function useMoneyRefresh() {
  const queryClient = useQueryClient();
  return (invoice: { _id: string; order?: { _id: string } | null }, source?: { type: SourceType; id: string }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all(invoices.path(invoice._id)) }),
      queryClient.invalidateQueries({ queryKey: ['list', KINDS.invoice.apiPath] }),
      queryClient.invalidateQueries({ queryKey: ['list', KINDS.payment.apiPath] }),
      queryClient.invalidateQueries({ queryKey: ['list', KINDS.credit_memo.apiPath] }),
      queryClient.invalidateQueries({ queryKey: receivablesKeys.aging }),
      ...(source
        ? [
            queryClient.invalidateQueries({
              queryKey: recordKeys.all(recordApiPath(sourceKind(source.type), source.id)),
            }),
          ]
        : []),
      ...(invoice.order ? [queryClient.invalidateQueries({ queryKey: orderBillingKey(invoice.order._id) })] : []),
    ]);
}

/** A step of the invoice: issued without emailing it, or void (with why). */
export function useInvoiceStep(invoice: Invoice) {
  const refresh = useMoneyRefresh();
  return invoices.useMutationOf(invoice._id, async (step: { name: 'mark-sent' } | { name: 'void'; reason: string }) => {
    const done = await api<Invoice>(
      'POST',
      `${invoices.path(invoice._id)}/${step.name}`,
      step.name === 'void' ? { reason: step.reason } : undefined,
    );
    await refresh(invoice);
    return done;
  });
}

/** Emails the invoice to its customer as a PDF; a draft is issued by it. */
export function useSendInvoice(invoice: Invoice) {
  const refresh = useMoneyRefresh();
  return invoices.useMutationOf(invoice._id, async () => {
    const done = await api<Invoice>('POST', `${invoices.path(invoice._id)}/send`);
    await refresh(invoice);
    return done;
  });
}

/**
 * Money received for this invoice: a payment applied to it (what is more than its balance stays
 * the customer's credit). `idempotencyKey` is made once per dialog: sent twice, it pays once.
 */
export function useRecordPayment(invoice: Invoice) {
  const refresh = useMoneyRefresh();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: { input: PaymentInput; idempotencyKey: string }) => {
      const payment = await api<Payment>('POST', KINDS.payment.apiPath, input, undefined, { idempotencyKey });
      await refresh(invoice, { type: 'payment', id: payment._id });
      return payment;
    },
  });
}

/** More of a credit memo's (or an unapplied payment's) money put on this invoice. */
export function useApplyCredit(invoice: Invoice) {
  const refresh = useMoneyRefresh();
  return useMutation({
    mutationFn: async ({ type, id, input }: { type: SourceType; id: string; input: ApplyInput }) => {
      const done = await api<unknown>('POST', `${recordApiPath(sourceKind(type), id)}/apply`, input);
      await refresh(invoice, { type, id });
      return done;
    },
  });
}

/** Takes a payment's or credit memo's money off this invoice again: it owes it again. */
export function useUnapply(invoice: Invoice) {
  const refresh = useMoneyRefresh();
  return useMutation({
    mutationFn: async ({ type, id }: { type: SourceType; id: string }) => {
      const done = await api<unknown>('POST', `${recordApiPath(sourceKind(type), id)}/unapply`, {
        invoice: invoice._id,
      });
      await refresh(invoice, { type, id });
      return done;
    },
  });
}

/** What the customer has to put on invoices: credit memos with money left, payments not all applied. */
export function useCustomerCredit(customerId: string, which: { memos: boolean; payments: boolean }) {
  const memos = useQuery({
    queryKey: ['list', KINDS.credit_memo.apiPath, 'open-of', customerId],
    queryFn: () =>
      api<ListPage<CreditMemoRow>>('GET', KINDS.credit_memo.apiPath, undefined, {
        'filter[customer]': [customerId],
        limit: 100,
      }),
    enabled: which.memos,
    select: (page) => page.items.filter((m) => m.status === 'open' && m.remainingCents > 0),
  });
  const payments = useQuery({
    queryKey: ['list', KINDS.payment.apiPath, 'unapplied-of', customerId],
    queryFn: () =>
      api<ListPage<PaymentRow>>('GET', KINDS.payment.apiPath, undefined, {
        'filter[customer]': [customerId],
        'filter[unapplied]': ['true'],
        limit: 100,
      }),
    enabled: which.payments,
    select: (page) => page.items.filter((p) => p.unappliedCents > 0),
  });
  return { memos, payments };
}

/** GET /receivables/aging: what customers owe, by days past due. */
export function useAging() {
  return useQuery({ queryKey: receivablesKeys.aging, queryFn: () => api<Aging>('GET', '/receivables/aging') });
}

/** GET /orders/{id}/billing: what the order comes to and what has been invoiced of it. */
export function useOrderBilling(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderBillingKey(orderId),
    queryFn: () => api<OrderBilling>('GET', `${recordApiPath(KINDS.order, orderId)}/billing`),
    enabled,
  });
}

/** The order's invoices in full (their lines), for working out the next progress invoice as the server will. */
export function useInvoicesOf(ids: string[], enabled: boolean) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: [...invoices.detailsKey(id)],
      queryFn: () => api<Invoice>('GET', invoices.path(id)),
      enabled,
    })),
    combine: (results) => ({
      data: results.every((r) => r.data) ? results.map((r) => r.data!) : undefined,
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}

/** An invoice of an order (its deposit, progress, lines or retention): made, then the order's billing read again. */
export function useBillOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InvoiceInput) => {
      const made = await invoices.create({ ...input, order: orderId });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderBillingKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: ['list', KINDS.invoice.apiPath] }),
        queryClient.invalidateQueries({ queryKey: receivablesKeys.aging }),
      ]);
      return made;
    },
  });
}

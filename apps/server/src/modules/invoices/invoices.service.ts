import {
  calendarAddDays,
  type Invoice,
  type InvoiceRow,
  type InvoiceStatus,
  invoiceInputSchema,
  invoiceVoidSchema,
  KINDS,
  percentE2Of,
} from '@atelier/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { firmToday, firmTodaySql } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern, yesNo } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { companies } from '../companies';
import { customers } from '../customers';
import {
  checkDocumentJob,
  customerAddress,
  documentCustomer,
  linesJsonSql,
  priceLines,
  writeLines,
} from '../documents';
import { expenseLines } from '../expenses';
import { customerJobs } from '../jobs';
import { orderNumber, orders } from '../orders';
import { priceBookFor } from '../wholesale';
import { invoiceLines, invoices } from './invoices.table';
import { type BilledLine, billOrder, lockedOrder, type OrderBill } from './order-billing';
import { recurringInvoices } from './recurring.table';

type Input = z.output<typeof invoiceInputSchema>;
type Row = typeof invoices.$inferSelect;

export const invoiceNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${invoices.prefix} || ${invoices.number})`;
const customerRef = refColumn(invoices.customerId, customers, customers.name);
const companyRef = refColumn(invoices.companyId, companies, companies.name);
const jobRef = refColumn(invoices.customerJobId, customerJobs, customerJobs.name);
const orderRef = sql`(SELECT json_build_object('_id', o.id, 'name', o.prefix || o.number) FROM ${orders} o
  WHERE o.id = ${qualified(invoices.orderId)})`;
export const INVOICE_LINES = { table: invoiceLines, parent: invoiceLines.invoiceId, parentKey: 'invoiceId' };

/** Owed and past its due date: read, never stored. */
const overdueSql = sql<boolean>`(${invoices.status} IN ('sent', 'partially_paid') AND ${invoices.dueDate} < ${firmTodaySql(
  qualified(invoices.firmId),
)})`;

/**
 * The lines an input's invoice writes, worked out by `columns` and written by `afterWrite`, with
 * the billable expense each bills (none for most).
 */
const computed = new WeakMap<Input, { lines: BilledLine[] | null; expenseIds?: (string | null)[] }>();

/**
 * Whether an edit of an order's draft asks for what it already bills: the same billing, and for
 * the rest either the same figures or none given (left out on an edit: as billed). Then only its
 * dates, job and notes change; otherwise it is worked out again from the order as it is now.
 */
async function keepsItsBilling(db: Executor, input: Input, before: Row): Promise<boolean> {
  if (input.billing !== before.billing) return false;
  if (input.percent !== null && percentE2Of(input.percent) !== before.percentE2) return false;
  if (input.retentionPercent !== null && percentE2Of(input.retentionPercent) !== before.retentionE2) return false;
  if (input.deposit)
    return input.deposit.kind === 'percent'
      ? percentE2Of(input.deposit.percent) === before.depositE2
      : input.deposit.cents === before.totalCents;
  if (input.orderLines) {
    const billed = await db
      .select({ id: invoiceLines.orderLineId })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, before.id));
    const ids = new Set(billed.map((l) => l.id));
    return ids.size === input.orderLines.length && input.orderLines.every((id) => ids.has(id));
  }
  return true;
}

/** The lines and money of an invoice of an order, or of its own lines. */
async function contentOf(db: Executor, actor: Actor, input: Input, before: Row | null) {
  if (input.order) {
    const order = await lockedOrder(db, input.order, input.billing);
    if (input.customer && input.customer !== order.customerId)
      throw badRequest('The invoice of an order is for the order’s customer.', {
        customer: 'The invoice of an order is for the order’s customer.',
      });
    const bill: OrderBill = await billOrder(db, actor.firmId, order, input, before?.id ?? null);
    const customer = await documentCustomer(db, order.customerId);
    return {
      customer,
      order,
      bill,
      terms: order.paymentTermsDays || null,
      taxExempt: order.taxExempt,
      jobId: input.customerJob ?? order.customerJobId,
      expenseIds: null,
    };
  }
  const customer = await documentCustomer(db, input.customer!);
  if (before) await keepExpenseLines(db, before.id, input);
  // The customer's billable expenses it bills: a line each after its own (decision 0045).
  const billed = await expenseLines(db, customer.id, input.expenses, before?.id ?? null);
  const priced = await priceLines(db, actor.firmId, [...input.lines, ...billed.map((b) => b.line)], {
    shipTo: customerAddress(customer.addresses),
    taxExempt: customer.taxExempt,
    discount: null,
    shippingCents: 0,
    ...(await priceBookFor(db, actor, customer.companyId)),
  });
  const bill: OrderBill = {
    lines: priced.lines.map((line) => ({ line, orderLineId: null })),
    shippingCents: 0,
    depositE2: null,
    percentE2: null,
    workCents: 0,
    retentionE2: 0,
    retentionCents: 0,
    depositRecoveredCents: 0,
  };
  return {
    customer,
    order: null,
    bill,
    terms: customer.terms,
    taxExempt: customer.taxExempt,
    // Billing the expenses of one job, the invoice is that job's unless said (its revenue).
    jobId: input.customerJob ?? (new Set(billed.map((b) => b.jobId)).size === 1 ? billed[0]!.jobId : null),
    expenseIds: priced.lines.map((_, i) => billed[i - input.lines.length]?.expenseId ?? null),
  };
}

/**
 * A line that bills an expense is kept through `expenses`, not as a line of its own: naming it
 * among the lines would bill the expense's money twice.
 */
async function keepExpenseLines(db: Executor, invoiceId: string, input: Input) {
  const named = input.lines.flatMap((l, i) => (l.id ? [{ id: l.id, i }] : []));
  if (!named.length) return;
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT id FROM ${invoiceLines} WHERE invoice_id = ${invoiceId} AND expense_id IS NOT NULL
       AND id = ANY(${sql.param(named.map((n) => n.id))}::uuid[])`);
  const billing = new Set(rows.map((r) => r.id));
  const errors = Object.fromEntries(
    named
      .filter((n) => billing.has(n.id))
      .map((n) => [`lines.${n.i}.id`, 'This line bills an expense: keep the expense among the expenses instead.']),
  );
  if (Object.keys(errors).length) throw badRequest('A line that bills an expense is kept with the expenses.', errors);
}

/**
 * Invoices: numbered per firm, for a customer, of an order (its lines, a deposit, progress, the
 * retention) or of their own lines. A draft is edited (and worked out again); sending issues it;
 * payments and credit memos then pay it; a void one keeps its number. Decision 0043.
 */
export const invoiceType = defineRecordType<typeof invoices, typeof invoiceInputSchema, Invoice, InvoiceRow>({
  kind: KINDS.invoice,
  table: invoices,
  input: invoiceInputSchema,
  title: (row) => invoiceNumber(row),
  search: {
    title: numberText,
    subtitle: sql<string>`concat_ws(' · ', (SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(invoices.customerId)}),
      initcap(replace(${invoices.status}, '_', ' ')))`,
    text: invoices.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before && before.status !== 'draft')
      throw conflict(
        `${invoiceNumber(before)} is ${before.status.replace('_', ' ')}: only a draft changes. Void it and make a new one, or issue a credit memo.`,
      );
    if (before && (input.order ?? null) !== before.orderId)
      throw badRequest('An invoice keeps the order it bills: make a new invoice instead.', {
        order: 'An invoice keeps the order it bills.',
      });
    if (before?.orderId && (await keepsItsBilling(db, input, before))) {
      // Only its dates, job and notes change: what it bills stays as worked out.
      await checkDocumentJob(db, input.customerJob ?? before.customerJobId, before.customerId);
      computed.set(input, { lines: null });
      const issueDate = input.issueDate ?? before.issueDate;
      const dueDate = input.dueDate ?? calendarAddDays(issueDate, before.paymentTermsDays);
      if (dueDate < issueDate)
        throw badRequest('The due date is on or after the issue date.', {
          dueDate: 'The due date is on or after the issue date.',
        });
      return { issueDate, dueDate, notes: input.notes, customerJobId: input.customerJob ?? before.customerJobId };
    }
    const content = await contentOf(db, actor, input, before);
    const { customer, bill } = content;
    await checkDocumentJob(db, content.jobId, customer.id);
    computed.set(input, { lines: bill.lines, expenseIds: content.expenseIds ?? undefined });
    const settings = await getSettingsGroup(db, actor.firmId, 'invoiceSettings');
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : { prefix: settings.prefix, number: await nextNumber(db, actor.firmId, 'invoice') };
    const issueDate = input.issueDate ?? before?.issueDate ?? (await firmToday(db, actor.firmId));
    const terms = content.terms ?? settings.paymentTermsDays;
    const dueDate = input.dueDate ?? calendarAddDays(issueDate, terms);
    if (dueDate < issueDate)
      throw badRequest('The due date is on or after the issue date.', {
        dueDate: 'The due date is on or after the issue date.',
      });
    const sum = (of: (l: BilledLine['line']) => number) => bill.lines.reduce((s, l) => s + of(l.line), 0);
    const totalCents = sum((l) => l.totalCents) + bill.shippingCents - bill.retentionCents - bill.depositRecoveredCents;
    return {
      ...numbered,
      billing: input.billing,
      customerId: customer.id,
      companyId: customer.companyId,
      customerJobId: content.jobId,
      orderId: content.order?.id ?? null,
      issueDate,
      dueDate,
      paymentTermsDays: terms,
      notes: input.notes,
      taxExempt: content.taxExempt,
      depositE2: bill.depositE2,
      percentE2: bill.percentE2,
      workCents: bill.workCents,
      retentionE2: bill.retentionE2,
      retentionCents: bill.retentionCents,
      depositRecoveredCents: bill.depositRecoveredCents,
      shippingCents: bill.shippingCents,
      subtotalCents: sum((l) => l.subtotalCents),
      lineDiscountCents: sum((l) => l.lineDiscountCents),
      orderDiscountCents: sum((l) => l.orderDiscountCents + l.couponCents),
      discountCents: sum((l) => l.lineDiscountCents + l.orderDiscountCents + l.couponCents),
      taxCents: sum((l) => l.taxCents),
      totalCents,
      lineCount: bill.lines.length,
      searchText: buildSearchText([
        invoiceNumber(numbered),
        customer.name,
        customer.companyName ?? '',
        content.order ? orderNumber(content.order) : '',
        input.notes,
        ...bill.lines.map((l) => l.line.sku),
      ]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    const { lines, expenseIds } = computed.get(input)!;
    if (!lines) return;
    // An invoice of an order is worked out whole each time: its lines are written anew.
    if (before && row.orderId) await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, row.id));
    await writeLines(
      db,
      INVOICE_LINES,
      row.firmId,
      row.id,
      lines.map((l) => l.line),
      before !== null && !row.orderId,
      (_line, i) => ({ orderLineId: lines[i]!.orderLineId, expenseId: expenseIds?.[i] ?? null }),
    );
  },
  refuseDelete: (row) =>
    row.status === 'draft'
      ? null
      : `${invoiceNumber(row)} was issued: a sent invoice is never deleted. Void it instead.`,
  audited: (r) => ({
    number: invoiceNumber(r),
    status: r.status,
    billing: r.billing,
    customer: r.customerId,
    customerJob: r.customerJobId,
    order: r.orderId,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    notes: r.notes,
    percent: r.percentE2 === null ? null : r.percentE2 / 100,
    retentionCents: r.retentionCents,
    depositRecoveredCents: r.depositRecoveredCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    paidCents: r.paidCents,
    creditedCents: r.creditedCents,
    lineCount: r.lineCount,
    voidReason: r.voidReason,
  }),
  names: {
    customer: { table: customers, id: customers.id, name: customers.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
    order: { table: orders, id: orders.id, name: sql<string>`${orders.prefix} || ${orders.number}` as never },
  },
  extra: {
    customer: customerRef,
    company: companyRef,
    customerJob: jobRef,
    order: orderRef,
    overdue: overdueSql,
    recurringInvoice: sql`(SELECT json_build_object('_id', r.id, 'name', r.name) FROM ${recurringInvoices} r
      WHERE r.id = ${qualified(invoices.recurringInvoiceId)})`,
    lines: linesJsonSql(
      INVOICE_LINES,
      qualified(invoices.id),
      sql`'orderLine', l.order_line_id, 'expense', l.expense_id`,
    ),
    // constant SQL names: invoice_applications, payments and credit_memos are the payments module's tables.
    applications: sql`COALESCE((SELECT json_agg(json_build_object(
        '_id', a.id,
        'source', CASE WHEN a.payment_id IS NOT NULL
          THEN json_build_object('_id', p.id, 'name', 'Payment ' || p.number)
          ELSE json_build_object('_id', m.id, 'name', m.prefix || m.number) END,
        'sourceType', CASE WHEN a.payment_id IS NOT NULL THEN 'payment' ELSE 'credit_memo' END,
        'invoice', json_build_object('_id', ${qualified(invoices.id)}, 'name', ${qualified(invoices.prefix)} || ${qualified(invoices.number)}),
        'amountCents', a.amount_cents,
        'date', COALESCE(p.received_on, m.issue_date)) ORDER BY a.created_at)
      FROM invoice_applications a
      LEFT JOIN payments p ON p.id = a.payment_id
      LEFT JOIN credit_memos m ON m.id = a.credit_memo_id
      WHERE a.invoice_id = ${qualified(invoices.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    number: invoiceNumber(r),
    name: invoiceNumber(r),
    status: r.status,
    billing: r.billing,
    customer: extra.customer as Invoice['customer'],
    company: extra.company as Invoice['company'],
    customerJob: extra.customerJob as Invoice['customerJob'],
    order: extra.order as Invoice['order'],
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    paymentTermsDays: r.paymentTermsDays,
    notes: r.notes,
    taxExempt: r.taxExempt,
    lines: extra.lines as Invoice['lines'],
    subtotalCents: r.subtotalCents,
    discountCents: r.discountCents,
    taxCents: r.taxCents,
    shippingCents: r.shippingCents,
    percent: r.percentE2 === null ? null : r.percentE2 / 100,
    workCents: r.workCents,
    retentionPercent: r.retentionE2 / 100,
    retentionCents: r.retentionCents,
    depositRecoveredCents: r.depositRecoveredCents,
    totalCents: r.totalCents,
    paidCents: r.paidCents,
    creditedCents: r.creditedCents,
    balanceCents: r.balanceCents,
    overdue: extra.overdue as boolean,
    applications: extra.applications as Invoice['applications'],
    sentAt: r.sentAt?.toISOString() ?? null,
    voidedAt: r.voidedAt?.toISOString() ?? null,
    voidReason: r.voidReason,
    recurringInvoice: extra.recurringInvoice as Invoice['recurringInvoice'],
  }),
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      customer: customerRef,
      company: companyRef,
      customerJob: jobRef,
      order: orderRef,
      overdue: overdueSql,
    },
    defaultSort: '-number',
    filters: {
      customer: idsIn(invoices.customerId, 'customer'),
      account: idsIn(invoices.companyId, 'account'),
      job: idsIn(invoices.customerJobId, 'job', true),
      order: idsIn(invoices.orderId, 'order'),
      // Owed and past due, or not.
      overdue: yesNo(overdueSql, 'overdue'),
    },
    search: (q) => sql`${invoices.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    // Issued without emailing (handed over, posted): it is owed from now.
    'mark-sent': {
      refuse: (row) => (row.status === 'draft' ? null : `${invoiceNumber(row)} was already issued.`),
      set: () => ({ status: 'sent' as InvoiceStatus, sentAt: new Date() }),
    },
    void: {
      body: invoiceVoidSchema,
      refuse: (row) =>
        row.status === 'void'
          ? `${invoiceNumber(row)} is already void.`
          : row.paidCents + row.creditedCents > 0
            ? `${invoiceNumber(row)} has payments or credits applied: unapply them first, then void it.`
            : null,
      set: (_row, body) => ({
        status: 'void' as InvoiceStatus,
        voidedAt: new Date(),
        voidReason: (body as z.output<typeof invoiceVoidSchema>).reason,
      }),
      // The expenses it billed are billable again, on the customer's next invoice (decision 0045).
      effects: async (db, _actor, row) => {
        const freed = await db
          .update(invoiceLines)
          .set({ expenseId: null })
          .where(and(eq(invoiceLines.invoiceId, row.id), isNotNull(invoiceLines.expenseId)))
          .returning({ id: invoiceLines.id });
        return freed.length ? { expensesFreed: freed.length } : {};
      },
    },
  },
});

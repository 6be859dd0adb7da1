import { hasCode, KINDS, P, type Payment, type PaymentRow, paymentInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { announce } from '../../platform/events/events';
import { badRequest, forbidden } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern, yesNo } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { companies } from '../companies';
import { customers } from '../customers';
import { documentCustomer } from '../documents';
import { applyMoney, type Source, unapplyMoney } from './applications';
import { creditMemos, payments } from './payments.table';

type Row = typeof payments.$inferSelect;

export const paymentName = (row: { number: number; amountCents: number }) =>
  `${row.amountCents < 0 ? 'Refund' : 'Payment'} ${row.number}`;
const nameText = sql<string>`(CASE WHEN ${payments.amountCents} < 0 THEN 'Refund ' ELSE 'Payment ' END || ${payments.number})`;
const customerRef = refColumn(payments.customerId, customers, customers.name);
const companyRef = refColumn(payments.companyId, companies, companies.name);
const refundRef = sql`(SELECT json_build_object('_id', m.id, 'name', m.prefix || m.number) FROM ${creditMemos} m
  WHERE m.id = ${qualified(payments.creditMemoId)})`;
export const paymentSource = (row: Row): Source => ({ type: 'payment', id: row.id, customerId: row.customerId });

/** A refund's credit memo gives `cents` (negative: takes them back), never beyond what it has left. */
async function refundFrom(db: Executor, creditMemoId: string, customerId: string, cents: number) {
  const [memo] = (
    await db.execute<{ id: string; name: string; customer_id: string; status: string; left: string }>(sql`
      SELECT id, prefix || number AS name, customer_id, status, (amount_cents - applied_cents - refunded_cents)::text AS left
        FROM ${creditMemos} WHERE id = ${creditMemoId} FOR UPDATE`)
  ).rows;
  if (!memo) throw badRequest('Choose a credit memo from the list.', { refund: 'Choose a credit memo from the list.' });
  if (cents > 0) {
    if (memo.customer_id !== customerId)
      throw badRequest(`${memo.name} is another customer’s.`, { refund: `${memo.name} is another customer’s.` });
    if (memo.status === 'void') throw badRequest(`${memo.name} is void.`, { refund: `${memo.name} is void.` });
    if (cents > Number(memo.left))
      throw badRequest(`${memo.name} has ${(Number(memo.left) / 100).toFixed(2)} left to refund.`, {
        amountCents: `At most ${(Number(memo.left) / 100).toFixed(2)}: what ${memo.name} has left.`,
      });
  }
  await db.execute(sql`
    UPDATE ${creditMemos} SET refunded_cents = refunded_cents + ${cents},
           status = CASE WHEN amount_cents - applied_cents - refunded_cents - ${cents} = 0 THEN 'applied' ELSE 'open' END
     WHERE id = ${creditMemoId}`);
}

/** What a payment's money did before an edit or a delete is undone: off its invoices, back to its credit memo. */
async function undo(db: Executor, row: Row) {
  await unapplyMoney(db, paymentSource(row), null, { keepSource: true });
  if (row.creditMemoId) await refundFrom(db, row.creditMemoId, row.customerId, row.amountCents);
}

/**
 * Payments: money received from a customer and put on their invoices (what is not is their
 * credit), or paid back to them against a credit memo (a refund, kept negative). An edit
 * rewrites where the money went; a delete takes it off every invoice first. Decision 0043.
 */
export const paymentType = defineRecordType<typeof payments, typeof paymentInputSchema, Payment, PaymentRow>({
  kind: KINDS.payment,
  table: payments,
  input: paymentInputSchema,
  title: (row) => paymentName(row),
  search: {
    title: nameText,
    subtitle: sql<string>`concat_ws(' · ', (SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(payments.customerId)}),
      to_char(${payments.amountCents} / 100.0, 'FM999,999,999,990.00'), ${payments.reference})`,
    text: payments.searchText,
    // Money paid back is found in search as a Refund (spec section 7's category).
    filedAs: { type: 'refund', when: sql<boolean>`${payments.amountCents} < 0` },
  },
  columns: async (db, actor, input, before) => {
    // Putting money on invoices is keeping invoices (60), as /apply is.
    if (input.applications.length && !hasCode(actor.codes, KINDS.invoice.codes.modify))
      throw forbidden(
        'You do not have permission to apply payments to invoices: record it as credit, or ask for the invoices permission.',
      );
    // Paying money back is refunding (54), on top of keeping payments.
    if ((input.refund || before?.creditMemoId) && !hasCode(actor.codes, P.MODIFY_REFUNDS))
      throw forbidden('You do not have permission to refund customers.');
    const customer = await documentCustomer(db, input.customer);
    const number = before?.number ?? (await nextNumber(db, actor.firmId, 'payment'));
    const amountCents = input.refund ? -input.amountCents : input.amountCents;
    return {
      number,
      customerId: customer.id,
      companyId: customer.companyId,
      method: input.method,
      amountCents,
      receivedOn: input.receivedOn ?? before?.receivedOn ?? (await firmToday(db, actor.firmId)),
      reference: input.reference,
      notes: input.notes,
      creditMemoId: input.refund,
      // Where the money goes is written anew by afterWrite.
      appliedCents: 0,
      searchText: buildSearchText([
        paymentName({ number, amountCents }),
        customer.name,
        customer.companyName ?? '',
        input.reference,
        input.notes,
      ]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (before) await undo(db, before);
    if (!input) return;
    if (row.creditMemoId) await refundFrom(db, row.creditMemoId, row.customerId, -row.amountCents);
    await applyMoney(db, paymentSource(row), input.applications);
  },
  // Whoever acts on money put on a job's invoices (a lien's waiver) hears of it.
  afterCreate: async (db, actor, id, input) => {
    if (input.applications.length) await announce(db, actor, 'payment.applied', { paymentId: id });
  },
  beforeDelete: (db, _actor, row) => undo(db, row),
  // Taking a refund back is deleting refunds (55), on top of deleting payments.
  mayChange: async (_db, actor, row, action) => {
    if (row.amountCents < 0 && action === 'delete' && !hasCode(actor.codes, P.DELETE_REFUNDS))
      throw forbidden('You do not have permission to delete refunds.');
  },
  audited: (r) => ({
    name: paymentName(r),
    customer: r.customerId,
    method: r.method,
    amountCents: r.amountCents,
    receivedOn: r.receivedOn,
    reference: r.reference,
    notes: r.notes,
    refund: r.creditMemoId,
    appliedCents: r.appliedCents,
  }),
  names: {
    customer: { table: customers, id: customers.id, name: customers.name },
  },
  extra: {
    customer: customerRef,
    company: companyRef,
    refund: refundRef,
    // constant SQL names: invoice_applications and invoices are tables of ours.
    applications: sql`COALESCE((SELECT json_agg(json_build_object(
        '_id', a.id,
        'source', json_build_object('_id', ${qualified(payments.id)}, 'name', 'Payment ' || ${qualified(payments.number)}),
        'sourceType', 'payment',
        'invoice', json_build_object('_id', i.id, 'name', i.prefix || i.number),
        'amountCents', a.amount_cents,
        'date', ${qualified(payments.receivedOn)}) ORDER BY i.number)
      FROM invoice_applications a JOIN invoices i ON i.id = a.invoice_id
      WHERE a.payment_id = ${qualified(payments.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    number: r.number,
    name: paymentName(r),
    customer: extra.customer as Payment['customer'],
    company: extra.company as Payment['company'],
    method: r.method,
    amountCents: r.amountCents,
    receivedOn: r.receivedOn,
    reference: r.reference,
    notes: r.notes,
    refund: extra.refund as Payment['refund'],
    appliedCents: r.appliedCents,
    unappliedCents: r.amountCents > 0 ? r.amountCents - r.appliedCents : 0,
    applications: extra.applications as Payment['applications'],
  }),
  list: {
    rowFields: {
      number: payments.number,
      name: nameText,
      customer: customerRef,
      company: companyRef,
      // Not a declared column, but the row's schema has it.
      appliedCents: payments.appliedCents,
      unappliedCents: sql<number>`(CASE WHEN ${payments.amountCents} > 0 THEN ${payments.amountCents} - ${payments.appliedCents} ELSE 0 END)::float8`,
    },
    defaultSort: '-received',
    filters: {
      customer: idsIn(payments.customerId, 'customer'),
      account: idsIn(payments.companyId, 'account'),
      // Money not yet all on invoices, or all on them.
      unapplied: yesNo(sql`${payments.amountCents} > ${payments.appliedCents}`, 'unapplied'),
    },
    search: (q) => sql`${payments.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
});

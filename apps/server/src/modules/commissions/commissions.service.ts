import type {
  Commission,
  CommissionPage,
  CommissionPayoutResult,
  commissionListQuerySchema,
  commissionPayoutSchema,
} from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { firmToday, firmTodaySql } from '../../platform/identity/firm-clock';
import { buildSearchText } from '../../platform/lists/list';
import { ambassadors } from '../ambassadors';
import { customers } from '../customers';
import { checkMoneyAccount, expenses, expenseType } from '../expenses';
import { invoices } from '../invoices';
import { orders } from '../orders';
import { commissions } from './commissions.table';

/**
 * Keeps commissions in step with invoices whose money moved (the invoices module's settlement
 * listener, decision 0045), in the transaction that moved it, the invoices locked. A paid invoice
 * of a referred customer earns its ambassador's commission once (the unique invoice key: a
 * repeat does nothing): the ambassador on its order, else the one who referred the customer, at
 * their rate then, on what it bills before tax, rounded half up. An invoice no longer paid loses
 * its commission while it is owed; one already paid out stays.
 */
export async function settleCommissions(db: Executor, invoiceIds: readonly string[]): Promise<void> {
  const ids = sql`${sql.param([...invoiceIds])}::uuid[]`;
  const base = sql`(i.total_cents - i.tax_cents)`;
  const amount = sql`((${base} * a.commission_bp + 5000) / 10000)`;
  await db.execute(sql`
    INSERT INTO ${commissions} (id, firm_id, ambassador_id, invoice_id, customer_id, base_cents, rate_bp, amount_cents, earned_on)
    SELECT gen_random_uuid(), i.firm_id, a.id, i.id, i.customer_id, ${base}, a.commission_bp, ${amount},
           ${firmTodaySql(sql`i.firm_id`)}
      FROM ${invoices} i
      JOIN ${customers} c ON c.id = i.customer_id
      LEFT JOIN ${orders} o ON o.id = i.order_id
      JOIN ${ambassadors} a ON a.id = COALESCE(o.ambassador_id, c.ambassador_id)
     WHERE i.id = ANY(${ids}) AND i.status = 'paid' AND ${base} > 0 AND ${amount} > 0
    ON CONFLICT (invoice_id) DO NOTHING`);
  await db.execute(sql`
    DELETE FROM ${commissions} m USING ${invoices} i
     WHERE m.invoice_id = i.id AND i.id = ANY(${ids}) AND i.status <> 'paid' AND m.status = 'owed'`);
}

type ListQuery = z.output<typeof commissionListQuerySchema>;
const CURSOR = /^(\d{4}-\d{2}-\d{2})_([0-9a-f-]{36})$/;

/** GET /commissions: an ambassador's (or the firm's) commissions, newest first, and their totals. */
export async function listCommissions(db: Executor, query: ListQuery): Promise<CommissionPage> {
  const where: SQL[] = [sql`true`];
  if (query.ambassador) where.push(sql`m.ambassador_id = ${query.ambassador}`);
  const scope = sql.join(where, sql` AND `);
  const chosen = query.status ? sql`${scope} AND m.status = ${query.status}` : scope;
  let page = chosen;
  if (query.cursor) {
    const [, day, id] = CURSOR.exec(query.cursor) ?? [];
    if (!day || !isUuid(id!))
      throw badRequest('This page link is not valid.', { cursor: 'Start from the first page.' });
    page = sql`${chosen} AND (m.earned_on, m.id) < (${day}::date, ${id}::uuid)`;
  }
  const { rows } = await db.execute<Commission & { cursor: string }>(sql`
    SELECT m.id AS "_id",
           json_build_object('_id', a.id, 'name', a.name) AS ambassador,
           json_build_object('_id', i.id, 'name', i.prefix || i.number) AS invoice,
           json_build_object('_id', c.id, 'name', c.name) AS customer,
           m.base_cents::float8 AS "baseCents", (m.rate_bp / 100.0)::float8 AS percent,
           m.amount_cents::float8 AS "amountCents", m.earned_on::text AS "earnedOn", m.status,
           CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('_id', e.id,
             'name', e.category || ' · ' || e.payee || ' · ' || e.spent_on::text) END AS payout,
           m.paid_on::text AS "paidOn", i.status = 'paid' AS "invoicePaid",
           m.earned_on::text || '_' || m.id::text AS cursor
      FROM ${commissions} m
      JOIN ${ambassadors} a ON a.id = m.ambassador_id
      JOIN ${invoices} i ON i.id = m.invoice_id
      JOIN ${customers} c ON c.id = m.customer_id
      LEFT JOIN ${expenses} e ON e.id = m.payout_expense_id
     WHERE ${page}
     ORDER BY m.earned_on DESC, m.id DESC
     LIMIT ${query.limit + 1}`);
  const [counts] = (
    await db.execute<{ total: number; earned: string; paid: string }>(sql`
      SELECT count(*) FILTER (WHERE ${query.status ? sql`m.status = ${query.status}` : sql`true`})::int AS total,
             COALESCE(sum(m.amount_cents), 0)::text AS earned,
             COALESCE(sum(m.amount_cents) FILTER (WHERE m.status = 'paid'), 0)::text AS paid
        FROM ${commissions} m WHERE ${scope}`)
  ).rows;
  const items = rows.slice(0, query.limit).map(({ cursor: _cursor, ...item }) => item);
  const earned = Number(counts?.earned ?? 0);
  const paid = Number(counts?.paid ?? 0);
  return {
    items,
    total: counts?.total ?? 0,
    next: rows.length > query.limit ? rows[query.limit - 1]!.cursor : null,
    totals: { earnedCents: earned, paidCents: paid, owedCents: earned - paid },
  };
}

type PayoutInput = z.output<typeof commissionPayoutSchema>;

/**
 * POST /commissions/payout: everything owed to the ambassador paid at once and recorded as an
 * expense (category "Commissions", the ambassador as payee, from the account chosen), in one
 * transaction. The ambassador's row is locked first, so of two payouts at once the second finds
 * nothing owed (409) rather than paying twice.
 */
export async function payOutCommissions(
  db: Executor,
  actor: Actor,
  input: PayoutInput,
): Promise<CommissionPayoutResult> {
  const [ambassador] = isUuid(input.ambassador)
    ? (
        await db.execute<{ id: string; name: string }>(
          sql`SELECT id, name FROM ${ambassadors} WHERE id = ${input.ambassador} FOR UPDATE`,
        )
      ).rows
    : [];
  if (!ambassador)
    throw badRequest('Choose an ambassador from the list.', { ambassador: 'Choose an ambassador from the list.' });
  await checkMoneyAccount(db, actor.firmId, input.paidFrom);
  const { rows: owed } = await db.execute<{ id: string; amount: string; invoice: string }>(sql`
    SELECT m.id, m.amount_cents::text AS amount, i.prefix || i.number AS invoice
      FROM ${commissions} m JOIN ${invoices} i ON i.id = m.invoice_id
     WHERE m.ambassador_id = ${ambassador.id} AND m.status = 'owed'
     ORDER BY m.earned_on, m.id
       FOR UPDATE OF m`);
  if (!owed.length) throw conflict(`Nothing is owed to ${ambassador.name}: every commission earned is paid.`);
  const paidCents = owed.reduce((sum, c) => sum + Number(c.amount), 0);
  const paidOn = input.date ?? (await firmToday(db, actor.firmId));
  const invoicesPaid = owed.map((c) => c.invoice).join(', ');
  // Written as the payout says, not through the expense form: its category is "Commissions"
  // whether or not the firm's list still offers it.
  const expenseId = await expenseType.insert(db, actor, {
    payee: ambassador.name,
    category: 'Commissions',
    amountCents: paidCents,
    taxCents: 0,
    spentOn: paidOn,
    moneyAccountId: input.paidFrom,
    reference: input.reference,
    notes: `Commission on ${owed.length === 1 ? 'invoice' : 'invoices'} ${invoicesPaid}.`,
    billable: false,
    searchText: buildSearchText([ambassador.name, 'Commissions', input.reference, invoicesPaid]),
  });
  await db.execute(sql`
    UPDATE ${commissions} SET status = 'paid', payout_expense_id = ${expenseId}, paid_on = ${paidOn}::date, updated_at = now()
     WHERE id = ANY(${sql.param(owed.map((c) => c.id))}::uuid[])`);
  await recordAudit(db, actor, {
    entityType: 'ambassador',
    entityId: ambassador.id,
    action: 'payout',
    after: { paidCents, commissions: owed.length, invoices: invoicesPaid, expense: expenseId },
  });
  return {
    expense: { _id: expenseId, name: `Commissions · ${ambassador.name} · ${paidOn}` },
    paidCents,
    commissions: owed.length,
  };
}

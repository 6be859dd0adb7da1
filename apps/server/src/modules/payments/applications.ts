import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../platform/http/errors';
import { invoiceNumber, invoices, invoicesSettled } from '../invoices';
import { creditMemos, invoiceApplications, payments } from './payments.table';

/**
 * Money on invoices (decision 0043). Each application moves cents from a source (a payment or a
 * credit memo) to an invoice, and both rows keep the sum: `paid_cents` or `credited_cents` on the
 * invoice, `applied_cents` on the source. Their CHECKs hold the invariant in the database itself
 * (0 ≤ balance ≤ total; never more than the source has), and every change locks the source first
 * and then the invoices in id order, so parallel payments queue instead of deadlocking.
 */
export type Source =
  | { type: 'payment'; id: string; customerId: string }
  | { type: 'credit_memo'; id: string; customerId: string };

const sourceTable = (s: Source) => (s.type === 'payment' ? payments : creditMemos);
// constant SQL: one of two column names written here.
const invoiceColumn = (s: Source) => (s.type === 'payment' ? sql.raw('paid_cents') : sql.raw('credited_cents'));
const sourceColumn = (s: Source) => (s.type === 'payment' ? sql`payment_id = ${s.id}` : sql`credit_memo_id = ${s.id}`);

/** What the source has left to put on invoices. */
async function leftOf(db: Executor, s: Source): Promise<number> {
  const [row] = (
    s.type === 'payment'
      ? await db.execute<{ left: string }>(
          sql`SELECT (amount_cents - applied_cents)::text AS left FROM ${payments} WHERE id = ${s.id} FOR UPDATE`,
        )
      : await db.execute<{ left: string }>(
          sql`SELECT (amount_cents - applied_cents - refunded_cents)::text AS left FROM ${creditMemos}
               WHERE id = ${s.id} AND status <> 'void' FOR UPDATE`,
        )
  ).rows;
  return row ? Number(row.left) : 0;
}

/**
 * Puts the source's money on invoices: each gets what was asked, but never more than its balance
 * or than the source has left (what is not applied stays the customer's credit). Invoices must be
 * the customer's and issued. Gives what was applied to each.
 */
export async function applyMoney(
  db: Executor,
  source: Source,
  wanted: { invoice: string; amountCents: number }[],
  field = 'applications',
): Promise<{ invoice: string; cents: number }[]> {
  if (!wanted.length) return [];
  let left = await leftOf(db, source);
  const ids = wanted.map((a) => a.invoice);
  const found = new Map(
    (
      await db.execute<{ id: string; prefix: string; number: number; status: string; customer_id: string }>(sql`
        SELECT id, prefix, number, status, customer_id FROM ${invoices}
         WHERE id = ANY(${sql.param(ids)}::uuid[]) ORDER BY id FOR UPDATE`)
    ).rows.map((r) => [r.id, r]),
  );
  const errors: Record<string, string> = {};
  wanted.forEach((a, i) => {
    const inv = found.get(a.invoice);
    const at = `${field}.${i}.invoice`;
    if (!inv) errors[at] = 'Choose an invoice from the list.';
    else if (inv.customer_id !== source.customerId) errors[at] = `${invoiceNumber(inv)} is another customer’s.`;
    else if (inv.status === 'draft') errors[at] = `${invoiceNumber(inv)} is a draft: send it (or mark it sent) first.`;
    else if (inv.status === 'void') errors[at] = `${invoiceNumber(inv)} is void.`;
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted invoices.',
      errors,
    );
  const applied: { invoice: string; cents: number }[] = [];
  // constant SQL: one of two column names written here.
  const key = sql.raw(source.type === 'payment' ? 'payment_id' : 'credit_memo_id');
  for (const a of wanted) {
    if (left <= 0) break;
    const column = invoiceColumn(source);
    // The invoice's row is locked: its balance cannot change between reading and writing it.
    const [took] = (
      await db.execute<{ take: string }>(sql`
        WITH inv AS (
          SELECT id, LEAST(${Math.min(a.amountCents, left)}::bigint, total_cents - paid_cents - credited_cents) AS take
            FROM ${invoices} WHERE id = ${a.invoice})
        UPDATE ${invoices} i SET ${column} = i.${column} + inv.take,
               status = CASE WHEN i.total_cents - i.paid_cents - i.credited_cents - inv.take = 0 THEN 'paid' ELSE 'partially_paid' END,
               updated_at = now()
          FROM inv WHERE i.id = inv.id AND inv.take > 0
        RETURNING inv.take::text AS take`)
    ).rows;
    const cents = took ? Number(took.take) : 0;
    if (!cents) continue;
    left -= cents;
    applied.push({ invoice: a.invoice, cents });
    await db.execute(sql`
      INSERT INTO ${invoiceApplications} (id, firm_id, invoice_id, payment_id, credit_memo_id, amount_cents)
      SELECT gen_random_uuid(), firm_id, ${a.invoice}, ${source.type === 'payment' ? source.id : null}::uuid,
             ${source.type === 'credit_memo' ? source.id : null}::uuid, ${cents} FROM ${invoices} WHERE id = ${a.invoice}
      ON CONFLICT (${key}, invoice_id) WHERE ${key} IS NOT NULL
      DO UPDATE SET amount_cents = ${invoiceApplications}.amount_cents + excluded.amount_cents`);
  }
  const total = applied.reduce((s, a) => s + a.cents, 0);
  if (total) await moveSource(db, source, total);
  // An invoice paid in full earns its ambassador's commission (decision 0045).
  await invoicesSettled(
    db,
    applied.map((a) => a.invoice),
  );
  return applied;
}

/** The source's applied sum moved by `cents` (and a credit memo's state with it). */
async function moveSource(db: Executor, source: Source, cents: number) {
  if (source.type === 'payment')
    await db.execute(sql`UPDATE ${payments} SET applied_cents = applied_cents + ${cents} WHERE id = ${source.id}`);
  else
    await db.execute(sql`
      UPDATE ${creditMemos} SET applied_cents = applied_cents + ${cents},
             status = CASE WHEN amount_cents - applied_cents - refunded_cents - ${cents} = 0 THEN 'applied' ELSE 'open' END
       WHERE id = ${source.id}`);
}

/**
 * Takes the source's money off invoices (one, or all of them), giving each invoice its balance
 * back; `keepSource` leaves the source's own sum alone (an edit that rewrites it anyway).
 */
export async function unapplyMoney(
  db: Executor,
  source: Source,
  invoiceId: string | null,
  options: { keepSource?: boolean; required?: boolean } = {},
): Promise<number> {
  const column = invoiceColumn(source);
  const removed = (
    await db.execute<{ invoice_id: string; amount_cents: string }>(sql`
      DELETE FROM ${invoiceApplications} WHERE ${sourceColumn(source)}
         ${invoiceId ? sql`AND invoice_id = ${invoiceId}` : sql``}
      RETURNING invoice_id, amount_cents::text`)
  ).rows.sort((a, b) => (a.invoice_id < b.invoice_id ? -1 : 1));
  if (!removed.length && options.required) throw conflict('This money is not applied to that invoice.');
  for (const r of removed)
    await db.execute(sql`
      UPDATE ${invoices} SET ${column} = ${column} - ${Number(r.amount_cents)},
             status = CASE WHEN paid_cents + credited_cents - ${Number(r.amount_cents)} = 0 THEN 'sent' ELSE 'partially_paid' END,
             updated_at = now()
       WHERE id = ${r.invoice_id}`);
  const total = removed.reduce((s, r) => s + Number(r.amount_cents), 0);
  if (total && !options.keepSource) await moveSource(db, source, -total);
  // An invoice no longer paid takes back the commission not yet paid out (decision 0045).
  await invoicesSettled(
    db,
    removed.map((r) => r.invoice_id),
  );
  return total;
}

/** Which table a source lives in (for its version bump after an apply or unapply). */
export const tableOf = sourceTable;

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../platform/http/errors';
import { billApplications, billPayments, vendorBills, vendorCredits } from './payables.table';

/**
 * Money on bills (decision 0046, as decision 0043 does it for invoices). Each application moves
 * cents from a source (a payment to the vendor or a credit they gave) to a bill, and both rows
 * keep the sum: `paid_cents` or `credited_cents` on the bill, `applied_cents` on the source.
 * Their CHECKs hold the invariant in the database itself (0 ≤ balance ≤ total; never more than
 * the source has), and every change locks the source first and then the bills in id order, so
 * parallel payments queue instead of deadlocking.
 */
export type BillSource =
  | { type: 'bill_payment'; id: string; vendorId: string }
  | { type: 'vendor_credit'; id: string; vendorId: string };

// constant SQL: one of two column names written here.
const billColumn = (s: BillSource) => (s.type === 'bill_payment' ? sql.raw('paid_cents') : sql.raw('credited_cents'));
const sourceColumn = (s: BillSource) =>
  s.type === 'bill_payment' ? sql`bill_payment_id = ${s.id}` : sql`vendor_credit_id = ${s.id}`;

export const billName = (row: { billNumber: string }) => `Bill ${row.billNumber}`;

/** What the source has left to put on bills, its row locked. */
async function leftOf(db: Executor, s: BillSource): Promise<number> {
  const [row] = (
    s.type === 'bill_payment'
      ? await db.execute<{ left: string }>(
          sql`SELECT (amount_cents - applied_cents)::text AS left FROM ${billPayments} WHERE id = ${s.id} FOR UPDATE`,
        )
      : await db.execute<{ left: string }>(
          sql`SELECT (amount_cents - applied_cents)::text AS left FROM ${vendorCredits}
               WHERE id = ${s.id} AND status <> 'void' FOR UPDATE`,
        )
  ).rows;
  return row ? Number(row.left) : 0;
}

/**
 * Puts the source's money on bills: each gets what was asked, but never more than its balance
 * or than the source has left (what is not applied stays the vendor's credit to the firm). Bills
 * must be the vendor's and owed (entered, and approved where they needed it). Gives what was
 * applied to each.
 */
export async function applyToBills(
  db: Executor,
  source: BillSource,
  wanted: { bill: string; amountCents: number }[],
  field = 'applications',
): Promise<{ bill: string; cents: number }[]> {
  if (!wanted.length) return [];
  let left = await leftOf(db, source);
  const ids = wanted.map((a) => a.bill);
  const found = new Map(
    (
      await db.execute<{ id: string; bill_number: string; status: string; vendor_id: string }>(sql`
        SELECT id, bill_number, status, vendor_id FROM ${vendorBills}
         WHERE id = ANY(${sql.param(ids)}::uuid[]) ORDER BY id FOR UPDATE`)
    ).rows.map((r) => [r.id, r]),
  );
  const errors: Record<string, string> = Object.create(null);
  wanted.forEach((a, i) => {
    const bill = found.get(a.bill);
    const at = `${field}.${i}.bill`;
    const name = bill ? billName({ billNumber: bill.bill_number }) : '';
    if (!bill) errors[at] = 'Choose a bill from the list.';
    else if (bill.vendor_id !== source.vendorId) errors[at] = `${name} is another vendor’s.`;
    else if (bill.status === 'draft')
      errors[at] = `${name} is a draft: enter it (or have it approved) before paying it.`;
    else if (bill.status === 'void') errors[at] = `${name} is void.`;
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted bills.',
      errors,
    );
  const applied: { bill: string; cents: number }[] = [];
  // constant SQL: one of two column names written here.
  const key = sql.raw(source.type === 'bill_payment' ? 'bill_payment_id' : 'vendor_credit_id');
  const column = billColumn(source);
  for (const a of wanted) {
    if (left <= 0) break;
    // The bill's row is locked: its balance cannot change between reading and writing it.
    const [took] = (
      await db.execute<{ take: string }>(sql`
        WITH b AS (
          SELECT id, LEAST(${Math.min(a.amountCents, left)}::bigint, total_cents - paid_cents - credited_cents) AS take
            FROM ${vendorBills} WHERE id = ${a.bill})
        UPDATE ${vendorBills} v SET ${column} = v.${column} + b.take,
               status = CASE WHEN v.total_cents - v.paid_cents - v.credited_cents - b.take = 0 THEN 'paid' ELSE 'partially_paid' END,
               updated_at = now()
          FROM b WHERE v.id = b.id AND b.take > 0
        RETURNING b.take::text AS take`)
    ).rows;
    const cents = took ? Number(took.take) : 0;
    if (!cents) continue;
    left -= cents;
    applied.push({ bill: a.bill, cents });
    await db.execute(sql`
      INSERT INTO ${billApplications} (id, firm_id, bill_id, bill_payment_id, vendor_credit_id, amount_cents)
      SELECT gen_random_uuid(), firm_id, ${a.bill}, ${source.type === 'bill_payment' ? source.id : null}::uuid,
             ${source.type === 'vendor_credit' ? source.id : null}::uuid, ${cents} FROM ${vendorBills} WHERE id = ${a.bill}
      ON CONFLICT (${key}, bill_id) WHERE ${key} IS NOT NULL
      DO UPDATE SET amount_cents = ${billApplications}.amount_cents + excluded.amount_cents`);
  }
  const total = applied.reduce((s, a) => s + a.cents, 0);
  if (total) await moveSource(db, source, total);
  return applied;
}

/** The source's applied sum moved by `cents` (and a credit's state with it). */
async function moveSource(db: Executor, source: BillSource, cents: number) {
  if (source.type === 'bill_payment')
    await db.execute(sql`UPDATE ${billPayments} SET applied_cents = applied_cents + ${cents} WHERE id = ${source.id}`);
  else
    await db.execute(sql`
      UPDATE ${vendorCredits} SET applied_cents = applied_cents + ${cents},
             status = CASE WHEN amount_cents - applied_cents - ${cents} = 0 THEN 'applied' ELSE 'open' END
       WHERE id = ${source.id}`);
}

/**
 * Takes the source's money off bills (one, or all of them), giving each bill its balance back;
 * `keepSource` leaves the source's own sum alone (an edit that rewrites it anyway). The caller
 * holds the source's row lock; the bills are locked here in id order.
 */
export async function unapplyFromBills(
  db: Executor,
  source: BillSource,
  billId: string | null,
  options: { keepSource?: boolean; required?: boolean } = {},
): Promise<number> {
  const column = billColumn(source);
  const held = (
    await db.execute<{ bill_id: string }>(sql`
      SELECT bill_id FROM ${billApplications} WHERE ${sourceColumn(source)}
         ${billId ? sql`AND bill_id = ${billId}` : sql``}`)
  ).rows.map((r) => r.bill_id);
  if (held.length)
    await db.execute(
      sql`SELECT id FROM ${vendorBills} WHERE id = ANY(${sql.param(held)}::uuid[]) ORDER BY id FOR UPDATE`,
    );
  const removed = (
    await db.execute<{ bill_id: string; amount_cents: string }>(sql`
      DELETE FROM ${billApplications} WHERE ${sourceColumn(source)}
         ${billId ? sql`AND bill_id = ${billId}` : sql``}
      RETURNING bill_id, amount_cents::text`)
  ).rows.sort((a, b) => (a.bill_id < b.bill_id ? -1 : 1));
  if (!removed.length && options.required) throw conflict('This money is not applied to that bill.');
  for (const r of removed)
    await db.execute(sql`
      UPDATE ${vendorBills} SET ${column} = ${column} - ${Number(r.amount_cents)},
             status = CASE WHEN paid_cents + credited_cents - ${Number(r.amount_cents)} = 0 THEN 'open' ELSE 'partially_paid' END,
             updated_at = now()
       WHERE id = ${r.bill_id}`);
  const total = removed.reduce((s, r) => s + Number(r.amount_cents), 0);
  if (total && !options.keepSource) await moveSource(db, source, -total);
  return total;
}

import type { PayablesAging } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { firmToday } from '../../platform/identity/firm-clock';
import { vendors } from '../vendors';
import { billPayments, vendorBills, vendorCredits } from './payables.table';

type Figures = PayablesAging['totals'];
const ZERO: Figures = {
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  days90plus: 0,
  openCents: 0,
  creditCents: 0,
  balanceCents: 0,
};

/**
 * Payables aging (decision 0046): per vendor, open bills' balances by days past due on the firm's
 * clock (current, 1–30, 31–60, 61–90, 90+), their credit to the firm (vendor credits not used,
 * payments not on a bill), and the vendor's balance = open − credit (what the firm owes them;
 * negative: they owe the firm). Vendors with nothing open and no credit are left out.
 */
export async function payablesAging(
  db: Executor,
  firmId: string,
  filter: { vendor?: string } = {},
): Promise<PayablesAging> {
  const today = await firmToday(db, firmId);
  const one = filter.vendor ? sql` AND vendor_id = ${filter.vendor}` : sql``;
  const rows = await db.execute<{
    vendor_id: string;
    vendor: string;
    current: string;
    d30: string;
    d60: string;
    d90: string;
    d90p: string;
    open: string;
    credit: string;
  }>(sql`
    WITH open AS (
      SELECT vendor_id, balance_cents, ${today}::date - due_date AS late
        FROM ${vendorBills}
       WHERE status IN ('open', 'partially_paid') AND balance_cents > 0${one}
    ), credit AS (
      SELECT vendor_id, amount_cents - applied_cents AS cents FROM ${billPayments}
       WHERE amount_cents > applied_cents${one}
      UNION ALL
      SELECT vendor_id, amount_cents - applied_cents FROM ${vendorCredits}
       WHERE status = 'open'${one}
    ), per AS (
      SELECT vendor_id,
             sum(balance_cents) FILTER (WHERE late <= 0) AS current,
             sum(balance_cents) FILTER (WHERE late BETWEEN 1 AND 30) AS d30,
             sum(balance_cents) FILTER (WHERE late BETWEEN 31 AND 60) AS d60,
             sum(balance_cents) FILTER (WHERE late BETWEEN 61 AND 90) AS d90,
             sum(balance_cents) FILTER (WHERE late > 90) AS d90p,
             sum(balance_cents) AS open, 0::bigint AS credit
        FROM open GROUP BY vendor_id
      UNION ALL
      SELECT vendor_id, 0, 0, 0, 0, 0, 0, sum(cents) FROM credit GROUP BY vendor_id
    )
    SELECT v.id AS vendor_id, v.name AS vendor,
           COALESCE(sum(per.current), 0)::text AS current, COALESCE(sum(per.d30), 0)::text AS d30,
           COALESCE(sum(per.d60), 0)::text AS d60, COALESCE(sum(per.d90), 0)::text AS d90,
           COALESCE(sum(per.d90p), 0)::text AS d90p, COALESCE(sum(per.open), 0)::text AS open,
           COALESCE(sum(per.credit), 0)::text AS credit
      FROM per JOIN ${vendors} v ON v.id = per.vendor_id
     GROUP BY v.id, v.name
     ORDER BY sum(per.open) - sum(per.credit) DESC, v.name`);
  const list = rows.rows.map((r) => {
    const open = Number(r.open);
    const credit = Number(r.credit);
    return {
      vendor: { _id: r.vendor_id, name: r.vendor },
      current: Number(r.current),
      days1to30: Number(r.d30),
      days31to60: Number(r.d60),
      days61to90: Number(r.d90),
      days90plus: Number(r.d90p),
      openCents: open,
      creditCents: credit,
      balanceCents: open - credit,
    };
  });
  const totals = { ...ZERO };
  for (const r of list) for (const key of Object.keys(ZERO) as (keyof Figures)[]) totals[key] += r[key];
  return { asOf: today, rows: list, totals };
}

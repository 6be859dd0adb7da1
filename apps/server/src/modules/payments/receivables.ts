import type { Aging } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { firmToday } from '../../platform/identity/firm-clock';
import { invoices } from '../invoices';
import { creditMemos, payments } from './payments.table';

type Filter = { customer?: string; account?: string };

/**
 * Receivables aging (decision 0043): per customer, open invoices' balances by days past due on
 * the firm's clock (current, 1–30, 31–60, 61–90, 90+), their credit (payments not applied, credit
 * memos not used), and their balance = open balances − credit (negative: the firm owes them).
 * Customers with nothing open and no credit are left out.
 */
export async function receivablesAging(db: Executor, firmId: string, filter: Filter = {}): Promise<Aging> {
  const today = await firmToday(db, firmId);
  const where = (customer: ReturnType<typeof sql>, company: ReturnType<typeof sql>) =>
    sql`${filter.customer ? sql` AND ${customer} = ${filter.customer}` : sql``}${filter.account ? sql` AND ${company} = ${filter.account}` : sql``}`;
  const rows = await db.execute<{
    customer_id: string;
    customer: string;
    company_id: string | null;
    company: string | null;
    current: string;
    d30: string;
    d60: string;
    d90: string;
    d90p: string;
    open: string;
    credit: string;
  }>(sql`
    WITH open AS (
      SELECT customer_id, balance_cents, ${today}::date - due_date AS late
        FROM ${invoices}
       WHERE status IN ('sent', 'partially_paid') AND balance_cents > 0${where(sql`customer_id`, sql`company_id`)}
    ), credit AS (
      SELECT customer_id, amount_cents - applied_cents AS cents FROM ${payments}
       WHERE amount_cents > applied_cents${where(sql`customer_id`, sql`company_id`)}
      UNION ALL
      SELECT customer_id, amount_cents - applied_cents - refunded_cents FROM ${creditMemos}
       WHERE status = 'open'${where(sql`customer_id`, sql`company_id`)}
    ), per AS (
      SELECT customer_id,
             sum(balance_cents) FILTER (WHERE late <= 0) AS current,
             sum(balance_cents) FILTER (WHERE late BETWEEN 1 AND 30) AS d30,
             sum(balance_cents) FILTER (WHERE late BETWEEN 31 AND 60) AS d60,
             sum(balance_cents) FILTER (WHERE late BETWEEN 61 AND 90) AS d90,
             sum(balance_cents) FILTER (WHERE late > 90) AS d90p,
             sum(balance_cents) AS open, 0::bigint AS credit
        FROM open GROUP BY customer_id
      UNION ALL
      SELECT customer_id, 0, 0, 0, 0, 0, 0, sum(cents) FROM credit GROUP BY customer_id
    )
    SELECT c.id AS customer_id, c.name AS customer, co.id AS company_id, co.name AS company,
           COALESCE(sum(per.current), 0)::text AS current, COALESCE(sum(per.d30), 0)::text AS d30,
           COALESCE(sum(per.d60), 0)::text AS d60, COALESCE(sum(per.d90), 0)::text AS d90,
           COALESCE(sum(per.d90p), 0)::text AS d90p, COALESCE(sum(per.open), 0)::text AS open,
           COALESCE(sum(per.credit), 0)::text AS credit
      FROM per JOIN customers c ON c.id = per.customer_id LEFT JOIN companies co ON co.id = c.company_id
     GROUP BY c.id, c.name, co.id, co.name
     ORDER BY sum(per.open) - sum(per.credit) DESC, c.name`);
  const figures = (r: (typeof rows.rows)[number]) => {
    const open = Number(r.open);
    const credit = Number(r.credit);
    return {
      current: Number(r.current),
      days1to30: Number(r.d30),
      days31to60: Number(r.d60),
      days61to90: Number(r.d90),
      days90plus: Number(r.d90p),
      openCents: open,
      creditCents: credit,
      balanceCents: open - credit,
    };
  };
  const list = rows.rows.map((r) => ({
    customer: { _id: r.customer_id, name: r.customer },
    company: r.company_id ? { _id: r.company_id, name: r.company ?? '' } : null,
    ...figures(r),
  }));
  const totals = list.reduce(
    (t, r) => ({
      current: t.current + r.current,
      days1to30: t.days1to30 + r.days1to30,
      days31to60: t.days31to60 + r.days31to60,
      days61to90: t.days61to90 + r.days61to90,
      days90plus: t.days90plus + r.days90plus,
      openCents: t.openCents + r.openCents,
      creditCents: t.creditCents + r.creditCents,
      balanceCents: t.balanceCents + r.balanceCents,
    }),
    {
      current: 0,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      days90plus: 0,
      openCents: 0,
      creditCents: 0,
      balanceCents: 0,
    },
  );
  return { asOf: today, rows: list, totals };
}

import type { VendorAnalytics } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { notFound } from '../../platform/http/errors';
import { vendors } from '../vendors';
import { purchaseOrders, purchaseReceiptLines, purchaseReceipts } from './purchase-orders.table';

/**
 * GET /vendors/{id}/analytics: spend per month (what was received, at landed cost, reversals
 * left out), the on-time rate of orders received in full, and the average days from sending an
 * order to its first delivery — all from real receipts.
 */
export async function vendorAnalytics(db: Executor, id: string): Promise<VendorAnalytics> {
  const [vendor] = isUuid(id) ? await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, id)) : [];
  if (!vendor) throw notFound('No such vendor.');
  const spend = await db.execute<{ month: string; cents: number }>(sql`
    SELECT to_char(m, 'YYYY-MM') AS month,
           COALESCE((SELECT round(sum(rl.quantity_e4::numeric * rl.unit_cost_hc) / 1000000)
                       FROM ${purchaseReceiptLines} rl
                       JOIN ${purchaseReceipts} r ON r.id = rl.receipt_id
                       JOIN ${purchaseOrders} po ON po.id = r.purchase_order_id
                      WHERE po.vendor_id = ${id} AND r.reversed_at IS NULL
                        AND r.created_at >= m AND r.created_at < m + interval '1 month'), 0)::float8 AS cents
      FROM generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') m
     ORDER BY m`);
  const [figures] = (
    await db.execute<{ on_time: number | null; lead: number | null; open: number }>(sql`
      WITH done AS (
        SELECT po.id, po.expected_date, po.sent_at,
               (SELECT min(r.created_at) FROM ${purchaseReceipts} r WHERE r.purchase_order_id = po.id AND r.reversed_at IS NULL) AS first_in,
               (SELECT max(r.created_at) FROM ${purchaseReceipts} r WHERE r.purchase_order_id = po.id AND r.reversed_at IS NULL) AS last_in,
               po.status
          FROM ${purchaseOrders} po WHERE po.vendor_id = ${id})
      SELECT (avg(CASE WHEN last_in::date <= expected_date THEN 1.0 ELSE 0.0 END)
                FILTER (WHERE status = 'received' AND expected_date IS NOT NULL))::float8 AS on_time,
             (avg(EXTRACT(EPOCH FROM first_in - sent_at) / 86400) FILTER (WHERE first_in IS NOT NULL AND sent_at IS NOT NULL))::float8 AS lead,
             count(*) FILTER (WHERE status IN ('sent', 'partially_received'))::int AS open
        FROM done`)
  ).rows;
  return {
    spend: spend.rows.map((r) => ({ month: r.month, cents: Number(r.cents) })),
    onTimeRate: figures?.on_time ?? null,
    averageLeadDays: figures?.lead === null || figures?.lead === undefined ? null : Math.round(figures.lead * 10) / 10,
    openOrders: figures?.open ?? 0,
  };
}

import {
  KINDS,
  type PurchaseSuggestions,
  purchaseOrderInputSchema,
  type SpecialOrderPurchases,
  type specialOrderPurchaseSchema,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { conflict, validationError } from '../../platform/http/errors';
import { customers } from '../customers';
import { purchaseOrderLines, purchaseOrders, purchaseOrderType } from '../purchasing';
import { vendors } from '../vendors';
import { orderNumber, orderType } from './orders.service';
import { orderLines, type orders } from './orders.table';

type Order = typeof orders.$inferSelect;

/** A special-order line, its vendor, and the purchase order it is on (none, or a cancelled one: to buy). */
type SpecialRow = {
  line: string;
  name: string;
  vendor_sku: string;
  quantity_e4: string;
  unit_cost_hc: string;
  lead_days: number;
  expected: string;
  vendor_id: string;
  vendor_name: string;
  po_id: string | null;
  po_name: string | null;
};

/**
 * The order's special-order lines that count (an optional line not taken, an alternative not
 * chosen, is not bought), by vendor; with `lock`, held until the transaction ends, so two people
 * buying them at once take turns and the second finds them bought.
 */
async function specialLines(db: Executor, orderId: string, lock = false): Promise<SpecialRow[]> {
  return (
    await db.execute<SpecialRow>(sql`
      SELECT l.id AS line, l.name, l.special_sku AS vendor_sku, l.quantity_e4::text AS quantity_e4,
             l.unit_cost_hc::text AS unit_cost_hc, l.special_lead_days AS lead_days,
             ((now() AT TIME ZONE f.time_zone)::date + l.special_lead_days)::text AS expected,
             v.id AS vendor_id, v.name AS vendor_name, po.id AS po_id, po.prefix || po.number AS po_name
        FROM ${orderLines} l
        JOIN firms f ON f.id = l.firm_id
        JOIN ${vendors} v ON v.id = l.special_vendor_id
        LEFT JOIN ${purchaseOrderLines} pl ON pl.id = l.purchase_order_line_id
        LEFT JOIN ${purchaseOrders} po ON po.id = pl.purchase_order_id AND po.status <> 'cancelled'
       WHERE l.order_id = ${orderId} AND l.kind = 'special' AND l.counted
       ORDER BY v.name, v.id, l.position
       ${lock ? sql`FOR UPDATE OF l` : sql``}`)
  ).rows;
}

/** What is left to buy, one group per vendor in the rows' order. */
function byVendor(rows: SpecialRow[]): PurchaseSuggestions['toBuy'] {
  const groups = new Map<string, PurchaseSuggestions['toBuy'][number]>();
  for (const r of rows) {
    const group = groups.get(r.vendor_id) ?? { vendor: { _id: r.vendor_id, name: r.vendor_name }, lines: [] };
    group.lines.push({
      line: r.line,
      name: r.name,
      vendorSku: r.vendor_sku,
      quantity: Number(r.quantity_e4) / 10_000,
      unitCost: Number(r.unit_cost_hc) / 100,
      leadTimeDays: r.lead_days,
      expectedDate: r.expected,
    });
    groups.set(r.vendor_id, group);
  }
  return [...groups.values()];
}

/**
 * GET /orders/{id}/purchase-suggestions: a confirmed order's special-order lines not yet on a
 * purchase order, by vendor, each expected the vendor's lead time from today; and the lines
 * already bought, with their purchase order.
 */
export async function purchaseSuggestions(db: Executor, actor: Actor, id: string): Promise<PurchaseSuggestions> {
  const order = await orderType.findRow(db, id, false, actor);
  const rows = await specialLines(db, order.id);
  return {
    toBuy: order.status === 'confirmed' ? byVendor(rows.filter((r) => !r.po_id)) : [],
    bought: rows.flatMap((r) =>
      r.po_id
        ? [
            {
              line: r.line,
              name: r.name,
              vendor: { _id: r.vendor_id, name: r.vendor_name },
              quantity: Number(r.quantity_e4) / 10_000,
              purchaseOrder: { _id: r.po_id, name: r.po_name! },
            },
          ]
        : [],
    ),
  };
}

/**
 * The order's special-order lines that count, by vendor, each expected the vendor's lead time
 * from today (in the firm's time zone), bought or not: what has to be ordered for it.
 */
export async function specialOrderVendors(db: Executor, orderId: string): Promise<PurchaseSuggestions['toBuy']> {
  return byVendor(await specialLines(db, orderId));
}

/**
 * Where a special order for `order` ships: its warehouse, else its job's site (the purchase
 * order finds it), else the order's own address (the vendor ships to the customer).
 */
function destination(order: Order) {
  if (order.warehouseId || order.customerJobId) return { warehouse: order.warehouseId, shipTo: null };
  if (order.shipTo) return { warehouse: null, shipTo: order.shipTo };
  throw conflict(
    `${orderNumber(order)} has no warehouse, job or address to ship to: its special orders need one of them to be bought.`,
  );
}

/**
 * POST /orders/{id}/purchase-orders: one draft purchase order per vendor (of those asked for,
 * else all) for the confirmed order's special-order lines not yet bought, each line its name,
 * vendor's SKU, quantity and cost, expected the lead time from today; each order line then names
 * its purchase-order line. All in the caller's transaction; nothing left to buy is a 409.
 */
export async function buySpecialOrders(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof specialOrderPurchaseSchema>,
): Promise<SpecialOrderPurchases> {
  const order = await orderType.findRow(db, id, true, actor);
  const name = orderNumber(order);
  if (order.status !== 'confirmed')
    throw conflict(
      order.status === 'draft'
        ? `${name} is a draft: confirm it before buying its special orders.`
        : `${name} is ${order.status}: its special orders are no longer bought.`,
    );
  const wanted = input.vendors ? new Set(input.vendors) : null;
  const left = (await specialLines(db, order.id, true)).filter((r) => !r.po_id && (!wanted || wanted.has(r.vendor_id)));
  if (!left.length)
    throw conflict(
      `Nothing is left to buy on ${name}${wanted ? ' from the vendors chosen' : ''}: its special orders are on purchase orders already.`,
    );
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  const place = destination(order);
  const made: SpecialOrderPurchases = [];
  for (const group of byVendor(left)) {
    const parsed = purchaseOrderInputSchema.safeParse({
      vendor: group.vendor._id,
      ...place,
      customerJob: order.customerJobId,
      // When everything on it is there.
      expectedDate: group.lines.map((l) => l.expectedDate).sort((a, b) => (a < b ? 1 : -1))[0],
      notes: `For order ${name} (${customer?.name ?? 'customer'})`,
      lines: group.lines.map((l) => ({
        name: l.name,
        vendorSku: l.vendorSku,
        quantity: l.quantity,
        unitCost: l.unitCost,
        expectedDate: l.expectedDate,
      })),
    });
    if (!parsed.success) throw validationError(parsed.error, 'body');
    const po = await purchaseOrderType.create(db, actor, parsed.data);
    // Its lines are the group's, in the same order.
    await db.execute(sql`
      UPDATE ${orderLines} l SET purchase_order_line_id = x.pl
        FROM unnest(${sql.param(group.lines.map((l) => l.line))}::uuid[], ${sql.param(po.lines.map((l) => l.id))}::uuid[])
          AS x(id, pl)
       WHERE l.id = x.id AND l.order_id = ${order.id}`);
    made.push({ _id: po._id, number: po.number, vendor: po.vendor, lines: po.lines.length });
  }
  await recordAudit(db, actor, {
    entityType: KINDS.order.key,
    entityId: order.id,
    action: 'buy-special-orders',
    after: { purchaseOrders: made.map((m) => `${m.number} (${m.vendor.name})`).join(', ') },
  });
  return made;
}

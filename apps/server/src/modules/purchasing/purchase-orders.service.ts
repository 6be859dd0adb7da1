import {
  type Address,
  KINDS,
  type PurchaseOrder,
  type PurchaseOrderRow,
  purchaseOrderInputSchema,
} from '@atelier/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { badRequest, conflict } from '../../platform/http/errors';
import { buildSearchText, idsIn, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType } from '../../platform/records/lifecycle';
import { refColumn } from '../../platform/records/record-table';
import { getSettings } from '../../platform/settings/settings.service';
import { customerJobs } from '../jobs';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { itemViewSql, resolveItems, type StockItem, warehouseNames } from '../stock';
import { vendorItems, vendors } from '../vendors';
import { warehouses } from '../warehouses';
import { type LandedLine, landLines } from './landed-cost';
import { purchaseOrderLines, purchaseOrders, purchaseReceiptLines, purchaseReceipts } from './purchase-orders.table';
import { shipmentLines } from './shipments.table';

type Input = z.output<typeof purchaseOrderInputSchema>;
type Row = typeof purchaseOrders.$inferSelect;
/** Each line's catalog item (none for a line that is no catalog item), and its money. */
type PricedOrder = { items: (StockItem | null)[]; lines: LandedLine[]; subtotalCents: number };

const e4 = (n: number) => Math.round(n * 10_000);
export const poNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${purchaseOrders.prefix} || ${purchaseOrders.number})`;
const vendorRef = refColumn(purchaseOrders.vendorId, vendors, vendors.name);
const warehouseRef = refColumn(purchaseOrders.warehouseId, warehouses, warehouses.name);
const jobRef = refColumn(purchaseOrders.customerJobId, customerJobs, customerJobs.name);

/**
 * What an input's lines come to: each item checked (the firm's, stocked as given), its unit cost
 * as entered or else the vendor's for it or else its own (a line without an item says its own),
 * and the charges landed on the lines.
 * Worked out while checking the input (`columns`) and kept for writing the lines (`afterWrite`),
 * which gets the same input object.
 */
const priced = new WeakMap<Input, PricedOrder>();

async function priceOrder(db: Executor, vendorId: string, input: Input): Promise<PricedOrder> {
  // The contract asks it too: a line without an item has no cost to fall back on.
  const costless = input.lines.flatMap((l, i) => (!l.item && l.unitCost === undefined ? [i] : []));
  if (costless.length)
    throw badRequest(
      'Enter the cost.',
      Object.fromEntries(costless.map((i) => [`lines.${i}.unitCost`, 'Enter the cost.'])),
    );
  const stocked = input.lines.flatMap((l, i) => (l.item ? [{ ref: l.item, i }] : []));
  const resolved = await resolveItems(
    db,
    stocked.map((s) => s.ref),
    (j) => `lines.${stocked[j]!.i}.item`,
  );
  const items: (StockItem | null)[] = input.lines.map(() => null);
  stocked.forEach((s, j) => {
    items[s.i] = resolved[j]!;
  });
  const ids = resolved.map((i) => i.itemId);
  const vendorCosts = new Map<string, number>(
    ids.length
      ? (
          await db
            .select({ item: vendorItems.itemId, cost: vendorItems.costHc })
            .from(vendorItems)
            .where(and(eq(vendorItems.vendorId, vendorId), inArray(vendorItems.itemId, ids)))
        ).map((r) => [r.item, r.cost])
      : [],
  );
  const ownCosts = new Map<string, number>(
    ids.length
      ? (
          await db.execute<{ id: string; cost: number }>(sql`
            SELECT v.id, COALESCE(v.cost_hc, p.cost_hc) AS cost FROM ${productVariants} v JOIN ${products} p ON p.id = v.product_id
             WHERE v.id = ANY(${sql.param(ids)}::uuid[])
            UNION ALL SELECT p.id, p.cost_hc FROM ${products} p WHERE p.id = ANY(${sql.param(ids)}::uuid[])
            UNION ALL SELECT m.id, m.cost_hc FROM ${materials} m WHERE m.id = ANY(${sql.param(ids)}::uuid[])`)
        ).rows.map((r) => [r.id, Number(r.cost)])
      : [],
  );
  const landed = landLines(
    input.lines.map((l, i) => ({
      quantityE4: e4(l.quantity),
      unitCostHc:
        l.unitCost !== undefined
          ? Math.round(l.unitCost * 100)
          : (vendorCosts.get(items[i]!.itemId) ?? ownCosts.get(items[i]!.itemId) ?? 0),
    })),
    input.freightCents + input.otherChargesCents,
    input.allocation,
  );
  return { items, lines: landed.lines, subtotalCents: landed.subtotalCents };
}

/**
 * A purchase-order line's item as JSON (none for a line that is no catalog item) and its name
 * (the item's, or the line's own), for the line table aliased `t`.
 */
function poLineItemSql(t: string): SQL {
  // constant SQL: an alias written in our code.
  return sql`CASE WHEN ${sql.raw(t)}.item_id IS NULL THEN NULL ELSE ${itemViewSql(t)} END`;
}
export function poLineNameSql(t: string): SQL {
  // constant SQL: an alias written in our code.
  const a = sql.raw(t);
  return sql`CASE WHEN ${a}.item_id IS NULL THEN ${a}.name ELSE ${itemViewSql(t)} ->> 'name' END`;
}

/** The order's lines as its page reads them, in their order, with what has arrived of each. */
const linesJson = sql<PurchaseOrder['lines']>`COALESCE((SELECT json_agg(json_build_object(
    'id', l.id, 'item', ${poLineItemSql('l')}, 'name', ${poLineNameSql('l')},
    'vendorSku', COALESCE(NULLIF(l.vendor_sku, ''), (SELECT vi.vendor_sku FROM ${vendorItems} vi
                   WHERE vi.vendor_id = ${qualified(purchaseOrders.vendorId)} AND vi.item_id = l.item_id), ''),
    'quantity', l.quantity_e4 / 10000.0, 'unitCost', l.unit_cost_hc / 100.0,
    'landedUnitCost', l.landed_unit_cost_hc / 100.0, 'totalCents', l.total_cents,
    'expectedDate', l.expected_date, 'received', l.received_e4 / 10000.0,
    'remaining', GREATEST(l.quantity_e4 - l.received_e4, 0) / 10000.0) ORDER BY l.position)
  FROM ${purchaseOrderLines} l WHERE l.purchase_order_id = ${qualified(purchaseOrders.id)}), '[]'::json)`;

const receiptsJson = sql<PurchaseOrder['receipts']>`COALESCE((SELECT json_agg(json_build_object(
    '_id', r.id, 'warehouse', CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('_id', w.id, 'name', w.name) END,
    'deliveredToSite', r.delivered_to_site, 'note', r.note,
    'lines', (SELECT json_agg(json_build_object('line', rl.line_id, 'name', ${poLineNameSql('ol')},
                'quantity', rl.quantity_e4 / 10000.0) ORDER BY ol.position)
                FROM ${purchaseReceiptLines} rl JOIN ${purchaseOrderLines} ol ON ol.id = rl.line_id WHERE rl.receipt_id = r.id),
    'by', (SELECT json_build_object('_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) FROM users u WHERE u.id = r.created_by),
    'createdAt', r.created_at, 'reversedAt', r.reversed_at) ORDER BY r.created_at DESC)
  FROM ${purchaseReceipts} r LEFT JOIN ${warehouses} w ON w.id = r.warehouse_id
  WHERE r.purchase_order_id = ${qualified(purchaseOrders.id)}), '[]'::json)`;

/** A job chosen on an order is one of the firm's: else 400. */
async function assertJob(db: Executor, id: string) {
  const [found] = await db.select({ id: customerJobs.id }).from(customerJobs).where(eq(customerJobs.id, id));
  if (!found) throw badRequest('Choose a job from the list.', { customerJob: 'Choose a job from the list.' });
}

/**
 * Where an order for a job ships when it names no warehouse and no address: the job's site, which
 * must have a street and a city.
 */
async function jobSite(db: Executor, id: string | null): Promise<Address | null> {
  if (!id) return null;
  const [job] = await db.select({ site: customerJobs.site }).from(customerJobs).where(eq(customerJobs.id, id));
  if (!job) throw badRequest('Choose a job from the list.', { customerJob: 'Choose a job from the list.' });
  const { line1, line2, city, region, postalCode, country } = job.site;
  if (!line1 || !city)
    throw badRequest('The job has no site address yet: give the job one, or type the address to ship to.', {
      shipTo: 'The job has no site address yet.',
    });
  return { line1, line2, city, region, postalCode, country: country || 'US' };
}

const fields = (r: Row) => ({
  number: poNumber(r),
  status: r.status,
  revision: r.revision,
  vendor: r.vendorId,
  warehouse: r.warehouseId,
  shipTo: r.shipTo,
  customerJob: r.customerJobId,
  expectedDate: r.expectedDate,
  notes: r.notes,
  freightCents: r.freightCents,
  otherChargesCents: r.otherChargesCents,
  allocation: r.allocation,
  totalCents: r.totalCents,
  lineCount: r.lineCount,
});

/**
 * Purchase orders: numbered per firm, to a vendor, for products, variants and materials (and what
 * is no catalog item: special orders bought for customers); draft →
 * sent → partially received → received, or cancelled. Editing a sent order makes a new revision.
 */
export const purchaseOrderType = defineRecordType<
  typeof purchaseOrders,
  typeof purchaseOrderInputSchema,
  PurchaseOrder,
  PurchaseOrderRow
>({
  kind: KINDS.purchase_order,
  table: purchaseOrders,
  input: purchaseOrderInputSchema,
  title: (row) => poNumber(row),
  search: {
    title: numberText,
    subtitle: sql<string>`concat_ws(' · ', (SELECT v.name FROM ${vendors} v WHERE v.id = ${qualified(purchaseOrders.vendorId)}),
      initcap(replace(${purchaseOrders.status}, '_', ' ')))`,
    text: purchaseOrders.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before && (before.status === 'received' || before.status === 'cancelled'))
      throw conflict(`${poNumber(before)} was ${before.status}: it can no longer be changed.`);
    if (before && before.status !== 'draft' && input.vendor !== before.vendorId)
      throw badRequest('A sent order keeps its vendor: cancel it and make a new one.', {
        vendor: 'A sent order keeps its vendor.',
      });
    const [vendor] = await db
      .select({ id: vendors.id, name: vendors.name })
      .from(vendors)
      .where(eq(vendors.id, input.vendor));
    if (!vendor) throw badRequest('Choose a vendor from the list.', { vendor: 'Choose a vendor from the list.' });
    if (input.warehouse && !(await warehouseNames(db, [input.warehouse])).size)
      throw badRequest('Choose one of the firm’s warehouses.', { warehouse: 'Choose one of the firm’s warehouses.' });
    const shipTo = input.warehouse ? null : (input.shipTo ?? (await jobSite(db, input.customerJob)));
    if (input.customerJob && input.customerJob !== before?.customerJobId) await assertJob(db, input.customerJob);
    const order = await priceOrder(db, vendor.id, input);
    priced.set(input, order);
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : {
          prefix: (await getSettings(db, actor.firmId, { banking: false })).purchaseOrderSettings.prefix,
          number: await nextNumber(db, actor.firmId, 'purchase_order'),
        };
    return {
      ...numbered,
      vendorId: vendor.id,
      warehouseId: input.warehouse,
      shipTo,
      customerJobId: input.customerJob,
      expectedDate: input.expectedDate,
      notes: input.notes,
      freightCents: input.freightCents,
      otherChargesCents: input.otherChargesCents,
      allocation: input.allocation,
      subtotalCents: order.subtotalCents,
      totalCents: order.subtotalCents + input.freightCents + input.otherChargesCents,
      lineCount: input.lines.length,
      // What the vendor has seen changes: the order is a new revision of itself.
      ...(before && before.status !== 'draft' ? { revision: before.revision + 1 } : {}),
      searchText: buildSearchText([
        poNumber(numbered),
        vendor.name,
        input.notes,
        ...input.lines.map((l, i) => order.items[i]?.sku ?? `${l.name} ${l.vendorSku}`),
      ]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    const order = priced.get(input) ?? (await priceOrder(db, row.vendorId, input));
    await writeLines(db, row, before !== null, input, order);
  },
  // What a shipment carries keeps its order (registered by the shipments' table).
  references: { verb: 'is carried by' },
  refuseDelete: (row) =>
    row.status === 'draft'
      ? null
      : `${poNumber(row)} was ${row.status === 'cancelled' ? 'cancelled' : 'sent'}: only a draft can be deleted.`,
  audited: fields,
  names: {
    vendor: { table: vendors, id: vendors.id, name: vendors.name },
    warehouse: { table: warehouses, id: warehouses.id, name: warehouses.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
  },
  extra: { vendor: vendorRef, warehouse: warehouseRef, customerJob: jobRef, lines: linesJson, receipts: receiptsJson },
  detail: (r, extra) => ({
    number: poNumber(r),
    name: poNumber(r),
    status: r.status,
    revision: r.revision,
    sentAt: r.sentAt?.toISOString() ?? null,
    vendor: extra.vendor as PurchaseOrder['vendor'],
    warehouse: extra.warehouse as PurchaseOrder['warehouse'],
    shipTo: r.shipTo,
    customerJob: extra.customerJob as PurchaseOrder['customerJob'],
    expectedDate: r.expectedDate,
    notes: r.notes,
    freightCents: r.freightCents,
    otherChargesCents: r.otherChargesCents,
    allocation: r.allocation,
    lines: extra.lines as PurchaseOrder['lines'],
    subtotalCents: r.subtotalCents,
    totalCents: r.totalCents,
    linesReceived: r.linesReceived,
    receipts: (extra.receipts as PurchaseOrder['receipts']).map((x) => ({
      ...x,
      createdAt: new Date(x.createdAt).toISOString(),
      reversedAt: x.reversedAt ? new Date(x.reversedAt).toISOString() : null,
    })),
  }),
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      vendor: vendorRef,
      warehouse: warehouseRef,
      customerJob: jobRef,
    },
    defaultSort: '-number',
    // `filter[vendor][]`: a vendor's orders (its purchase-orders tab).
    filters: {
      // `filter[job][]`: a job's orders (its purchase-orders tab).
      job: idsIn(purchaseOrders.customerJobId, 'job', true),
      vendor: (values) => {
        if (values.some((v) => !isUuid(v)))
          throw badRequest('Not a valid vendor.', { 'filter.vendor': 'Not a valid vendor.' });
        return inArray(purchaseOrders.vendorId, values);
      },
    },
    // "PO-12", a vendor's name, a SKU on it: anywhere in its search text.
    search: (q) => sql`${purchaseOrders.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    'mark-sent': {
      refuse: (row) =>
        row.status === 'draft'
          ? null
          : `${poNumber(row)} was already ${row.status === 'cancelled' ? 'cancelled' : 'sent'}.`,
      set: () => ({ status: 'sent', sentAt: new Date() }),
    },
    cancel: {
      refuse: (row) =>
        row.status === 'received'
          ? `${poNumber(row)} was received in full: there is nothing left to cancel.`
          : row.status === 'cancelled'
            ? `${poNumber(row)} was already cancelled.`
            : null,
      set: () => ({ status: 'cancelled' }),
    },
  },
});

/**
 * Writes an order's lines as the input gives them: lines named by id are changed, the others are
 * new, and those left out go. What has arrived stays true: a received line keeps its item, is
 * never below what arrived, and cannot go.
 */
async function writeLines(db: Executor, row: Row, editing: boolean, input: Input, order: PricedOrder) {
  const existing = editing
    ? new Map(
        (await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, row.id))).map((l) => [
          l.id,
          l,
        ]),
      )
    : new Map<string, typeof purchaseOrderLines.$inferSelect>();
  const errors: Record<string, string> = {};
  const kept = new Set<string>();
  input.lines.forEach((line, i) => {
    if (!line.id) return;
    const was = existing.get(line.id);
    if (!was) {
      errors[`lines.${i}.id`] = 'Not a line of this order.';
      return;
    }
    kept.add(line.id);
    if (was.receivedE4 > 0 && was.itemId !== (order.items[i]?.itemId ?? null))
      errors[`lines.${i}.item`] = 'Some of this line arrived: its item stays.';
    if (was.receivedE4 > e4(line.quantity))
      errors[`lines.${i}.quantity`] = `${was.receivedE4 / 10_000} arrived: order at least that many.`;
  });
  const dropped = [...existing.values()].filter((l) => !kept.has(l.id));
  if (dropped.some((l) => l.receivedE4 > 0)) errors.lines = 'A line of which some arrived cannot be taken off.';
  else if (
    dropped.length &&
    (
      await db
        .select({ id: shipmentLines.id })
        .from(shipmentLines)
        .where(
          inArray(
            shipmentLines.lineId,
            dropped.map((l) => l.id),
          ),
        )
        .limit(1)
    ).length
  )
    errors.lines = 'A line a shipment carries cannot be taken off: take it off the shipment first.';
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted lines.',
      errors,
    );
  if (dropped.length)
    await db.delete(purchaseOrderLines).where(
      inArray(
        purchaseOrderLines.id,
        dropped.map((l) => l.id),
      ),
    );
  const values = input.lines.map((line, i) => {
    const item = order.items[i];
    const money = order.lines[i]!;
    return {
      firmId: row.firmId,
      purchaseOrderId: row.id,
      position: i,
      productId: item?.productId ?? null,
      variantId: item?.variantId ?? null,
      materialId: item?.materialId ?? null,
      // An item's line is called by its item: only a line without one keeps words of its own.
      name: item ? '' : line.name,
      vendorSku: item ? '' : line.vendorSku,
      quantityE4: money.quantityE4,
      unitCostHc: money.unitCostHc,
      landedUnitCostHc: money.landedUnitCostHc,
      totalCents: money.totalCents,
      expectedDate: line.expectedDate,
      ...(line.id ? { id: line.id } : {}),
    };
  });
  const changed = values.filter((v) => v.id);
  // One statement for every line kept, however many (an order has up to 500).
  if (changed.length) {
    const col = <T>(of: (v: (typeof changed)[number]) => T) => sql.param(changed.map(of));
    await db.execute(sql`
      UPDATE ${purchaseOrderLines} l SET position = x.pos, product_id = x.p, variant_id = x.v, material_id = x.m,
             name = x.n, vendor_sku = x.vs,
             quantity_e4 = x.q, unit_cost_hc = x.c, landed_unit_cost_hc = x.lc, total_cents = x.t, expected_date = x.d
        FROM unnest(${col((v) => v.id!)}::uuid[], ${col((v) => v.position)}::int[], ${col((v) => v.productId)}::uuid[],
                    ${col((v) => v.variantId)}::uuid[], ${col((v) => v.materialId)}::uuid[],
                    ${col((v) => v.name)}::text[], ${col((v) => v.vendorSku)}::text[],
                    ${col((v) => String(v.quantityE4))}::bigint[], ${col((v) => String(v.unitCostHc))}::bigint[],
                    ${col((v) => String(v.landedUnitCostHc))}::bigint[], ${col((v) => String(v.totalCents))}::bigint[],
                    ${col((v) => v.expectedDate)}::date[]) AS x(id, pos, p, v, m, n, vs, q, c, lc, t, d)
       WHERE l.id = x.id AND l.purchase_order_id = ${row.id}`);
  }
  const added = values.filter((v) => !v.id);
  if (added.length) await db.insert(purchaseOrderLines).values(added);
  if (editing) await refreshProgress(db, row.id);
}

/**
 * After lines or receipts change: how many lines have arrived in full, and the status that
 * follows (a sent order with everything in is received; with some, partially received).
 */
export async function refreshProgress(db: Executor, id: string) {
  await db.execute(sql`
    UPDATE ${purchaseOrders} po SET
      lines_received = x.done,
      status = CASE
        WHEN po.status IN ('draft', 'cancelled') THEN po.status
        WHEN x.done = x.lines AND x.lines > 0 THEN 'received'
        WHEN x.any_in THEN 'partially_received'
        ELSE 'sent' END
      FROM (SELECT count(*) FILTER (WHERE received_e4 >= quantity_e4)::int AS done, count(*)::int AS lines,
                   bool_or(received_e4 > 0) AS any_in
              FROM ${purchaseOrderLines} WHERE purchase_order_id = ${id}) x
     WHERE po.id = ${id}`);
}

import {
  depositCents,
  KINDS,
  type Order,
  type OrderRow,
  orderCancelSchema,
  orderInputSchema,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { badRequest, conflict } from '../../platform/http/errors';
import { buildSearchText, idsIn, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { ambassadors } from '../ambassadors';
import { companies } from '../companies';
import { couponForOrder, redeemCoupon, releaseCoupon } from '../coupons';
import { customers } from '../customers';
import {
  checkDocumentJob,
  customerAddress,
  documentCustomer,
  linesJsonSql,
  pricedInputs,
  priceLines,
  totalsValues,
  writeLines,
} from '../documents';
import { customerJobs } from '../jobs';
import { shipments } from '../purchasing';
import { warehouses } from '../warehouses';
import { priceBookFor } from '../wholesale';
import { commitOrder, orderStock, releaseOrder } from './order-stock';
import { orderLines, orders, shipmentOrderLines } from './orders.table';

type Input = z.output<typeof orderInputSchema>;

export const orderNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${orders.prefix} || ${orders.number})`;
const customerRef = refColumn(orders.customerId, customers, customers.name);
const companyRef = refColumn(orders.companyId, companies, companies.name);
const jobRef = refColumn(orders.customerJobId, customerJobs, customerJobs.name);
const warehouseRef = refColumn(orders.warehouseId, warehouses, warehouses.name);
const ambassadorRef = refColumn(orders.ambassadorId, ambassadors, ambassadors.name);
export const ORDER_LINES = { table: orderLines, parent: orderLines.orderId, parentKey: 'orderId' };

/** The order's lines as its page reads them, with what has been delivered of each. */
const linesJson = linesJsonSql(
  ORDER_LINES,
  qualified(orders.id),
  sql`'delivered', l.delivered_e4 / 10000.0, 'committed', l.committed_e4 / 10000.0`,
);

const priced = pricedInputs<Input>();

/** The other records an order names are the firm's; a job is the customer's own or one of the firm's projects. */
async function checkReferences(db: Executor, input: Input, customerId: string) {
  await checkDocumentJob(db, input.customerJob, customerId);
  if (input.ambassador) {
    const [found] = await db
      .select({ id: ambassadors.id })
      .from(ambassadors)
      .where(eq(ambassadors.id, input.ambassador));
    if (!found)
      throw badRequest('Choose an ambassador from the list.', { ambassador: 'Choose an ambassador from the list.' });
  }
}

async function warehouseOf(db: Executor, firmId: string, id: string | null) {
  const chosen = id ?? (await getSettingsGroup(db, firmId, 'orderWarehouseSettings')).warehouse;
  if (!chosen) return null;
  const [found] = await db
    .select({ id: warehouses.id, address: warehouses.address })
    .from(warehouses)
    .where(eq(warehouses.id, chosen));
  if (!found && id)
    throw badRequest('Choose one of the firm’s warehouses.', { warehouse: 'Choose one of the firm’s warehouses.' });
  return found ?? null;
}

/**
 * Orders: numbered per firm, for a customer; draft → confirmed (stock committed, coupon redeemed)
 * → fulfilled (everything delivered) → closed, or cancelled (stock and coupon released). Only a
 * draft is edited; a confirmed order changes through change orders.
 */
export const orderType = defineRecordType<typeof orders, typeof orderInputSchema, Order, OrderRow>({
  kind: KINDS.order,
  table: orders,
  input: orderInputSchema,
  title: (row) => orderNumber(row),
  search: {
    title: numberText,
    subtitle: sql<string>`concat_ws(' · ', (SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(orders.customerId)}),
      initcap(${orders.status}))`,
    text: orders.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before && before.status !== 'draft')
      throw conflict(
        before.status === 'confirmed'
          ? `${orderNumber(before)} is confirmed: its lines and prices change through a change order, or cancel it and make a new one.`
          : `${orderNumber(before)} is ${before.status}: it can no longer be changed.`,
      );
    const customer = await documentCustomer(db, input.customer);
    await checkReferences(db, input, customer.id);
    const warehouse = await warehouseOf(db, actor.firmId, input.warehouse);
    const shipTo =
      input.shipTo ??
      (input.fulfilment === 'pickup' ? (warehouse?.address ?? null) : customerAddress(customer.addresses));
    // The coupon's id, as the coupons module found it by its code while pricing.
    let couponId: string | null = null;
    const lines = await priceLines(db, actor.firmId, input.lines, {
      shipTo,
      taxExempt: customer.taxExempt,
      discount: input.discount,
      shippingCents: input.shippingCents,
      ...(await priceBookFor(db, actor, customer.companyId)),
      coupon: input.coupon
        ? async (couponLines) => {
            const found = await couponForOrder(db, actor.firmId, {
              code: input.coupon!,
              customer: customer.id,
              lines: couponLines,
            });
            couponId = found.couponId;
            return found;
          }
        : undefined,
    });
    priced.keep(input, lines);
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : {
          prefix: (await getSettingsGroup(db, actor.firmId, 'orderSettings')).prefix,
          number: await nextNumber(db, actor.firmId, 'order'),
        };
    const { totals } = lines;
    return {
      ...numbered,
      customerId: customer.id,
      companyId: customer.companyId,
      customerJobId: input.customerJob,
      warehouseId: warehouse?.id ?? null,
      ambassadorId: input.ambassador ?? customer.ambassadorId,
      fulfilment: input.fulfilment,
      shipTo,
      requestedDate: input.requestedDate,
      notes: input.notes,
      discount: input.discount,
      couponCode: input.coupon,
      couponId,
      shippingCents: input.shippingCents,
      deposit: input.deposit,
      depositCents: depositCents(input.deposit, totals.totalCents),
      paymentTermsDays: input.paymentTermsDays ?? customer.terms ?? 0,
      taxExempt: customer.taxExempt,
      ...totalsValues(lines),
      couponCents: totals.couponCents,
      searchText: buildSearchText([
        orderNumber(numbered),
        customer.name,
        customer.companyName ?? '',
        input.notes,
        ...lines.lines.map((l) => l.sku),
      ]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    const lines = priced.take(input);
    await writeLines(db, ORDER_LINES, row.firmId, row.id, lines.lines, before !== null);
  },
  refuseDelete: (row) =>
    row.status === 'draft'
      ? null
      : `${orderNumber(row)} is ${row.status}: only a draft can be deleted. Cancel it instead.`,
  audited: (r) => ({
    number: orderNumber(r),
    status: r.status,
    customer: r.customerId,
    customerJob: r.customerJobId,
    warehouse: r.warehouseId,
    fulfilment: r.fulfilment,
    requestedDate: r.requestedDate,
    notes: r.notes,
    coupon: r.couponCode,
    shippingCents: r.shippingCents,
    discountCents: r.discountCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    depositCents: r.depositCents,
    lineCount: r.lineCount,
  }),
  names: {
    customer: { table: customers, id: customers.id, name: customers.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
    warehouse: { table: warehouses, id: warehouses.id, name: warehouses.name },
  },
  extra: {
    customer: customerRef,
    company: companyRef,
    customerJob: jobRef,
    warehouse: warehouseRef,
    ambassador: ambassadorRef,
    lines: linesJson,
    shipments: sql`COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('_id', s.id, 'name', 'Shipment ' || s.number))
      FROM ${shipmentOrderLines} x JOIN ${shipments} s ON s.id = x.shipment_id
      WHERE x.order_id = ${qualified(orders.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    number: orderNumber(r),
    name: orderNumber(r),
    status: r.status,
    customer: extra.customer as Order['customer'],
    company: extra.company as Order['company'],
    customerJob: extra.customerJob as Order['customerJob'],
    warehouse: extra.warehouse as Order['warehouse'],
    ambassador: extra.ambassador as Order['ambassador'],
    fulfilment: r.fulfilment,
    shipTo: r.shipTo,
    requestedDate: r.requestedDate,
    notes: r.notes,
    discount: r.discount,
    coupon: r.couponCode,
    shippingCents: r.shippingCents,
    deposit: r.deposit,
    paymentTermsDays: r.paymentTermsDays,
    taxExempt: r.taxExempt,
    lines: (extra.lines as (Order['lines'][number] & { committed: number })[]).map(({ committed: _, ...l }) => ({
      ...l,
      stock: null,
    })),
    subtotalCents: r.subtotalCents,
    lineDiscountCents: r.lineDiscountCents,
    orderDiscountCents: r.orderDiscountCents,
    couponCents: r.couponCents,
    discountCents: r.discountCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    depositCents: r.depositCents,
    originalTotalCents: r.originalTotalCents,
    revision: r.revision,
    shipments: extra.shipments as Order['shipments'],
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    fulfilledAt: r.fulfilledAt?.toISOString() ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  }),
  // What each stocked line can have of the warehouse, and when the rest can be there.
  enrich: (db, order) => orderStock(db, order),
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      customer: customerRef,
      company: companyRef,
      customerJob: jobRef,
      // As an ISO time, like every other time the API answers.
      confirmedAt: sql<string | null>`to_json(${orders.confirmedAt}) #>> '{}'`,
    },
    defaultSort: '-number',
    filters: {
      // A job's, a customer's and an account's orders (their orders tabs).
      job: idsIn(orders.customerJobId, 'job', true),
      customer: idsIn(orders.customerId, 'customer'),
      account: idsIn(orders.companyId, 'account'),
    },
    // "SO-12", a customer's or account's name, a SKU on it: anywhere in its search text.
    search: (q) => sql`${orders.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    confirm: {
      refuse: (row) =>
        row.status === 'draft'
          ? row.lineCount === 0
            ? `${orderNumber(row)} has no lines yet: add what the customer is buying first.`
            : null
          : `${orderNumber(row)} is already ${row.status}.`,
      set: (row) => ({ status: 'confirmed', confirmedAt: new Date(), originalTotalCents: row.totalCents }),
      // Stock is held for its lines and the coupon used, or nothing happens (409 with the reasons).
      effects: async (db, actor, row) => {
        const shortfalls = await commitOrder(db, actor, row);
        if (row.couponCode) {
          const lines = await db.execute<{
            product: string;
            variant: string | null;
            quantity: string;
            price: string;
          }>(sql`
            SELECT product_id AS product, variant_id AS variant, (quantity_e4 / 10000.0)::text AS quantity,
                   unit_price_cents::text AS price
              FROM ${orderLines} WHERE order_id = ${row.id} AND product_id IS NOT NULL AND counted ORDER BY position`);
          const used = await redeemCoupon(db, actor.firmId, {
            code: row.couponCode,
            customer: row.customerId,
            reference: row.id,
            lines: lines.rows.map((l) => ({
              product: l.product,
              variant: l.variant,
              quantity: Number(l.quantity),
              unitPriceCents: Number(l.price),
            })),
          });
          if (used.discountCents !== row.couponCents)
            throw conflict(
              `The coupon ${row.couponCode} now takes off ${used.discountCents / 100} instead of ${row.couponCents / 100}: save the order again to reprice it.`,
            );
        }
        return shortfalls.length ? { backordered: shortfalls.length } : {};
      },
    },
    cancel: {
      body: orderCancelSchema,
      refuse: (row) =>
        row.status === 'cancelled'
          ? `${orderNumber(row)} was already cancelled.`
          : row.status === 'fulfilled' || row.status === 'closed'
            ? `${orderNumber(row)} was ${row.status}: what was delivered comes back through a return.`
            : null,
      set: () => ({ status: 'cancelled', cancelledAt: new Date() }),
      effects: async (db, actor, row, body) => {
        await releaseOrder(db, actor, row);
        await releaseCoupon(db, row.id);
        const { reason } = body as z.output<typeof orderCancelSchema>;
        return reason ? { reason } : {};
      },
    },
    close: {
      refuse: (row) =>
        row.status === 'fulfilled'
          ? null
          : row.status === 'closed'
            ? `${orderNumber(row)} is already closed.`
            : `${orderNumber(row)} is ${row.status}: only a fulfilled order can be closed.`,
      set: () => ({ status: 'closed', closedAt: new Date() }),
    },
  },
});

import {
  type ApprovalMethod,
  type ChangeOrder,
  type ChangeOrderRow,
  changeOrderApproveSchema,
  changeOrderDeclineSchema,
  changeOrderInputSchema,
  diffRevisions,
  KINDS,
  type RevisionLine,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { badRequest, conflict } from '../../platform/http/errors';
import { idsIn, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType } from '../../platform/records/lifecycle';
import { personColumn } from '../../platform/records/record-table';
import { customers } from '../customers';
import { linesJsonSql, pricedInputs, priceLines, revisionLines, totalsValues, writeLines } from '../documents';
import { ORDER_LINES, orderLines, orderNumber, orderRevisions, orders } from '../orders';
import { priceBookFor } from '../wholesale';
import { applyChangeOrder, lockOrder } from './apply';
import { changeOrderLines, changeOrders } from './change-orders.table';
import { onlineApproval } from './online-approval';

type Input = z.output<typeof changeOrderInputSchema>;
/** An approval as the transition takes it: recorded by hand (the route's body), or `online` by the customer's link. */
type ApproveBody = Omit<z.output<typeof changeOrderApproveSchema>, 'method'> & { method: ApprovalMethod };
type Row = typeof changeOrders.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export const CHANGE_ORDER_LINES = {
  table: changeOrderLines,
  parent: changeOrderLines.changeOrderId,
  parentKey: 'changeOrderId',
};
const fmt = (e4: number) => (e4 / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });

const orderName = sql<string>`(SELECT o.prefix || o.number FROM ${orders} o WHERE o.id = ${qualified(changeOrders.orderId)})`;
const nameSql = sql<string>`(${orderName} || ' · change ' || ${changeOrders.sequence})`;
const orderRef = sql<{ _id: string; name: string }>`(SELECT json_build_object('_id', o.id, 'name', o.prefix || o.number)
  FROM ${orders} o WHERE o.id = ${qualified(changeOrders.orderId)})`;
const customerRef = sql<{ _id: string; name: string }>`(SELECT json_build_object('_id', c.id, 'name', c.name)
  FROM ${orders} o JOIN ${customers} c ON c.id = o.customer_id WHERE o.id = ${qualified(changeOrders.orderId)})`;
const orderTotal = sql<number>`(SELECT o.total_cents FROM ${orders} o WHERE o.id = ${qualified(changeOrders.orderId)})`;
// What the order came to before: as it stood when approved, else as it stands.
const previousTotal = sql<number>`COALESCE(${changeOrders.previousTotalCents}, ${orderTotal})::float8`;

const nameOf = (row: Pick<Row, 'sequence'>, order: string) => `${order} · change ${row.sequence}`;
const priced = pricedInputs<Input>();

/** Why a confirmed order's line cannot become what a change order says, per field. */
export function checkAgainstOrder(
  lines: { id?: string; item: { type: string; id: string } | null; quantityE4: number | null }[],
  current: (typeof orderLines.$inferSelect)[],
): Record<string, string> {
  const byId = new Map(current.map((l) => [l.id, l]));
  const errors: Record<string, string> = {};
  const kept = new Set<string>();
  lines.forEach((line, i) => {
    if (!line.id) return;
    const was = byId.get(line.id);
    if (!was) {
      errors[`lines.${i}.id`] = 'Not a line of this order.';
      return;
    }
    if (kept.has(line.id)) errors[`lines.${i}.id`] = 'Each of the order’s lines once.';
    kept.add(line.id);
    const wasItem = was.variantId ?? was.productId ?? was.materialId;
    if ((line.item?.id ?? null) !== wasItem)
      errors[`lines.${i}.item`] = `A line keeps its item: remove ${was.name} and add the new one.`;
    else if (line.quantityE4 !== null && line.quantityE4 < was.deliveredE4)
      errors[`lines.${i}.quantity`] =
        `${fmt(was.deliveredE4)} of ${was.name} ${was.deliveredE4 === 10_000 ? 'was' : 'were'} handed over already: keep at least that (a return takes it back).`;
  });
  for (const was of current)
    if (!kept.has(was.id) && was.deliveredE4 > 0)
      errors.lines = `${fmt(was.deliveredE4)} of ${was.name} ${was.deliveredE4 === 10_000 ? 'was' : 'were'} handed over already: it stays on the order (a return takes it back).`;
  return errors;
}

/**
 * Prices the lines a change order proposes, as the order prices them: its address and exemption,
 * its discount and shipping, its customer's company prices for new items, and the coupon amount it
 * redeemed. A kept line keeps the price, list price and cost it was sold at unless a price is typed.
 */
async function priceProposal(db: Executor, actor: Parameters<typeof priceBookFor>[1], input: Input, order: OrderRow) {
  const current = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const byId = new Map(current.map((l) => [l.id, l]));
  const errors = checkAgainstOrder(
    input.lines.map((l) => ({
      id: l.id,
      item: l.item,
      quantityE4: l.measure ? null : Math.round(l.quantity * 10_000),
    })),
    current,
  );
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted lines.',
      errors,
    );
  const asSold = new Set<number>();
  const lines = input.lines.map((l, i) => {
    const was = l.id ? byId.get(l.id) : undefined;
    if (!was || l.unitPriceCents !== undefined) return { ...l, id: undefined };
    asSold.add(i);
    return { ...l, id: undefined, unitPriceCents: was.unitPriceCents };
  });
  const result = await priceLines(db, actor.firmId, lines, {
    shipTo: order.shipTo,
    taxExempt: order.taxExempt,
    discount: order.discount,
    shippingCents: order.shippingCents,
    ...(await priceBookFor(db, actor, order.companyId)),
    // The coupon was redeemed for an amount when the order was confirmed: that amount stays.
    coupon: order.couponCents > 0 ? async () => ({ cents: order.couponCents, covers: null }) : undefined,
  });
  result.lines.forEach((line, i) => {
    const was = input.lines[i]!.id ? byId.get(input.lines[i]!.id!) : undefined;
    if (!was) return;
    if ((line.item?.itemId ?? null) !== (was.variantId ?? was.productId ?? was.materialId))
      throw badRequest('A line keeps its item.', { [`lines.${i}.item`]: 'A line keeps its item.' });
    if (line.quantityE4 < was.deliveredE4)
      throw badRequest(`Keep at least the ${fmt(was.deliveredE4)} handed over.`, {
        [`lines.${i}.measure`]: `Keep at least the ${fmt(was.deliveredE4)} handed over.`,
      });
    line.unitCostHc = was.unitCostHc;
    if (asSold.has(i)) {
      line.listPriceCents = was.listPriceCents;
      line.priceSource = was.priceSource;
      line.priceEntered = was.priceEntered;
    }
  });
  return result;
}

/** What a change order changes: the order's lines (as they stand, or stood when it was approved) against its own. */
async function changesOf(db: Executor, co: ChangeOrder): Promise<ChangeOrder['changes']> {
  let before: RevisionLine[];
  let after: RevisionLine[];
  if (co.status === 'approved' && co.revision) {
    const rows = await db
      .select({ revision: orderRevisions.revision, lines: orderRevisions.lines })
      .from(orderRevisions)
      .where(
        sql`${orderRevisions.orderId} = ${co.order._id} AND ${orderRevisions.revision} IN (${co.revision - 1}, ${co.revision})`,
      );
    before = rows.find((r) => r.revision === co.revision! - 1)?.lines ?? [];
    after = rows.find((r) => r.revision === co.revision)?.lines ?? [];
  } else {
    before = await revisionLines(db, ORDER_LINES, co.order._id);
    after = await revisionLines(db, CHANGE_ORDER_LINES, co._id);
  }
  return diffRevisions(before, after);
}

/**
 * Change orders: a confirmed order is never edited in place; a change order proposes the lines
 * it should have and why, is sent to the customer as a PDF, and, once the staff record the
 * customer's approval, rewrites the order: its lines, the stock it holds, its totals and its next
 * revision (decision 0036).
 */
export const changeOrderType = defineRecordType<
  typeof changeOrders,
  typeof changeOrderInputSchema,
  ChangeOrder,
  ChangeOrderRow
>({
  kind: KINDS.change_order,
  table: changeOrders,
  input: changeOrderInputSchema,
  title: (row) => `Change ${row.sequence}`,
  columns: async (db, actor, input, before) => {
    if (before && before.status !== 'draft' && before.status !== 'sent')
      throw conflict(`Change ${before.sequence} was ${before.status}: it can no longer be changed.`);
    if (before && before.orderId !== input.order)
      throw badRequest('A change order stays with its order.', { order: 'A change order stays with its order.' });
    const order = await lockOrder(db, input.order);
    if (!order) throw badRequest('Choose one of the firm’s orders.', { order: 'Choose one of the firm’s orders.' });
    if (order.status !== 'confirmed')
      throw conflict(
        order.status === 'draft'
          ? `${orderNumber(order)} is a draft: change it directly.`
          : `${orderNumber(order)} is ${order.status}: only a confirmed order changes through a change order.`,
      );
    const lines = await priceProposal(db, actor, input, order);
    priced.keep(input, lines);
    const sequence =
      before?.sequence ??
      Number(
        (
          await db.execute<{ n: number }>(
            sql`SELECT COALESCE(max(sequence), 0) + 1 AS n FROM ${changeOrders} WHERE order_id = ${order.id}`,
          )
        ).rows[0]!.n,
      );
    return {
      number: before?.number ?? (await nextNumber(db, actor.firmId, 'change_order')),
      orderId: order.id,
      sequence,
      // A sent change order edited is sent again: what the customer saw is no longer it.
      status: 'draft' as const,
      reason: input.reason,
      baseRevision: order.revision,
      shippingCents: order.shippingCents,
      ...totalsValues(lines),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    const lines = priced.take(input);
    await writeLines(db, CHANGE_ORDER_LINES, row.firmId, row.id, lines.lines, before !== null, (_, i) => ({
      orderLineId: input.lines[i]!.id ?? null,
    }));
    // What the customer was sent is no longer it: their link stops (sending again sends a new one).
    if (before?.status === 'sent') await onlineApproval()?.revoke(db, row.id);
  },
  refuseDelete: (row) =>
    row.status === 'draft' || row.status === 'sent'
      ? null
      : `Change ${row.sequence} was ${row.status}: it stays on record.`,
  audited: (r) => ({
    status: r.status,
    reason: r.reason,
    totalCents: r.totalCents,
    lineCount: r.lineCount,
    approvedBy: r.approvedBy,
    approvalMethod: r.approvalMethod,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    approvalNote: r.approvalNote,
  }),
  extra: {
    name: nameSql,
    order: orderRef,
    orderStatus: sql`(SELECT o.status FROM ${orders} o WHERE o.id = ${qualified(changeOrders.orderId)})`,
    orderRevision: sql`(SELECT o.revision FROM ${orders} o WHERE o.id = ${qualified(changeOrders.orderId)})`,
    customer: customerRef,
    previousTotalCents: previousTotal,
    recordedBy: personColumn(changeOrders.recordedById),
    lines: linesJsonSql(CHANGE_ORDER_LINES, qualified(changeOrders.id), sql`'orderLine', l.order_line_id`),
  },
  detail: (r, extra) => {
    const open = r.status === 'draft' || r.status === 'sent';
    return {
      number: r.number,
      name: extra.name as string,
      sequence: r.sequence,
      status: r.status,
      order: extra.order as ChangeOrder['order'],
      orderStatus: extra.orderStatus as string,
      customer: extra.customer as ChangeOrder['customer'],
      reason: r.reason,
      lines: extra.lines as ChangeOrder['lines'],
      subtotalCents: r.subtotalCents,
      lineDiscountCents: r.lineDiscountCents,
      orderDiscountCents: r.orderDiscountCents,
      couponCents: (extra.lines as ChangeOrder['lines']).reduce((sum, l) => sum + l.couponCents, 0),
      discountCents: r.discountCents,
      taxCents: r.taxCents,
      shippingCents: r.shippingCents,
      totalCents: r.totalCents,
      previousTotalCents: Number(extra.previousTotalCents),
      changes: [],
      baseRevision: r.baseRevision,
      revision: r.revision,
      stale: open && Number(extra.orderRevision) !== r.baseRevision,
      sentAt: r.sentAt?.toISOString() ?? null,
      approval:
        r.status === 'approved' && r.approvedAt && r.approvedBy && r.approvalMethod
          ? {
              by: r.approvedBy,
              method: r.approvalMethod,
              at: r.approvedAt.toISOString(),
              note: r.approvalNote,
              recordedBy: extra.recordedBy as { _id: string; name: string } | null,
            }
          : null,
      declinedAt: r.declinedAt?.toISOString() ?? null,
      link: null,
      approvals: [],
    };
  },
  enrich: async (db, co) => ({
    ...co,
    changes: await changesOf(db, co),
    ...(await onlineApproval()?.read(db, co._id)),
  }),
  list: {
    rowFields: {
      name: nameSql,
      order: orderRef,
      customer: customerRef,
      previousTotalCents: previousTotal,
      totalCents: sql<number>`${changeOrders.totalCents}::float8`,
    },
    defaultSort: '-created',
    filters: {
      // An order's change orders (its change-orders tab).
      order: idsIn(changeOrders.orderId, 'order'),
    },
    search: (q) => sql`(${nameSql} || ' ' || ${changeOrders.reason}) ILIKE ${likePattern(q.trim())}`,
  },
  transitions: {
    'mark-sent': {
      refuse: (row) => (row.status === 'draft' ? null : `Change ${row.sequence} is ${row.status}.`),
      set: () => ({ status: 'sent', sentAt: new Date() }),
    },
    approve: {
      body: changeOrderApproveSchema,
      refuse: (row) =>
        row.status === 'draft' || row.status === 'sent' ? null : `Change ${row.sequence} was already ${row.status}.`,
      check: async (_db, _actor, _row, body) => {
        const { approvedAt } = body as z.output<typeof changeOrderApproveSchema>;
        if (approvedAt && new Date(approvedAt).getTime() > Date.now() + 60_000)
          throw badRequest('The approval cannot be in the future.', {
            approvedAt: 'The approval cannot be in the future.',
          });
      },
      set: (_row, body, actor) => {
        const b = body as ApproveBody;
        return {
          status: 'approved',
          approvedBy: b.approvedBy,
          approvalMethod: b.method,
          approvedAt: b.approvedAt ? new Date(b.approvedAt) : new Date(),
          approvalNote: b.note,
          // Signed online, the customer recorded it themselves: nobody on the staff did.
          recordedById: b.method === 'online' ? null : actor.userId,
        };
      },
      // The order is rewritten, its stock held or let go, and its next revision kept — or nothing happens.
      effects: (db, actor, row) => applyChangeOrder(db, actor, row),
    },
    decline: {
      body: changeOrderDeclineSchema,
      refuse: (row) =>
        row.status === 'draft' || row.status === 'sent' ? null : `Change ${row.sequence} was already ${row.status}.`,
      set: () => ({ status: 'declined', declinedAt: new Date() }),
      effects: async (_db, _actor, _row, body) => {
        const { reason } = body as z.output<typeof changeOrderDeclineSchema>;
        return reason ? { reason } : {};
      },
    },
  },
});

export { nameOf as changeOrderName };

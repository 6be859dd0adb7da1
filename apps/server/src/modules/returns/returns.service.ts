import {
  hasCode,
  KINDS,
  P,
  type Return,
  type ReturnRow,
  returnApproveSchema,
  returnInputSchema,
  returnReceiveSchema,
  returnRejectSchema,
  returnResolveSchema,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { badRequest, conflict, forbidden } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { companies } from '../companies';
import { customers } from '../customers';
import { orderNumber, orders, orderType } from '../orders';
import { creditMemos, creditMemoType, payments, paymentType } from '../payments';
import { warehouses } from '../warehouses';
import { type PlannedLine, planReturnLines, writeReturnLines } from './return-lines';
import { receiveReturn } from './return-receiving';
import { returns } from './returns.table';

type Row = typeof returns.$inferSelect;
type Input = z.output<typeof returnInputSchema>;

export const returnNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${returns.prefix} || ${returns.number})`;
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const customerRef = refColumn(returns.customerId, customers, customers.name);
const companyRef = refColumn(returns.companyId, companies, companies.name);
const warehouseRef = refColumn(returns.warehouseId, warehouses, warehouses.name);
const orderRef = sql`(SELECT json_build_object('_id', o.id, 'name', o.prefix || o.number) FROM ${orders} o
  WHERE o.id = ${qualified(returns.orderId)})`;
const memoRef = sql`(SELECT json_build_object('_id', m.id, 'name', m.prefix || m.number) FROM ${creditMemos} m
  WHERE m.id = ${qualified(returns.creditMemoId)})`;
const refundRef = sql`(SELECT json_build_object('_id', p.id, 'name', 'Refund ' || p.number) FROM ${payments} p
  WHERE p.id = ${qualified(returns.refundId)})`;

/** The lines each write planned (checked against the order under its lines' locks), for afterWrite. */
const planned = new WeakMap<Input, PlannedLine[]>();

/** The fee: as entered, else the firm's percent of the goods; never more than the goods. */
async function feeFor(db: Executor, firmId: string, goods: number, entered: number | null): Promise<number> {
  if (entered !== null) {
    if (entered > goods)
      throw badRequest(`The restocking fee is at most the goods' ${money(goods)}.`, {
        restockingFeeCents: `At most ${money(goods)}: what the goods come to.`,
      });
    return entered;
  }
  const { restockingFeePercent } = await getSettingsGroup(db, firmId, 'returnSettings');
  return Math.round((goods * restockingFeePercent) / 100);
}

/**
 * Returns: lines of a delivered order coming back (never more than was delivered less what other
 * returns take back, checked under the order's line locks), numbered per firm. Approved, received
 * (resellable items restocked at their cost), and resolved by a credit memo or a refund through
 * the payments module, or rejected. Decision 0044.
 */
export const returnType = defineRecordType<typeof returns, typeof returnInputSchema, Return, ReturnRow>({
  kind: KINDS.return,
  table: returns,
  input: returnInputSchema,
  title: (row) => returnNumber(row),
  search: {
    title: numberText,
    subtitle: sql<string>`concat_ws(' · ', (SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(returns.customerId)}),
      (SELECT o.prefix || o.number FROM ${orders} o WHERE o.id = ${qualified(returns.orderId)}))`,
    text: returns.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before && before.status !== 'requested')
      throw conflict(`${returnNumber(before)} is ${before.status}: its lines no longer change.`);
    const order = await orderType.findRow(db, input.order);
    if (before && before.orderId !== order.id)
      throw conflict(`${returnNumber(before)} is a return of another order: start a new return for this one.`);
    const lines = await planReturnLines(db, order.id, input.lines, before?.id ?? null);
    planned.set(input, lines);
    const goods = lines.reduce((s, l) => s + l.creditCents, 0);
    const fee = await feeFor(db, actor.firmId, goods, input.restockingFeeCents);
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : {
          prefix: (await getSettingsGroup(db, actor.firmId, 'returnSettings')).prefix,
          number: await nextNumber(db, actor.firmId, 'return'),
        };
    const [customer] = await db
      .select({ name: customers.name })
      .from(customers)
      .where(sql`${customers.id} = ${order.customerId}`);
    return {
      ...numbered,
      orderId: order.id,
      customerId: order.customerId,
      companyId: order.companyId,
      goodsCents: goods,
      restockingFeeCents: fee,
      creditCents: goods - fee,
      notes: input.notes,
      warehouseId: before?.warehouseId ?? order.warehouseId,
      requestedOn: before?.requestedOn ?? (await firmToday(db, actor.firmId)),
      searchText: buildSearchText([returnNumber(numbered), orderNumber(order), customer?.name ?? '', input.notes]),
    };
  },
  afterWrite: async (db, row, _before, input) => {
    const lines = input && planned.get(input);
    if (lines) await writeReturnLines(db, row.firmId, row.id, lines);
  },
  refuseDelete: (row) =>
    row.status === 'requested' ? null : `${returnNumber(row)} is ${row.status}: reject it rather than delete it.`,
  audited: (r) => ({
    number: returnNumber(r),
    status: r.status,
    order: r.orderId,
    goodsCents: r.goodsCents,
    restockingFeeCents: r.restockingFeeCents,
    creditCents: r.creditCents,
    notes: r.notes,
    warehouse: r.warehouseId,
    resolution: r.resolution,
    creditMemo: r.creditMemoId,
    refund: r.refundId,
    rejectReason: r.rejectReason,
  }),
  names: {
    order: { table: orders, id: orders.id, name: sql`${orders.prefix} || ${orders.number}` as never },
    warehouse: { table: warehouses, id: warehouses.id, name: warehouses.name },
    creditMemo: {
      table: creditMemos,
      id: creditMemos.id,
      name: sql`${creditMemos.prefix} || ${creditMemos.number}` as never,
    },
  },
  extra: {
    order: orderRef,
    customer: customerRef,
    company: companyRef,
    warehouse: warehouseRef,
    creditMemo: memoRef,
    refund: refundRef,
    // constant SQL names: delivery_stops, delivery_routes, return_lines, order_lines and vendor_claims are tables of ours.
    deliveryRoute: sql`(SELECT json_build_object('_id', r.id, 'name', r.prefix || r.number)
      FROM delivery_stops s JOIN delivery_routes r ON r.id = s.route_id WHERE s.id = ${qualified(returns.deliveryStopId)})`,
    lines: sql`COALESCE((SELECT json_agg(json_build_object(
        '_id', rl.id, 'line', rl.order_line_id, 'name', ol.name, 'sku', ol.sku, 'unit', ol.unit,
        'quantity', rl.quantity_e4 / 10000.0, 'reason', rl.reason, 'condition', rl.condition, 'note', rl.note,
        'creditCents', rl.credit_cents, 'restocked', rl.restocked,
        'claimed', EXISTS (SELECT 1 FROM vendor_claims vc WHERE vc.return_line_id = rl.id AND vc.status <> 'rejected'))
        ORDER BY rl.position)
      FROM return_lines rl JOIN order_lines ol ON ol.id = rl.order_line_id
      WHERE rl.return_id = ${qualified(returns.id)}), '[]'::json)`,
  },
  detail: (r, extra) => ({
    number: returnNumber(r),
    name: returnNumber(r),
    status: r.status,
    order: extra.order as Return['order'],
    customer: extra.customer as Return['customer'],
    company: extra.company as Return['company'],
    deliveryRoute: (extra.deliveryRoute as Return['deliveryRoute']) ?? null,
    lines: (extra.lines as Return['lines']).map((l) => ({ ...l, quantity: Number(l.quantity) })),
    goodsCents: r.goodsCents,
    restockingFeeCents: r.restockingFeeCents,
    creditCents: r.creditCents,
    notes: r.notes,
    warehouse: extra.warehouse as Return['warehouse'],
    resolution: r.resolution,
    creditMemo: extra.creditMemo as Return['creditMemo'],
    refund: extra.refund as Return['refund'],
    rejectReason: r.rejectReason,
    requestedAt: r.requestedOn,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    receivedAt: r.receivedAt?.toISOString() ?? null,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }),
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      order: orderRef,
      customer: customerRef,
    },
    defaultSort: '-number',
    filters: {
      order: idsIn(returns.orderId, 'order'),
      customer: idsIn(returns.customerId, 'customer'),
      account: idsIn(returns.companyId, 'account'),
    },
    search: (q) => sql`${returns.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    approve: {
      body: returnApproveSchema,
      refuse: (row) =>
        row.status === 'requested'
          ? null
          : `${returnNumber(row)} is ${row.status}: only a requested return is approved.`,
      check: async (_db, _actor, row, body) => {
        const fee = (body as z.output<typeof returnApproveSchema>).restockingFeeCents;
        if (fee !== null && fee > row.goodsCents)
          throw badRequest(`The restocking fee is at most the goods' ${money(row.goodsCents)}.`, {
            restockingFeeCents: `At most ${money(row.goodsCents)}: what the goods come to.`,
          });
      },
      set: (row, body) => {
        const fee = (body as z.output<typeof returnApproveSchema>).restockingFeeCents ?? row.restockingFeeCents;
        return {
          status: 'approved' as const,
          approvedAt: new Date(),
          restockingFeeCents: fee,
          creditCents: row.goodsCents - fee,
        };
      },
    },
    reject: {
      body: returnRejectSchema,
      refuse: (row) =>
        row.status === 'requested' || row.status === 'approved'
          ? null
          : `${returnNumber(row)} is ${row.status}: only a return not yet received is rejected.`,
      set: (_row, body) => ({
        status: 'rejected' as const,
        rejectReason: (body as z.output<typeof returnRejectSchema>).reason,
      }),
    },
    receive: {
      body: returnReceiveSchema,
      refuse: (row) =>
        row.status === 'approved'
          ? null
          : row.status === 'received' || row.status === 'resolved'
            ? `${returnNumber(row)} was already received.`
            : `${returnNumber(row)} is ${row.status}: approve it before receiving it.`,
      set: () => ({ status: 'received' as const, receivedAt: new Date() }),
      effects: (db, actor, row, body) => receiveReturn(db, actor, row, body as never),
    },
    resolve: {
      body: returnResolveSchema,
      refuse: (row) =>
        row.status === 'received'
          ? null
          : row.status === 'resolved'
            ? `${returnNumber(row)} was already resolved.`
            : `${returnNumber(row)} is ${row.status}: receive it before settling it.`,
      check: async (_db, actor, _row, body) => {
        const { resolution } = body as z.output<typeof returnResolveSchema>;
        if (!hasCode(actor.codes, KINDS.credit_memo.codes.modify))
          throw forbidden('You do not have permission to give credit memos.');
        if (resolution === 'refund' && !hasCode(actor.codes, P.MODIFY_REFUNDS))
          throw forbidden('You do not have permission to refund customers.');
      },
      set: (_row, body) => ({
        status: 'resolved' as const,
        resolution: (body as z.output<typeof returnResolveSchema>).resolution,
        resolvedAt: new Date(),
      }),
      effects: (db, actor, row, body) => settle(db, actor, row, body as z.output<typeof returnResolveSchema>),
    },
  },
});

/**
 * The settlement: a credit memo for what the return gives back (the customer keeps it for their
 * invoices), and for a refund that memo paid back at once, so the credit and the money out are
 * two documents that each reconcile. A return that gives nothing back (the fee took it all) is
 * resolved with neither.
 */
async function settle(
  db: Executor,
  actor: Parameters<typeof creditMemoType.create>[1],
  row: Row,
  body: z.output<typeof returnResolveSchema>,
) {
  if (row.creditCents === 0) return {};
  const name = returnNumber(row);
  const memo = await creditMemoType.create(db, actor, {
    customer: row.customerId,
    amountCents: row.creditCents,
    reason: `Return ${name}`,
    issueDate: null,
    customerJob: null,
    notes: '',
  });
  let refundId: string | null = null;
  if (body.resolution === 'refund') {
    const refund = await paymentType.create(db, actor, {
      customer: row.customerId,
      method: body.method!,
      amountCents: row.creditCents,
      receivedOn: null,
      reference: body.reference,
      notes: `Refund of return ${name}`,
      applications: [],
      refund: memo._id,
    });
    refundId = refund._id;
  }
  await db.update(returns).set({ creditMemoId: memo._id, refundId }).where(sql`${returns.id} = ${row.id}`);
  return { creditMemo: memo.number, ...(refundId ? { refund: true } : {}) };
}

import {
  type BillableLine,
  billCostHc,
  billLineCentsOf,
  billQuantityE4,
  calendarAddDays,
  hasCode,
  KINDS,
  P,
  type VendorBill,
  type VendorBillRow,
  type VendorBillStatus,
  vendorBillInputSchema,
  vendorBillVoidSchema,
} from '@atelier/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { badRequest, conflict, forbidden, HttpError } from '../../platform/http/errors';
import { firmToday, firmTodaySql } from '../../platform/identity/firm-clock';
import { buildSearchText, idsIn, likePattern, yesNo } from '../../platform/lists/list';
import { defineRecordType, personColumn, refColumn } from '../../platform/records/lifecycle';
import { purchaseOrderLines, purchaseOrders } from '../purchasing';
import { itemViewSql } from '../stock';
import { vendors } from '../vendors';
import { billName } from './applications';
import { vendorBillLines, vendorBills } from './payables.table';

type Input = z.output<typeof vendorBillInputSchema>;
type Row = typeof vendorBills.$inferSelect;

const nameText = sql<string>`('Bill ' || ${vendorBills.billNumber})`;
const vendorRef = refColumn(vendorBills.vendorId, vendors, vendors.name);
const overdueSql = sql<boolean>`(${vendorBills.status} IN ('open', 'partially_paid') AND ${vendorBills.dueDate} < ${firmTodaySql(
  qualified(vendorBills.firmId),
)})`;
const needsApprovalSql = sql<boolean>`(${vendorBills.status} = 'draft' AND ${vendorBills.flagged} AND ${vendorBills.approvedAt} IS NULL)`;
/** A purchase-order line's name: its item's, or its own words (a special order). */
const poLineName = sql`CASE WHEN pol.item_id IS NULL THEN pol.name ELSE ${itemViewSql('pol')} ->> 'name' END`;
const poLineSku = sql`CASE WHEN pol.item_id IS NULL THEN pol.vendor_sku ELSE ${itemViewSql('pol')} ->> 'sku' END`;

/** A bill's line as matched against what was ordered, received and billed before. */
type MatchedLine = {
  purchaseOrderId: string | null;
  purchaseOrderLineId: string | null;
  description: string;
  quantityE4: number;
  unitCostHc: number;
  totalCents: number;
  orderedUnitCostHc: number | null;
  receivedE4: number | null;
  billedElsewhereE4: number | null;
  overBilled: boolean;
  costDiffers: boolean;
};

/** Worked out while checking the input (`columns`), written by `afterWrite` (the same input object). */
const matchedLines = new WeakMap<Input, MatchedLine[]>();

/**
 * Matches an input's lines to the purchase-order lines they bill. Each must be a line of one of
 * the vendor's orders that was sent (the firm's only: another firm's is no line at all here);
 * the orders are locked in id order, as receiving locks them, so what arrived and what other
 * bills billed cannot change until this bill is written, and two bills of one line take turns.
 * A line billed beyond what arrived and was not yet billed, or at another cost than ordered, is
 * flagged.
 */
async function matchLines(db: Executor, vendorId: string, input: Input, billId: string | null) {
  const ids = input.lines.flatMap((l) => (l.purchaseOrderLine ? [l.purchaseOrderLine] : []));
  type PoLine = {
    id: string;
    purchase_order_id: string;
    vendor_id: string;
    vendor: string;
    status: string;
    po: string;
    name: string;
    received_e4: string;
    unit_cost_hc: string;
    billed_e4: string;
  };
  let found = new Map<string, PoLine>();
  if (ids.length) {
    const orders = (
      await db.execute<{ id: string }>(sql`
        SELECT DISTINCT purchase_order_id AS id FROM ${purchaseOrderLines} WHERE id = ANY(${sql.param(ids)}::uuid[])`)
    ).rows.map((r) => r.id);
    if (orders.length)
      await db.execute(
        sql`SELECT id FROM ${purchaseOrders} WHERE id = ANY(${sql.param(orders)}::uuid[]) ORDER BY id FOR UPDATE`,
      );
    found = new Map(
      (
        await db.execute<PoLine>(sql`
          SELECT pol.id, pol.purchase_order_id, po.vendor_id, v.name AS vendor, po.status, po.prefix || po.number AS po,
                 ${poLineName} AS name, pol.received_e4::text, pol.unit_cost_hc::text,
                 COALESCE((SELECT sum(bl.quantity_e4) FROM ${vendorBillLines} bl JOIN ${vendorBills} b ON b.id = bl.bill_id
                            WHERE bl.purchase_order_line_id = pol.id AND b.status <> 'void'
                              ${billId ? sql`AND b.id <> ${billId}` : sql``}), 0)::text AS billed_e4
            FROM ${purchaseOrderLines} pol
            JOIN ${purchaseOrders} po ON po.id = pol.purchase_order_id
            JOIN ${vendors} v ON v.id = po.vendor_id
           WHERE pol.id = ANY(${sql.param(ids)}::uuid[])`)
      ).rows.map((r) => [r.id, r]),
    );
  }
  const errors: Record<string, string> = Object.create(null);
  const lines = input.lines.map((l, i): MatchedLine => {
    const quantityE4 = billQuantityE4(l.quantity);
    if (!l.purchaseOrderLine) {
      const unitCostHc = billCostHc(l.unitCost ?? 0);
      return {
        purchaseOrderId: null,
        purchaseOrderLineId: null,
        description: l.description,
        quantityE4,
        unitCostHc,
        totalCents: billLineCentsOf(quantityE4, unitCostHc),
        orderedUnitCostHc: null,
        receivedE4: null,
        billedElsewhereE4: null,
        overBilled: false,
        costDiffers: false,
      };
    }
    const at = `lines.${i}.purchaseOrderLine`;
    const po = found.get(l.purchaseOrderLine);
    if (!po) errors[at] = 'Choose a line of one of the vendor’s purchase orders.';
    else if (po.vendor_id !== vendorId)
      errors[at] = `That line is on ${po.po}, an order to ${po.vendor}: a bill only bills its own vendor’s orders.`;
    else if (po.status === 'draft') errors[at] = `${po.po} is a draft: nothing on it was ordered yet.`;
    const ordered = Number(po?.unit_cost_hc ?? 0);
    const unitCostHc = l.unitCost === undefined ? ordered : billCostHc(l.unitCost);
    const received = Number(po?.received_e4 ?? 0);
    const billed = Number(po?.billed_e4 ?? 0);
    return {
      purchaseOrderId: po?.purchase_order_id ?? null,
      purchaseOrderLineId: l.purchaseOrderLine,
      description: l.description || po?.name || '',
      quantityE4,
      unitCostHc,
      totalCents: billLineCentsOf(quantityE4, unitCostHc),
      orderedUnitCostHc: ordered,
      receivedE4: received,
      billedElsewhereE4: billed,
      overBilled: quantityE4 > received - billed,
      costDiffers: unitCostHc !== ordered,
    };
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted lines.',
      errors,
    );
  return lines;
}

/** One bill per vendor and number: a second is refused, pointing at the first. */
async function assertNewNumber(db: Executor, vendorId: string, billNumber: string, billId: string | null) {
  const [other] = await db
    .select({ id: vendorBills.id })
    .from(vendorBills)
    .where(
      and(
        eq(vendorBills.vendorId, vendorId),
        sql`lower(${vendorBills.billNumber}) = lower(${billNumber})`,
        billId ? ne(vendorBills.id, billId) : undefined,
      ),
    );
  if (!other) return;
  const message = `This vendor’s bill ${billNumber} is already entered: open it rather than entering it twice.`;
  throw new HttpError(409, 'conflict', message, { billNumber: message }, undefined, {
    href: `${KINDS.vendor_bill.webPath}/${other.id}`,
    label: `Bill ${billNumber}`,
  });
}

/** The bill's lines as its page reads them. */
const linesJson = sql`COALESCE((SELECT json_agg(json_build_object(
    'id', l.id, 'purchaseOrderLine', l.purchase_order_line_id,
    'purchaseOrder', CASE WHEN po.id IS NULL THEN NULL ELSE json_build_object('_id', po.id, 'name', po.prefix || po.number) END,
    'description', l.description, 'sku', COALESCE(${poLineSku}, ''),
    'quantity', l.quantity_e4 / 10000.0, 'unitCost', l.unit_cost_hc / 100.0, 'totalCents', l.total_cents,
    'orderedUnitCost', l.ordered_unit_cost_hc / 100.0, 'received', l.received_e4 / 10000.0,
    'billedElsewhere', l.billed_elsewhere_e4 / 10000.0,
    'overBilled', l.over_billed, 'costDiffers', l.cost_differs) ORDER BY l.position)
  FROM ${vendorBillLines} l
  LEFT JOIN ${purchaseOrders} po ON po.id = l.purchase_order_id
  LEFT JOIN ${purchaseOrderLines} pol ON pol.id = l.purchase_order_line_id
  WHERE l.bill_id = ${qualified(vendorBills.id)}), '[]'::json)`;

const purchaseOrdersJson = sql`COALESCE((SELECT json_agg(json_build_object('_id', po.id, 'name', po.prefix || po.number) ORDER BY po.number)
  FROM ${purchaseOrders} po WHERE po.id IN (SELECT l.purchase_order_id FROM ${vendorBillLines} l
    WHERE l.bill_id = ${qualified(vendorBills.id)})), '[]'::json)`;

// constant SQL names: bill_applications, bill_payments and vendor_credits are this module's tables.
const applicationsJson = sql`COALESCE((SELECT json_agg(json_build_object(
    '_id', a.id,
    'source', CASE WHEN a.bill_payment_id IS NOT NULL
      THEN json_build_object('_id', p.id, 'name', 'Bill payment ' || p.number)
      ELSE json_build_object('_id', c.id, 'name', 'VC-' || c.number) END,
    'sourceType', CASE WHEN a.bill_payment_id IS NOT NULL THEN 'bill_payment' ELSE 'vendor_credit' END,
    'bill', json_build_object('_id', ${qualified(vendorBills.id)}, 'name', 'Bill ' || ${qualified(vendorBills.billNumber)}),
    'amountCents', a.amount_cents,
    'date', COALESCE(p.paid_on, c.issue_date)) ORDER BY a.created_at)
  FROM bill_applications a
  LEFT JOIN bill_payments p ON p.id = a.bill_payment_id
  LEFT JOIN vendor_credits c ON c.id = a.vendor_credit_id
  WHERE a.bill_id = ${qualified(vendorBills.id)}), '[]'::json)`;

/** The bills a purchase order's lines are on (its Bills tab). */
const ofPurchaseOrder = (values: string[]) => {
  if (values.some((v) => !isUuid(v)))
    throw badRequest('Not a valid purchase order.', { 'filter.purchaseOrder': 'Not a valid purchase order.' });
  return sql`EXISTS (SELECT 1 FROM ${vendorBillLines} l WHERE l.bill_id = ${vendorBills.id}
    AND l.purchase_order_id = ANY(${sql.param(values)}::uuid[]))`;
};

const refusedWhenPaid = (row: Row) =>
  row.status === 'void'
    ? `${billName(row)} is void: it no longer changes.`
    : row.paidCents + row.creditedCents > 0
      ? `${billName(row)} has payments or credits applied: unapply them first.`
      : null;

/**
 * Vendor bills (decision 0046): what a vendor asks for, matched to the lines received on their
 * purchase orders. draft → open (entered; approved, when a line differs from what was received
 * or ordered) → partially paid → paid; or void. An edit puts a flagged bill back to a draft.
 */
export const vendorBillType = defineRecordType<
  typeof vendorBills,
  typeof vendorBillInputSchema,
  VendorBill,
  VendorBillRow
>({
  kind: KINDS.vendor_bill,
  table: vendorBills,
  input: vendorBillInputSchema,
  title: (row) => billName(row),
  columns: async (db, actor, input, before) => {
    if (before) {
      const refused = refusedWhenPaid(before);
      if (refused) throw conflict(refused);
    }
    const [vendor] = await db
      .select({ id: vendors.id, name: vendors.name, terms: vendors.paymentTermsDays })
      .from(vendors)
      .where(eq(vendors.id, input.vendor));
    if (!vendor) throw badRequest('Choose a vendor from the list.', { vendor: 'Choose a vendor from the list.' });
    await assertNewNumber(db, vendor.id, input.billNumber, before?.id ?? null);
    const lines = await matchLines(db, vendor.id, input, before?.id ?? null);
    matchedLines.set(input, lines);
    const billDate = input.billDate ?? (await firmToday(db, actor.firmId));
    const terms = before && before.vendorId === vendor.id && !input.dueDate ? before.paymentTermsDays : vendor.terms;
    const dueDate = input.dueDate ?? calendarAddDays(billDate, terms);
    if (dueDate < billDate)
      throw badRequest('The due date is on or after the bill date.', {
        dueDate: 'The due date is on or after the bill date.',
      });
    const flagged = lines.some((l) => l.overBilled || l.costDiffers);
    const subtotalCents = lines.reduce((s, l) => s + l.totalCents, 0);
    // An open bill stays open through an edit that leaves it matching; otherwise it is a draft again.
    const status: VendorBillStatus = before?.status === 'open' && !flagged ? 'open' : 'draft';
    return {
      vendorId: vendor.id,
      billNumber: input.billNumber,
      status,
      billDate,
      dueDate,
      paymentTermsDays: input.dueDate ? calendarDays(billDate, dueDate) : terms,
      notes: input.notes,
      subtotalCents,
      taxCents: input.taxCents,
      totalCents: subtotalCents + input.taxCents,
      flagged,
      approvedAt: null,
      approvedBy: null,
      searchText: buildSearchText([input.billNumber, vendor.name, input.notes, ...lines.map((l) => l.description)]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    const lines = matchedLines.get(input) ?? (await matchLines(db, row.vendorId, input, row.id));
    if (before) await db.delete(vendorBillLines).where(eq(vendorBillLines.billId, row.id));
    await db
      .insert(vendorBillLines)
      .values(lines.map((l, position) => ({ ...l, firmId: row.firmId, billId: row.id, position })));
  },
  refuseDelete: (row) =>
    row.status === 'draft' ? null : `${billName(row)} was entered: an entered bill is never deleted. Void it instead.`,
  // Approving a bill that differs from what was received or ordered is the purchasing settings'
  // keeper's call (59), as over-receipts are theirs to allow.
  mayChange: async (_db, actor, _row, action) => {
    if (action === 'approve' && !hasCode(actor.codes, P.PURCHASE_ORDER_SETTINGS))
      throw forbidden(
        'You do not have permission to approve bills: ask someone who keeps the purchase-order settings.',
      );
  },
  audited: (r) => ({
    billNumber: r.billNumber,
    status: r.status,
    vendor: r.vendorId,
    billDate: r.billDate,
    dueDate: r.dueDate,
    notes: r.notes,
    subtotalCents: r.subtotalCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    paidCents: r.paidCents,
    creditedCents: r.creditedCents,
    flagged: r.flagged,
    approvedBy: r.approvedBy,
    voidReason: r.voidReason,
  }),
  people: ['approvedBy'],
  names: { vendor: { table: vendors, id: vendors.id, name: vendors.name } },
  extra: {
    vendor: vendorRef,
    overdue: overdueSql,
    needsApproval: needsApprovalSql,
    approvedByPerson: personColumn(vendorBills.approvedBy),
    lines: linesJson,
    purchaseOrders: purchaseOrdersJson,
    applications: applicationsJson,
  },
  detail: (r, extra) => ({
    name: billName(r),
    billNumber: r.billNumber,
    status: r.status,
    vendor: extra.vendor as VendorBill['vendor'],
    billDate: r.billDate,
    dueDate: r.dueDate,
    paymentTermsDays: r.paymentTermsDays,
    notes: r.notes,
    lines: extra.lines as VendorBill['lines'],
    purchaseOrders: extra.purchaseOrders as VendorBill['purchaseOrders'],
    subtotalCents: r.subtotalCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    paidCents: r.paidCents,
    creditedCents: r.creditedCents,
    balanceCents: r.balanceCents,
    overdue: extra.overdue as boolean,
    flagged: r.flagged,
    needsApproval: extra.needsApproval as boolean,
    approvedAt: r.approvedAt?.toISOString() ?? null,
    approvedBy: extra.approvedByPerson as VendorBill['approvedBy'],
    applications: extra.applications as VendorBill['applications'],
    voidedAt: r.voidedAt?.toISOString() ?? null,
    voidReason: r.voidReason,
  }),
  list: {
    rowFields: {
      name: nameText,
      vendor: vendorRef,
      overdue: overdueSql,
      needsApproval: needsApprovalSql,
    },
    defaultSort: '-billed',
    filters: {
      vendor: idsIn(vendorBills.vendorId, 'vendor'),
      purchaseOrder: ofPurchaseOrder,
      overdue: yesNo(overdueSql, 'overdue'),
      approval: yesNo(needsApprovalSql, 'approval'),
      // Owed: open or partly paid.
      open: yesNo(sql`${vendorBills.status} IN ('open', 'partially_paid')`, 'open'),
    },
    search: (q) => sql`${vendorBills.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    // Entered as owed: a bill that matches what was received and ordered.
    enter: {
      refuse: (row) =>
        row.status !== 'draft'
          ? `${billName(row)} was already entered.`
          : row.flagged && !row.approvedAt
            ? `${billName(row)} bills more than was received, or at other costs than ordered: it needs approval before it is owed.`
            : null,
      set: () => ({ status: 'open' as VendorBillStatus }),
    },
    // Owed as billed, differences and all (checked by mayChange: code 59).
    approve: {
      refuse: (row) => (row.status === 'draft' ? null : `${billName(row)} was already entered.`),
      set: (_row, _body, actor) => ({
        status: 'open' as VendorBillStatus,
        approvedAt: new Date(),
        approvedBy: actor.userId,
      }),
    },
    void: {
      body: vendorBillVoidSchema,
      refuse: (row) =>
        row.status === 'void'
          ? `${billName(row)} is already void.`
          : row.paidCents + row.creditedCents > 0
            ? `${billName(row)} has payments or credits applied: unapply them first, then void it.`
            : null,
      set: (_row, body) => ({
        status: 'void' as VendorBillStatus,
        voidedAt: new Date(),
        voidReason: (body as z.output<typeof vendorBillVoidSchema>).reason,
      }),
    },
  },
});

const calendarDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * GET /vendor-bills/billable: the lines of the vendor's sent purchase orders of which something
 * arrived, with what was ordered, received and billed on other bills, newest order first.
 */
export async function billableLines(
  db: Executor,
  query: { vendor: string; bill?: string; purchaseOrder?: string },
): Promise<BillableLine[]> {
  const rows = await db.execute<{
    po_id: string;
    po: string;
    line: string;
    description: string;
    sku: string;
    ordered: string;
    received: string;
    billed: string;
    unit_cost: string;
  }>(sql`
    SELECT po.id AS po_id, po.prefix || po.number AS po, pol.id AS line, ${poLineName} AS description,
           COALESCE(${poLineSku}, '') AS sku, pol.quantity_e4::text AS ordered, pol.received_e4::text AS received,
           COALESCE((SELECT sum(bl.quantity_e4) FROM ${vendorBillLines} bl JOIN ${vendorBills} b ON b.id = bl.bill_id
                      WHERE bl.purchase_order_line_id = pol.id AND b.status <> 'void'
                        ${query.bill ? sql`AND b.id <> ${query.bill}` : sql``}), 0)::text AS billed,
           pol.unit_cost_hc::text AS unit_cost
      FROM ${purchaseOrderLines} pol JOIN ${purchaseOrders} po ON po.id = pol.purchase_order_id
     WHERE po.vendor_id = ${query.vendor} AND po.status <> 'draft' AND pol.received_e4 > 0
       ${query.purchaseOrder ? sql`AND po.id = ${query.purchaseOrder}` : sql``}
     ORDER BY po.number DESC, pol.position
     LIMIT 500`);
  return rows.rows.map((r) => {
    const received = Number(r.received);
    const billed = Number(r.billed);
    return {
      purchaseOrder: { _id: r.po_id, name: r.po },
      line: r.line,
      description: r.description,
      sku: r.sku,
      ordered: Number(r.ordered) / 10_000,
      received: received / 10_000,
      billed: billed / 10_000,
      billable: Math.max(received - billed, 0) / 10_000,
      unitCost: Number(r.unit_cost) / 100,
    };
  });
}

import {
  depositCents,
  type InvoiceValues,
  type OrderBilling,
  ProgressError,
  percentE2Of,
  progressInvoice,
} from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badRequest, conflict } from '../../platform/http/errors';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import type { PricedLineValues } from '../documents';
import { orderLines, orderNumber, orders } from '../orders';
import { invoices } from './invoices.table';

/** A line an invoice writes, and the order line it bills (none: a deposit's, a retention's). */
export type BilledLine = { line: PricedLineValues; orderLineId: string | null };

/** What an invoice of an order comes to: its lines and the figures kept on the invoice row. */
export type OrderBill = {
  lines: BilledLine[];
  shippingCents: number;
  depositE2: number | null;
  percentE2: number | null;
  workCents: number;
  retentionE2: number;
  retentionCents: number;
  depositRecoveredCents: number;
};

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const percentText = (e2: number) => `${(e2 / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
const share = (cents: number, part: number, whole: number) =>
  whole <= 0 ? 0 : Number((BigInt(cents) * BigInt(part) * 2n + BigInt(whole)) / (BigInt(whole) * 2n));

/** A line of words and an amount (a deposit, a share of the work): one of it, taxed at `taxRateBps`. */
export function amountLine(name: string, description: string, cents: number, taxCents = 0, taxRateBps = 0) {
  return {
    kind: 'text',
    item: null,
    specialVendorId: null,
    specialSku: '',
    specialLeadDays: 0,
    name,
    sku: '',
    description,
    unit: 'each',
    measure: null,
    basis: [],
    piecesE4: 10_000,
    quantityE4: 10_000,
    unitPriceCents: cents,
    listPriceCents: cents,
    priceSource: 'Entered',
    priceEntered: true,
    unitCostHc: 0,
    discount: null,
    taxClass: taxRateBps ? 'Standard' : 'None',
    taxRateBps,
    optional: false,
    selected: false,
    groupKey: null,
    chosen: false,
    counted: true,
    subtotalCents: cents,
    lineDiscountCents: 0,
    orderDiscountCents: 0,
    couponCents: 0,
    netCents: cents,
    taxCents,
    totalCents: cents + taxCents,
  } satisfies PricedLineValues;
}

/** An order's line as an invoice bills it: as sold, its item, price, discounts and tax. */
function soldLine(l: OrderLineRow): PricedLineValues {
  const item =
    l.productId || l.materialId
      ? {
          type: l.materialId ? 'material' : l.variantId ? 'variant' : 'product',
          itemId: (l.variantId ?? l.productId ?? l.materialId)!,
          productId: l.productId,
          variantId: l.variantId,
          materialId: l.materialId,
          name: l.name,
          sku: l.sku,
        }
      : null;
  return {
    kind: l.kind,
    item: item as PricedLineValues['item'],
    specialVendorId: l.specialVendorId,
    specialSku: l.specialSku,
    specialLeadDays: l.specialLeadDays,
    name: l.name,
    sku: l.sku,
    description: l.description,
    unit: l.unit,
    measure: l.measure,
    basis: l.basis,
    piecesE4: l.piecesE4,
    quantityE4: l.quantityE4,
    unitPriceCents: l.unitPriceCents,
    listPriceCents: l.listPriceCents,
    priceSource: l.priceSource,
    priceEntered: l.priceEntered,
    unitCostHc: l.unitCostHc,
    discount: l.discount,
    taxClass: l.taxClass,
    taxRateBps: l.taxRateBps,
    optional: false,
    selected: false,
    groupKey: null,
    chosen: false,
    counted: true,
    subtotalCents: l.subtotalCents,
    lineDiscountCents: l.lineDiscountCents,
    orderDiscountCents: l.orderDiscountCents,
    couponCents: l.couponCents,
    netCents: l.netCents,
    taxCents: l.taxCents,
    totalCents: l.totalCents,
  };
}

/** What the order's other invoices (not void, not `except`) have billed. */
async function billedSoFar(db: Executor, orderId: string, except: string | null) {
  const others = await db.execute<{
    id: string;
    name: string;
    billing: string;
    status: string;
    percent_e2: number | null;
    work_cents: string;
    retention_e2: number;
    retention_cents: string;
    deposit_recovered_cents: string;
    shipping_cents: string;
    total_cents: string;
    balance_cents: string;
  }>(sql`
    SELECT id, prefix || number AS name, billing, status, percent_e2, work_cents, retention_e2, retention_cents,
           deposit_recovered_cents, shipping_cents, total_cents, balance_cents
      FROM ${invoices} WHERE order_id = ${orderId} ORDER BY number`);
  const all = others.rows.map((r) => ({
    id: r.id,
    name: r.name,
    billing: r.billing as OrderBilling['invoices'][number]['billing'],
    status: r.status as OrderBilling['invoices'][number]['status'],
    percentE2: r.percent_e2,
    workCents: Number(r.work_cents),
    retentionE2: r.retention_e2,
    retentionCents: Number(r.retention_cents),
    depositRecoveredCents: Number(r.deposit_recovered_cents),
    shippingCents: Number(r.shipping_cents),
    totalCents: Number(r.total_cents),
    balanceCents: Number(r.balance_cents),
  }));
  const live = all.filter((r) => r.status !== 'void' && r.id !== except);
  const perLine = new Map<string, number>();
  const byLine = await db.execute<{ line: string; net: string; invoice: string }>(sql`
    SELECT l.order_line_id AS line, sum(l.net_cents)::text AS net, min(i.prefix || i.number) AS invoice
      FROM invoice_lines l JOIN ${invoices} i ON i.id = l.invoice_id
     WHERE i.order_id = ${orderId} AND i.status <> 'void' AND i.id IS DISTINCT FROM ${except}::uuid
       AND l.order_line_id IS NOT NULL
     GROUP BY l.order_line_id`);
  const invoiceOfLine = new Map<string, string>();
  for (const r of byLine.rows) {
    perLine.set(r.line, Number(r.net));
    invoiceOfLine.set(r.line, r.invoice);
  }
  const sum = (of: (r: (typeof live)[number]) => number, billing?: string) =>
    live.filter((r) => !billing || r.billing === billing).reduce((s, r) => s + of(r), 0);
  const progress = live.filter((r) => r.billing === 'progress');
  return {
    all,
    live,
    perLine,
    invoiceOfLine,
    progress,
    linesInvoices: live.filter((r) => r.billing === 'lines'),
    depositInvoicedCents: sum((r) => r.totalCents, 'deposit'),
    depositRecoveredCents: sum((r) => r.depositRecoveredCents),
    retainedCents: sum((r) => r.retentionCents, 'progress'),
    retentionReleasedCents: sum((r) => r.totalCents, 'retention'),
    shippingBilledCents: sum((r) => r.shippingCents),
    maxPercentE2: progress.reduce((m, r) => Math.max(m, r.percentE2 ?? 0), 0),
  };
}

const countedLines = (db: Executor, orderId: string) =>
  db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.counted, true)))
    .orderBy(orderLines.position);

/** The order's contract value: its counted lines after discounts, plus shipping, before tax. */
const contractOf = (order: OrderRow, lines: OrderLineRow[]) =>
  lines.reduce((s, l) => s + l.netCents, 0) + order.shippingCents;

/**
 * The order an invoice bills, locked for the rest of the transaction: two invoices of one order
 * are worked out one after the other, so neither bills what the other did.
 */
export async function lockedOrder(db: Executor, id: string, billing: InvoiceValues['billing']): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!order) throw badRequest('Choose an order from the list.', { order: 'Choose an order from the list.' });
  // A deposit is often what confirms an order: it may be asked of a draft.
  if ((order.status === 'draft' && billing !== 'deposit') || order.status === 'cancelled')
    throw conflict(
      order.status === 'draft'
        ? `${orderNumber(order)} is a draft: confirm it before invoicing it.`
        : `${orderNumber(order)} was cancelled: there is nothing to invoice.`,
    );
  return order;
}

/** The invoice of an order that `input` asks for (the rule of decision 0043 for progress). */
export async function billOrder(
  db: Executor,
  firmId: string,
  order: OrderRow,
  input: InvoiceValues,
  except: string | null,
): Promise<OrderBill> {
  const name = orderNumber(order);
  const before = await billedSoFar(db, order.id, except);
  const lines = await countedLines(db, order.id);
  const none = { depositE2: null, percentE2: null, workCents: 0, retentionE2: 0, retentionCents: 0 };

  if (input.billing === 'deposit') {
    if (before.live.some((r) => r.billing !== 'deposit'))
      throw conflict(`${name} is already being billed for its work: a deposit is asked before the work.`);
    const asked = input.deposit
      ? depositCents(input.deposit, order.totalCents)
      : order.depositCents - before.depositInvoicedCents;
    if (asked <= 0) throw conflict(`${name} has no deposit left to invoice: enter a percentage or an amount.`);
    if (asked + before.depositInvoicedCents > order.totalCents)
      throw badRequest(`The deposits would come to more than ${name} (${money(order.totalCents)}).`, {
        deposit: 'The deposits would come to more than the order.',
      });
    return {
      ...none,
      lines: [
        {
          line: amountLine(`Deposit on ${name}`, 'A prepayment: recovered as the work is billed.', asked),
          orderLineId: null,
        },
      ],
      shippingCents: 0,
      depositE2: input.deposit?.kind === 'percent' ? percentE2Of(input.deposit.percent) : null,
      depositRecoveredCents: 0,
    };
  }

  if (input.billing === 'retention') {
    const held = before.retainedCents - before.retentionReleasedCents;
    if (held <= 0) throw conflict(`Nothing is held back on ${name}: there is no retention to release.`);
    return {
      ...none,
      lines: [
        {
          line: amountLine(
            `Retention released on ${name}`,
            'Held back from the progress invoices until the work was accepted.',
            held,
          ),
          orderLineId: null,
        },
      ],
      shippingCents: 0,
      depositRecoveredCents: 0,
    };
  }

  const contract = contractOf(order, lines);
  if (input.billing === 'progress') {
    if (before.linesInvoices.length)
      throw conflict(`${name} is billed by its lines (${before.linesInvoices[0]!.name}): bill the lines left instead.`);
    const percentE2 = percentE2Of(input.percent ?? 0);
    if (percentE2 <= before.maxPercentE2) {
      const last = before.progress.find((r) => r.percentE2 === before.maxPercentE2)!;
      throw conflict(
        `${last.name} already bills ${name} to ${percentText(before.maxPercentE2)}: bill more than ${percentText(before.maxPercentE2)}.`,
      );
    }
    const settings = await getSettingsGroup(db, firmId, 'invoiceSettings');
    const retentionE2 =
      input.retentionPercent !== null
        ? percentE2Of(input.retentionPercent)
        : (before.progress.at(-1)?.retentionE2 ?? percentE2Of(settings.retentionPercent));
    let out: ReturnType<typeof progressInvoice>;
    try {
      out = progressInvoice({
        percentE2,
        lines: [
          ...lines.map((l) => ({
            key: l.id,
            contractCents: l.netCents,
            taxRateBps: l.taxRateBps,
            billedBeforeCents: before.perLine.get(l.id) ?? 0,
          })),
          {
            key: 'shipping',
            contractCents: order.shippingCents,
            taxRateBps: 0,
            billedBeforeCents: before.shippingBilledCents,
          },
        ],
        depositCents: before.depositInvoicedCents,
        depositRecoveredBeforeCents: before.depositRecoveredCents,
        retentionE2,
        taxExempt: order.taxExempt,
      });
    } catch (error) {
      if (error instanceof ProgressError) throw badRequest(error.message, { [error.field]: error.message });
      throw error;
    }
    const byKey = new Map(lines.map((l) => [l.id, l]));
    const billed = out.lines.filter((l) => l.key !== 'shipping' && l.workCents > 0);
    if (out.workCents === 0) throw conflict(`${name} has nothing more to bill at ${percentText(percentE2)}.`);
    return {
      lines: billed.map((l) => {
        const sold = byKey.get(l.key)!;
        return {
          line: amountLine(
            sold.name,
            `${percentText(percentE2)} of ${money(sold.netCents)} complete, less ${money(before.perLine.get(l.key) ?? 0)} billed before`,
            l.workCents,
            l.taxCents,
            sold.taxRateBps,
          ),
          orderLineId: l.key,
        };
      }),
      shippingCents: out.lines.find((l) => l.key === 'shipping')!.workCents,
      depositE2: null,
      percentE2,
      workCents: out.workCents,
      retentionE2,
      retentionCents: out.retentionCents,
      depositRecoveredCents: out.depositRecoveredCents,
    };
  }

  // Billing by lines: those chosen, or every one not yet invoiced.
  if (before.progress.length)
    throw conflict(
      `${name} is billed by progress (${before.progress.at(-1)!.name}): bill the next percentage instead.`,
    );
  const byId = new Map(lines.map((l) => [l.id, l]));
  const errors: Record<string, string> = {};
  (input.orderLines ?? []).forEach((id, i) => {
    if (!byId.has(id)) errors[`orderLines.${i}`] = `Not a line of ${name}.`;
    else if (before.invoiceOfLine.has(id)) errors[`orderLines.${i}`] = `Already on ${before.invoiceOfLine.get(id)}.`;
  });
  if (Object.keys(errors).length) throw badRequest('Choose lines of the order not yet invoiced.', errors);
  const chosen = input.orderLines
    ? lines.filter((l) => input.orderLines!.includes(l.id))
    : lines.filter((l) => !before.invoiceOfLine.has(l.id));
  const shippingCents = before.shippingBilledCents === 0 ? order.shippingCents : 0;
  if (!chosen.length && shippingCents === 0) throw conflict(`Every line of ${name} is invoiced already.`);
  // The deposit comes back in proportion to what of the contract is billed to date.
  const billedBefore = [...before.perLine.values()].reduce((a, b) => a + b, 0) + before.shippingBilledCents;
  const billing = chosen.reduce((s, l) => s + l.netCents, 0) + shippingCents;
  const toDate = share(before.depositInvoicedCents, Math.min(billedBefore + billing, contract), contract);
  const owed = chosen.reduce((s, l) => s + l.totalCents, 0) + shippingCents;
  return {
    ...none,
    lines: chosen.map((l) => ({ line: soldLine(l), orderLineId: l.id })),
    shippingCents,
    depositRecoveredCents: Math.max(0, Math.min(toDate - before.depositRecoveredCents, owed)),
  };
}

/** GET /orders/{id}/billing: what the order comes to and what has been invoiced of it. */
export async function orderBilling(db: Executor, order: OrderRow): Promise<OrderBilling> {
  const before = await billedSoFar(db, order.id, null);
  const lines = await countedLines(db, order.id);
  const contract = contractOf(order, lines);
  const billed = [...before.perLine.values()].reduce((a, b) => a + b, 0) + before.shippingBilledCents;
  const settings = await getSettingsGroup(db, order.firmId, 'invoiceSettings');
  return {
    contractCents: contract,
    billedCents: billed,
    percentBilled: before.progress.length ? before.maxPercentE2 / 100 : null,
    retainedCents: before.retainedCents - before.retentionReleasedCents,
    retentionReleasedCents: before.retentionReleasedCents,
    depositCents: order.depositCents,
    depositInvoicedCents: before.depositInvoicedCents,
    depositRecoveredCents: before.depositRecoveredCents,
    remainingCents: contract - billed,
    mode: before.progress.length ? 'progress' : before.linesInvoices.length ? 'lines' : null,
    unbilledLines: lines.filter((l) => !before.invoiceOfLine.has(l.id)).map((l) => l.id),
    retentionPercent: (before.progress.at(-1)?.retentionE2 ?? percentE2Of(settings.retentionPercent)) / 100,
    invoices: before.all.map((r) => ({
      _id: r.id,
      name: r.name,
      billing: r.billing,
      status: r.status,
      percent: r.percentE2 === null ? null : r.percentE2 / 100,
      totalCents: r.totalCents,
      balanceCents: r.balanceCents,
    })),
  };
}

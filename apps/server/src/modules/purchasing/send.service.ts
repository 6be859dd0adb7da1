import { KINDS, type PurchaseOrder, SELL_UNIT_LABELS, type SellUnit } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import {
  documentFirm,
  pdfAddressLines,
  pdfDay,
  pdfMoney,
  pdfQuantity,
  pdfUnitMoney,
} from '../../platform/pdf/document-parts';
import { renderDocumentPdf } from '../../platform/pdf/document-pdf';
import { getSettings } from '../../platform/settings/settings.service';
import { vendors } from '../vendors';
import { warehouses } from '../warehouses';
import { purchaseOrderType } from './purchase-orders.service';
import { purchaseOrderLines } from './purchase-orders.table';

const money = pdfMoney;
const unitMoney = pdfUnitMoney;
const qty = pdfQuantity;
const day = pdfDay;
const addressLines = pdfAddressLines;

/** A purchase order as the vendor reads it: the firm's document settings, the lines in the vendor's words. */
export async function purchaseOrderPdf(
  db: Executor,
  actor: Actor,
  storage: LocalFileStorage,
  order: PurchaseOrder,
): Promise<Buffer> {
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const currency = settings.firmSettings.currency;
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, order.vendor._id));
  const [place] = order.warehouse
    ? await db.select().from(warehouses).where(eq(warehouses.id, order.warehouse._id))
    : [undefined];
  const units = new Map(
    (
      await db.execute<{ id: string; unit: SellUnit }>(sql`
        SELECT l.id, COALESCE(p.unit, m.unit) AS unit FROM ${purchaseOrderLines} l
          LEFT JOIN products p ON p.id = l.product_id LEFT JOIN materials m ON m.id = l.material_id
         WHERE l.purchase_order_id = ${order._id}`)
    ).rows.map((r) => [r.id, r.unit]),
  );
  const vendorLines = vendor
    ? [
        vendor.name,
        ...(vendor.contactName ? [`Attn: ${vendor.contactName}`] : []),
        ...addressLines(vendor.addresses[0] ?? null),
        [vendor.email, vendor.phone].filter(Boolean).join(' · '),
      ].filter(Boolean)
    : [order.vendor.name];
  const shipTo = place ? [place.name, ...addressLines(place.address)] : addressLines(order.shipTo);
  return renderDocumentPdf({
    ...(await documentFirm(db, storage, settings)),
    title: 'Purchase order',
    number: order.number,
    ...(order.revision > 1 ? { revisionNote: `Revised (revision ${order.revision})` } : {}),
    meta: [
      { label: 'Date', value: day((order.sentAt ?? new Date().toISOString()).slice(0, 10)) },
      ...(order.expectedDate ? [{ label: 'Expected', value: day(order.expectedDate) }] : []),
      ...(vendor ? [{ label: 'Terms', value: `Net ${vendor.paymentTermsDays}` }] : []),
      ...(vendor?.accountNumber ? [{ label: 'Account no.', value: vendor.accountNumber }] : []),
    ],
    parties: [
      { heading: 'Vendor', lines: vendorLines },
      { heading: 'Ship to', lines: shipTo },
    ],
    columns: [
      { key: 'n', label: '#', align: 'right', width: 4 },
      { key: 'item', label: 'Item', align: 'left', width: 40 },
      { key: 'qty', label: 'Qty', align: 'right', width: 9 },
      { key: 'unit', label: 'Unit', align: 'left', width: 9 },
      { key: 'cost', label: 'Unit cost', align: 'right', width: 14 },
      { key: 'amount', label: 'Amount', align: 'right', width: 14 },
    ],
    rows: order.lines.map((l, i) => ({
      n: String(i + 1),
      item: l.name,
      qty: qty(l.quantity),
      unit: SELL_UNIT_LABELS[units.get(l.id) ?? 'each'].toLowerCase(),
      cost: unitMoney(l.unitCost, currency),
      amount: money(l.totalCents, currency),
      sub: [
        l.vendorSku ? `Your SKU ${l.vendorSku}` : l.item ? `SKU ${l.item.sku}` : '',
        l.expectedDate ? `by ${day(l.expectedDate)}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    totals: [
      { label: 'Subtotal', value: money(order.subtotalCents, currency) },
      ...(order.freightCents ? [{ label: 'Freight', value: money(order.freightCents, currency) }] : []),
      ...(order.otherChargesCents ? [{ label: 'Other charges', value: money(order.otherChargesCents, currency) }] : []),
      { label: 'Total', value: money(order.totalCents, currency), strong: true },
    ],
    notes: [
      ...(order.notes ? [{ heading: 'Notes', text: order.notes }] : []),
      ...(settings.purchaseOrderSettings.terms
        ? [{ heading: 'Terms', text: settings.purchaseOrderSettings.terms }]
        : []),
    ],
  });
}

/**
 * POST /purchase-orders/{id}/send (201): the order's PDF emailed to the vendor through the outbox
 * (sent once this commits); a draft becomes sent. Sending an order edited since says "revised".
 */
export async function sendPurchaseOrder(db: Executor, actor: Actor, storage: LocalFileStorage, id: string) {
  const row = await purchaseOrderType.findRow(db, id, true);
  const order = await purchaseOrderType.get(db, actor, id);
  if (row.status === 'cancelled' || row.status === 'received')
    throw conflict(`${order.number} was ${row.status}: there is nothing to send.`);
  const [vendor] = await db
    .select({ name: vendors.name, email: vendors.email })
    .from(vendors)
    .where(eq(vendors.id, row.vendorId));
  if (!vendor?.email)
    throw badRequest(
      `${order.vendor.name} has no email address: add one on the vendor, or mark the order as sent if you ordered by phone.`,
      { vendor: 'This vendor has no email address.' },
    );
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const revised = order.revision > 1;
  const sentAt = new Date();
  const pdf = await purchaseOrderPdf(db, actor, storage, { ...order, sentAt: sentAt.toISOString() });
  await queueEmail(db, actor.firmId, {
    to: vendor.email,
    subject: `${revised ? 'Revised purchase order' : 'Purchase order'} ${order.number} from ${settings.firmSettings.name}`,
    text: `${revised ? `This is revision ${order.revision} of ${order.number}: it replaces the earlier one.\n\n` : ''}${settings.vendorSettings.purchaseOrderEmail}`,
    attachments: [{ filename: `${order.number}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
  if (row.status === 'draft') await purchaseOrderType.transition(db, actor, id, 'mark-sent');
  await recordAudit(db, actor, {
    entityType: KINDS.purchase_order.key,
    entityId: id,
    action: 'send',
    after: { to: vendor.email, revision: order.revision },
  });
  return purchaseOrderType.get(db, actor, id);
}

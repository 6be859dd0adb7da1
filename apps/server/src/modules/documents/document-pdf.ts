import type { DocumentLine, Settings } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import type { LocalFileStorage } from '../../platform/files/storage';
import { documentFirm, pdfMoney, pdfQuantity, pdfUnitMoney } from '../../platform/pdf/document-parts';
import { type PdfDocument, renderDocumentPdf } from '../../platform/pdf/document-pdf';

export type PricedTotals = {
  subtotalCents: number;
  lineDiscountCents: number;
  orderDiscountCents: number;
  couponCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  depositCents?: number;
  coupon?: string | null;
  /** Taken off before the total (an invoice's retention held and deposit recovered). */
  less?: { label: string; cents: number }[];
  /** What the total is called (an invoice's "Amount invoiced"). */
  totalLabel?: string;
  /** Rows after the total (an invoice's payments, credits and balance due). */
  after?: { label: string; cents: number; strong?: boolean }[];
};

/**
 * A priced document as the customer reads it (an order confirmation, a quote; proposals and
 * invoices later): the firm's head, the document's own meta and parties, its counted lines with
 * their discounts and tax, the totals as the engine made them, and its notes and terms.
 */
export async function pricedDocumentPdf(
  db: Executor,
  storage: LocalFileStorage,
  settings: Settings,
  doc: Pick<PdfDocument, 'title' | 'number' | 'meta' | 'parties' | 'notes' | 'revisionNote' | 'certificate'> & {
    lines: DocumentLine[];
    totals: PricedTotals;
    /** Each line's heading above it, where the document is in sections (a proposal's). */
    sectionOf?: (line: DocumentLine) => string;
  },
): Promise<Buffer> {
  const currency = settings.firmSettings.currency;
  const money = (cents: number) => pdfMoney(cents, currency);
  const t = doc.totals;
  return renderDocumentPdf({
    ...(await documentFirm(db, storage, settings)),
    title: doc.title,
    number: doc.number,
    ...(doc.revisionNote ? { revisionNote: doc.revisionNote } : {}),
    meta: doc.meta,
    parties: doc.parties,
    columns: [
      { key: 'n', label: '#', align: 'right', width: 4 },
      { key: 'item', label: 'Item', align: 'left', width: 38 },
      { key: 'qty', label: 'Qty', align: 'right', width: 10 },
      { key: 'price', label: 'Unit price', align: 'right', width: 14 },
      { key: 'discount', label: 'Discount', align: 'right', width: 12 },
      { key: 'amount', label: 'Amount', align: 'right', width: 14 },
    ],
    rows: doc.lines
      .filter((l) => l.counted)
      .map((l, i) => {
        const off = l.lineDiscountCents + l.orderDiscountCents + l.couponCents;
        return {
          n: String(i + 1),
          item: l.name,
          qty: `${pdfQuantity(l.quantity)}${l.unit === 'each' ? '' : ` ${l.unit.replace('_', ' ')}`}`,
          price: pdfUnitMoney(l.unitPriceCents, currency),
          discount: off ? `−${money(off)}` : '',
          amount: money(l.netCents),
          sub: [doc.sectionOf?.(l) ?? '', l.sku ? `SKU ${l.sku}` : '', l.basis.join(', '), l.description]
            .filter(Boolean)
            .join(' · '),
        };
      }),
    totals: [
      { label: 'Subtotal', value: money(t.subtotalCents) },
      ...(t.lineDiscountCents ? [{ label: 'Line discounts', value: `−${money(t.lineDiscountCents)}` }] : []),
      ...(t.orderDiscountCents ? [{ label: 'Discount', value: `−${money(t.orderDiscountCents)}` }] : []),
      ...(t.couponCents ? [{ label: `Coupon ${t.coupon ?? ''}`.trim(), value: `−${money(t.couponCents)}` }] : []),
      { label: 'Tax', value: money(t.taxCents) },
      ...(t.shippingCents ? [{ label: 'Shipping', value: money(t.shippingCents) }] : []),
      ...(t.less ?? []).filter((r) => r.cents).map((r) => ({ label: r.label, value: `−${money(r.cents)}` })),
      { label: t.totalLabel ?? 'Total', value: money(t.totalCents), strong: !t.after?.some((r) => r.strong) },
      ...(t.depositCents ? [{ label: 'Deposit due', value: money(t.depositCents) }] : []),
      ...(t.after ?? []).map((r) => ({
        label: r.label,
        value: r.cents < 0 ? `−${money(-r.cents)}` : money(r.cents),
        ...(r.strong ? { strong: true } : {}),
      })),
    ],
    notes: doc.notes ?? [],
    ...(doc.certificate ? { certificate: doc.certificate } : {}),
  });
}

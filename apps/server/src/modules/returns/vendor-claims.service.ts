import {
  divRoundHalfUp,
  KINDS,
  type StockItemRef,
  type VendorClaim,
  type VendorClaimRow,
  vendorClaimCreditSchema,
  vendorClaimInputSchema,
  vendorClaimRejectSchema,
  vendorClaimReplaceSchema,
} from '@atelier/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { assertOwnImages } from '../../platform/files/files.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { idsIn } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { orderLines } from '../orders';
import { issueVendorCredit, vendorCredits } from '../payables';
import { poLineNameSql, purchaseOrderLines, purchaseOrders } from '../purchasing';
import { postMovements, resolveItems, warehouseNames } from '../stock';
import { vendorItems, vendors } from '../vendors';
import { returnLines, returns, vendorClaims } from './returns.table';

type Row = typeof vendorClaims.$inferSelect;

export const CLAIM_PREFIX = 'CLM-';
export const claimNumber = (row: { number: number }) => `${CLAIM_PREFIX}${row.number}`;
const numberText = sql<string>`(${CLAIM_PREFIX} || ${vendorClaims.number})`;
const fmt = (e4: number) => (e4 / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });
const vendorRef = refColumn(vendorClaims.vendorId, vendors, vendors.name);
const poRef = sql`(SELECT json_build_object('_id', p.id, 'name', p.prefix || p.number) FROM ${purchaseOrders} p
  WHERE p.id = ${qualified(vendorClaims.purchaseOrderId)})`;
const itemName = sql<string>`(SELECT ${poLineNameSql('l')} FROM ${purchaseOrderLines} l
  WHERE l.id = ${qualified(vendorClaims.purchaseOrderLineId)})`;
/** What the claimed items cost the firm: the line's cost (hundredths of a cent) times the quantity, in cents. */
const claimCost = (unitCostHc: number, quantityE4: number) =>
  Number(divRoundHalfUp(BigInt(unitCostHc) * BigInt(quantityE4), 1_000_000n));

/**
 * The purchase-order line, locked, with what other claims (not rejected) already claim of it:
 * never more is claimed than was received.
 */
async function claimableLine(db: Executor, lineId: string, except: string | null) {
  const [line] = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, lineId)).for('update');
  if (!line)
    throw badRequest('Choose a line of a purchase order.', { purchaseOrderLine: 'Choose a line of a purchase order.' });
  const [claimed] = await db
    .select({ e4: sql<string>`COALESCE(sum(${vendorClaims.quantityE4}), 0)` })
    .from(vendorClaims)
    .where(
      and(
        eq(vendorClaims.purchaseOrderLineId, line.id),
        ne(vendorClaims.status, 'rejected'),
        except ? ne(vendorClaims.id, except) : sql`TRUE`,
      ),
    );
  return { line, claimedE4: Number(claimed?.e4 ?? 0) };
}

/** A return line named by a claim: this firm's, and the same item the purchase-order line bought. */
async function checkReturnLine(db: Executor, returnLineId: string, poItemId: string | null) {
  const [found] = await db
    .select({ itemId: orderLines.itemId, status: returns.status })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(eq(returnLines.id, returnLineId));
  if (!found) throw badRequest('Not a line of a return.', { returnLine: 'Not a line of a return.' });
  if (poItemId && found.itemId && found.itemId !== poItemId)
    throw badRequest('That return line is another item than the purchase-order line.', {
      returnLine: 'Another item than the purchase-order line.',
    });
}

/**
 * Vendor claims: received items that came damaged or wrong, claimed from the vendor who sold them
 * (never more than received of the line, less other claims), with photos; settled by a vendor
 * credit (payables), a replacement received into stock, or refused. Decision 0044.
 */
export const vendorClaimType = defineRecordType<
  typeof vendorClaims,
  typeof vendorClaimInputSchema,
  VendorClaim,
  VendorClaimRow
>({
  kind: KINDS.vendor_claim,
  table: vendorClaims,
  input: vendorClaimInputSchema,
  title: (row) => claimNumber(row),
  columns: async (db, actor, input, before) => {
    if (before && before.status !== 'open')
      throw conflict(`${claimNumber(before)} is ${before.status}: it no longer changes.`);
    const { line, claimedE4 } = await claimableLine(db, input.purchaseOrderLine, before?.id ?? null);
    const [po] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, line.purchaseOrderId));
    const quantityE4 = Math.round(input.quantity * 10_000);
    if (quantityE4 > line.receivedE4 - claimedE4)
      throw badRequest(
        line.receivedE4 - claimedE4 > 0
          ? `At most ${fmt(line.receivedE4 - claimedE4)} of ${line.name || 'this line'} can be claimed: ${fmt(line.receivedE4)} received, ${fmt(claimedE4)} already claimed.`
          : `Nothing of ${line.name || 'this line'} is left to claim: ${fmt(line.receivedE4)} received, ${fmt(claimedE4)} already claimed.`,
        { quantity: `At most ${fmt(Math.max(0, line.receivedE4 - claimedE4))}.` },
      );
    if (input.returnLine) await checkReturnLine(db, input.returnLine, line.itemId);
    await assertOwnImages(
      db,
      input.photos.map((id, i) => ({ id, field: `photos.${i}` })),
      'A photo did not arrive: add it again.',
      'Add this photo again.',
    );
    return {
      number: before?.number ?? (await nextNumber(db, actor.firmId, 'vendor_claim')),
      vendorId: po!.vendorId,
      purchaseOrderId: po!.id,
      purchaseOrderLineId: line.id,
      quantityE4,
      reason: input.reason,
      returnLineId: input.returnLine,
      photoIds: input.photos,
      notes: input.notes,
      openedOn: before?.openedOn ?? (await firmToday(db, actor.firmId)),
    };
  },
  refuseDelete: (row) => (row.status === 'open' ? null : `${claimNumber(row)} is ${row.status}: it stays on record.`),
  audited: (r) => ({
    number: claimNumber(r),
    status: r.status,
    purchaseOrderLine: r.purchaseOrderLineId,
    quantity: r.quantityE4 / 10_000,
    reason: r.reason,
    returnLine: r.returnLineId,
    photos: r.photoIds,
    notes: r.notes,
    creditCents: r.creditCents,
    rejectReason: r.rejectReason,
  }),
  extra: {
    vendor: vendorRef,
    // Named as the payables module names its credits (VC-12).
    vendorCredit: sql`(SELECT json_build_object('_id', c.id, 'name', 'VC-' || c.number) FROM ${vendorCredits} c
      WHERE c.id = ${qualified(vendorClaims.vendorCreditId)})`,
    purchaseOrder: poRef,
    // constant SQL names: purchase_order_lines, return_lines, returns and files are tables of ours.
    line: sql`(SELECT json_build_object('name', ${poLineNameSql('l')}, 'costHc', l.unit_cost_hc,
        'sku', COALESCE(NULLIF(l.vendor_sku, ''), (SELECT vi.vendor_sku FROM ${vendorItems} vi
          WHERE vi.vendor_id = ${qualified(vendorClaims.vendorId)} AND vi.item_id = l.item_id), ''))
      FROM purchase_order_lines l WHERE l.id = ${qualified(vendorClaims.purchaseOrderLineId)})`,
    return: sql`(SELECT json_build_object('_id', r.id, 'name', r.prefix || r.number)
      FROM return_lines rl JOIN returns r ON r.id = rl.return_id WHERE rl.id = ${qualified(vendorClaims.returnLineId)})`,
    photos: sql`COALESCE((SELECT json_agg(json_build_object('_id', f.id, 'name', f.name) ORDER BY array_position(${qualified(vendorClaims.photoIds)}, f.id))
      FROM files f WHERE f.id = ANY(${qualified(vendorClaims.photoIds)})), '[]'::json)`,
  },
  detail: (r, extra) => {
    const line = extra.line as { name: string; sku: string; costHc: number };
    return {
      number: claimNumber(r),
      name: claimNumber(r),
      status: r.status,
      vendor: extra.vendor as VendorClaim['vendor'],
      purchaseOrder: extra.purchaseOrder as VendorClaim['purchaseOrder'],
      purchaseOrderLine: r.purchaseOrderLineId,
      item: line.name,
      sku: line.sku,
      quantity: r.quantityE4 / 10_000,
      unitCostCents: Number(line.costHc) / 100,
      reason: r.reason,
      return: (extra.return as VendorClaim['return']) ?? null,
      returnLine: r.returnLineId,
      photos: extra.photos as VendorClaim['photos'],
      notes: r.notes,
      creditCents: r.creditCents,
      vendorCredit: (extra.vendorCredit as VendorClaim['vendorCredit']) ?? null,
      rejectReason: r.rejectReason,
      openedOn: r.openedOn,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
    };
  },
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      vendor: vendorRef,
      purchaseOrder: poRef,
      item: itemName,
      quantity: sql<number>`(${vendorClaims.quantityE4} / 10000.0)::float8`,
    },
    defaultSort: '-number',
    filters: {
      vendor: idsIn(vendorClaims.vendorId, 'vendor'),
      'purchase-order': idsIn(vendorClaims.purchaseOrderId, 'purchase order'),
    },
    search: (q) =>
      sql`(${numberText} ILIKE ${`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} OR ${itemName} ILIKE ${`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
  },
  transitions: {
    credit: {
      body: vendorClaimCreditSchema,
      refuse: (row) => (row.status === 'open' ? null : `${claimNumber(row)} is ${row.status}: it was settled already.`),
      set: () => ({ status: 'credited' as const, resolvedAt: new Date() }),
      effects: (db, actor, row, body) => creditClaim(db, actor, row, body as z.output<typeof vendorClaimCreditSchema>),
    },
    replace: {
      body: vendorClaimReplaceSchema,
      refuse: (row) => (row.status === 'open' ? null : `${claimNumber(row)} is ${row.status}: it was settled already.`),
      set: () => ({ status: 'replaced' as const, resolvedAt: new Date() }),
      effects: (db, actor, row, body) =>
        receiveReplacement(db, actor, row, body as z.output<typeof vendorClaimReplaceSchema>),
    },
    reject: {
      body: vendorClaimRejectSchema,
      refuse: (row) => (row.status === 'open' ? null : `${claimNumber(row)} is ${row.status}: it was settled already.`),
      set: (_row, body) => ({
        status: 'rejected' as const,
        resolvedAt: new Date(),
        rejectReason: (body as z.output<typeof vendorClaimRejectSchema>).reason,
      }),
    },
  },
});

/** The vendor's credit for the claim (the items' cost unless said), lowering what the firm owes it. */
async function creditClaim(db: Executor, actor: Actor, row: Row, body: z.output<typeof vendorClaimCreditSchema>) {
  const [line] = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, row.purchaseOrderLineId));
  const amountCents = body.amountCents ?? claimCost(line!.unitCostHc, row.quantityE4);
  if (amountCents <= 0) throw badRequest('Enter the amount the vendor credits.', { amountCents: 'Enter an amount.' });
  const credit = await issueVendorCredit(db, actor, {
    vendorId: row.vendorId,
    amountCents,
    reason: `Vendor claim ${claimNumber(row)}`,
    vendorClaimId: row.id,
  });
  await db
    .update(vendorClaims)
    .set({ creditCents: amountCents, vendorCreditId: credit._id })
    .where(eq(vendorClaims.id, row.id));
  return { creditCents: amountCents };
}

/** The replacement, received: the claimed quantity into stock at the line's cost, as a receipt would. */
async function receiveReplacement(
  db: Executor,
  actor: Actor,
  row: Row,
  body: z.output<typeof vendorClaimReplaceSchema>,
) {
  const [line] = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, row.purchaseOrderLineId));
  const [po] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, row.purchaseOrderId));
  if (!line!.itemId) return {};
  const warehouseId = body.warehouse ?? po!.warehouseId;
  if (!warehouseId)
    throw badRequest('Choose the warehouse the replacement arrived at.', { warehouse: 'Choose a warehouse.' });
  const names = await warehouseNames(db, [warehouseId]);
  if (!names.has(warehouseId))
    throw badRequest('Choose a warehouse from the list.', { warehouse: 'Choose a warehouse from the list.' });
  const ref: StockItemRef = line!.materialId
    ? { type: 'material', id: line!.materialId }
    : line!.variantId
      ? { type: 'variant', id: line!.variantId }
      : { type: 'product', id: line!.productId! };
  const [item] = await resolveItems(db, [ref]);
  await postMovements(db, actor, [
    {
      item: item!,
      warehouseId,
      warehouseName: names.get(warehouseId)!,
      quantityE4: row.quantityE4,
      reason: 'receipt',
      unitCostHc: line!.landedUnitCostHc,
      source: { type: KINDS.vendor_claim.key, id: row.id, label: claimNumber(row) },
      note: `Replacement for ${claimNumber(row)}`,
    },
  ]);
  return { warehouse: names.get(warehouseId) };
}

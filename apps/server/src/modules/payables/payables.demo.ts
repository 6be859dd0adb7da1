import {
  billPaymentInputSchema,
  calendarAddDays,
  vendorBillInputSchema,
  vendorCreditInputSchema,
} from '@atelier/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { firmToday } from '../../platform/identity/firm-clock';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { moneyAccounts } from '../expenses';
import { purchaseOrderLines, purchaseOrders } from '../purchasing';
import { vendors } from '../vendors';
import { applyToBills } from './applications';
import { billPaymentType } from './bill-payments.service';
import { vendorBillType } from './vendor-bills.service';
import { vendorCreditType } from './vendor-credits.service';

/** A vendor's sent orders with something received, newest first, with their received lines. */
async function receivedOrders(tx: Tx, vendor: string) {
  const orders = await tx
    .select({ id: purchaseOrders.id, freight: purchaseOrders.freightCents, jobId: purchaseOrders.customerJobId })
    .from(purchaseOrders)
    .innerJoin(vendors, eq(vendors.id, purchaseOrders.vendorId))
    .where(and(eq(vendors.name, vendor), sql`${purchaseOrders.status} IN ('partially_received', 'received')`))
    .orderBy(asc(purchaseOrders.number));
  const withLines = [];
  for (const o of orders) {
    const lines = await tx
      .select({
        id: purchaseOrderLines.id,
        ordered: purchaseOrderLines.quantityE4,
        received: purchaseOrderLines.receivedE4,
        cost: purchaseOrderLines.unitCostHc,
      })
      .from(purchaseOrderLines)
      .where(and(eq(purchaseOrderLines.purchaseOrderId, o.id), gt(purchaseOrderLines.receivedE4, 0)))
      .orderBy(asc(purchaseOrderLines.position));
    withLines.push({ ...o, lines });
  }
  return withLines;
}

/**
 * The firm's payables, made through the same service functions staff use, for the purchase
 * orders the purchasing demo received: the tile order's bill (freight on its own line) entered,
 * eased by a credit for cracked tiles and paid in part from the bank; the hardware bill asks for
 * the back-ordered pulls that have not all arrived, so it waits for approval; the kitchen job's
 * backsplash tile was due on receipt and is a few days past due.
 */
export const payablesDemo: Seed = {
  name: 'demo:payables',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const today = await firmToday(tx, HARBOR_PINE_ID);
      const [bank] = await tx
        .select({ id: moneyAccounts.id })
        .from(moneyAccounts)
        .where(eq(moneyAccounts.type, 'bank'))
        .orderBy(asc(moneyAccounts.createdAt))
        .limit(1);
      const [tile, backsplash] = await receivedOrders(tx, 'Bayline Tile Distributors');
      const [hardware] = await receivedOrders(tx, 'Pemberton Hardware Co.');
      const vendorOf = async (name: string) =>
        (await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.name, name)))[0]?.id;

      if (tile) {
        const vendor = (await vendorOf('Bayline Tile Distributors'))!;
        const bill = await vendorBillType.create(
          tx,
          actor,
          vendorBillInputSchema.parse({
            vendor,
            billNumber: 'BT-40718',
            billDate: calendarAddDays(today, -5),
            notes: 'Tile order, pallets delivered to the loading dock.',
            lines: [
              ...tile.lines.map((l) => ({ purchaseOrderLine: l.id, quantity: l.received / 10_000 })),
              ...(tile.freight ? [{ description: 'Freight', quantity: 1, unitCost: tile.freight }] : []),
            ],
          }),
        );
        await vendorBillType.transition(tx, actor, bill._id, 'enter');
        const credit = await vendorCreditType.create(
          tx,
          actor,
          vendorCreditInputSchema.parse({
            vendor,
            amountCents: 4_500,
            reason: 'Two boxes of cracked tiles, kept for offcuts.',
            reference: 'CR-2231',
            issueDate: calendarAddDays(today, -3),
          }),
        );
        await applyToBills(tx, { type: 'vendor_credit', id: credit._id, vendorId: vendor }, [
          { bill: bill._id, amountCents: 4_500 },
        ]);
        await billPaymentType.create(
          tx,
          actor,
          billPaymentInputSchema.parse({
            vendor,
            method: 'check',
            amountCents: Math.round(bill.totalCents / 2),
            paidOn: calendarAddDays(today, -2),
            reference: 'Check 2051',
            moneyAccount: bank?.id ?? null,
            applications: [{ bill: bill._id, amountCents: Math.round(bill.totalCents / 2) }],
          }),
        );
      }

      if (backsplash) {
        const vendor = (await vendorOf('Bayline Tile Distributors'))!;
        const bill = await vendorBillType.create(
          tx,
          actor,
          vendorBillInputSchema.parse({
            vendor,
            billNumber: 'BT-40802',
            billDate: calendarAddDays(today, -4),
            // The vendor's bill says due on receipt.
            dueDate: calendarAddDays(today, -4),
            notes: 'Backsplash tile delivered to the Danforth Street site.',
            lines: backsplash.lines.map((l) => ({ purchaseOrderLine: l.id, quantity: l.received / 10_000 })),
          }),
        );
        await vendorBillType.transition(tx, actor, bill._id, 'enter');
      }

      if (hardware) {
        // The vendor bills every line in full, the back-ordered pulls too: more than has arrived.
        const ordered = await tx
          .select({ id: purchaseOrderLines.id, ordered: purchaseOrderLines.quantityE4 })
          .from(purchaseOrderLines)
          .where(and(eq(purchaseOrderLines.purchaseOrderId, hardware.id), gt(purchaseOrderLines.receivedE4, 0)))
          .orderBy(asc(purchaseOrderLines.position));
        await vendorBillType.create(
          tx,
          actor,
          vendorBillInputSchema.parse({
            vendor: await vendorOf('Pemberton Hardware Co.'),
            billNumber: 'PH-11893',
            billDate: calendarAddDays(today, -1),
            taxCents: 0,
            notes: 'Billed in full, the back-ordered pulls included.',
            lines: [
              ...ordered.map((l) => ({ purchaseOrderLine: l.id, quantity: l.ordered / 10_000 })),
              ...(hardware.freight ? [{ description: 'Freight', quantity: 1, unitCost: hardware.freight }] : []),
            ],
          }),
        );
      }
    }),
};

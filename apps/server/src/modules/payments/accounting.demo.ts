import {
  creditMemoInputSchema,
  invoiceInputSchema,
  paymentInputSchema,
  recurringInvoiceInputSchema,
} from '@atelier/contracts';
import { and, asc, desc, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { inScope } from '../../db/tenancy';
import type { Actor } from '../../platform/http/access';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { changeOrders } from '../change-orders';
import { invoices, invoiceType, recurringInvoiceType } from '../invoices';
import { orders } from '../orders';
import { applyMoney } from './applications';
import { creditMemoType } from './credit-memos.service';
import { paymentType } from './payments.service';

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** An invoice of an order, dated when it happened, issued; gives its id and total. */
async function billed(tx: Tx, actor: Actor, body: Record<string, unknown>, issued: Date) {
  const made = await invoiceType.create(tx, actor, invoiceInputSchema.parse({ ...body, issueDate: dayOf(issued) }));
  await invoiceType.transition(tx, actor, made._id, 'mark-sent');
  await tx
    .update(invoices)
    .set({ createdAt: issued, updatedAt: issued, sentAt: issued })
    .where(eq(invoices.id, made._id));
  return made;
}

/** A payment received on `day`, put on the invoice. */
const paid = (
  tx: Tx,
  actor: Actor,
  customer: string,
  invoice: string,
  cents: number,
  day: Date,
  method: string,
  reference: string,
) =>
  paymentType.create(
    tx,
    actor,
    paymentInputSchema.parse({
      customer,
      method,
      amountCents: cents,
      receivedOn: dayOf(day),
      reference,
      applications: [{ invoice, amountCents: cents }],
    }),
  );

/**
 * The firm's receivables, made through the same service functions staff use: the orders handed
 * over and closed were invoiced and paid; those handed over lately are invoiced and owed (some
 * past due, one paid in part, one with a credit for a scratched panel); the largest confirmed
 * order has had its deposit invoiced and paid and its first progress invoice (40 %) sent; a
 * stand-alone design invoice waits as a draft.
 */
export const accountingDemo: Seed = {
  name: 'demo:invoices',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const handedOver = await tx
        .select({
          id: orders.id,
          customer: orders.customerId,
          status: orders.status,
          at: orders.fulfilledAt,
          total: orders.totalCents,
        })
        .from(orders)
        .where(and(inArray(orders.status, ['fulfilled', 'closed']), isNotNull(orders.fulfilledAt)))
        .orderBy(asc(orders.fulfilledAt));
      const closed = handedOver.filter((o) => o.status === 'closed').slice(-6);
      const fulfilled = handedOver.filter((o) => o.status === 'fulfilled').slice(-4);

      for (const [i, o] of closed.entries()) {
        const invoice = await billed(tx, actor, { order: o.id }, o.at!);
        await paid(
          tx,
          actor,
          o.customer,
          invoice._id,
          invoice.totalCents,
          new Date(o.at!.getTime() + (8 + i) * DAY),
          i % 2 ? 'check' : 'bank_transfer',
          i % 2 ? `Check ${4100 + i}` : `Transfer ${9000 + i}`,
        );
      }
      for (const [i, o] of fulfilled.entries()) {
        const invoice = await billed(tx, actor, { order: o.id }, o.at!);
        if (i === 0 && invoice.totalCents > 100)
          await paid(
            tx,
            actor,
            o.customer,
            invoice._id,
            Math.round(invoice.totalCents / 2),
            new Date(o.at!.getTime() + 12 * DAY),
            'card',
            'Card ending 4242',
          );
        if (i === 1 && invoice.totalCents > 10_000) {
          const memo = await creditMemoType.create(
            tx,
            actor,
            creditMemoInputSchema.parse({
              customer: o.customer,
              amountCents: 7_500,
              reason: 'A cabinet panel arrived scratched: the customer kept it at a reduced price.',
              issueDate: dayOf(new Date(o.at!.getTime() + 3 * DAY)),
            }),
          );
          await applyMoney(tx, { type: 'credit_memo', id: memo._id, customerId: o.customer }, [
            { invoice: invoice._id, amountCents: 7_500 },
          ]);
        }
      }

      // The largest confirmed order no change order touches: its deposit, then 40 % of the work.
      const [big] = await tx
        .select({ id: orders.id, customer: orders.customerId, at: orders.confirmedAt, deposit: orders.depositCents })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'confirmed'),
            notExists(tx.select({ id: changeOrders.id }).from(changeOrders).where(eq(changeOrders.orderId, orders.id))),
          ),
        )
        .orderBy(desc(orders.totalCents))
        .limit(1);
      if (big?.at && big.deposit > 0) {
        const deposit = await billed(tx, actor, { order: big.id, billing: 'deposit' }, big.at);
        await paid(
          tx,
          actor,
          big.customer,
          deposit._id,
          deposit.totalCents,
          new Date(big.at.getTime() + 2 * DAY),
          'check',
          'Check 1187',
        );
        await billed(
          tx,
          actor,
          { order: big.id, billing: 'progress', percent: 40 },
          new Date(Math.min(Date.now(), big.at.getTime() + 10 * DAY)),
        );
      }

      // A maintenance plan billed on the 1st of each month, a draft for the firm to check first.
      const [planned] = await tx
        .execute<{ id: string }>(sql`SELECT id FROM customers ORDER BY created_at DESC LIMIT 1`)
        .then((r) => r.rows);
      if (planned)
        await recurringInvoiceType.create(
          tx,
          actor,
          recurringInvoiceInputSchema.parse({
            name: 'Monthly showroom maintenance',
            customer: planned.id,
            frequency: 'monthly',
            dayOfMonth: 1,
            startOn: dayOf(new Date(Date.now() + DAY)),
            action: 'draft',
            notes: 'Cabinet hinge and drawer adjustment, finish touch-ups.',
            lines: [{ name: 'Maintenance visit', quantity: 1, unitPriceCents: 18_500, taxClass: 'Labour' }],
          }),
        );

      const [someone] = await tx
        .execute<{ id: string }>(sql`SELECT id FROM customers ORDER BY created_at LIMIT 1`)
        .then((r) => r.rows);
      if (someone)
        await invoiceType.create(
          tx,
          actor,
          invoiceInputSchema.parse({
            customer: someone.id,
            notes: 'Two design sessions at the showroom and the layout drawings.',
            lines: [
              { name: 'Design consultation', quantity: 2, unitPriceCents: 12_500, taxClass: 'Labour' },
              { name: 'Layout drawings', quantity: 1, unitPriceCents: 35_000, taxClass: 'Labour' },
            ],
          }),
        );
    }),
};

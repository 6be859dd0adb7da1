import {
  orderInputSchema,
  P,
  quoteInputSchema,
  SELL_UNIT_LABELS,
  type StoreCheckoutResult,
  type storeCheckoutSchema,
  WHOLE_UNITS,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { reserve } from '../../platform/auth/throttle';
import { badRequest } from '../../platform/http/errors';
import { onceFor } from '../../platform/idempotency/idempotency';
import { notify } from '../../platform/notifications/notifications.service';
import { validateCoupon } from '../coupons';
import { documentCustomer } from '../documents';
import { orders, orderType } from '../orders';
import { quotes, quoteType } from '../quotes';
import { customerActor, type Store, type StoreCustomer } from './customer-session';
import { storePrices } from './prices';

type Checkout = z.output<typeof storeCheckoutSchema>;

/** Orders and quote requests a customer (and an address) may send an hour; `STORE_CHECKOUTS_PER_HOUR`. */
export const STORE_CHECKOUTS_PER_HOUR = 10;
/** Attempts of any outcome from one address an hour (a flood of bad carts is refused before any work). */
export const STORE_CHECKOUT_ATTEMPTS_PER_HOUR = 60;
/**
 * Checkouts naming a coupon an hour, per address and per customer: every one counts, refused or
 * not, so codes cannot be guessed (a checkout without a coupon does not count).
 */
export const STORE_COUPON_TRIES_PER_HOUR = 10;
const HOUR = 3600;
/** The longest code an order takes (orderInputSchema's coupon, a coupon's own code). */
const ORDER_COUPON_LENGTH = 32;

/** The route's `limit`: every attempt from an address counts, whatever comes of it. */
export const reserveCheckoutAttempt = (db: Executor, ip: string) =>
  reserve(
    db,
    [{ key: `store-checkout-attempts:address:${ip}`, max: STORE_CHECKOUT_ATTEMPTS_PER_HOUR }],
    HOUR,
    'orders and quote requests from your address',
  );

/**
 * Before a checkout that names a coupon, in a transaction or savepoint of its own that is kept
 * whatever the checkout comes to: one try reserved per address and per customer, or 429.
 */
export const reserveCouponTry = (db: Executor, ip: string, customerId: string) =>
  reserve(
    db,
    [
      { key: `store-coupon:address:${ip}`, max: STORE_COUPON_TRIES_PER_HOUR },
      { key: `store-coupon:customer:${customerId}`, max: STORE_COUPON_TRIES_PER_HOUR },
    ],
    HOUR,
    'coupon codes tried',
  );

/**
 * The cart, checked line by line against what the store shows, with its prices recomputed
 * here (nothing priced in the request is read): the document lines it becomes, or a 400 naming
 * each line that is wrong.
 */
async function cartLines(db: Executor, store: Store, customer: StoreCustomer, lines: Checkout['lines']) {
  const prices = await storePrices(db, store, customer, lines);
  const errors: Record<string, string> = Object.create(null);
  for (const [i, line] of lines.entries()) {
    const price = prices[i];
    const at = `lines.${i}`;
    if (!price) {
      const product = line.variantId
        ? (await storePrices(db, store, customer, [{ productId: line.productId }]))[0]
        : null;
      if (product) errors[`${at}.variantId`] = `Choose one of the options of ${product.name}.`;
      else errors[`${at}.productId`] = 'This product is not in the store.';
      continue;
    }
    if (price.hasVariants && !price.variantId) {
      errors[`${at}.variantId`] = `Choose one of the options of ${price.name}.`;
      continue;
    }
    if (WHOLE_UNITS.includes(price.unit) && !Number.isInteger(line.quantity))
      errors[`${at}.quantity`] =
        `${price.name} is sold by the ${SELL_UNIT_LABELS[price.unit].toLowerCase()}: use a whole number.`;
    if (price.pricingMode !== 'unit' && !line.measure)
      errors[`${at}.measure`] =
        `${price.name} is priced by its ${price.pricingMode === 'area' ? 'area' : 'length'}: give the measurements.`;
    if (price.pricingMode === 'unit' && line.measure)
      errors[`${at}.measure`] =
        `${price.name} is sold by the ${SELL_UNIT_LABELS[price.unit].toLowerCase()}, not measured.`;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return lines.map((line, i) => {
    const price = prices[i]!;
    return {
      item: price.variantId
        ? { type: 'variant' as const, id: price.variantId }
        : { type: 'product' as const, id: price.productId },
      quantity: line.quantity,
      measure: line.measure,
    };
  });
}

/** Staff who hear of a quote request: the customer's own salesperson when they may see quotes, else everyone who may. */
export async function quoteWatchers(db: Executor, assignedTo: string | null): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT u.id FROM users u
     WHERE u.kind = 'staff' AND u.active AND u.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                    WHERE ur.user_id = u.id
                      AND r.codes && ${sql.param([P.MODIFY_QUOTES, P.SUPER_ADMIN, P.DEVELOPER])}::int[])
     ORDER BY u.id`);
  const ids = result.rows.map((r) => r.id);
  return assignedTo && ids.includes(assignedTo) ? [assignedTo] : ids;
}

async function answerFor(db: Executor, kind: 'order' | 'quote', id: string): Promise<StoreCheckoutResult> {
  const table = kind === 'order' ? orders : quotes;
  const [row] = (
    await db.execute<{ number: string; total: string; coupon: string }>(
      sql`SELECT prefix || number AS number, total_cents AS total,
                 ${kind === 'order' ? sql`coupon_cents` : sql`0`} AS coupon FROM ${table} WHERE id = ${id}`,
    )
  ).rows;
  return { kind, id, number: row!.number, totalCents: Number(row!.total), couponCents: Number(row!.coupon) };
}

/**
 * POST /public/store/{slug}/checkout: the signed-in customer's cart becomes a draft order (for
 * staff to confirm: confirming commits stock, decision 0052) or a draft quote request for staff,
 * who are told. Written and audited as the customer. At most STORE_CHECKOUTS_PER_HOUR an hour
 * per customer and per address (only those made count); once per Idempotency-Key. A coupon
 * prices the order through the coupons module (a code that does not apply is a 400 on `coupon`);
 * its caller has reserved the try first (reserveCouponTry).
 */
export async function checkout(
  db: Executor,
  store: Store,
  customer: StoreCustomer,
  body: Checkout,
  meta: { ip: string; idempotencyKey: string | null },
): Promise<StoreCheckoutResult> {
  if (body.mode === 'quote' && !store.features.includes('quotes'))
    throw badRequest('This store takes orders, not quote requests.', { mode: 'Place an order instead.' });
  const lines = await cartLines(db, store, customer, body.lines);
  if (body.coupon && body.coupon.length > ORDER_COUPON_LENGTH) {
    // Longer than any coupon's code: the coupons module says so in its own words.
    const { reason } = await validateCoupon(db, store.firmId, { code: body.coupon, customer: null, lines: [] });
    throw badRequest(reason ?? 'This coupon does not apply.', { coupon: reason ?? 'This coupon does not apply.' });
  }
  const account = await documentCustomer(db, customer.customerId);
  if (body.mode === 'order' && body.payment === 'account' && !account.companyId)
    throw badRequest('Paying on account terms is for customers with an account with us: choose to pay on pickup.', {
      payment: 'Choose to pay on pickup.',
    });
  const actor = customerActor(store, customer);
  const who = [customer.firstName, customer.lastName].filter(Boolean).join(' ');

  const make = async (): Promise<string> => {
    await reserve(
      db,
      [
        { key: `store-checkout:customer:${customer.customerId}`, max: STORE_CHECKOUTS_PER_HOUR },
        { key: `store-checkout:address:${meta.ip}`, max: STORE_CHECKOUTS_PER_HOUR },
      ],
      HOUR,
      'orders and quote requests',
    );
    if (body.mode === 'order') {
      const pickup = body.payment === 'pickup';
      const order = await orderType.create(
        db,
        actor,
        orderInputSchema.parse({
          customer: customer.customerId,
          fulfilment: pickup ? 'pickup' : 'delivery',
          // Pay on pickup: due when collected; on account: the account's terms.
          paymentTermsDays: pickup ? 0 : null,
          notes: [`Ordered in the store by ${who}: ${pickup ? 'pay on pickup' : 'on account terms'}.`, body.note]
            .filter(Boolean)
            .join('\n\n'),
          coupon: body.coupon ?? null,
          lines,
        }),
      );
      return order._id;
    }
    const quote = await quoteType.create(
      db,
      actor,
      quoteInputSchema.parse({
        customer: customer.customerId,
        notes: [`Quote requested in the store by ${who}.`, body.note].filter(Boolean).join('\n\n'),
        lines,
      }),
    );
    for (const staff of await quoteWatchers(db, customer.assignedTo))
      await notify(
        db,
        store.firmId,
        staff,
        `${who} asked for a quote in the store: ${quote.number}.`,
        `/o/quotes/${quote._id}`,
      );
    return quote._id;
  };

  const id = meta.idempotencyKey
    ? (await onceFor(db, store.firmId, `store-checkout:${customer.customerId}`, meta.idempotencyKey, body, make)).id
    : await make();
  return answerFor(db, body.mode, id);
}

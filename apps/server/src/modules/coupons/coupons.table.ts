import { COUPON_KINDS, type CouponKind } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, updatedAt, version } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/**
 * A discount code. `times_used` counts redemptions and moves only in the statement that checks
 * the limit, so a limit holds whatever the number of orders confirmed at once.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    code: text('code').notNull(),
    codeKey: text('code_key').notNull().generatedAlwaysAs(sql`lower(code)`),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<CouponKind>().notNull(),
    // Hundredths of a percent (12.5% is 1250), or cents.
    percentBp: integer('percent_bp'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    minimumCents: bigint('minimum_cents', { mode: 'number' }).notNull().default(0),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    active: boolean('active').notNull().default(true),
    timesUsed: integer('times_used').notNull().default(0),
    updatedBy: uuid('updated_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.firmId, t.codeKey),
    check('coupons_kind_check', oneOf('kind', COUPON_KINDS)),
    check(
      'coupons_value_check',
      sql`(kind = 'percent' AND percent_bp BETWEEN 1 AND 10000) OR (kind = 'amount' AND amount_cents > 0)`,
    ),
    check('coupons_dates_check', sql`starts_on IS NULL OR ends_on IS NULL OR ends_on >= starts_on`),
    check('coupons_usage_check', sql`times_used >= 0 AND (usage_limit IS NULL OR times_used <= usage_limit)`),
    firmIsolation(t.firmId),
  ],
);

/** Each use of a coupon: by whom, on what (the per-customer limit counts these). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id'),
    // The order that redeemed it (its id once orders exist: issue 19).
    reference: text('reference').notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_redemptions_coupon_idx').on(t.couponId, t.customerId), firmIsolation(t.firmId)],
);

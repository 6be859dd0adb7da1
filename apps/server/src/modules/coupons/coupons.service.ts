import {
  type Coupon,
  type CouponResult,
  type couponInputSchema,
  type couponValidateSchema,
  lineTotalCents,
  SETTINGS_KINDS,
} from '@atelier/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';
import { updateVersioned } from '../../platform/records/records';
import { categories } from '../categories';
import { products } from '../products';
import { couponRedemptions, coupons } from './coupons.table';

type Input = z.output<typeof couponInputSchema>;
type Row = typeof coupons.$inferSelect;
const kind = SETTINGS_KINDS.coupon;

const names = (table: typeof products | typeof categories, ids: AnyPgColumn) =>
  sql<{ _id: string; name: string }[]>`COALESCE((SELECT json_agg(json_build_object('_id', x.id, 'name', x.name)
    ORDER BY x.name) FROM ${table} x WHERE x.id = ANY(${qualified(ids)})), '[]'::json)`;

const selectCoupons = (db: Executor) =>
  db
    .select({
      row: coupons,
      products: names(products, coupons.productIds),
      categories: names(categories, coupons.categoryIds),
    })
    .from(coupons);

type Read = Awaited<ReturnType<typeof selectCoupons>>[number];
const view = ({ row, products: p, categories: c }: Read): Coupon => ({
  _id: row.id,
  code: row.code,
  description: row.description,
  kind: row.kind,
  percent: row.percentBp === null ? null : row.percentBp / 100,
  amountCents: row.amountCents,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  minimumCents: row.minimumCents,
  products: p,
  categories: c,
  active: row.active,
  timesUsed: row.timesUsed,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const audited = (c: Coupon) => ({
  code: c.code,
  kind: c.kind,
  percent: c.percent,
  amountCents: c.amountCents,
  startsOn: c.startsOn,
  endsOn: c.endsOn,
  usageLimit: c.usageLimit,
  perCustomerLimit: c.perCustomerLimit,
  minimumCents: c.minimumCents,
  products: c.products.map((p) => p.name).join(', '),
  categories: c.categories.map((x) => x.name).join(', '),
  active: c.active,
});

export async function listCoupons(db: Executor): Promise<Coupon[]> {
  return (await selectCoupons(db).orderBy(asc(coupons.codeKey))).map(view);
}

export async function getCoupon(db: Executor, id: string): Promise<Coupon> {
  const [found] = isUuid(id) ? await selectCoupons(db).where(eq(coupons.id, id)) : [];
  if (!found) throw notFound('This coupon does not exist.');
  return view(found);
}

/** The values an input sets, once the products and categories it names are the firm's. */
async function valuesOf(db: Executor, input: Input) {
  for (const [field, table, ids] of [
    ['products', products, input.products],
    ['categories', categories, input.categories],
  ] as const) {
    const unique = [...new Set(ids)];
    if (!unique.length) continue;
    const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
    if (found.length !== unique.length)
      throw badRequest(`Choose ${field} from the list.`, { [field]: `Choose ${field} from the list.` });
  }
  return {
    code: input.code,
    description: input.description,
    kind: input.kind,
    percentBp: input.kind === 'percent' ? Math.round(input.percent! * 100) : null,
    amountCents: input.kind === 'amount' ? input.amountCents : null,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    minimumCents: input.minimumCents,
    productIds: [...new Set(input.products)],
    categoryIds: [...new Set(input.categories)],
    active: input.active,
  };
}

const taken = (code: string) =>
  new HttpError(409, 'conflict', `Another coupon has the code ${code}.`, {
    code: `Another coupon has the code ${code}.`,
  });

export async function createCoupon(db: Executor, actor: AuditActor, input: Input): Promise<Coupon> {
  const [row] = await db
    .insert(coupons)
    .values({ ...(await valuesOf(db, input)), firmId: actor.firmId, updatedBy: actor.userId })
    .returning()
    .catch((error) => {
      throw isUniqueViolation(error) ? taken(input.code) : error;
    });
  const made = await getCoupon(db, row!.id);
  await recordAudit(db, actor, { entityType: kind.key, entityId: made._id, action: 'create', after: audited(made) });
  return made;
}

export async function updateCoupon(db: Executor, actor: AuditActor, id: string, input: Input & { version: number }) {
  const before = await getCoupon(db, id);
  const values = await valuesOf(db, input);
  if (input.usageLimit !== null && input.usageLimit < before.timesUsed)
    throw badRequest(`It has been used ${before.timesUsed} times already.`, {
      usageLimit: `Use ${before.timesUsed} or more: it has been used ${before.timesUsed} times.`,
    });
  const row = await updateVersioned(db, actor, coupons, id, input.version, kind.noun, values).catch((error) => {
    throw isUniqueViolation(error) ? taken(input.code) : error;
  });
  const after = await getCoupon(db, id);
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'update',
    version: row.version,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

/** A coupon an order used stays, for that order's sake: turn it off instead. */
export async function deleteCoupon(db: Executor, actor: AuditActor, id: string): Promise<void> {
  const [row] = isUuid(id) ? await db.select().from(coupons).where(eq(coupons.id, id)).for('update') : [];
  if (!row) throw notFound('This coupon does not exist.');
  if (row.timesUsed > 0)
    throw conflict(
      `${row.code} has been used ${row.timesUsed} time${row.timesUsed === 1 ? '' : 's'}. Turn it off instead.`,
    );
  const before = await getCoupon(db, id);
  await db.delete(coupons).where(eq(coupons.id, id));
  await recordAudit(db, actor, { entityType: kind.key, entityId: id, action: 'delete', before: audited(before) });
}

type Order = z.output<typeof couponValidateSchema>;

/** Today in the firm's time zone, and how it writes money. */
async function firmToday(db: Executor, firmId: string) {
  const [firm] = await db
    .select({
      today: sql<string>`(now() AT TIME ZONE ${firms.timeZone})::date::text`,
      currency: firms.currency,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return firm!;
}

/**
 * Whether `order` may use the coupon and for how much, with the exact reason when not: the
 * percentage of the lines it covers (rounded half up) or its amount (never more than they come
 * to). `lock` holds the coupon for a redemption.
 */
async function evaluate(db: Executor, firmId: string, order: Order, lock: boolean) {
  const no = (reason: string) => ({
    row: null as Row | null,
    covers: null as Set<string> | null,
    result: { valid: false, discountCents: 0, reason },
  });
  const query = db.select().from(coupons).where(sql`${coupons.codeKey} = lower(${order.code})`);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) return no('No coupon has this code.');
  const { today, currency } = await firmToday(db, firmId);
  const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  if (!row.active) return no('This coupon is turned off.');
  if (row.startsOn && today < row.startsOn) return no(`This coupon starts on ${row.startsOn}.`);
  if (row.endsOn && today > row.endsOn) return no(`This coupon ended on ${row.endsOn}.`);
  if (row.usageLimit !== null && row.timesUsed >= row.usageLimit) return no('This coupon has been used up.');
  if (row.perCustomerLimit !== null && order.customer) {
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(
        sql`${couponRedemptions.couponId} = ${row.id} AND ${couponRedemptions.customerId} = ${order.customer}`,
      )) as [{ n: number }];
    if (n >= row.perCustomerLimit)
      return no(`This customer has used this coupon ${n} time${n === 1 ? '' : 's'}, as many as one customer may.`);
  }
  const totals = order.lines.map((l) => lineTotalCents(l.quantity, l.unitPriceCents));
  const subtotal = totals.reduce((a, b) => a + b, 0);
  if (subtotal < row.minimumCents)
    return no(`The order must come to at least ${money(row.minimumCents)} for this coupon.`);
  let covered = subtotal;
  let covers: Set<string> | null = null;
  if (row.productIds.length || row.categoryIds.length) {
    const ids = [...new Set(order.lines.map((l) => l.product))];
    const inScope = new Set(
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(
            sql`${products.id} = ANY(${sql.param(ids)}::uuid[]) AND (${products.id} = ANY(${sql.param(row.productIds)}::uuid[])
              OR ${products.categoryId} IN (SELECT c.id FROM ${categories} c WHERE c.ancestors && ${sql.param(row.categoryIds)}::uuid[]))`,
          )
      ).map((p) => p.id),
    );
    covers = inScope;
    covered = order.lines.reduce((sum, l, i) => sum + (inScope.has(l.product) ? totals[i]! : 0), 0);
    if (covered === 0) return no('None of these products is covered by this coupon.');
  }
  const discountCents =
    row.kind === 'percent'
      ? Number((BigInt(covered) * BigInt(row.percentBp!) * 2n + 10_000n) / 20_000n)
      : Math.min(row.amountCents!, covered);
  return { row, covers, result: { valid: true, discountCents, reason: null } satisfies CouponResult };
}

/**
 * What a coupon takes off an order being saved, and which of its products it covers (null: all
 * of them); a code that does not apply is a 400 on the order's coupon field, with the reason.
 */
export async function couponForOrder(
  db: Executor,
  firmId: string,
  order: Order,
): Promise<{ couponId: string; cents: number; covers: Set<string> | null }> {
  const { row, covers, result } = await evaluate(db, firmId, order, false);
  if (!row || !result.valid)
    throw badRequest(result.reason ?? 'This coupon does not apply.', { coupon: result.reason ?? '' });
  return { couponId: row.id, cents: result.discountCents, covers };
}

/** Gives back the uses an order made of coupons (it was cancelled): the limits count them no more. */
export async function releaseCoupon(db: Executor, reference: string): Promise<void> {
  await db.execute(sql`
    WITH gone AS (DELETE FROM ${couponRedemptions} WHERE reference = ${reference} RETURNING coupon_id)
    UPDATE ${coupons} c SET times_used = c.times_used - n.count
      FROM (SELECT coupon_id, count(*)::int AS count FROM gone GROUP BY coupon_id) n WHERE c.id = n.coupon_id`);
}

/** POST /coupons/validate. */
export async function validateCoupon(db: Executor, firmId: string, order: Order): Promise<CouponResult> {
  return (await evaluate(db, firmId, order, false)).result;
}

/**
 * Uses a coupon on a confirmed order, in the order's transaction: checked again under the
 * coupon's lock, counted in the same statement that checks the limit, recorded for the
 * per-customer limit. Orders call it when confirmed (issue 19); a refusal is a 409 with the reason.
 */
export async function redeemCoupon(db: Executor, firmId: string, order: Order & { reference: string }) {
  const { row, result } = await evaluate(db, firmId, order, true);
  if (!row || !result.valid) throw conflict(result.reason ?? 'This coupon does not apply.');
  const counted = await db
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      sql`${coupons.id} = ${row.id} AND (${coupons.usageLimit} IS NULL OR ${coupons.timesUsed} < ${coupons.usageLimit})`,
    )
    .returning({ id: coupons.id });
  if (!counted.length) throw conflict('This coupon has been used up.');
  await db.insert(couponRedemptions).values({
    firmId,
    couponId: row.id,
    customerId: order.customer,
    reference: order.reference,
    discountCents: result.discountCents,
  });
  return result;
}

import {
  type CompanyAnalytics,
  type CustomerAnalytics,
  type EmployeeAnalytics,
  hasCode,
  KINDS,
  OPEN_QUOTES_SHOWN,
  type SalesFigures,
  type SalesMonth,
  type TopProduct,
} from '@atelier/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import type { Actor } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { companies } from '../companies';
import { customers } from '../customers';
import { orderLines, orders } from '../orders';
import { quotes } from '../quotes';

/*
 * A sale is an order confirmed and not cancelled since: confirmed, fulfilled or closed. Drafts
 * were never sold; a cancelled order was undone (its stock and coupon given back). It counts when
 * it was confirmed (`confirmed_at`, set by the confirm step; `created_at` only for a row that
 * somehow lacks it), for the order's total as it stands (a change order's approved value).
 * Months and years are the firm's own, in its time zone, so an order confirmed late on the 31st
 * counts in the month the firm saw it in.
 */
const SOLD = sql`o.status IN ('confirmed', 'fulfilled', 'closed')`;
const SOLD_AT = sql`COALESCE(o.confirmed_at, o.created_at)`;
const zone = (firmId: string) => sql`(SELECT ${firms.timeZone} FROM ${firms} WHERE ${firms.id} = ${firmId})`;
/** The first instant of the month eleven months back, in the firm's zone: the twelve months' start. */
const windowStart = (tz: SQL) =>
  sql`((date_trunc('month', now() AT TIME ZONE ${tz}) - interval '11 months') AT TIME ZONE ${tz})`;

/** Which orders are the subject's: `o` is the orders table. */
type Whose = SQL;

async function salesByMonth(db: Executor, firmId: string, whose: Whose): Promise<SalesMonth[]> {
  const tz = zone(firmId);
  const { rows } = await db.execute<{ month: string; cents: number; orders: number }>(sql`
    WITH sold AS (
      SELECT date_trunc('month', ${SOLD_AT} AT TIME ZONE ${tz}) AS m, o.total_cents
        FROM ${orders} o
       WHERE ${whose} AND ${SOLD} AND ${SOLD_AT} >= ${windowStart(tz)})
    SELECT to_char(m.m, 'YYYY-MM') AS month,
           COALESCE(sum(s.total_cents), 0)::float8 AS cents,
           count(s.m)::int AS orders
      FROM generate_series(date_trunc('month', now() AT TIME ZONE ${tz}) - interval '11 months',
                           date_trunc('month', now() AT TIME ZONE ${tz}), interval '1 month') AS m(m)
      LEFT JOIN sold s ON s.m = m.m
     GROUP BY m.m
     ORDER BY m.m`);
  return rows.map((r) => ({ month: r.month, cents: Number(r.cents), orders: Number(r.orders) }));
}

async function salesFigures(db: Executor, firmId: string, whose: Whose): Promise<SalesFigures> {
  const tz = zone(firmId);
  const [row] = (
    await db.execute<{ orders: number; lifetime: number; year: number; last: string | null }>(sql`
      SELECT count(*)::int AS orders,
             COALESCE(sum(o.total_cents), 0)::float8 AS lifetime,
             COALESCE(sum(o.total_cents) FILTER (
               WHERE ${SOLD_AT} >= (date_trunc('year', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz})), 0)::float8 AS year,
             to_json(max(${SOLD_AT})) #>> '{}' AS last
        FROM ${orders} o
       WHERE ${whose} AND ${SOLD}`)
  ).rows;
  const count = Number(row?.orders ?? 0);
  const lifetime = Number(row?.lifetime ?? 0);
  return {
    orders: count,
    lifetimeCents: lifetime,
    yearCents: Number(row?.year ?? 0),
    averageCents: count ? Math.round(lifetime / count) : null,
    lastOrderAt: row?.last ?? null,
  };
}

/**
 * The ten items that brought in most over the twelve months: lines of products, variants and
 * materials (special-order and free-text lines are no catalog item), counted lines only (an
 * optional item left out or an alternative not chosen was not sold), at their value after every
 * discount and before tax. Named as the latest line sold named them; one row per item and unit.
 */
async function topProducts(db: Executor, firmId: string, whose: Whose): Promise<TopProduct[]> {
  const { rows } = await db.execute<{
    type: TopProduct['type'];
    id: string;
    product_id: string | null;
    material_id: string | null;
    name: string;
    sku: string;
    unit: string;
    quantity_e4: number;
    revenue: number;
  }>(sql`
    SELECT CASE WHEN l.variant_id IS NOT NULL THEN 'variant' WHEN l.product_id IS NOT NULL THEN 'product'
                ELSE 'material' END AS type,
           l.item_id AS id, l.product_id, l.material_id, l.unit,
           (array_agg(l.name ORDER BY ${SOLD_AT} DESC, l.position))[1] AS name,
           (array_agg(l.sku ORDER BY ${SOLD_AT} DESC, l.position))[1] AS sku,
           sum(l.quantity_e4)::float8 AS quantity_e4,
           sum(l.net_cents)::float8 AS revenue
      FROM ${orderLines} l
      JOIN ${orders} o ON o.id = l.order_id
     WHERE ${whose} AND ${SOLD} AND ${SOLD_AT} >= ${windowStart(zone(firmId))}
       AND l.kind = 'item' AND l.counted
     GROUP BY l.item_id, l.product_id, l.material_id, l.variant_id IS NOT NULL, l.unit
     ORDER BY revenue DESC, quantity_e4 DESC, name
     LIMIT 10`);
  return rows.map((r) => ({
    type: r.type,
    _id: r.id,
    productId: r.product_id,
    materialId: r.material_id,
    name: r.name,
    sku: r.sku,
    unit: r.unit,
    quantity: Number(r.quantity_e4) / 10_000,
    revenueCents: Number(r.revenue),
  }));
}

/** GET /companies/{id}/analytics: the orders placed for the account (as each order recorded it). */
export async function companyAnalytics(db: Executor, actor: Actor, id: string): Promise<CompanyAnalytics> {
  const [company] = isUuid(id) ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)) : [];
  if (!company) throw notFound(`No such ${KINDS.company.noun}.`);
  // The account the order was made for, kept on the order: a contact who later moves to another
  // account leaves their past orders with this one.
  const whose = sql`o.company_id = ${id}`;
  // One after another: the request's transaction is one connection.
  return {
    sales: await salesByMonth(db, actor.firmId, whose),
    figures: await salesFigures(db, actor.firmId, whose),
    topProducts: await topProducts(db, actor.firmId, whose),
  };
}

/** GET /customers/{id}/analytics: what the customer has bought. */
export async function customerAnalytics(db: Executor, actor: Actor, id: string): Promise<CustomerAnalytics> {
  const [customer] = isUuid(id)
    ? await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id))
    : [];
  if (!customer) throw notFound(`No such ${KINDS.customer.noun}.`);
  const whose = sql`o.customer_id = ${id}`;
  return { sales: await salesByMonth(db, actor.firmId, whose), figures: await salesFigures(db, actor.firmId, whose) };
}

/**
 * GET /employees/{id}/analytics: the orders they took and the quotes they have open. An order
 * names no salesperson apart from who made it (`created_by`), the one who took the sale: so
 * that is whose sale it is, and whose quote.
 */
export async function employeeAnalytics(db: Executor, actor: Actor, id: string): Promise<EmployeeAnalytics> {
  const [employee] = isUuid(id)
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.kind, 'staff'), isNull(users.deletedAt)))
    : [];
  if (!employee) throw notFound(`No such ${KINDS.employee.noun}.`);
  const whose = sql`o.created_by = ${id}`;
  // Quotes are a module of their own with their own code (21): without either the figure is left
  // out, not refused, so the sales still show.
  const seesQuotes = actor.features.includes(KINDS.quote.feature) && hasCode(actor.codes, KINDS.quote.codes.modify);
  return {
    sales: await salesByMonth(db, actor.firmId, whose),
    figures: await salesFigures(db, actor.firmId, whose),
    openQuotes: seesQuotes ? await openQuotesOf(db, actor.firmId, id) : null,
  };
}

/** Draft or sent and still valid today (the firm's day): the job runner may not have expired it yet. */
async function openQuotesOf(db: Executor, firmId: string, employeeId: string) {
  const open = sql`q.created_by = ${employeeId} AND q.status IN ('draft', 'sent')
    AND q.valid_until >= (now() AT TIME ZONE ${zone(firmId)})::date`;
  const items = await db.execute<{
    id: string;
    number: string;
    status: 'draft' | 'sent';
    customer_id: string;
    customer_name: string;
    total_cents: number;
    valid_until: string;
  }>(sql`
      SELECT q.id, q.prefix || q.number AS number, q.status, c.id AS customer_id, c.name AS customer_name,
             q.total_cents::float8 AS total_cents, q.valid_until::text AS valid_until
        FROM ${quotes} q JOIN ${customers} c ON c.id = q.customer_id
       WHERE ${open}
       ORDER BY q.valid_until, q.number
       LIMIT ${OPEN_QUOTES_SHOWN}`);
  const [all] = (
    await db.execute<{ count: number; total: number }>(sql`
      SELECT count(*)::int AS count, COALESCE(sum(q.total_cents), 0)::float8 AS total
        FROM ${quotes} q WHERE ${open}`)
  ).rows;
  return {
    count: Number(all?.count ?? 0),
    totalCents: Number(all?.total ?? 0),
    items: items.rows.map((r) => ({
      _id: r.id,
      number: r.number,
      status: r.status,
      customer: { _id: r.customer_id, name: r.customer_name },
      totalCents: Number(r.total_cents),
      validUntil: r.valid_until,
    })),
  };
}

import type { Segment, SegmentCount } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/http/errors';
import { categories } from '../categories';
import { companies } from '../companies';
import { customers } from '../customers';
import { orderLines, orders } from '../orders';
import { products } from '../products';

/** Orders that count as a purchase: confirmed, fulfilled or closed (never a draft or a cancelled one). */
const BOUGHT = sql`o.status IN ('confirmed', 'fulfilled', 'closed')`;

/**
 * The customers a segment reaches, as a condition on `customers`. Consent is part of the query
 * itself, whatever the segment says: only customers who agreed to marketing emails, have an
 * address and are not archived. Row-level security keeps it to the firm's own customers.
 */
export function segmentWhere(segment: Segment): SQL {
  const c = customers;
  const parts: SQL[] = [sql`${c.marketingConsent} AND ${c.archivedAt} IS NULL AND ${c.primaryEmail} <> ''`];
  if (segment.tags.length) parts.push(sql`${c.tags} && ${sql.param(segment.tags)}::text[]`);
  if (segment.companies.length) parts.push(sql`${c.companyId} = ANY(${sql.param(segment.companies)}::uuid[])`);
  if (segment.sources.length)
    parts.push(sql`lower(${c.source}) = ANY(${sql.param(segment.sources.map((s) => s.toLowerCase()))}::text[])`);
  if (segment.boughtCategories.length)
    parts.push(sql`EXISTS (SELECT 1 FROM ${orders} o JOIN ${orderLines} l ON l.order_id = o.id
      JOIN ${products} p ON p.id = l.product_id JOIN ${categories} cat ON cat.id = p.category_id
      WHERE o.customer_id = ${c.id} AND ${BOUGHT} AND cat.ancestors && ${sql.param(segment.boughtCategories)}::uuid[])`);
  if (segment.spentOverCents !== null)
    parts.push(sql`(SELECT COALESCE(sum(o.total_cents), 0) FROM ${orders} o WHERE o.customer_id = ${c.id} AND ${BOUGHT})
      > ${segment.spentOverCents}`);
  if (segment.lastOrderBefore !== null)
    parts.push(sql`(SELECT max(o.confirmed_at) FROM ${orders} o WHERE o.customer_id = ${c.id} AND ${BOUGHT})
      < ${segment.lastOrderBefore}::date`);
  return sql.join(parts, sql` AND `);
}

/** The accounts and categories a segment names must be the firm's (another firm's are not found). */
export async function checkSegment(db: Executor, segment: Segment): Promise<void> {
  for (const [field, table, ids] of [
    ['segment.companies', companies, segment.companies],
    ['segment.boughtCategories', categories, segment.boughtCategories],
  ] as const) {
    const unique = [...new Set(ids)];
    if (!unique.length) continue;
    const [found] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(sql`${table.id} = ANY(${sql.param(unique)}::uuid[])`);
    if (found!.n !== unique.length) throw badRequest('Choose from the list.', { [field]: 'Choose from the list.' });
  }
}

/** POST /email-segments/count: how many the segment reaches now, and the first few by name. */
export async function countSegment(db: Executor, segment: Segment): Promise<SegmentCount> {
  await checkSegment(db, segment);
  const where = segmentWhere(segment);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).where(where);
  const sample = await db
    .select({ _id: customers.id, name: customers.name, email: customers.primaryEmail })
    .from(customers)
    .where(where)
    .orderBy(customers.nameKey, customers.id)
    .limit(5);
  return { count: count!.n, sample };
}

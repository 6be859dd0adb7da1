import {
  MAX_COUNT_LINES,
  type StockCount,
  type StockCountRow,
  type stockCountInputSchema,
  type stockCountLinesSchema,
} from '@atelier/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { itemViewSql, resolveItems, throwFieldErrors, warehouseNames } from './items';
import { postMovements } from './ledger.service';
import { stockCountLines, stockCounts } from './stock.table';

export const COUNT_ENTITY = 'stock_count';
const label = (n: number) => `Count ${n}`;

/**
 * POST /stock/counts: a sheet for a warehouse, with every item it holds a record of and what the
 * ledger says each has (items can be added while counting).
 */
export async function createCount(db: Executor, actor: Actor, input: z.output<typeof stockCountInputSchema>) {
  const names = await warehouseNames(db, [input.warehouse]);
  throwFieldErrors(names.size ? {} : { warehouse: 'Choose one of the firm’s warehouses.' }, '');
  const [{ n } = { n: 0 }] = (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stock_levels WHERE warehouse_id = ${input.warehouse}`,
    )
  ).rows;
  if (n > MAX_COUNT_LINES)
    throw badRequest(
      `${names.get(input.warehouse)} holds ${n.toLocaleString('en-US')} items: a sheet takes at most ${MAX_COUNT_LINES.toLocaleString('en-US')}.`,
      { warehouse: 'Too many items for one sheet.' },
    );
  const number = await nextNumber(db, actor.firmId, COUNT_ENTITY);
  const [count] = await db
    .insert(stockCounts)
    .values({ firmId: actor.firmId, number, warehouseId: input.warehouse, note: input.note, createdBy: actor.userId })
    .returning();
  await db.execute(sql`
    INSERT INTO ${stockCountLines} (firm_id, count_id, product_id, variant_id, material_id, expected_e4)
    SELECT firm_id, ${count!.id}, product_id, variant_id, material_id, on_hand_e4
      FROM stock_levels WHERE warehouse_id = ${input.warehouse}`);
  await recordAudit(db, actor, {
    entityType: COUNT_ENTITY,
    entityId: count!.id,
    action: 'create',
    after: { number, warehouse: names.get(input.warehouse), lines: n },
  });
  return getCount(db, count!.id);
}

async function openCount(db: Executor, id: string) {
  const [count] = await db.select().from(stockCounts).where(eq(stockCounts.id, id)).for('update');
  if (!count) throw notFound('No such stock count.');
  if (count.status !== 'open') throw conflict(`${label(count.number)} was ${count.status}: it can no longer change.`);
  return count;
}

/** PUT /stock/counts/{id}/lines: what was counted (null: not yet); an item not on the sheet joins it. */
export async function saveCountLines(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof stockCountLinesSchema>,
) {
  const count = await openCount(db, id);
  const items = await resolveItems(
    db,
    input.lines.map((l) => l.item),
    (i) => `lines.${i}.item`,
  );
  await db.execute(sql`
    INSERT INTO ${stockCountLines} (firm_id, count_id, product_id, variant_id, material_id, expected_e4, counted_e4)
    SELECT ${actor.firmId}::uuid, ${id}::uuid, x.p, x.v, x.m,
           COALESCE((SELECT l.on_hand_e4 FROM stock_levels l
                      WHERE l.item_id = COALESCE(x.v, x.p, x.m) AND l.warehouse_id = ${count.warehouseId}), 0), x.c
      FROM unnest(${sql.param(items.map((i) => i.productId))}::uuid[], ${sql.param(items.map((i) => i.variantId))}::uuid[],
                  ${sql.param(items.map((i) => i.materialId))}::uuid[],
                  ${sql.param(input.lines.map((l) => (l.counted === null ? null : String(Math.round(l.counted * 10_000)))))}::bigint[])
           AS x(p, v, m, c)
    ON CONFLICT (count_id, item_id) DO UPDATE SET counted_e4 = EXCLUDED.counted_e4`);
  return getCount(db, id);
}

/**
 * POST /stock/counts/{id}/post: each counted line becomes a count movement of its difference from
 * what the ledger says now (when they differ), all in one posting; the sheet is then closed.
 */
export async function postCount(db: Executor, actor: Actor, id: string) {
  const count = await openCount(db, id);
  const lines = await db
    .select()
    .from(stockCountLines)
    .where(and(eq(stockCountLines.countId, id), sql`${stockCountLines.countedE4} IS NOT NULL`));
  if (!lines.length) throw conflict('Nothing has been counted on this sheet yet.');
  const items = await resolveItems(
    db,
    lines.map((l) =>
      l.materialId
        ? { type: 'material' as const, id: l.materialId }
        : l.variantId
          ? { type: 'variant' as const, id: l.variantId }
          : { type: 'product' as const, id: l.productId! },
    ),
  );
  const names = await warehouseNames(db, [count.warehouseId]);
  const posted = await postMovements(
    db,
    actor,
    lines.map((l, i) => ({
      item: items[i]!,
      warehouseId: count.warehouseId,
      warehouseName: names.get(count.warehouseId) ?? 'the warehouse',
      quantityE4: 0,
      countedE4: l.countedE4!,
      reason: 'count' as const,
      source: { type: COUNT_ENTITY, id, label: label(count.number) },
    })),
  );
  if (posted.length)
    await db.execute(sql`
      UPDATE ${stockCountLines} l SET posted_e4 = x.q
        FROM unnest(${sql.param(posted.map((m) => m.itemId))}::uuid[], ${sql.param(posted.map((m) => String(m.quantityE4)))}::bigint[]) AS x(i, q)
       WHERE l.count_id = ${id} AND l.item_id = x.i`);
  await db
    .update(stockCounts)
    .set({ status: 'posted', postedAt: new Date(), postedBy: actor.userId })
    .where(eq(stockCounts.id, id));
  await recordAudit(db, actor, {
    entityType: COUNT_ENTITY,
    entityId: id,
    action: 'post',
    before: { status: 'open' },
    after: { status: 'posted', counted: lines.length, changed: posted.length },
  });
  return getCount(db, id);
}

/** POST /stock/counts/{id}/cancel: a sheet abandoned; nothing moves. */
export async function cancelCount(db: Executor, actor: Actor, id: string) {
  await openCount(db, id);
  await db.update(stockCounts).set({ status: 'cancelled' }).where(eq(stockCounts.id, id));
  await recordAudit(db, actor, {
    entityType: COUNT_ENTITY,
    entityId: id,
    action: 'cancel',
    before: { status: 'open' },
    after: { status: 'cancelled' },
  });
  return getCount(db, id);
}

const countFields = sql`c.id AS "_id", c.number, json_build_object('_id', w.id, 'name', w.name) AS warehouse, c.status,
  c.note, c.created_at AS "createdAt", c.posted_at AS "postedAt",
  (SELECT json_build_object('_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) FROM users u WHERE u.id = c.created_by) AS by,
  (SELECT count(*)::int FROM stock_count_lines l WHERE l.count_id = c.id AND l.counted_e4 IS NOT NULL) AS counted`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** GET /stock/counts: the sheets, newest first. */
export async function listCounts(db: Executor, where: SQL = sql`TRUE`): Promise<StockCountRow[]> {
  const rows = await db.execute<StockCountRow>(sql`
    SELECT ${countFields}, (SELECT count(*)::int FROM stock_count_lines l WHERE l.count_id = c.id) AS "lineCount"
      FROM ${stockCounts} c JOIN warehouses w ON w.id = c.warehouse_id
     WHERE ${where} ORDER BY c.number DESC LIMIT 100`);
  return rows.rows.map((r) => ({ ...r, createdAt: iso(r.createdAt)!, postedAt: iso(r.postedAt) }));
}

/** GET /stock/counts/{id}: the sheet, each line with on hand now and the difference its count makes. */
export async function getCount(db: Executor, id: string): Promise<StockCount> {
  const [count] = await listCounts(db, sql`c.id = ${id}`);
  if (!count) throw notFound('No such stock count.');
  // Open: the difference the count would post now. Posted: the one it did post.
  const lines = await db.execute<StockCount['lines'][number]>(sql`
    SELECT * FROM (
      SELECT ${itemViewSql('l')} AS item, l.expected_e4::float8 / 10000 AS expected,
             COALESCE(sl.on_hand_e4, 0)::float8 / 10000 AS "onHand",
             l.counted_e4::float8 / 10000 AS counted,
             (CASE WHEN c.status = 'posted' THEN COALESCE(l.posted_e4, 0)
                   ELSE l.counted_e4 - COALESCE(sl.on_hand_e4, 0) END)::float8 / 10000 AS difference
        FROM ${stockCountLines} l
        JOIN ${stockCounts} c ON c.id = l.count_id
        LEFT JOIN stock_levels sl ON sl.item_id = l.item_id AND sl.warehouse_id = c.warehouse_id
       WHERE l.count_id = ${id}) x
    ORDER BY x.item ->> 'name', x.item ->> 'sku'`);
  const { lineCount: _, ...sheet } = count;
  return { ...sheet, lines: lines.rows };
}

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { HttpError } from '../../platform/http/errors';
import { incomingDatedSql } from './incoming';
import type { StockItem } from './items';
import { allowsNegative, lockItems } from './ledger.service';

/**
 * Stock held for confirmed orders. Available is on hand less what is committed, per item and
 * warehouse (`stock_levels.committed_e4`). Committing locks the items first, as every movement
 * does, so two orders confirming the last unit take turns and the second sees the first's hold.
 */

/** What a document holds (or lets go) of one item in one warehouse. `field` names its line in messages. */
export type Commitment = {
  field: string;
  item: StockItem;
  warehouseId: string;
  warehouseName: string;
  quantityE4: number;
};

export type Shortfall = { field: string; availableE4: number; shortE4: number; availableOn: string | null };

const fmt = (e4: number) => (e4 / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });

/**
 * The earliest day each shortfall can be there: the day open purchase orders (and transfers on
 * their way) into the warehouse add up to it, else today plus the preferred vendor's lead time,
 * else none known.
 */
export async function availableOn(
  db: Executor,
  wanted: { itemId: string; warehouseId: string; shortE4: number }[],
): Promise<(string | null)[]> {
  if (!wanted.length) return [];
  const rows = await db.execute<{ i: number; day: string | null }>(sql`
    WITH w AS (
      SELECT * FROM unnest(${sql.param(wanted.map((_, i) => i))}::int[], ${sql.param(wanted.map((x) => x.itemId))}::uuid[],
                           ${sql.param(wanted.map((x) => x.warehouseId))}::uuid[], ${sql.param(wanted.map((x) => String(x.shortE4)))}::bigint[])
             AS x(i, item_id, warehouse_id, short_e4)),
    inc AS (
      SELECT w.i, inc.expected_on,
             sum(inc.open_e4) OVER (PARTITION BY w.i ORDER BY inc.expected_on ROWS UNBOUNDED PRECEDING) AS running, w.short_e4
        FROM w JOIN (${incomingDatedSql()}) inc ON inc.item_id = w.item_id AND inc.warehouse_id = w.warehouse_id
       WHERE inc.open_e4 > 0)
    SELECT w.i, COALESCE(
      (SELECT min(inc.expected_on) FROM inc WHERE inc.i = w.i AND inc.running >= inc.short_e4),
      (SELECT current_date + COALESCE(vi.lead_time_days, v.lead_time_days) FROM vendor_items vi
         JOIN vendors v ON v.id = vi.vendor_id WHERE vi.item_id = w.item_id AND vi.preferred LIMIT 1))::text AS day
      FROM w`);
  const days = new Map(rows.rows.map((r) => [Number(r.i), r.day]));
  return wanted.map((_, i) => days.get(i) ?? null);
}

/**
 * Commits stock for a document's lines, in the caller's transaction. A line short of what is
 * available is refused (409, with what is available and when the rest can be there, per line)
 * unless its item may be sold on backorder (its inventory policy, else the firm's); the
 * shortfalls committed anyway are given back, for the document to show.
 */
export async function commitStock(db: Executor, firmId: string, lines: Commitment[]): Promise<Shortfall[]> {
  const held = lines.filter((l) => l.quantityE4 > 0);
  if (!held.length) return [];
  const pairs = [...new Set(held.map((l) => `${l.item.itemId}|${l.warehouseId}`))];
  const { levels } = await lockItems(db, firmId, [...new Set(held.map((l) => l.item.itemId))].sort(), pairs);
  const committed = await committedAt(db, pairs);
  const shortfalls: (Shortfall & { line: Commitment })[] = [];
  for (const line of held) {
    const pair = `${line.item.itemId}|${line.warehouseId}`;
    const available = Number(levels.get(pair) ?? 0n) - (committed.get(pair) ?? 0);
    const short = line.quantityE4 - Math.min(Math.max(available, 0), line.quantityE4);
    committed.set(pair, (committed.get(pair) ?? 0) + line.quantityE4);
    if (short > 0)
      shortfalls.push({ field: line.field, availableE4: available, shortE4: short, availableOn: null, line });
  }
  if (shortfalls.length) {
    const days = await availableOn(
      db,
      shortfalls.map((s) => ({ itemId: s.line.item.itemId, warehouseId: s.line.warehouseId, shortE4: s.shortE4 })),
    );
    shortfalls.forEach((s, i) => {
      s.availableOn = days[i]!;
    });
    const allowed = await allowsNegative(
      db,
      firmId,
      shortfalls.map((s) => s.line.item),
    );
    const refused = shortfalls.filter((s) => !allowed.has(s.line.item.itemId));
    if (refused.length) {
      const fields = Object.fromEntries(refused.map((s) => [s.field, shortfallWords(s, s.line)]));
      const first = refused[0]!;
      throw new HttpError(
        409,
        'conflict',
        refused.length === 1
          ? shortfallWords(first, first.line)
          : `${refused.length} lines are short of stock and their items may not be sold on backorder.`,
        fields,
      );
    }
  }
  await moveCommitted(db, firmId, held, 1);
  return shortfalls.map(({ line: _, ...s }) => s);
}

/** A shortfall in words: how many are short, what is there, and when the rest can be. */
function shortfallWords(s: Shortfall, line: Commitment): string {
  return `${line.item.name}: short by ${fmt(s.shortE4)} in ${line.warehouseName} (${fmt(Math.max(s.availableE4, 0))} available)${
    s.availableOn
      ? `; the rest can be there by ${s.availableOn}`
      : '; no purchase order or vendor lead time says when more comes'
  }.`;
}

/** Lets go of what a document held (cancelled, delivered, changed), under the items' locks. */
export async function releaseStock(db: Executor, firmId: string, lines: Commitment[]): Promise<void> {
  const held = lines.filter((l) => l.quantityE4 > 0);
  if (!held.length) return;
  await lockItems(db, firmId, [...new Set(held.map((l) => l.item.itemId))].sort());
  await moveCommitted(db, firmId, held, -1);
}

async function committedAt(db: Executor, pairs: string[]): Promise<Map<string, number>> {
  const rows = await db.execute<{ item_id: string; warehouse_id: string; committed_e4: string }>(sql`
    SELECT l.item_id, l.warehouse_id, l.committed_e4::text FROM stock_levels l
      JOIN unnest(${sql.param(pairs.map((p) => p.split('|')[0]!))}::uuid[], ${sql.param(pairs.map((p) => p.split('|')[1]!))}::uuid[])
        AS x(i, w) ON l.item_id = x.i AND l.warehouse_id = x.w`);
  return new Map(rows.rows.map((r) => [`${r.item_id}|${r.warehouse_id}`, Number(r.committed_e4)]));
}

/** Adds (or takes off) each line's quantity to what its warehouse holds committed, in one statement. */
async function moveCommitted(db: Executor, firmId: string, lines: Commitment[], sign: 1 | -1) {
  const sums = new Map<string, { line: Commitment; e4: number }>();
  for (const l of lines) {
    const key = `${l.item.itemId}|${l.warehouseId}`;
    sums.set(key, { line: l, e4: (sums.get(key)?.e4 ?? 0) + sign * l.quantityE4 });
  }
  const rows = [...sums.values()];
  const col = <T>(of: (r: (typeof rows)[number]) => T) => sql.param(rows.map(of));
  // A level the item never had is made first (at nothing on hand); then every one moves at once.
  await db.execute(sql`
    INSERT INTO stock_levels (firm_id, product_id, variant_id, material_id, warehouse_id)
    SELECT ${firmId}::uuid, x.p, x.v, x.m, x.w
      FROM unnest(${col((r) => r.line.item.productId)}::uuid[], ${col((r) => r.line.item.variantId)}::uuid[],
                  ${col((r) => r.line.item.materialId)}::uuid[], ${col((r) => r.line.warehouseId)}::uuid[]) AS x(p, v, m, w)
    ON CONFLICT (item_id, warehouse_id) DO NOTHING`);
  // Releasing more than is held breaks the table's check (never below nothing): a document's own
  // arithmetic gone wrong fails loudly instead of hiding.
  await db.execute(sql`
    UPDATE stock_levels l SET committed_e4 = l.committed_e4 + x.q, updated_at = now()
      FROM unnest(${col((r) => r.line.item.itemId)}::uuid[], ${col((r) => r.line.warehouseId)}::uuid[],
                  ${col((r) => String(r.e4))}::bigint[]) AS x(i, w, q)
     WHERE l.item_id = x.i AND l.warehouse_id = x.w`);
  // Low stock reads what is available from the reorder levels' copy.
  await db.execute(sql`
    UPDATE reorder_levels r SET committed_e4 = r.committed_e4 + x.q
      FROM unnest(${col((r) => r.line.item.itemId)}::uuid[], ${col((r) => r.line.warehouseId)}::uuid[],
                  ${col((r) => String(r.e4))}::bigint[]) AS x(i, w, q)
     WHERE r.item_id = x.i AND r.warehouse_id = x.w`);
}

import type { RevisionLine } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { LineTable } from './lines.service';

/** A line as revisions compare it: the item (or, for a special or free line, its words). */
export const revisionLineOf = (l: {
  kind: string;
  item: { _id: string } | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  netCents: number;
}): RevisionLine => ({
  key: l.item ? `item:${l.item._id}` : `${l.kind}:${l.name.toLowerCase()}`,
  name: l.name,
  quantity: l.quantity,
  unitPriceCents: l.unitPriceCents,
  totalCents: l.netCents,
});

/** A document's counted lines, in order, as revisions compare them. */
export async function revisionLines(db: Executor, lines: LineTable, parentId: string): Promise<RevisionLine[]> {
  const rows = await db.execute<{
    kind: string;
    item_id: string | null;
    name: string;
    quantity_e4: string;
    unit_price_cents: string;
    net_cents: string;
  }>(sql`
    SELECT kind, item_id, name, quantity_e4::text, unit_price_cents::text, net_cents::text
      FROM ${lines.table} WHERE ${lines.parent} = ${parentId} AND counted ORDER BY position`);
  return rows.rows.map((r) =>
    revisionLineOf({
      kind: r.kind,
      item: r.item_id ? { _id: r.item_id } : null,
      name: r.name,
      quantity: Number(r.quantity_e4) / 10_000,
      unitPriceCents: Number(r.unit_price_cents),
      netCents: Number(r.net_cents),
    }),
  );
}

import { divRoundHalfUp, type ReturnableLine, type returnInputSchema } from '@atelier/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/http/errors';
import { orderLines } from '../orders';
import { returnLines, returns } from './returns.table';

type LineRow = typeof orderLines.$inferSelect;
export type PlannedLine = {
  orderLineId: string;
  quantityE4: number;
  reason: z.output<typeof returnInputSchema>['lines'][number]['reason'];
  condition: z.output<typeof returnInputSchema>['lines'][number]['condition'];
  note: string;
  creditCents: number;
};

/** Goods come back: a catalog item or a special order, not a free line (installation, labour). */
const goods = (line: Pick<LineRow, 'kind'>) => line.kind === 'item' || line.kind === 'special';

const fmt = (e4: number) => (e4 / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });

/** What `quantityE4` of a line gives back: its share of the line's total, tax included, rounded half up. */
export const lineCredit = (line: Pick<LineRow, 'totalCents' | 'quantityE4'>, quantityE4: number) =>
  line.quantityE4 > 0
    ? Number(divRoundHalfUp(BigInt(line.totalCents) * BigInt(quantityE4), BigInt(line.quantityE4)))
    : 0;

/**
 * How much of each line of the order other returns (not rejected, not `except`) already take
 * back. Read after the order's lines are locked, so two returns written at once take turns.
 */
async function returnedOf(db: Executor, orderId: string, except: string | null) {
  const rows = await db
    .select({ line: returnLines.orderLineId, e4: sql<string>`sum(${returnLines.quantityE4})` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(eq(returns.orderId, orderId), ne(returns.status, 'rejected'), except ? ne(returns.id, except) : sql`TRUE`),
    )
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.line, Number(r.e4)]));
}

/** The order's lines, locked in id order: what returns count against them stays still until commit. */
async function lockedLines(db: Executor, orderId: string): Promise<LineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)).for('update');
}

/**
 * The return's lines checked against its order: each a line of it, never more than was delivered
 * less what other returns take back; 400s name the field (`lines.1.quantity`).
 */
export async function planReturnLines(
  db: Executor,
  orderId: string,
  input: z.output<typeof returnInputSchema>['lines'],
  except: string | null,
): Promise<PlannedLine[]> {
  const lines = await lockedLines(db, orderId);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const returned = await returnedOf(db, orderId, except);
  const errors: Record<string, string> = {};
  const planned = input.map((l, i): PlannedLine => {
    const line = byId.get(l.line);
    const quantityE4 = Math.round(l.quantity * 10_000);
    if (!line) {
      errors[`lines.${i}.line`] = 'Not a line of this order.';
      return { ...l, orderLineId: l.line, quantityE4, creditCents: 0 };
    }
    const left = line.deliveredE4 - (returned.get(line.id) ?? 0);
    if (!goods(line))
      errors[`lines.${i}.line`] = `${line.name} is no goods to bring back: give credit for it with a credit memo.`;
    else if (line.deliveredE4 === 0)
      errors[`lines.${i}.quantity`] = `${line.name} has not been delivered: nothing of it can come back.`;
    else if (quantityE4 > left)
      errors[`lines.${i}.quantity`] =
        left > 0
          ? `At most ${fmt(left)} of ${line.name} can come back: ${fmt(line.deliveredE4)} delivered, ${fmt(line.deliveredE4 - left)} already returned.`
          : `All ${fmt(line.deliveredE4)} delivered of ${line.name} are already being returned.`;
    return {
      orderLineId: line.id,
      quantityE4,
      reason: l.reason,
      condition: l.condition,
      note: l.note,
      creditCents: lineCredit(line, quantityE4),
    };
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted lines.',
      errors,
    );
  return planned;
}

/** Writes a return's lines anew (while it is requested, its lines are what the last save said). */
export async function writeReturnLines(db: Executor, firmId: string, returnId: string, planned: PlannedLine[]) {
  await db.delete(returnLines).where(eq(returnLines.returnId, returnId));
  if (planned.length)
    await db.insert(returnLines).values(
      planned.map((l, position) => ({
        firmId,
        returnId,
        orderLineId: l.orderLineId,
        position,
        quantityE4: l.quantityE4,
        reason: l.reason,
        condition: l.condition,
        note: l.note,
        creditCents: l.creditCents,
      })),
    );
}

/** GET /orders/{id}/returnable: each delivered line, what came back already and what still may. */
export async function returnableLines(db: Executor, orderId: string): Promise<ReturnableLine[]> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
  const returned = await returnedOf(db, orderId, null);
  return lines
    .filter((l) => goods(l) && l.deliveredE4 > 0)
    .map((l) => {
      const back = returned.get(l.id) ?? 0;
      return {
        line: l.id,
        name: l.name,
        sku: l.sku,
        unit: l.unit,
        delivered: l.deliveredE4 / 10_000,
        returned: back / 10_000,
        returnable: Math.max(0, l.deliveredE4 - back) / 10_000,
        unitCreditCents: lineCredit(l, 10_000),
      };
    });
}

/** The lines of these returns, for their pages. */
export async function linesOf(db: Executor, returnIds: string[]) {
  if (!returnIds.length) return [];
  return db
    .select({ line: returnLines, orderLine: orderLines })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId))
    .where(inArray(returnLines.returnId, returnIds))
    .orderBy(returnLines.position);
}

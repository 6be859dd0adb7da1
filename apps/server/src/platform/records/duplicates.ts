import type { DuplicateMatch } from '@atelier/contracts';
import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { likePattern, textMatches } from '../lists/list';

export type DuplicateQuery = { name?: string; email?: string; phone?: string; exclude?: string };

/**
 * Records like the one being entered, for kinds with one name, email and phone each
 * (ambassadors, leads): the same name (its sort key), or the email or the phone's digits found
 * in the search text through its index. Up to five, each with why it matched.
 */
export async function findSimpleDuplicates(
  db: Executor,
  t: {
    table: PgTable;
    id: AnyPgColumn;
    nameKey: AnyPgColumn;
    name: AnyPgColumn;
    email: AnyPgColumn;
    phone: AnyPgColumn;
  },
  query: DuplicateQuery,
): Promise<DuplicateMatch[]> {
  const name = query.name?.trim().toLowerCase() ?? '';
  const email = query.email?.trim().toLowerCase() ?? '';
  const digits = query.phone?.replace(/\D/g, '') ?? '';
  const checks: SQL[] = [];
  if (name) checks.push(eq(t.nameKey, name));
  const patterns = [email && likePattern(email), digits.length >= 7 && likePattern(digits)].filter((p): p is string =>
    Boolean(p),
  );
  if (patterns.length) checks.push(textMatches(t.table, t.id, patterns));
  if (checks.length === 0) return [];
  const rows = (await db
    .select({ _id: t.id, name: t.name, email: t.email, phone: t.phone })
    .from(t.table)
    .where(and(or(...checks), query.exclude && isUuid(query.exclude) ? ne(t.id, query.exclude) : undefined))
    .limit(5)) as { _id: string; name: string; email: string; phone: string }[];
  return rows
    .map((r) => ({
      _id: r._id,
      name: r.name,
      reason: [
        name && r.name.toLowerCase() === name && 'same name',
        email && r.email.toLowerCase() === email && 'same email',
        digits.length >= 7 && r.phone.replace(/\D/g, '').includes(digits) && 'same phone',
      ]
        .filter(Boolean)
        .join(', '),
    }))
    .filter((m) => m.reason);
}

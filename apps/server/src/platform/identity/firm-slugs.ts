import { slugFromName, storeSlugSchema } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { HttpError } from '../http/errors';
import { firmSlugs } from './firms.table';

/** The firm's current public address, or null before it has one. */
export async function currentSlug(db: Executor, firmId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: firmSlugs.slug })
    .from(firmSlugs)
    .where(and(eq(firmSlugs.firmId, firmId), eq(firmSlugs.current, true)));
  return row?.slug ?? null;
}

/**
 * Makes `slug` the firm's current address: a new one, or one it had before. One another firm has
 * (or had) is taken: a 409 on the field. The primary key decides a race between two firms.
 */
export async function claimSlug(db: Executor, firmId: string, slug: string): Promise<void> {
  if ((await currentSlug(db, firmId)) === slug) return;
  await db
    .update(firmSlugs)
    .set({ current: false })
    .where(and(eq(firmSlugs.firmId, firmId), eq(firmSlugs.current, true)));
  const [made] = await db
    .insert(firmSlugs)
    .values({ slug, firmId, current: true })
    .onConflictDoNothing({ target: firmSlugs.slug })
    .returning({ slug: firmSlugs.slug });
  if (made) return;
  // Row-level security shows only the firm's own: one of its earlier addresses comes back.
  const [again] = await db
    .update(firmSlugs)
    .set({ current: true })
    .where(and(eq(firmSlugs.slug, slug), eq(firmSlugs.firmId, firmId)))
    .returning({ slug: firmSlugs.slug });
  if (!again)
    throw new HttpError(409, 'conflict', `The address ${slug} is taken: choose another.`, {
      slug: 'That address is taken: choose another.',
    });
}

/**
 * A new firm's first address, from its name ("Harbor & Pine" → harbor-and-pine), with -2, -3…
 * when taken; none when its name gives no usable one (the firm chooses one in its settings).
 */
export async function suggestSlug(db: Executor, firmId: string, name: string): Promise<string | null> {
  const base = slugFromName(name).slice(0, 36).replace(/-+$/, '');
  for (const candidate of [base, ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${base}-${n}`)]) {
    if (!storeSlugSchema.safeParse(candidate).success) continue;
    const [made] = await db
      .insert(firmSlugs)
      .values({ slug: candidate, firmId, current: true })
      .onConflictDoNothing({ target: firmSlugs.slug })
      .returning({ slug: firmSlugs.slug });
    if (made) return made.slug;
  }
  return null;
}

/** What the public store knows of an address: the firm, its current address (a redirect when another), its modules. */
export async function findStoreFirm(
  db: Executor,
  slug: string,
): Promise<{ firmId: string; slug: string; features: string[] } | null> {
  const { rows } = await db.execute<{ firm_id: string; slug: string; features: string[] }>(
    sql`SELECT firm_id, slug, features FROM store_find_firm(${slug})`,
  );
  const row = rows[0];
  return row ? { firmId: row.firm_id, slug: row.slug, features: row.features } : null;
}

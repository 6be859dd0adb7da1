import {
  INVALID_SEARCH_TYPE,
  RECENT_SEARCHES_KEPT,
  type RecentSearch,
  type SearchCategory,
  type SearchResult,
  searchableCategory,
} from '@atelier/contracts';
import { and, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../http/access';
import { badRequest, notFound } from '../http/errors';
import { likePattern, textMatchRows } from '../lists/list';
import { type EntityKind, kindOfSearchType, maySee, searchableKinds, searchTypes } from '../records/entities';
import { recentSearches, searchEntries } from './search.table';

/**
 * Brings the search entries of these records in line with the records, in the caller's
 * transaction: every write path of a searchable kind calls this after it writes.
 */
export async function reindex(db: Executor, firmId: string, kind: EntityKind, ids: string[]): Promise<void> {
  if (!kind.searchDocs || ids.length === 0) return;
  const docs = await kind.searchDocs(db, ids);
  if (docs.length) {
    await db
      .insert(searchEntries)
      .values(
        docs.map((d) => ({
          firmId,
          entityType: d.type ?? kind.type,
          entityId: d.id,
          title: d.title,
          subtitle: d.subtitle,
          searchText: d.searchText,
          archived: d.archived,
        })),
      )
      .onConflictDoUpdate({
        target: [searchEntries.entityId, searchEntries.entityType],
        set: {
          title: sql`excluded.title`,
          subtitle: sql`excluded.subtitle`,
          searchText: sql`excluded.search_text`,
          archived: sql`excluded.archived`,
          updatedAt: sql`now()`,
        },
      });
  }
  const types = searchTypes(kind);
  const gone = ids.filter((id) => !docs.some((d) => d.id === id));
  if (gone.length)
    await db
      .delete(searchEntries)
      .where(and(inArray(searchEntries.entityType, types), inArray(searchEntries.entityId, gone)));
  // A record filed under another of the kind's categories than before (a payment edited into a refund).
  if (types.length > 1)
    for (const type of types) {
      const filed = docs.filter((d) => (d.type ?? kind.type) === type).map((d) => d.id);
      if (filed.length)
        await db.delete(searchEntries).where(
          and(
            inArray(
              searchEntries.entityType,
              types.filter((t) => t !== type),
            ),
            inArray(searchEntries.entityId, filed),
          ),
        );
    }
}

/**
 * `reindex` for records named by a sub-select rather than listed (an import's thousands): one
 * statement writes their search entries, none of them passing through the server.
 */
export async function reindexWhere(db: Executor, firmId: string, kind: EntityKind, ids: SQL): Promise<void> {
  if (!kind.searchSql) return;
  await db.execute(sql`
    INSERT INTO ${searchEntries} (firm_id, entity_type, entity_id, title, subtitle, search_text, archived)
    SELECT ${firmId}::uuid, d.type, d.id, d.title, d.subtitle, d.search_text, d.archived FROM (${kind.searchSql(ids)}) d
    ON CONFLICT (entity_id, entity_type) DO UPDATE SET title = excluded.title, subtitle = excluded.subtitle,
      search_text = excluded.search_text, archived = excluded.archived, updated_at = now()`);
}

/** The kinds this person may find: their permission, and the firm's module. */
function visibleKinds(actor: Actor, type: string): EntityKind[] {
  return searchableKinds().filter((k) => (type === 'all' || searchTypes(k).includes(type)) && maySee(actor, k));
}

/**
 * GET /search: records of the firm whose names, numbers, emails or phone numbers contain the
 * text (or whose name starts with it, for one or two characters). Names that start with the
 * text come first. Kinds the person may not see are never searched.
 */
export async function search(
  db: Executor,
  actor: Actor,
  query: { q: string; type: string; limit: number },
): Promise<{ items: SearchResult[] }> {
  if (!searchableCategory(query.type)) throw badRequest(INVALID_SEARCH_TYPE, { type: INVALID_SEARCH_TYPE });
  const kinds = visibleKinds(actor, query.type);
  if (kinds.length === 0) return { items: [] };
  const categories = kinds.flatMap(searchTypes).filter((t) => query.type === 'all' || t === query.type);
  const needle = query.q.toLowerCase();
  const digits = needle.replace(/\D/g, '');
  const phone = digits.length >= 4 && digits.length >= needle.replace(/[\s().+-]/g, '').length;
  const substring = needle.length >= 3;
  const matches = substring
    ? textMatchRows(searchEntries, [likePattern(phone ? digits : needle)], categories)
    : sql`${searchEntries.nameKey} >= ${needle} AND ${searchEntries.nameKey} < ${`${needle}\u{10FFFF}`}`;
  // A substring search has all its matches in hand: live records first, then names that start
  // with the text. A prefix search reads the name index in order and stops at the limit.
  const order = substring
    ? [
        sql`${searchEntries.archived}`,
        sql`starts_with(${searchEntries.nameKey}, ${needle}) DESC`,
        searchEntries.nameKey,
        searchEntries.id,
      ]
    : [searchEntries.nameKey, searchEntries.id];
  const rows = await db
    .select({
      type: searchEntries.entityType,
      _id: searchEntries.entityId,
      title: searchEntries.title,
      subtitle: searchEntries.subtitle,
      archived: searchEntries.archived,
    })
    .from(searchEntries)
    .where(and(eq(searchEntries.firmId, actor.firmId), inArray(searchEntries.entityType, categories), matches))
    .orderBy(...order)
    .limit(query.limit);
  return {
    items: rows.map((r) => ({
      ...r,
      type: r.type as SearchCategory,
      href: kindOfSearchType(r.type)?.href(r._id) ?? '',
    })),
  };
}

// ---- Recent and saved searches (spec section 7) ----

export async function recentSearchList(db: Executor, actor: Pick<Actor, 'userId'>): Promise<RecentSearch[]> {
  const rows = await db
    .select()
    .from(recentSearches)
    .where(eq(recentSearches.userId, actor.userId))
    .orderBy(desc(recentSearches.createdAt), desc(recentSearches.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    search: r.search,
    type: r.type,
    search_id: r.searchId,
    saved: r.saved,
    date: r.createdAt.toISOString(),
  }));
}

/** PATCH: a search just run. The same search again moves to the top; ten unsaved are kept. */
export async function recordSearch(
  db: Executor,
  actor: Actor,
  input: { name: string; search: string; type: string; search_id: string | null },
): Promise<RecentSearch[]> {
  await db
    .delete(recentSearches)
    .where(
      and(
        eq(recentSearches.userId, actor.userId),
        eq(recentSearches.saved, false),
        eq(recentSearches.search, input.search),
        eq(recentSearches.type, input.type),
        input.search_id ? eq(recentSearches.searchId, input.search_id) : sql`${recentSearches.searchId} IS NULL`,
      ),
    );
  await db.insert(recentSearches).values({
    firmId: actor.firmId,
    userId: actor.userId,
    name: input.name,
    search: input.search,
    type: input.type,
    searchId: input.search_id,
  });
  const keep = db
    .select({ id: recentSearches.id })
    .from(recentSearches)
    .where(and(eq(recentSearches.userId, actor.userId), eq(recentSearches.saved, false)))
    .orderBy(desc(recentSearches.createdAt), desc(recentSearches.id))
    .limit(RECENT_SEARCHES_KEPT);
  await db
    .delete(recentSearches)
    .where(
      and(
        eq(recentSearches.userId, actor.userId),
        eq(recentSearches.saved, false),
        notInArray(recentSearches.id, keep),
      ),
    );
  return recentSearchList(db, actor);
}

/** PUT: keep a search. The client sends the search string URI-encoded. */
export async function saveSearch(
  db: Executor,
  actor: Actor,
  input: { name: string; search: string; type: string },
): Promise<RecentSearch[]> {
  let search: string;
  try {
    search = decodeURIComponent(input.search).trim();
  } catch {
    throw badRequest('The search could not be read.', { search: 'Send the search string URI-encoded.' });
  }
  if (!search || search.length > 200)
    throw badRequest('Search for 1 to 200 characters.', { search: 'Search for 1 to 200 characters.' });
  const [existing] = await db
    .select({ id: recentSearches.id })
    .from(recentSearches)
    .where(
      and(
        eq(recentSearches.userId, actor.userId),
        eq(recentSearches.saved, true),
        eq(recentSearches.search, search),
        eq(recentSearches.type, input.type),
      ),
    );
  if (existing) await db.update(recentSearches).set({ name: input.name }).where(eq(recentSearches.id, existing.id));
  else
    await db.insert(recentSearches).values({
      firmId: actor.firmId,
      userId: actor.userId,
      name: input.name,
      search,
      type: input.type,
      saved: true,
    });
  return recentSearchList(db, actor);
}

/** POST: forget a search, recent or saved. */
export async function deleteSearch(db: Executor, actor: Actor, id: string): Promise<RecentSearch[]> {
  const deleted = await db
    .delete(recentSearches)
    .where(and(eq(recentSearches.id, id), eq(recentSearches.userId, actor.userId)))
    .returning({ id: recentSearches.id });
  if (deleted.length === 0) throw notFound('This search is not in your list.');
  return recentSearchList(db, actor);
}

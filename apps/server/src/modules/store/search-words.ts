import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { likePattern } from '../../platform/lists/list';
import { products } from '../products';
import { storeWords } from './search-tables';

/** At most this many typed words are searched; the rest are ignored. */
const MAX_WORDS = 8;
/** A typed word of letters only, as the word list keeps them: the only kind corrected. */
const CORRECTABLE = /^\p{L}{3,40}$/u;

/** The typed words, lower-cased, as the search reads them. */
export const typedWords = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);

/**
 * The row versions of the products (of the firm in scope, active, not archived) whose search
 * text has every typed word, in any order ("pantry walnut"), and that have the filter values
 * asked for, and how many: `store_search_tids` answers them all from the trigram and facet
 * indexes at once, as the owner (under row-level security LIKE and && are kept out of the
 * indexes, not being leakproof). Asked once per request: the page and the counts both read these
 * rows again under row-level security (`matchedRows`, a TID scan). Null when there is nothing to
 * search, or (filter values alone) when more than `max` match: the list's filters then walk its
 * sort's index as usual, which finds a page of a common value sooner.
 */
export async function searchRows(
  db: Executor,
  q: string | undefined,
  facets: string[],
  max: number | null,
): Promise<{ tids: string; count: number } | null> {
  const patterns = q ? typedWords(q).map(likePattern) : [];
  if (!patterns.length && !facets.length) return null;
  const [row] = (
    await db.execute<{ tids: string | null; count: number | null }>(
      sql`SELECT t::text AS tids, cardinality(t) AS count
            FROM store_search_tids(${sql.param(patterns)}::text[], ${sql.param(facets)}::uuid[], ${max}::int) AS t`,
    )
  ).rows;
  return row?.tids == null ? null : { tids: row.tids, count: Number(row.count ?? 0) };
}

/**
 * The rows `searchRows` found, as a condition ANDed with the rest (a TID scan; never in an OR).
 * Behind a sub-select: given the array itself, the planner prices testing it on every row of an
 * index walk in name order as cheaper than reading the rows it names (80 ms, not 7, for 5,000).
 */
export const matchedRows = (tids: string): SQL => sql`products.ctid = ANY((SELECT ${tids}::tid[])::tid[])`;

/**
 * The typed words again, tested on the rows `matchedRows` reads (a filter on those few, not an
 * index): a row version found by one statement and gone by the next must not let another row
 * that took its place through.
 */
export const hasWords = (q: string): SQL =>
  and(...typedWords(q).map((w) => sql`${products.searchText} LIKE ${likePattern(w)}`)) ?? sql`true`;

/**
 * The typed words with each typo corrected against the firm's word list (`store_words`: the
 * words of the products the store shows, a few thousand, not the products themselves), or null
 * when nothing was corrected. A word is kept when some listed word contains it ("waln" is part of
 * walnut); otherwise it becomes the closest listed word within one edit (up to 4 letters) or two
 * ("walnutt" → walnut, "shlef" → shelf), the most alike and then the commonest first. Words with
 * digits or other signs (SKUs, sizes) are never corrected; a word with no close one is kept, and
 * finds nothing as before.
 */
export async function correctedQuery(db: Executor, q: string): Promise<string | null> {
  const words = typedWords(q);
  const open = [...new Set(words.filter((w) => CORRECTABLE.test(w)))];
  if (!open.length) return null;
  const rows = (
    await db.execute<{ typed: string; fix: string | null }>(
      sql`SELECT t.typed,
            CASE WHEN EXISTS (SELECT 1 FROM ${storeWords} w WHERE w.products > 0 AND strpos(w.word, t.typed) > 0) THEN t.typed
            ELSE (SELECT w.word FROM ${storeWords} w
                   WHERE w.products > 0 AND abs(length(w.word) - length(t.typed)) <= t.edits
                     AND levenshtein_less_equal(w.word, t.typed, t.edits) <= t.edits
                   ORDER BY levenshtein_less_equal(w.word, t.typed, t.edits), similarity(w.word, t.typed) DESC,
                            w.products DESC, w.word
                   LIMIT 1) END AS fix
          FROM (SELECT typed, CASE WHEN length(typed) <= 4 THEN 1 ELSE 2 END AS edits
                  FROM unnest(${sql.param(open)}::text[]) AS typed) t`,
    )
  ).rows;
  const fixes = new Map(rows.filter((r) => r.fix && r.fix !== r.typed).map((r) => [r.typed, r.fix!]));
  if (!fixes.size) return null;
  return words.map((w) => fixes.get(w) ?? w).join(' ');
}

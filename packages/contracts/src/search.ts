import { z } from 'zod';
import { INVALID_SEARCH_TYPE, SEARCH_CATEGORIES, type SearchCategory, searchableCategory } from './search-categories';

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(200, 'Search for at most 200 characters.'),
  type: z.string().default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const searchResultSchema = z.strictObject({
  type: z.enum(SEARCH_CATEGORIES.map((c) => c.key) as [SearchCategory, ...SearchCategory[]]),
  _id: z.uuid(),
  title: z.string(),
  subtitle: z.string(),
  href: z.string(),
  archived: z.boolean(),
});
export type SearchResult = z.output<typeof searchResultSchema>;
/** GET /search: the matches, best first. */
export const searchAnswerSchema = z.strictObject({ items: z.array(searchResultSchema) });

const recentName = z.string().trim().min(1, 'Give the search a name.').max(200, 'Use at most 200 characters.');

/** PATCH /profile/recent-search: a search just run, or a record opened from it (search_id). */
export const recentSearchInputSchema = z.strictObject({
  name: recentName,
  search: z.string().trim().min(1, 'Type something to search for.').max(200, 'Search for at most 200 characters.'),
  type: z.string().refine(searchableCategory, INVALID_SEARCH_TYPE),
  search_id: z.uuid('Not a record id.').nullable().default(null),
});

/** PUT /profile/recent-search: keep a search. The search string arrives URI-encoded. */
export const saveSearchSchema = z.strictObject({
  name: recentName,
  search: z.string().min(1, 'Type something to search for.').max(600, 'Search for at most 200 characters.'),
  type: z.string().refine(searchableCategory, INVALID_SEARCH_TYPE),
});

/** POST /profile/recent-search: forget one (recent or saved). */
export const deleteSearchSchema = z.strictObject({ _id: z.uuid('Not a search id.') });

/** POST /profile/subscriptions (spec section 7). */
export const subscriptionInputSchema = z.strictObject({
  action: z.enum(['subscribe', 'unsubscribe'], { error: 'Choose subscribe or unsubscribe.' }),
  entity: z.uuid('Not a record id.'),
  entityType: z.string().min(1, 'Say which kind of record.').max(40),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

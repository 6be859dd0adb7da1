import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';
import { users } from '../identity/users.table';

/**
 * One row per searchable record, written in the same transaction as the record by the search
 * registry. Global search reads only this table: one trigram index for every kind of record.
 */
export const searchEntries = pgTable(
  'search_entries',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    // The entity kind, which is also its search category: 'company', 'customer', …
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    // Plain column sort key and prefix search (decision 0006).
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(title)`),
    // Lower-cased names, document numbers, emails and phone digits.
    searchText: text('search_text').notNull(),
    archived: boolean('archived').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_entries_entity_uq').on(t.entityId, t.entityType),
    index('search_entries_name_idx').on(t.firmId, t.nameKey, t.id),
    index('search_entries_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    firmIsolation(t.firmId),
  ],
);

/** Each person's recent searches (the last ten) and the ones they saved. */
export const recentSearches = pgTable(
  'recent_searches',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    search: text('search').notNull(),
    type: text('type').notNull(),
    // The record opened from this search, when one was.
    searchId: uuid('search_id'),
    saved: boolean('saved').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('recent_searches_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()), firmIsolation(t.firmId)],
);

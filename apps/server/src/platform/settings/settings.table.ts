import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, updatedAt, version } from '../../db/columns';
import { firms } from '../identity/firms.table';

/** One row per firm and settings group (spec section 3), validated by that group's zod schema. */
export const settings = pgTable(
  'settings',
  {
    firmId: firmId(() => firms.id),
    group: text('group').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.group] }), firmIsolation(t.firmId)],
);

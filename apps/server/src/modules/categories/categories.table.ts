import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, updatedAt, version } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/**
 * The catalog's tree. `ancestors` holds the ids from the top down to the category itself, so
 * "products in Cabinets, subcategories included" is one index lookup, and a move rewrites the
 * moved subtree's arrays in one statement.
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Its place among its siblings.
    position: integer('position').notNull().default(0),
    ancestors: uuid('ancestors').array().notNull(),
    updatedBy: uuid('updated_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two siblings never share a name (the top level counts as one parent).
    uniqueIndex('categories_sibling_name_uq').on(
      t.firmId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index('categories_parent_idx').on(t.firmId, t.parentId, t.position),
    index('categories_ancestors_idx').using('gin', t.ancestors),
    firmIsolation(t.firmId),
  ],
);

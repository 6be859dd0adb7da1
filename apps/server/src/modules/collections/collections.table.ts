import { COLLECTION_KINDS, type CollectionKind, type CollectionRules } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { products } from '../products';

/** A set of products for the store and the showroom: hand-picked, or made by rules. */
export const collections = pgTable(
  'collections',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<CollectionKind>().notNull(),
    rules: jsonb('rules').$type<CollectionRules>().notNull(),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('collections_name_idx').on(t.firmId, t.nameKey, t.id),
    index('collections_created_idx').on(t.firmId, t.createdAt, t.id),
    index('collections_updated_idx').on(t.firmId, t.updatedAt, t.id),
    check('collections_kind_check', oneOf('kind', COLLECTION_KINDS)),
    firmIsolation(t.firmId),
  ],
);

/** A hand-picked collection's products, in order; a product deleted leaves it. */
export const collectionProducts = pgTable(
  'collection_products',
  {
    firmId: firmId(() => firms.id),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_product_idx').on(t.productId),
    firmIsolation(t.firmId),
  ],
);

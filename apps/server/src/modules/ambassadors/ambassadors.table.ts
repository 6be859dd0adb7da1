import { AMBASSADOR_KINDS, type AmbassadorKind } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/** A referral partner: realtors, architects. Customers name the ambassador who sent them. */
export const ambassadors = pgTable(
  'ambassadors',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    // Text with a check, not an enum (decision 0006).
    kind: text('kind').$type<AmbassadorKind>().notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    referralCode: text('referral_code').notNull(),
    // Hundredths of a percent: 12.5% is 1250.
    commissionBp: integer('commission_bp').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('ambassadors_code_uq').on(t.firmId, t.referralCode),
    index('ambassadors_name_idx').on(t.firmId, t.nameKey, t.id),
    index('ambassadors_created_idx').on(t.firmId, t.createdAt, t.id),
    index('ambassadors_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('ambassadors_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('ambassadors_kind_check', oneOf('kind', AMBASSADOR_KINDS)),
    check('ambassadors_commission_check', sql`commission_bp BETWEEN 0 AND 5000`),
    firmIsolation(t.firmId),
  ],
);

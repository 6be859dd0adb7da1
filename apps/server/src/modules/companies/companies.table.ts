import type { CompanyType, RecordAddress } from '@atelier/contracts';
import { COMPANY_TYPES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';

/**
 * An account: a business customer. Lists sort and page on (firm_id, key, id) indexes whose keys
 * are plain columns of types with leakproof comparisons (decision 0006), so paging and filters
 * stay index conditions under row-level security.
 */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    // The `name` sort and the exact-name duplicate check.
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    // Text with a check rather than an enum: enum comparisons are not leakproof (decision 0006).
    type: text('type').$type<CompanyType>().notNull(),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    addresses: jsonb('addresses').$type<RecordAddress[]>().notNull().default([]),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    priceLevel: text('price_level').notNull().default(''),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    taxCertificateFileId: uuid('tax_certificate_file_id').references(() => files.id, { onDelete: 'set null' }),
    // Lower-cased name, email, phone (also digits only) and city: what `q` matches.
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('companies_name_idx').on(t.firmId, t.nameKey, t.id),
    index('companies_type_idx').on(t.firmId, t.type, t.id),
    index('companies_created_idx').on(t.firmId, t.createdAt, t.id),
    index('companies_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('companies_assigned_idx').on(t.firmId, t.assignedTo),
    index('companies_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('companies_type_check', oneOf('type', COMPANY_TYPES)),
    firmIsolation(t.firmId),
  ],
);

import type { RecordAddress } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/** A supplier the firm buys products and materials from. */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    website: text('website').notNull().default(''),
    addresses: jsonb('addresses').$type<RecordAddress[]>().notNull().default([]),
    accountNumber: text('account_number').notNull().default(''),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    leadTimeDays: integer('lead_time_days').notNull().default(14),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    // Lower-cased name, contact, email, account number, phone (also digits only) and city.
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('vendors_name_idx').on(t.firmId, t.nameKey, t.id),
    index('vendors_terms_idx').on(t.firmId, t.paymentTermsDays, t.id),
    index('vendors_lead_time_idx').on(t.firmId, t.leadTimeDays, t.id),
    index('vendors_created_idx').on(t.firmId, t.createdAt, t.id),
    index('vendors_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('vendors_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('vendors_days_check', sql`payment_terms_days BETWEEN 0 AND 365 AND lead_time_days BETWEEN 0 AND 365`),
    firmIsolation(t.firmId),
  ],
);

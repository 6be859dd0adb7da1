import { KINDS, type RecordAddress } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { ambassadors } from '../ambassadors';
import { companies } from '../companies';

/** A person who buys from the firm, optionally in an account, optionally with a store login. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    name: text('name').notNull().generatedAlwaysAs(sql`trim(first_name || ' ' || last_name)`),
    // The `name` sort, prefix search and the exact-name duplicate check (decision 0006).
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(trim(first_name || ' ' || last_name))`),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    ambassadorId: uuid('ambassador_id').references(() => ambassadors.id, { onDelete: 'restrict' }),
    emails: jsonb('emails').$type<{ label: string; email: string }[]>().notNull().default([]),
    phones: jsonb('phones').$type<{ label: string; number: string }[]>().notNull().default([]),
    addresses: jsonb('addresses').$type<RecordAddress[]>().notNull().default([]),
    // The first email, lower-cased ('' when none): the `email` sort and duplicate checks.
    primaryEmail: text('primary_email').notNull().default(''),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    // The store login (a users row of kind customer), when there is one.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('customers_name_idx').on(t.firmId, t.nameKey, t.id),
    index('customers_email_idx').on(t.firmId, t.primaryEmail, t.id),
    index('customers_created_idx').on(t.firmId, t.createdAt, t.id),
    index('customers_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('customers_company_idx').on(t.firmId, t.companyId),
    index('customers_ambassador_idx').on(t.firmId, t.ambassadorId),
    index('customers_assigned_idx').on(t.firmId, t.assignedTo),
    uniqueIndex('customers_user_uq').on(t.userId),
    index('customers_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    firmIsolation(t.firmId),
  ],
);

// An account with contacts, or an ambassador who referred customers, is not deleted; the
// companies and ambassadors modules count them without importing this one (decision 0018).
registerReference(KINDS.company, { table: customers, column: customers.companyId, noun: 'contact' });
registerReference(KINDS.ambassador, { table: customers, column: customers.ambassadorId, noun: 'customer' });

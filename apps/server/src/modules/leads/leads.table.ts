import { KINDS, LEAD_STATUSES, type LeadStatus, OPEN_LEAD_STATUSES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { ambassadors } from '../ambassadors';
import { companies } from '../companies';
import { customers } from '../customers';

/** Neither won nor lost: the leads someone still has to work on. */
export const OPEN_LEADS = oneOf('status', OPEN_LEAD_STATUSES);

/** Someone who may buy: from first contact through the pipeline to won (a customer) or lost. */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    name: text('name').notNull().generatedAlwaysAs(sql`trim(first_name || ' ' || last_name)`),
    // The `name` sort and prefix search (decision 0006).
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(trim(first_name || ' ' || last_name))`),
    companyName: text('company_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    source: text('source').notNull().default(''),
    // Text with a check, not an enum (decision 0006).
    status: text('status').$type<LeadStatus>().notNull().default('new'),
    lostReason: text('lost_reason').notNull().default(''),
    estimatedValueCents: bigint('estimated_value_cents', { mode: 'number' }).notNull().default(0),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    ambassadorId: uuid('ambassador_id').references(() => ambassadors.id, { onDelete: 'restrict' }),
    nextFollowUp: date('next_follow_up', { mode: 'string' }),
    // The `followUp` sort key: a keyset cannot page over NULLs, so "none" sorts as infinity (last).
    followUpKey: date('follow_up_key', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(next_follow_up, 'infinity'::date)`),
    // The follow-up date the assignee was last reminded of: one reminder per date.
    followUpNotifiedOn: date('follow_up_notified_on', { mode: 'string' }),
    // What a visitor wrote in the website form.
    message: text('message').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    convertedCustomerId: uuid('converted_customer_id').references(() => customers.id, { onDelete: 'set null' }),
    convertedCompanyId: uuid('converted_company_id').references(() => companies.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('leads_name_idx').on(t.firmId, t.nameKey, t.id),
    index('leads_value_idx').on(t.firmId, t.estimatedValueCents, t.id),
    // The followUp sort, and the overdue filter (a range on the same key).
    index('leads_follow_up_idx').on(t.firmId, t.followUpKey, t.id),
    index('leads_created_idx').on(t.firmId, t.createdAt, t.id),
    index('leads_updated_idx').on(t.firmId, t.updatedAt, t.id),
    // Board columns: an open stage by follow-up date, a closed one most recently moved first.
    index('leads_stage_follow_up_idx').on(t.firmId, t.status, t.followUpKey, t.id),
    index('leads_stage_updated_idx').on(t.firmId, t.status, t.updatedAt, t.id),
    index('leads_assigned_idx').on(t.firmId, t.assignedTo),
    index('leads_ambassador_idx').on(t.firmId, t.ambassadorId),
    index('leads_converted_customer_idx').on(t.convertedCustomerId),
    index('leads_converted_company_idx').on(t.convertedCompanyId),
    // The reminder job looks across firms for today's open follow-ups (as the owner, in
    // lead_follow_ups_due), so this one leads with the date.
    index('leads_reminder_idx')
      .on(t.nextFollowUp)
      .where(sql`next_follow_up IS NOT NULL AND archived_at IS NULL AND ${OPEN_LEADS}`),
    index('leads_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('leads_status_check', oneOf('status', LEAD_STATUSES)),
    // A lost lead names its reason; no other lead has one.
    check('leads_lost_reason_check', sql`(status = 'lost') = (lost_reason <> '')`),
    check('leads_value_check', sql`estimated_value_cents >= 0`),
    firmIsolation(t.firmId),
  ],
);

// An ambassador who referred leads is not deleted (after the customers they referred, whose
// table loads first: this one imports it).
registerReference(KINDS.ambassador, { table: leads, column: leads.ambassadorId, noun: 'lead' });

/**
 * The key in a firm's website-form address (POST /api/v1/public/leads/{key}). Random and
 * unique across firms; the public route finds the firm through `web_lead_firm`.
 */
export const leadCaptureKeys = pgTable(
  'lead_capture_keys',
  {
    firmId: firmId(() => firms.id).primaryKey(),
    key: text('key').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lead_capture_keys_key_uq').on(t.key), firmIsolation(t.firmId)],
);

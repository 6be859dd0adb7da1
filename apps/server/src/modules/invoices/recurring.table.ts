import {
  type DocumentLineValues,
  KINDS,
  RECURRING_ACTIONS,
  RECURRING_FREQUENCIES,
  RECURRING_STATUSES,
  type RecurringAction,
  type RecurringFrequency,
  type RecurringStatus,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customers } from '../customers';
import { customerJobs } from '../jobs';

/**
 * A recurring invoice (a maintenance plan, a rental): the lines each run bills, as typed (priced
 * at each run), and the schedule. `next_run_on` is the day the next invoice is made; the job makes
 * every one that is due and moves it on (decision 0043).
 */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    status: text('status').$type<RecurringStatus>().notNull().default('active'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    frequency: text('frequency').$type<RecurringFrequency>().notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    startOn: date('start_on', { mode: 'string' }).notNull(),
    endOn: date('end_on', { mode: 'string' }),
    action: text('action').$type<RecurringAction>().notNull().default('draft'),
    notes: text('notes').notNull().default(''),
    lines: jsonb('lines').$type<DocumentLineValues[]>().notNull(),
    // What one invoice came to when the plan was saved (each run prices its lines again).
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    nextRunOn: date('next_run_on', { mode: 'string' }),
    lastRunOn: date('last_run_on', { mode: 'string' }),
    ...recordColumns(),
  },
  (t) => [
    index('recurring_invoices_name_idx').on(t.firmId, t.nameKey, t.id),
    index('recurring_invoices_next_idx').on(t.firmId, t.nextRunOn, t.id),
    index('recurring_invoices_total_idx').on(t.firmId, t.totalCents, t.id),
    index('recurring_invoices_created_idx').on(t.firmId, t.createdAt, t.id),
    index('recurring_invoices_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('recurring_invoices_due_idx').on(t.nextRunOn).where(sql`status = 'active'`),
    check('recurring_invoices_status_check', oneOf('status', RECURRING_STATUSES)),
    check('recurring_invoices_frequency_check', oneOf('frequency', RECURRING_FREQUENCIES)),
    check('recurring_invoices_action_check', oneOf('action', RECURRING_ACTIONS)),
    check('recurring_invoices_day_check', sql`day_of_month BETWEEN 1 AND 28`),
    firmIsolation(t.firmId),
  ],
);

registerReference(KINDS.customer, {
  table: recurringInvoices,
  column: recurringInvoices.customerId,
  noun: 'recurring invoice',
});
registerReference(KINDS.company, {
  table: recurringInvoices,
  column: recurringInvoices.companyId,
  noun: 'recurring invoice',
});
registerReference(KINDS.customer_job, {
  table: recurringInvoices,
  column: recurringInvoices.customerJobId,
  noun: 'recurring invoice',
});

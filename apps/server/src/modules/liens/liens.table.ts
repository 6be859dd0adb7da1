import {
  KINDS,
  LIEN_DEADLINE_KINDS,
  LIEN_PROJECT_TYPES,
  LIEN_ROLES,
  LIEN_STATUSES,
  LIEN_WAIVER_CONDITIONS,
  LIEN_WAIVER_DIRECTIONS,
  LIEN_WAIVER_SCOPES,
  type LienDeadlineKind,
  type LienDocumentKind,
  type LienFlag,
  type LienProjectType,
  type LienRole,
  type LienStatus,
  type LienWaiverCondition,
  type LienWaiverDirection,
  type LienWaiverScope,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { customerJobs } from '../jobs';
import { billPayments } from '../payables';
import { payments } from '../payments';

/** A paper of the lien as stored: its proof is the id of one of the lien's files. */
export type StoredLienDocument = { kind: LienDocumentKind; title: string; sentOn: string | null; proof: string | null };

/**
 * The firm's lien rights on one customer job (issue 24, decision 0048): the facts its deadlines
 * are computed from, its status and papers. The next deadline ahead is kept with the row, as of
 * its last write and the nightly refresh, so lists sort and filter by it.
 */
export const liens = pgTable(
  'liens',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    customerJobId: uuid('customer_job_id')
      .notNull()
      .references(() => customerJobs.id, { onDelete: 'restrict' }),
    state: text('state').notNull(),
    role: text('role').$type<LienRole>().notNull(),
    projectType: text('project_type').$type<LienProjectType>().notNull(),
    flags: text('flags').array().$type<LienFlag[]>().notNull().default(sql`'{}'::text[]`),
    firstFurnishingOn: date('first_furnishing_on', { mode: 'string' }),
    lastFurnishingOn: date('last_furnishing_on', { mode: 'string' }),
    completionOn: date('completion_on', { mode: 'string' }),
    noticeOfCompletionOn: date('notice_of_completion_on', { mode: 'string' }),
    recordedOn: date('recorded_on', { mode: 'string' }),
    propertyAddress: text('property_address').notNull().default(''),
    propertyOwner: text('property_owner').notNull().default(''),
    hiringParty: text('hiring_party').notNull().default(''),
    /** As typed; null follows the job's unpaid invoices. */
    amountOwedCents: bigint('amount_owed_cents', { mode: 'number' }),
    status: text('status').$type<LienStatus>().notNull().default('notice_due'),
    responsibleId: uuid('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    documents: jsonb('documents').$type<StoredLienDocument[]>().notNull().default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    nextDeadlineOn: date('next_deadline_on', { mode: 'string' }),
    // The `next-deadline` sort: a keyset cannot page over NULLs, so "none ahead" sorts as infinity (last).
    nextDeadlineOnKey: date('next_deadline_key', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(next_deadline_on, 'infinity'::date)`),
    nextDeadlineKind: text('next_deadline_kind').$type<LienDeadlineKind>(),
    /** The reminders sent, one key per deadline and step ("7:2026-04-15:14"): none is sent twice. */
    remindersSent: text('reminders_sent').array().notNull().default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    // One lien record per job.
    uniqueIndex('liens_job_uq').on(t.firmId, t.customerJobId),
    index('liens_next_idx').on(t.firmId, t.nextDeadlineOnKey, t.id),
    index('liens_created_idx').on(t.firmId, t.createdAt, t.id),
    index('liens_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('liens_responsible_idx').on(t.responsibleId),
    index('liens_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('liens_role_check', oneOf('role', LIEN_ROLES)),
    check('liens_project_type_check', oneOf('project_type', LIEN_PROJECT_TYPES)),
    check('liens_status_check', oneOf('status', LIEN_STATUSES)),
    check(
      'liens_next_kind_check',
      sql`next_deadline_kind IS NULL OR ${oneOf('next_deadline_kind', LIEN_DEADLINE_KINDS)}`,
    ),
    check('liens_state_check', sql`state ~ '^[A-Z]{2}$'`),
    check('liens_amount_check', sql`amount_owed_cents IS NULL OR amount_owed_cents >= 0`),
    check(
      'liens_dates_check',
      sql`(last_furnishing_on IS NULL OR first_furnishing_on IS NULL OR last_furnishing_on >= first_furnishing_on)
        AND (completion_on IS NULL OR first_furnishing_on IS NULL OR completion_on >= first_furnishing_on)`,
    ),
    firmIsolation(t.firmId),
  ],
);

registerReference(KINDS.customer_job, { table: liens, column: liens.customerJobId, noun: 'lien' });

/**
 * A lien waiver (decision 0049): given to whoever pays the firm, or received from a sub or a
 * supplier the firm pays, on a job with a lien record; with the payment it answers and its
 * signed copy (one of its own files).
 */
export const lienWaivers = pgTable(
  'lien_waivers',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    lienId: uuid('lien_id')
      .notNull()
      .references(() => liens.id, { onDelete: 'restrict' }),
    direction: text('direction').$type<LienWaiverDirection>().notNull(),
    condition: text('condition').$type<LienWaiverCondition>().notNull(),
    scope: text('scope').$type<LienWaiverScope>().notNull(),
    party: text('party').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    throughOn: date('through_on', { mode: 'string' }),
    // A payment deleted leaves the waiver, which the firm signed or holds, without it.
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    billPaymentId: uuid('bill_payment_id').references(() => billPayments.id, { onDelete: 'set null' }),
    signedOn: date('signed_on', { mode: 'string' }),
    signedCopyFileId: uuid('signed_copy_file_id').references(() => files.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('lien_waivers_lien_idx').on(t.firmId, t.lienId, t.createdAt),
    index('lien_waivers_payment_idx').on(t.paymentId).where(sql`payment_id IS NOT NULL`),
    index('lien_waivers_bill_payment_idx').on(t.billPaymentId).where(sql`bill_payment_id IS NOT NULL`),
    index('lien_waivers_amount_idx').on(t.firmId, t.amountCents, t.id),
    index('lien_waivers_created_idx').on(t.firmId, t.createdAt, t.id),
    index('lien_waivers_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('lien_waivers_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('lien_waivers_direction_check', oneOf('direction', LIEN_WAIVER_DIRECTIONS)),
    check('lien_waivers_condition_check', oneOf('condition', LIEN_WAIVER_CONDITIONS)),
    check('lien_waivers_scope_check', oneOf('scope', LIEN_WAIVER_SCOPES)),
    check('lien_waivers_amount_check', sql`amount_cents >= 0`),
    check('lien_waivers_through_check', sql`scope = 'final' OR through_on IS NOT NULL`),
    check(
      'lien_waivers_payment_check',
      sql`(direction = 'given' AND bill_payment_id IS NULL) OR (direction = 'received' AND payment_id IS NULL)`,
    ),
    firmIsolation(t.firmId),
  ],
);

registerReference(KINDS.lien, { table: lienWaivers, column: lienWaivers.lienId, noun: 'lien waiver' });

import {
  ACCOUNT_ROLES,
  ACCOUNTING_ADAPTERS,
  type AccountingAdapter,
  type AccountRole,
  EXPORT_CHANGES,
  EXPORT_STATUSES,
  type ExportChange,
  type LedgerAccountType,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, firmId, firmIsolation, id, oneOf } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/** The firm's ledger account for a role (and key: one payment method, one category); unmapped roles use their default. */
export const accountingAccounts = pgTable(
  'accounting_accounts',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    role: text('role').$type<AccountRole>().notNull(),
    key: text('key').notNull().default(''),
    account: text('account').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_accounts_role_uq').on(t.firmId, t.role, t.key),
    check('accounting_accounts_role_check', oneOf('role', ACCOUNT_ROLES)),
    check('accounting_accounts_account_check', sql`length(account) BETWEEN 1 AND 100`),
    firmIsolation(t.firmId),
  ],
);

export type ExportKindCounts = {
  key: string;
  label: string;
  sent: number;
  changed: number;
  reversed: number;
  skipped: number;
};

/**
 * One run of the export (its log): who, when, which adapter and period, what it sent, changed,
 * reversed and skipped per document type, what was left out, the error that stopped it, and the
 * file it wrote (kept, with its checksum and totals, to be downloaded again). A written file
 * balances: the CHECK holds it.
 */
export const accountingExports = pgTable(
  'accounting_exports',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    adapter: text('adapter').$type<AccountingAdapter>().notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status').$type<(typeof EXPORT_STATUSES)[number]>().notNull(),
    error: text('error'),
    sentCount: integer('sent_count').notNull().default(0),
    changedCount: integer('changed_count').notNull().default(0),
    reversedCount: integer('reversed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    kinds: jsonb('kinds').$type<ExportKindCounts[]>().notNull().default([]),
    leftOut: jsonb('left_out').$type<{ key: string; label: string; code: number }[]>().notNull().default([]),
    fileName: text('file_name'),
    content: bytea('content'),
    sha256: text('sha256'),
    entryCount: integer('entry_count').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounting_exports_number_uq').on(t.firmId, t.number),
    check('accounting_exports_adapter_check', oneOf('adapter', ACCOUNTING_ADAPTERS)),
    check('accounting_exports_status_check', oneOf('status', EXPORT_STATUSES)),
    check('accounting_exports_balance_check', sql`debit_cents = credit_cents`),
    check('accounting_exports_file_check', sql`(status = 'done') = (content IS NOT NULL)`),
    firmIsolation(t.firmId),
  ],
);

/** A document an export sent: new, again as a change, or reversed; and who it is with (the vendor's sync tab). */
export const accountingExportDocuments = pgTable(
  'accounting_export_documents',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    exportId: uuid('export_id')
      .notNull()
      .references(() => accountingExports.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    recordId: uuid('record_id').notNull(),
    number: text('number').notNull(),
    change: text('change').$type<ExportChange>().notNull(),
    version: integer('version'),
    partyType: text('party_type'),
    partyId: uuid('party_id'),
    partyName: text('party_name').notNull().default(''),
  },
  (t) => [
    index('accounting_export_documents_export_idx').on(t.exportId),
    index('accounting_export_documents_record_idx').on(t.recordId),
    index('accounting_export_documents_party_idx').on(t.firmId, t.partyId).where(sql`party_id IS NOT NULL`),
    check('accounting_export_documents_change_check', oneOf('change', EXPORT_CHANGES)),
    firmIsolation(t.firmId),
  ],
);

/** A journal line as it was sent: its ledger account (by name and type) and amounts. */
export type SentLine = {
  account: string;
  type: LedgerAccountType;
  debitCents: number;
  creditCents: number;
  memo: string;
};

/**
 * What the books hold of each document sent (the sync state): its version and entry when last
 * sent (the entry's fingerprint, to know whether it changed; its lines with the accounts they
 * went to, to reverse them exactly), and the run that sent it. One row per document.
 */
export const accountingSynced = pgTable(
  'accounting_synced',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    source: text('source').notNull(),
    recordId: uuid('record_id').notNull(),
    version: integer('version').notNull(),
    fingerprint: text('fingerprint').notNull(),
    adapter: text('adapter').$type<AccountingAdapter>().notNull(),
    exportId: uuid('export_id')
      .notNull()
      .references(() => accountingExports.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    number: text('number').notNull(),
    partyType: text('party_type'),
    partyId: uuid('party_id'),
    partyName: text('party_name').notNull().default(''),
    lines: jsonb('lines').$type<SentLine[]>().notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounting_synced_record_uq').on(t.firmId, t.source, t.recordId),
    index('accounting_synced_export_idx').on(t.exportId),
    check('accounting_synced_adapter_check', oneOf('adapter', ACCOUNTING_ADAPTERS)),
    firmIsolation(t.firmId),
  ],
);

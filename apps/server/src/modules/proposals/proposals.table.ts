import {
  type Address,
  type Discount,
  KINDS,
  PROPOSAL_STATUSES,
  type ProposalStatus,
  type RevisionLine,
  SECTION_STATUSES,
  type SectionStatus,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { changeOrders } from '../change-orders';
import { companies } from '../companies';
import { customers } from '../customers';
import { documentLineChecks, documentLineColumns, documentTotalsColumns } from '../documents';
import { customerJobs } from '../jobs';

/**
 * A proposal: a quote's richer sibling, sent for online approval. Numbered per firm; `revision`
 * is the document's (an edit after sending starts the next), `version` the concurrency counter.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    status: text('status').$type<ProposalStatus>().notNull().default('draft'),
    revision: integer('revision').notNull().default(1),
    title: text('title').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    coverImageId: uuid('cover_image_id').references(() => files.id, { onDelete: 'restrict' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    shipTo: jsonb('ship_to').$type<Address>(),
    discount: jsonb('discount').$type<Discount>(),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    deposit: jsonb('deposit').$type<Discount>(),
    terms: text('terms').notNull().default(''),
    sectionApproval: boolean('section_approval').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    // The lines of the revision sent last, as revisions compare them (what changed since).
    sentLines: jsonb('sent_lines').$type<RevisionLine[]>(),
    ...documentTotalsColumns(),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('proposals_number_uq').on(t.firmId, t.number),
    index('proposals_customer_idx').on(t.firmId, t.customerId, t.number),
    index('proposals_job_idx').on(t.customerJobId).where(sql`customer_job_id IS NOT NULL`),
    index('proposals_valid_idx').on(t.firmId, t.validUntil, t.id),
    index('proposals_total_idx').on(t.firmId, t.totalCents, t.id),
    index('proposals_created_idx').on(t.firmId, t.createdAt, t.id),
    index('proposals_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('proposals_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('proposals_status_check', oneOf('status', PROPOSAL_STATUSES)),
    check(
      'proposals_money_check',
      sql`shipping_cents >= 0 AND subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0`,
    ),
    firmIsolation(t.firmId),
  ],
);

/** A section: a scope in words and pictures, and its lines (in `proposal_lines`). */
export const proposalSections = pgTable(
  'proposal_sections',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    imageIds: uuid('image_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status').$type<SectionStatus>().notNull().default('open'),
  },
  (t) => [
    index('proposal_sections_parent_idx').on(t.proposalId, t.position),
    check('proposal_sections_status_check', oneOf('status', SECTION_STATUSES)),
    firmIsolation(t.firmId),
  ],
);

export const proposalLines = pgTable(
  'proposal_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => proposalSections.id, { onDelete: 'cascade' }),
    ...documentLineColumns(),
  },
  (t) => [
    index('proposal_lines_parent_idx').on(t.proposalId, t.position),
    index('proposal_lines_section_idx').on(t.sectionId),
    ...documentLineChecks('proposal_lines'),
    firmIsolation(t.firmId),
  ],
);

/**
 * A link sent to the client for one revision of a proposal (or a change order): a random token
 * of 192 bits, never the row id. It stops working when it expires or is revoked, or, for a
 * proposal, when a newer revision replaces it (the old link then says so). The token is kept so
 * the firm can copy the link again; it is never logged (decision 0039).
 */
export const approvalLinks = pgTable(
  'approval_links',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'cascade' }),
    changeOrderId: uuid('change_order_id').references(() => changeOrders.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    uniqueIndex('approval_links_token_uq').on(t.token),
    index('approval_links_proposal_idx').on(t.proposalId, t.createdAt).where(sql`proposal_id IS NOT NULL`),
    index('approval_links_change_order_idx').on(t.changeOrderId, t.createdAt).where(sql`change_order_id IS NOT NULL`),
    check('approval_links_target_check', sql`(proposal_id IS NULL) <> (change_order_id IS NULL)`),
    firmIsolation(t.firmId),
  ],
);

/**
 * A client's decision through a link, kept as evidence: who, when, from where, what they chose,
 * and the SHA-256 of the canonical snapshot of what they were shown and chose; an approval also
 * keeps its signature image and the signed PDF (and that PDF's SHA-256). Never changed after.
 */
export const approvalRecords = pgTable(
  'approval_records',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    linkId: uuid('link_id')
      .notNull()
      .references(() => approvalLinks.id, { onDelete: 'restrict' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'restrict' }),
    changeOrderId: uuid('change_order_id').references(() => changeOrders.id, { onDelete: 'restrict' }),
    revision: integer('revision').notNull(),
    decision: text('decision').$type<'approved' | 'declined'>().notNull(),
    name: text('name').notNull(),
    reason: text('reason').notNull().default(''),
    sectionIds: uuid('section_ids').array().notNull().default(sql`'{}'::uuid[]`),
    signatureFileId: uuid('signature_file_id').references(() => files.id, { onDelete: 'restrict' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    snapshot: jsonb('snapshot').notNull(),
    snapshotSha256: text('snapshot_sha256').notNull(),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'restrict' }),
    pdfSha256: text('pdf_sha256'),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('approval_records_proposal_idx').on(t.proposalId, t.createdAt).where(sql`proposal_id IS NOT NULL`),
    index('approval_records_change_order_idx').on(t.changeOrderId).where(sql`change_order_id IS NOT NULL`),
    // The public verify page finds a signed PDF by its hash, across firms (signed_pdf_verify).
    index('approval_records_pdf_idx').on(t.pdfSha256).where(sql`pdf_sha256 IS NOT NULL`),
    check('approval_records_target_check', sql`(proposal_id IS NULL) <> (change_order_id IS NULL)`),
    check('approval_records_decision_check', sql`decision IN ('approved', 'declined')`),
    check(
      'approval_records_signed_check',
      sql`decision <> 'approved' OR (signature_file_id IS NOT NULL AND pdf_file_id IS NOT NULL AND pdf_sha256 IS NOT NULL)`,
    ),
    firmIsolation(t.firmId),
  ],
);

registerReference(KINDS.customer, { table: proposals, column: proposals.customerId, noun: 'proposal' });
registerReference(KINDS.company, { table: proposals, column: proposals.companyId, noun: 'proposal' });
registerReference(KINDS.customer_job, { table: proposals, column: proposals.customerJobId, noun: 'proposal' });
registerReference(KINDS.product, { table: proposalLines, column: proposalLines.productId, noun: 'proposal line' });
registerReference(KINDS.raw_material, {
  table: proposalLines,
  column: proposalLines.materialId,
  noun: 'proposal line',
});

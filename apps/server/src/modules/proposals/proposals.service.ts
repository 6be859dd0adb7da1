import { randomUUID } from 'node:crypto';
import {
  depositCents,
  diffRevisions,
  KINDS,
  type Proposal,
  type ProposalRow,
  proposalInputSchema,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { assertOwnImages, fileUrl } from '../../platform/files/files.service';
import { badRequest, conflict, HttpError } from '../../platform/http/errors';
import { buildSearchText, idsIn, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { cleanRichText, richTextToPlain } from '../../platform/text/rich-text';
import { companies } from '../companies';
import { customers } from '../customers';
import {
  checkDocumentJob,
  customerAddress,
  documentCustomer,
  type LineTable,
  linesJsonSql,
  pricedInputs,
  priceLines,
  revisionLineOf,
  totalsValues,
  writeLines,
} from '../documents';
import { customerJobs } from '../jobs';
import { priceBookFor } from '../wholesale';
import { approvalsJson, linkJson } from './proposal-links';
import { approvalLinks, proposalLines, proposalSections, proposals } from './proposals.table';

type Input = z.output<typeof proposalInputSchema>;
type Row = typeof proposals.$inferSelect;

export const proposalNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${proposals.prefix} || ${proposals.number})`;
const customerRef = refColumn(proposals.customerId, customers, customers.name);
const companyRef = refColumn(proposals.companyId, companies, companies.name);
const jobRef = refColumn(proposals.customerJobId, customerJobs, customerJobs.name);
export const PROPOSAL_LINES: LineTable = {
  table: proposalLines,
  parent: proposalLines.proposalId,
  parentKey: 'proposalId',
};
/** A section's lines, read by the section (its lines are written with the proposal's). */
const SECTION_LINES: LineTable = { table: proposalLines, parent: proposalLines.sectionId, parentKey: 'sectionId' };

const sectionsJson = sql`COALESCE((SELECT json_agg(json_build_object('_id', s.id, 'title', s.title, 'body', s.body,
    'imageIds', to_json(s.image_ids), 'status', s.status, 'lines', ${linesJsonSql(SECTION_LINES, sql`s.id`)},
    'totalCents', (SELECT COALESCE(sum(l.total_cents) FILTER (WHERE l.counted), 0) FROM ${proposalLines} l WHERE l.section_id = s.id))
    ORDER BY s.position)
  FROM ${proposalSections} s WHERE s.proposal_id = ${qualified(proposals.id)}), '[]'::json)`;

/** Open, sent or viewed: the firm may still change it (decided sections never change). */
export const EDITABLE = new Set(['draft', 'sent', 'viewed']);

const priced = pricedInputs<Input>();
const sectionIds = new WeakMap<Input, string[]>();

const image = (id: string) => ({ _id: id, url: fileUrl(id) });

/** Today plus the settings' days, in the firm's time zone. */
async function defaultValidUntil(db: Executor, firmId: string, days: number): Promise<string> {
  const [row] = (
    await db.execute<{ day: string }>(sql`
      SELECT ((now() AT TIME ZONE f.time_zone)::date + ${days}::int)::text AS day FROM firms f WHERE f.id = ${firmId}`)
  ).rows;
  return row!.day;
}

/** Every image named must be one of this firm's uploaded images (400 per field otherwise). */
const checkImages = (db: Executor, input: Input) =>
  assertOwnImages(
    db,
    [
      ...(input.coverImage ? [{ id: input.coverImage, field: 'coverImage' }] : []),
      ...input.sections.flatMap((s, i) => s.images.map((id, j) => ({ id, field: `sections.${i}.images.${j}` }))),
    ],
    'An image is not one uploaded here: upload it again.',
    'Upload the image again.',
  );

/** The sections' lines as one document (so the discount spreads over all), and each line's section. */
function flatLines(input: Input) {
  const at: { section: number; line: number }[] = [];
  const lines = input.sections.flatMap((s, section) =>
    s.lines.map((l, line) => {
      at.push({ section, line });
      return l;
    }),
  );
  return { lines, at };
}

/** Pricing errors name the line in the document (`lines.4.quantity`); the form names it in its section. */
function inSections<T>(at: { section: number; line: number }[], work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (!(error instanceof HttpError) || !error.fields) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([key, message]) => {
        const m = /^lines\.(\d+)(\..*)?$/.exec(key);
        const place = m ? at[Number(m[1])] : undefined;
        return [place ? `sections.${place.section}.lines.${place.line}${m![2] ?? ''}` : key, message];
      }),
    );
    throw new HttpError(error.status, error.code, error.message, fields);
  });
}

/**
 * Proposals: a richer quote sent for online approval, in sections with words, pictures and
 * priced lines. draft → sent → viewed → approved / partially approved / declined; an edit after
 * sending starts the next revision, and the link sent before says it was replaced.
 */
export const proposalType = defineRecordType<typeof proposals, typeof proposalInputSchema, Proposal, ProposalRow>({
  kind: KINDS.proposal,
  table: proposals,
  input: proposalInputSchema,
  title: (row) => `${proposalNumber(row)} · ${row.title}`,
  search: {
    title: sql<string>`(${numberText} || ' · ' || ${proposals.title})`,
    subtitle: sql<string>`concat_ws(' · ', (SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(proposals.customerId)}),
      initcap(replace(${proposals.status}, '_', ' ')))`,
    text: proposals.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before && !EDITABLE.has(before.status))
      throw conflict(
        `${proposalNumber(before)} was ${before.status.replace('_', ' ')}: what the client decided no longer changes.`,
      );
    const customer = await documentCustomer(db, input.customer);
    await checkDocumentJob(db, input.customerJob, customer.id);
    await checkImages(db, input);
    const settings = await getSettingsGroup(db, actor.firmId, 'proposalSettings');
    const shipTo = input.shipTo ?? customerAddress(customer.addresses);
    const { lines: flat, at } = flatLines(input);
    const lines = await inSections(at, async () =>
      priceLines(db, actor.firmId, flat, {
        shipTo,
        taxExempt: customer.taxExempt,
        discount: input.discount,
        shippingCents: input.shippingCents,
        ...(await priceBookFor(db, actor, customer.companyId)),
      }),
    );
    priced.keep(input, lines);
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : { prefix: settings.prefix, number: await nextNumber(db, actor.firmId, 'proposal') };
    const deposit =
      input.deposit ??
      (before
        ? null
        : settings.depositPercent > 0
          ? { kind: 'percent' as const, percent: settings.depositPercent }
          : null);
    return {
      ...numbered,
      title: input.title,
      customerId: customer.id,
      companyId: customer.companyId,
      customerJobId: input.customerJob,
      coverImageId: input.coverImage,
      validUntil:
        input.validUntil ?? before?.validUntil ?? (await defaultValidUntil(db, actor.firmId, settings.validDays)),
      shipTo,
      discount: input.discount,
      shippingCents: input.shippingCents,
      taxExempt: customer.taxExempt,
      deposit,
      terms: input.terms ?? (before ? before.terms : settings.terms),
      sectionApproval: input.sectionApproval,
      ...totalsValues(lines),
      // What the client has seen changes: the next revision, to be sent (the old link says it was replaced).
      ...(before && before.status !== 'draft' ? { status: 'draft' as const, revision: before.revision + 1 } : {}),
      searchText: buildSearchText([
        proposalNumber(numbered),
        input.title,
        customer.name,
        customer.companyName ?? '',
        ...input.sections.map((s) => s.title),
        ...lines.lines.map((l) => l.sku),
      ]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    const lines = priced.take(input);
    const ids = await writeSections(db, row, input, before !== null);
    sectionIds.set(input, ids);
    const { at } = flatLines(input);
    await writeLines(db, PROPOSAL_LINES, row.firmId, row.id, lines.lines, before !== null, (_, i) => ({
      sectionId: ids[at[i]!.section]!,
    }));
    // Sections left out go (their lines with them), once the lines kept moved where they belong.
    await db
      .delete(proposalSections)
      .where(
        and(eq(proposalSections.proposalId, row.id), ids.length ? notInArray(proposalSections.id, ids) : sql`true`),
      );
  },
  refuseDelete: (row) =>
    row.status === 'draft' && row.revision === 1 && !row.sentAt
      ? null
      : `${proposalNumber(row)} was sent: decline it instead, so its history stays.`,
  audited: (r) => ({
    number: proposalNumber(r),
    title: r.title,
    status: r.status,
    revision: r.revision,
    customer: r.customerId,
    customerJob: r.customerJobId,
    validUntil: r.validUntil,
    deposit: r.deposit,
    sectionApproval: r.sectionApproval,
    shippingCents: r.shippingCents,
    discountCents: r.discountCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    lineCount: r.lineCount,
  }),
  names: {
    customer: { table: customers, id: customers.id, name: customers.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
  },
  extra: {
    customer: customerRef,
    company: companyRef,
    customerJob: jobRef,
    sections: sectionsJson,
    link: linkJson(sql`l.proposal_id = ${qualified(proposals.id)}`),
    approvals: approvalsJson(sql`a.proposal_id = ${qualified(proposals.id)}`),
  },
  detail: (r, extra) => {
    const sections = (extra.sections as (Omit<Proposal['sections'][number], 'images'> & { imageIds: string[] })[]).map(
      ({ imageIds, ...s }) => ({ ...s, totalCents: Number(s.totalCents), images: imageIds.map(image) }),
    );
    const lines = sections.flatMap((s) => s.lines);
    return {
      number: proposalNumber(r),
      name: proposalNumber(r),
      title: r.title,
      status: r.status,
      revision: r.revision,
      customer: extra.customer as Proposal['customer'],
      company: extra.company as Proposal['company'],
      customerJob: extra.customerJob as Proposal['customerJob'],
      coverImage: r.coverImageId ? image(r.coverImageId) : null,
      validUntil: r.validUntil,
      shipTo: r.shipTo,
      discount: r.discount,
      shippingCents: r.shippingCents,
      taxExempt: r.taxExempt,
      deposit: r.deposit,
      terms: r.terms,
      sectionApproval: r.sectionApproval,
      sections,
      subtotalCents: r.subtotalCents,
      discountCents: r.discountCents,
      taxCents: r.taxCents,
      totalCents: r.totalCents,
      depositCents: depositCents(r.deposit, r.totalCents),
      sentAt: r.sentAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      link: extra.link as Proposal['link'],
      approvals: extra.approvals as Proposal['approvals'],
      unsent:
        r.sentLines && r.status === 'draft'
          ? diffRevisions(r.sentLines, lines.filter((l) => l.counted).map(revisionLineOf))
          : [],
    };
  },
  list: {
    rowFields: {
      number: numberText,
      name: numberText,
      customer: customerRef,
      company: companyRef,
      customerJob: jobRef,
    },
    defaultSort: '-number',
    filters: {
      job: idsIn(proposals.customerJobId, 'job', true),
      customer: idsIn(proposals.customerId, 'customer'),
      account: idsIn(proposals.companyId, 'account'),
    },
    search: (q) => sql`${proposals.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    // The client said no by phone or in person (online, the link's decline records it).
    decline: {
      refuse: (row) =>
        EDITABLE.has(row.status) || row.status === 'partially_approved'
          ? null
          : `${proposalNumber(row)} was already ${row.status.replace('_', ' ')}.`,
      set: () => ({ status: 'declined', decidedAt: new Date() }),
      effects: async (db, _actor, row) => {
        await db
          .update(proposalSections)
          .set({ status: 'declined' })
          .where(and(eq(proposalSections.proposalId, row.id), eq(proposalSections.status, 'open')));
        await db
          .update(approvalLinks)
          .set({ revokedAt: new Date() })
          .where(and(eq(approvalLinks.proposalId, row.id), isNull(approvalLinks.revokedAt)));
        return {};
      },
    },
  },
});

/**
 * Writes a proposal's sections in order: those named by id keep it (they must be this
 * proposal's, and still open), the rest are new. Returns each section's id, in the input's order.
 */
async function writeSections(db: Executor, row: Row, input: Input, editing: boolean): Promise<string[]> {
  const named = input.sections.flatMap((s, i) => (s.id ? [{ id: s.id, i }] : []));
  if (editing && named.length) {
    const mine = new Map(
      (
        await db
          .select({ id: proposalSections.id, status: proposalSections.status })
          .from(proposalSections)
          .where(
            and(
              eq(proposalSections.proposalId, row.id),
              inArray(
                proposalSections.id,
                named.map((n) => n.id),
              ),
            ),
          )
      ).map((s) => [s.id, s.status]),
    );
    const strangers = named.filter((n) => !mine.has(n.id));
    if (strangers.length)
      throw badRequest(
        'A section named is not a section of this proposal.',
        Object.fromEntries(strangers.map((n) => [`sections.${n.i}.id`, 'Not a section of this proposal.'])),
      );
  }
  const ids = input.sections.map((s) => (editing && s.id ? s.id : randomUUID()));
  if (!ids.length) return ids;
  await db
    .insert(proposalSections)
    .values(
      input.sections.map((s, position) => ({
        id: ids[position]!,
        firmId: row.firmId,
        proposalId: row.id,
        position,
        title: s.title,
        body: cleanRichText(s.body),
        imageIds: s.images,
      })),
    )
    .onConflictDoUpdate({
      target: proposalSections.id,
      set: {
        position: sql`excluded.position`,
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        imageIds: sql`excluded.image_ids`,
      },
    });
  return ids;
}

/** A section's words as plain text (search, the PDF). */
export const sectionText = (body: string) => richTextToPlain(body);

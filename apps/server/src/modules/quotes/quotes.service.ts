import {
  diffRevisions,
  KINDS,
  type Quote,
  type QuoteRow,
  quoteAcceptSchema,
  quoteInputSchema,
  type RevisionLine,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { conflict } from '../../platform/http/errors';
import { buildSearchText, idsIn, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { companies } from '../companies';
import { customers } from '../customers';
import {
  checkDocumentJob,
  customerAddress,
  documentCustomer,
  linesJsonSql,
  pricedInputs,
  priceLines,
  revisionLineOf,
  revisionLines,
  totalsValues,
  writeLines,
} from '../documents';
import { customerJobs } from '../jobs';
import { orders } from '../orders';
import { priceBookFor } from '../wholesale';
import { acceptQuote } from './accept';
import { quoteLines, quoteRevisions, quotes } from './quotes.table';

type Input = z.output<typeof quoteInputSchema>;
type Row = typeof quotes.$inferSelect;

export const quoteNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${quotes.prefix} || ${quotes.number})`;
const customerRef = refColumn(quotes.customerId, customers, customers.name);
const companyRef = refColumn(quotes.companyId, companies, companies.name);
const jobRef = refColumn(quotes.customerJobId, customerJobs, customerJobs.name);
const orderRef = sql`(SELECT json_build_object('_id', o.id, 'name', o.prefix || o.number) FROM ${orders} o
  WHERE o.id = ${qualified(quotes.orderId)})`;
export const QUOTE_LINES = { table: quoteLines, parent: quoteLines.quoteId, parentKey: 'quoteId' };
const linesJson = linesJsonSql(QUOTE_LINES, qualified(quotes.id));
const revisionsJson = sql`COALESCE((SELECT json_agg(json_build_object('revision', r.revision, 'sentAt', r.created_at,
    'totalCents', r.total_cents, 'lines', r.lines) ORDER BY r.revision)
  FROM ${quoteRevisions} r WHERE r.quote_id = ${qualified(quotes.id)}), '[]'::json)`;

const priced = pricedInputs<Input>();

/** Today plus the quote settings' days, in the firm's time zone. */
async function defaultValidUntil(db: Executor, firmId: string): Promise<string> {
  const { validDays } = await getSettingsGroup(db, firmId, 'quoteSettings');
  const [row] = (
    await db.execute<{ day: string }>(sql`
      SELECT ((now() AT TIME ZONE f.time_zone)::date + ${validDays}::int)::text AS day FROM firms f WHERE f.id = ${firmId}`)
  ).rows;
  return row!.day;
}

/**
 * Quotes: priced lines for a customer, valid until a date; draft → sent → accepted (it becomes an
 * order) / declined / expired (the job runner, at midnight of the firm's day). Sending freezes a
 * revision; editing a sent quote starts the next, and the quote shows what changed.
 */
export const quoteType = defineRecordType<typeof quotes, typeof quoteInputSchema, Quote, QuoteRow>({
  kind: KINDS.quote,
  table: quotes,
  input: quoteInputSchema,
  title: (row) => quoteNumber(row),
  search: {
    title: numberText,
    subtitle: sql<string>`concat_ws(' · ', (SELECT c.name FROM ${customers} c WHERE c.id = ${qualified(quotes.customerId)}),
      initcap(${quotes.status}))`,
    text: quotes.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before && before.status !== 'draft' && before.status !== 'sent')
      throw conflict(`${quoteNumber(before)} was ${before.status}: it can no longer be changed.`);
    const customer = await documentCustomer(db, input.customer);
    await checkDocumentJob(db, input.customerJob, customer.id);
    const shipTo = input.shipTo ?? customerAddress(customer.addresses);
    const lines = await priceLines(db, actor.firmId, input.lines, {
      shipTo,
      taxExempt: customer.taxExempt,
      discount: input.discount,
      shippingCents: input.shippingCents,
      ...(await priceBookFor(db, actor, customer.companyId)),
    });
    priced.keep(input, lines);
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : {
          prefix: (await getSettingsGroup(db, actor.firmId, 'quoteSettings')).prefix,
          number: await nextNumber(db, actor.firmId, 'quote'),
        };
    return {
      ...numbered,
      customerId: customer.id,
      companyId: customer.companyId,
      customerJobId: input.customerJob,
      validUntil: input.validUntil ?? before?.validUntil ?? (await defaultValidUntil(db, actor.firmId)),
      shipTo,
      notes: input.notes,
      discount: input.discount,
      shippingCents: input.shippingCents,
      taxExempt: customer.taxExempt,
      ...totalsValues(lines),
      // What the customer has seen changes: the next revision, to be sent.
      ...(before?.status === 'sent' ? { status: 'draft' as const, revision: before.revision + 1 } : {}),
      searchText: buildSearchText([
        quoteNumber(numbered),
        customer.name,
        customer.companyName ?? '',
        input.notes,
        ...lines.lines.map((l) => l.sku),
      ]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    const lines = priced.take(input);
    await writeLines(db, QUOTE_LINES, row.firmId, row.id, lines.lines, before !== null);
  },
  refuseDelete: (row) =>
    row.status === 'draft' && row.revision === 1
      ? null
      : `${quoteNumber(row)} was sent: decline it instead, so its history stays.`,
  audited: (r) => ({
    number: quoteNumber(r),
    status: r.status,
    revision: r.revision,
    customer: r.customerId,
    customerJob: r.customerJobId,
    validUntil: r.validUntil,
    notes: r.notes,
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
    order: orderRef,
    lines: linesJson,
    revisions: revisionsJson,
  },
  detail: (r, extra) => {
    const lines = extra.lines as Quote['lines'];
    const frozen = extra.revisions as { revision: number; sentAt: string; totalCents: number; lines: RevisionLine[] }[];
    const revisions = frozen
      .map((f, i) => ({
        revision: f.revision,
        sentAt: new Date(f.sentAt).toISOString(),
        totalCents: Number(f.totalCents),
        changes: i === 0 ? [] : diffRevisions(frozen[i - 1]!.lines, f.lines),
      }))
      .reverse();
    const last = frozen.at(-1);
    return {
      number: quoteNumber(r),
      name: quoteNumber(r),
      status: r.status,
      revision: r.revision,
      customer: extra.customer as Quote['customer'],
      company: extra.company as Quote['company'],
      customerJob: extra.customerJob as Quote['customerJob'],
      validUntil: r.validUntil,
      shipTo: r.shipTo,
      notes: r.notes,
      discount: r.discount,
      shippingCents: r.shippingCents,
      taxExempt: r.taxExempt,
      lines,
      subtotalCents: r.subtotalCents,
      lineDiscountCents: r.lineDiscountCents,
      orderDiscountCents: r.orderDiscountCents,
      couponCents: 0,
      discountCents: r.discountCents,
      taxCents: r.taxCents,
      totalCents: r.totalCents,
      sentAt: r.sentAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      order: extra.order as Quote['order'],
      revisions,
      unsent:
        last && r.revision > last.revision
          ? diffRevisions(last.lines, lines.filter((l) => l.counted).map(revisionLineOf))
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
      job: idsIn(quotes.customerJobId, 'job', true),
      customer: idsIn(quotes.customerId, 'customer'),
      account: idsIn(quotes.companyId, 'account'),
    },
    search: (q) => sql`${quotes.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  transitions: {
    // Emailing goes through POST /quotes/{id}/send; this records one given by hand or in person.
    'mark-sent': {
      refuse: (row) => sendRefusal(row),
      set: () => ({ status: 'sent', sentAt: new Date() }),
      effects: async (db, _actor, row) => freezeRevision(db, row),
    },
    accept: {
      body: quoteAcceptSchema,
      refuse: (row) =>
        row.status === 'sent'
          ? null
          : row.status === 'expired'
            ? `${quoteNumber(row)} expired on ${row.validUntil}: send a new revision with a later date first.`
            : row.status === 'draft'
              ? `${quoteNumber(row)} has not been sent yet: send it before the customer accepts it.`
              : `${quoteNumber(row)} was already ${row.status}.`,
      check: async (db, _actor, row) => {
        const [today] = (
          await db.execute<{ day: string }>(
            sql`SELECT (now() AT TIME ZONE f.time_zone)::date::text AS day FROM firms f WHERE f.id = ${row.firmId}`,
          )
        ).rows;
        if (today && today.day > row.validUntil)
          throw conflict(
            `${quoteNumber(row)} expired on ${row.validUntil}: send a new revision with a later date first.`,
          );
      },
      set: () => ({ status: 'accepted', decidedAt: new Date() }),
      effects: async (db, actor, row, body) => {
        const order = await acceptQuote(db, actor, row, body as z.output<typeof quoteAcceptSchema>);
        return { order: order.number };
      },
    },
    decline: {
      refuse: (row) =>
        row.status === 'sent' || row.status === 'draft' ? null : `${quoteNumber(row)} was already ${row.status}.`,
      set: () => ({ status: 'declined', decidedAt: new Date() }),
    },
  },
});

/** Why a quote cannot be sent now, or null. */
export function sendRefusal(row: Row): string | null {
  if (row.status === 'sent') return null;
  if (row.status !== 'draft') return `${quoteNumber(row)} was ${row.status}: it is not sent again.`;
  return row.lineCount === 0 ? `${quoteNumber(row)} has no lines yet.` : null;
}

/** Sending freezes the revision the customer sees (once: sending it again changes nothing). */
export async function freezeRevision(db: Executor, row: Row): Promise<Record<string, unknown>> {
  const frozen = await revisionLines(db, QUOTE_LINES, row.id);
  const made = await db
    .insert(quoteRevisions)
    .values({ firmId: row.firmId, quoteId: row.id, revision: row.revision, lines: frozen, totalCents: row.totalCents })
    .onConflictDoNothing()
    .returning({ id: quoteRevisions.id });
  return made.length ? { revisionSent: row.revision } : {};
}

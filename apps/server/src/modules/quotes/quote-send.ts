import { KINDS, type Quote } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { defineJob } from '../../platform/jobs/runner';
import { pdfAddressLines, pdfDay } from '../../platform/pdf/document-parts';
import { getSettings } from '../../platform/settings/settings.service';
import { customers } from '../customers';
import { pricedDocumentPdf } from '../documents';
import { quoteType, sendRefusal } from './quotes.service';
import { quotes } from './quotes.table';

/** A quote as the customer reads it: every line, the optional ones and the alternatives marked. */
export async function quotePdf(db: Executor, actor: Actor, storage: LocalFileStorage, quote: Quote): Promise<Buffer> {
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const [customer] = await db
    .select({ email: customers.primaryEmail, addresses: customers.addresses })
    .from(customers)
    .where(eq(customers.id, quote.customer._id));
  const billing = customer?.addresses.find((a) => a.kind === 'billing') ?? customer?.addresses[0] ?? null;
  const extras = quote.lines.filter((l) => !l.counted);
  return pricedDocumentPdf(db, storage, settings, {
    title: 'Quote',
    number: quote.number,
    ...(quote.revision > 1 ? { revisionNote: `Revision ${quote.revision}` } : {}),
    meta: [
      { label: 'Date', value: pdfDay((quote.sentAt ?? new Date().toISOString()).slice(0, 10)) },
      { label: 'Valid until', value: pdfDay(quote.validUntil) },
    ],
    parties: [
      {
        heading: 'Prepared for',
        lines: [
          quote.customer.name,
          ...(quote.company ? [quote.company.name] : []),
          ...pdfAddressLines(billing),
          ...(customer?.email ? [customer.email] : []),
        ],
      },
      ...(quote.customerJob
        ? [{ heading: 'Job', lines: [quote.customerJob.name, ...pdfAddressLines(quote.shipTo)] }]
        : []),
    ],
    lines: quote.lines,
    totals: quote,
    notes: [
      ...(extras.length
        ? [
            {
              heading: 'Options not in the total',
              text: extras
                .map(
                  (l) =>
                    `${l.group ? `${l.group} alternative` : 'Optional'}: ${l.name}, ${(l.subtotalCents / 100).toFixed(2)}`,
                )
                .join('\n'),
            },
          ]
        : []),
      ...(quote.notes ? [{ heading: 'Notes', text: quote.notes }] : []),
      ...(settings.quoteSettings.terms ? [{ heading: 'Terms', text: settings.quoteSettings.terms }] : []),
    ],
  });
}

/**
 * POST /quotes/{id}/send: the quote's PDF emailed to its customer (through the outbox), its
 * revision frozen, and it is sent.
 */
export async function sendQuote(db: Executor, actor: Actor, storage: LocalFileStorage, id: string): Promise<Quote> {
  const row = await quoteType.findRow(db, id, true, actor);
  const refused = sendRefusal(row);
  if (refused) throw conflict(refused);
  const [customer] = await db
    .select({ email: customers.primaryEmail, name: customers.name })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  if (!customer?.email)
    throw badRequest(`${customer?.name ?? 'The customer'} has no email address: add one on the customer first.`, {
      customer: 'This customer has no email address.',
    });
  if (row.status === 'draft') await quoteType.transition(db, actor, id, 'mark-sent');
  const quote = await quoteType.get(db, actor, id);
  const settings = await getSettings(db, actor.firmId, { banking: false });
  await queueEmail(db, actor.firmId, {
    to: customer.email,
    subject: `${quote.revision > 1 ? `Quote ${quote.number} (revision ${quote.revision})` : `Quote ${quote.number}`} from ${settings.firmSettings.name}`,
    text: `Hello ${customer.name},\n\nPlease find our quote attached. It is valid until ${pdfDay(quote.validUntil)}.\n\nThank you.`,
    attachments: [
      {
        filename: `${quote.number}.pdf`,
        contentType: 'application/pdf',
        content: await quotePdf(db, actor, storage, quote),
      },
    ],
  });
  await recordAudit(db, actor, {
    entityType: KINDS.quote.key,
    entityId: id,
    action: 'send',
    after: { to: customer.email, revision: quote.revision },
  });
  return quote;
}

/**
 * Sent quotes past their date expire once the firm's day is over (their date is the last day
 * they hold): checked every ten minutes, so within minutes of midnight in the firm's time zone.
 */
export async function expireQuotes(db: Executor, firmId: string): Promise<number> {
  const gone = await db.execute<{ id: string; number: string }>(sql`
    UPDATE ${quotes} q SET status = 'expired', version = q.version + 1, updated_at = now()
      FROM firms f
     WHERE f.id = ${firmId} AND q.firm_id = f.id AND q.status = 'sent'
       AND q.valid_until < (now() AT TIME ZONE f.time_zone)::date
     RETURNING q.id, q.prefix || q.number AS number`);
  for (const q of gone.rows)
    await recordAudit(
      db,
      { firmId, userId: null },
      {
        entityType: KINDS.quote.key,
        entityId: q.id,
        action: 'expire',
        before: { status: 'sent' },
        after: { status: 'expired' },
      },
    );
  return gone.rows.length;
}

export const expireQuotesJob = defineJob({
  name: 'quotes.expire',
  feature: 'quotes',
  every: { ms: 10 * 60_000, perFirm: true },
  run: async ({ firmId, scoped }) => {
    await scoped((tx) => expireQuotes(tx, firmId!));
  },
});

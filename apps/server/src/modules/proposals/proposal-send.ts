import { KINDS, type Proposal, type proposalSendSchema } from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { pdfAddressLines, pdfDay } from '../../platform/pdf/document-parts';
import type { PdfDocument } from '../../platform/pdf/document-pdf';
import { getSettings } from '../../platform/settings/settings.service';
import { customers } from '../customers';
import { pricedDocumentPdf, revisionLineOf } from '../documents';
import { APPROVE_PATH, linkFor } from './proposal-links';
import { EDITABLE, proposalNumber, proposalType, sectionText } from './proposals.service';
import { approvalLinks, proposals } from './proposals.table';

/**
 * A proposal as a PDF: its sections' words and lines (only those `sections` names, for a signed
 * copy of some sections), its totals and deposit, its terms; with a certificate page when signed.
 */
export async function proposalPdf(
  db: Executor,
  actor: Pick<Actor, 'firmId'>,
  storage: LocalFileStorage,
  proposal: Proposal,
  signed?: {
    sections: string[];
    totals: {
      subtotalCents: number;
      discountCents: number;
      taxCents: number;
      shippingCents: number;
      totalCents: number;
      depositCents: number;
    };
    certificate: NonNullable<PdfDocument['certificate']>;
  },
): Promise<Buffer> {
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const [customer] = await db
    .select({ email: customers.primaryEmail, addresses: customers.addresses })
    .from(customers)
    .where(eq(customers.id, proposal.customer._id));
  const billing = customer?.addresses.find((a) => a.kind === 'billing') ?? customer?.addresses[0] ?? null;
  const sections = signed ? proposal.sections.filter((s) => signed.sections.includes(s._id)) : proposal.sections;
  const sectionOfLine = new Map(sections.flatMap((s) => s.lines.map((l) => [l.id, s.title] as const)));
  const lines = sections.flatMap((s) => s.lines);
  const extras = lines.filter((l) => !l.counted);
  const t = signed?.totals ?? proposal;
  return pricedDocumentPdf(db, storage, settings, {
    title: signed ? 'Signed proposal' : 'Proposal',
    number: proposal.number,
    ...(proposal.revision > 1 ? { revisionNote: `Revision ${proposal.revision}` } : {}),
    meta: [
      { label: 'Project', value: proposal.title },
      { label: 'Date', value: pdfDay((proposal.sentAt ?? new Date().toISOString()).slice(0, 10)) },
      { label: 'Valid until', value: pdfDay(proposal.validUntil) },
    ],
    parties: [
      {
        heading: 'Prepared for',
        lines: [
          proposal.customer.name,
          ...(proposal.company ? [proposal.company.name] : []),
          ...pdfAddressLines(billing),
          ...(customer?.email ? [customer.email] : []),
        ],
      },
      ...(proposal.customerJob
        ? [{ heading: 'Job', lines: [proposal.customerJob.name, ...pdfAddressLines(proposal.shipTo)] }]
        : []),
    ],
    lines,
    sectionOf: (l) => sectionOfLine.get(l.id) ?? '',
    totals: {
      subtotalCents: t.subtotalCents,
      lineDiscountCents: 0,
      orderDiscountCents: t.discountCents,
      couponCents: 0,
      taxCents: t.taxCents,
      shippingCents: t.shippingCents,
      totalCents: t.totalCents,
      depositCents: signed ? signed.totals.depositCents : proposal.depositCents,
    },
    notes: [
      ...sections.filter((s) => sectionText(s.body)).map((s) => ({ heading: s.title, text: sectionText(s.body) })),
      ...(extras.length && !signed
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
      ...(proposal.terms ? [{ heading: 'Terms', text: proposal.terms }] : []),
    ],
    ...(signed ? { certificate: signed.certificate } : {}),
  });
}

/** The customer's address for the proposal's emails, or a 400 saying to add one. */
export async function customerEmail(db: Executor, customerId: string): Promise<{ email: string; name: string }> {
  const [customer] = await db
    .select({ email: customers.primaryEmail, name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer?.email)
    throw badRequest(`${customer?.name ?? 'The customer'} has no email address: add one on the customer first.`, {
      customer: 'This customer has no email address.',
    });
  return { email: customer.email, name: customer.name };
}

/**
 * POST /proposals/{id}/send: the client is emailed a link to the proposal's page (a new link for
 * a new revision; the same one, with the new expiry, when sent again). The revision sent is
 * remembered, so an edit shows what changed since.
 */
export async function sendProposal(
  db: Executor,
  actor: Actor,
  config: Config,
  id: string,
  body: z.output<typeof proposalSendSchema>,
): Promise<Proposal> {
  const row = await proposalType.findRow(db, id, true, actor);
  // A partly approved proposal may be sent again (the same link) for the sections still open.
  if (!EDITABLE.has(row.status) && row.status !== 'partially_approved')
    throw conflict(`${proposalNumber(row)} was ${row.status.replace('_', ' ')}: it is not sent again.`);
  if (row.lineCount === 0) throw conflict(`${proposalNumber(row)} has no priced lines yet.`);
  const expiresOn = body.expiresOn ?? row.validUntil;
  const [today] = (
    await db.execute<{ day: string }>(
      sql`SELECT (now() AT TIME ZONE f.time_zone)::date::text AS day FROM firms f WHERE f.id = ${row.firmId}`,
    )
  ).rows;
  if (expiresOn < today!.day)
    throw badRequest('The link would already have expired: choose today or a later day.', {
      expiresOn: 'Choose today or a later day.',
    });
  const customer = await customerEmail(db, row.customerId);
  const link = await linkFor(db, row.firmId, actor.userId, { proposalId: row.id }, row.revision, expiresOn);
  if (row.status === 'draft') {
    const sent = await proposalType.get(db, actor, id);
    const lines = sent.sections.flatMap((s) => s.lines).filter((l) => l.counted);
    await db
      .update(proposals)
      .set({
        status: 'sent',
        sentAt: new Date(),
        sentLines: lines.map(revisionLineOf),
        version: sql`${proposals.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(proposals.id, id));
  }
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const url = `${config.appUrl}${APPROVE_PATH}${link.token}`;
  await queueEmail(db, actor.firmId, {
    to: customer.email,
    subject: `${row.title}: proposal ${proposalNumber(row)}${row.revision > 1 ? ` (revision ${row.revision})` : ''} from ${settings.firmSettings.name}`,
    text: [
      `Hello ${customer.name},`,
      '',
      body.message || `${settings.firmSettings.name} has prepared a proposal for you: ${row.title}.`,
      '',
      `Read it, choose your options and approve it online: ${url}`,
      '',
      `This link works until ${pdfDay(expiresOn)}. Please do not forward it: anyone with it can approve the proposal.`,
    ].join('\n'),
  });
  await recordAudit(db, actor, {
    entityType: KINDS.proposal.key,
    entityId: id,
    action: 'send',
    after: { to: customer.email, revision: row.revision, expiresOn },
  });
  return proposalType.get(db, actor, id);
}

/** POST /proposals/{id}/revoke: the link sent stops working at once (its page says so, naming the firm). */
export async function revokeProposal(db: Executor, actor: Actor, id: string): Promise<Proposal> {
  const row = await proposalType.findRow(db, id, true, actor);
  const revoked = await db
    .update(approvalLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(approvalLinks.proposalId, row.id), isNull(approvalLinks.revokedAt)))
    .returning({ id: approvalLinks.id });
  if (!revoked.length) throw conflict(`${proposalNumber(row)} has no link that still works.`);
  await recordAudit(db, actor, { entityType: KINDS.proposal.key, entityId: id, action: 'revoke-link' });
  return proposalType.get(db, actor, id);
}

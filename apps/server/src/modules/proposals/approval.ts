import { depositCents, invoiceInputSchema, KINDS, orderInputSchema, type PublicProposal } from '@atelier/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import { drawnSignaturePng } from '../../platform/files/drawn-signature';
import { storeMadeFile } from '../../platform/files/files.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import { conflict, HttpError } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { notify } from '../../platform/notifications/notifications.service';
import { canonicalJson, sha256Hex } from '../../platform/text/canonical-json';
import { chooseLines, lineInputsOf, repriceChosen } from '../documents';
import { invoiceType } from '../invoices';
import { buySpecialOrders, orders, orderType } from '../orders';
import { jobForApproval, materialTasks } from './approval-job';
import { approveChangeOrder, declineChangeOrder } from './change-order-approval';
import { customerEmail, proposalPdf } from './proposal-send';
import { EDITABLE, proposalNumber, proposalType } from './proposals.service';
import { approvalRecords, proposalLines, proposalSections, proposals } from './proposals.table';
import {
  type ApproveBody,
  clientView,
  type DeclineBody,
  decidedSections,
  type Opened,
  openLink,
  readPublic,
  statusAfter,
} from './public-proposals';

type Deps = { storage: LocalFileStorage; appUrl: string };
type Meta = { ip: string; userAgent: string | undefined };

/** The proposal locked for a decision through this link, or a 409 saying why it cannot be decided. */
async function lockedForDecision(db: Executor, opened: Opened) {
  const id = opened.link.proposalId;
  if (!id) throw conflict('This link cannot be decided here.');
  const row = await proposalType.findRow(db, id, true);
  if (row.revision > opened.link.revision)
    throw conflict('This proposal was replaced by a newer version: open the new link to decide it.');
  if (!EDITABLE.has(row.status) && row.status !== 'partially_approved')
    throw conflict(`${proposalNumber(row)} was already ${row.status.replace('_', ' ')}: it can no longer be changed.`);
  return row;
}

async function tellOwner(db: Executor, opened: Opened, message: string, href: string) {
  await notify(db, opened.firmId, opened.owner.userId, message, href);
}

/**
 * POST /public/proposals/{token}/approve: the client's signed approval of the whole proposal or of
 * some open sections. In one transaction: their choices applied, the sections approved, the
 * evidence kept (the snapshot's hash, the signature, the signed PDF and its hash), the order made
 * (with its deposit due, confirmed where stock allows, special orders bought as draft purchase
 * orders) on the customer job (made by the first approval where the firm manages projects, with a
 * task per vendor to order the special orders), both sides emailed the signed copy and the owner
 * told. The proposal row is locked first, so two approvals at once come one after the other and the
 * second finds nothing open (409). A change order's link is decided by its own rules.
 */
export async function approveProposal(
  db: Executor,
  deps: Deps,
  token: string,
  body: ApproveBody,
  meta: Meta,
): Promise<PublicProposal> {
  const opened = await openLink(db, token);
  if (opened.link.changeOrderId) return approveChangeOrder(db, deps, opened, token, body, meta);
  const row = await lockedForDecision(db, opened);
  const signature = await drawnSignaturePng(body.signature);
  const owner = opened.owner;
  const before = await proposalType.get(db, owner, row.id);
  const sections = decidedSections(before, body.sections, 'approved');
  const inScope = new Set(sections);

  // The client's choices, on the sections approved now; the proposal priced again with them.
  const stored = await db
    .select()
    .from(proposalLines)
    .where(eq(proposalLines.proposalId, row.id))
    .orderBy(asc(proposalLines.position));
  const next = chooseLines(stored, body, 'proposal', (l) => inScope.has(l.sectionId));
  const priced = await repriceChosen(db, proposalLines, next, {
    discount: row.discount,
    shippingCents: row.shippingCents,
    taxExempt: row.taxExempt,
  });
  const taken = next.flatMap((l, i) =>
    inScope.has(l.sectionId) && priced.lines[i]!.counted ? [{ l, m: priced.lines[i]! }] : [],
  );
  const firstApproval = !before.approvals.some((a) => a.decision === 'approved');
  const shippingCents = firstApproval ? row.shippingCents : 0;
  const sum = (f: (m: (typeof taken)[number]['m']) => number) => taken.reduce((s, t) => s + f(t.m), 0);
  const totals = {
    subtotalCents: sum((m) => m.subtotalCents),
    discountCents: sum((m) => m.lineDiscountCents + m.orderDiscountCents),
    taxCents: sum((m) => m.taxCents),
    shippingCents,
    totalCents: sum((m) => m.totalCents) + shippingCents,
    depositCents: 0,
  };
  // An amount asked as a deposit is shared out over the sections as their totals are.
  const deposit =
    row.deposit?.kind === 'amount' && priced.totalCents > 0
      ? {
          kind: 'amount' as const,
          cents: Math.min(Math.round((row.deposit.cents * totals.totalCents) / priced.totalCents), totals.totalCents),
        }
      : row.deposit;
  totals.depositCents = depositCents(deposit, totals.totalCents);

  const jobId = await jobForApproval(db, owner, row);
  await db.update(proposalSections).set({ status: 'approved' }).where(inArray(proposalSections.id, sections));
  const statuses = before.sections.map((s) => (inScope.has(s._id) ? 'approved' : s.status));
  const status = statusAfter(statuses) ?? row.status;
  const decidedAt = new Date();
  await db
    .update(proposals)
    .set({
      status,
      decidedAt: status === 'partially_approved' ? null : decidedAt,
      subtotalCents: priced.subtotalCents,
      lineDiscountCents: priced.lineDiscountCents,
      orderDiscountCents: priced.orderDiscountCents,
      discountCents: priced.discountCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      version: sql`${proposals.version} + 1`,
      updatedAt: decidedAt,
    })
    .where(eq(proposals.id, row.id));
  const after = await proposalType.get(db, owner, row.id);

  // Exactly what was shown and chosen, canonically written and hashed.
  const shown = clientView(
    after,
    { name: opened.firmName, email: '', phone: '' },
    (id) => id,
    () => '',
  );
  const snapshot = {
    document: 'proposal',
    firm: opened.firmName,
    number: after.number,
    revision: after.revision,
    title: after.title,
    customer: after.customer.name,
    validUntil: after.validUntil,
    discount: after.discount,
    deposit,
    terms: after.terms,
    sections: shown.sections.filter((s) => inScope.has(s._id)).map(({ status: _, ...s }) => s),
    choices: {
      selected: next.filter((l) => inScope.has(l.sectionId) && l.optional && l.selected).map((l) => l.id),
      chosen: next.filter((l) => inScope.has(l.sectionId) && l.groupKey && l.chosen).map((l) => l.id),
    },
    totals,
    signer: body.name,
    acceptedTerms: true,
    decidedAt: decidedAt.toISOString(),
    ip: meta.ip,
    userAgent: meta.userAgent ?? '',
  };
  const snapshotSha256 = sha256Hex(canonicalJson(snapshot));

  const entity = { type: KINDS.proposal.key, id: row.id };
  const writer = { firmId: opened.firmId, userId: null };
  const signatureFileId = await storeMadeFile(db, deps.storage, writer, {
    entity,
    name: `${after.number}-signature.png`,
    contentType: 'image/png',
    bytes: signature,
  });

  const order = await makeOrder(
    db,
    opened,
    row,
    taken.map((t) => t.l),
    {
      deposit,
      shippingCents,
      sections: before.sections.filter((s) => inScope.has(s._id)).map((s) => s.title),
      customerJobId: jobId,
    },
  );
  const tasks = jobId ? await materialTasks(db, owner, jobId, order) : 0;

  const sectionTitles = before.sections.filter((s) => inScope.has(s._id)).map((s) => s.title);
  const chosenNames = next
    .filter((l) => inScope.has(l.sectionId) && (l.optional || l.groupKey) && priced.lines[next.indexOf(l)]!.counted)
    .map((l) => l.name);
  const pdf = await proposalPdf(db, owner, deps.storage, after, {
    sections,
    totals,
    certificate: {
      heading: 'Certificate of approval',
      rows: [
        { label: 'Document', value: `Proposal ${after.number}, revision ${after.revision}: ${after.title}` },
        { label: 'Approved by', value: body.name },
        { label: 'Approved at', value: `${decidedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC` },
        { label: 'From address', value: meta.ip },
        { label: 'Device', value: meta.userAgent || 'Not given' },
        { label: 'Sections approved', value: sectionTitles.join(', ') },
        { label: 'Options chosen', value: chosenNames.join(', ') || 'None' },
        { label: 'Terms', value: 'Accepted' },
        { label: 'Order', value: order.number },
        { label: 'Snapshot SHA-256', value: snapshotSha256 },
      ],
      signaturePng: signature,
      note: `The client approved this proposal online, through a link sent to them alone, by typing their name, drawing the signature above and accepting the terms. The snapshot fingerprint (SHA-256) identifies exactly what they were shown and chose; ${opened.firmName} keeps that record. To check that a copy of this PDF is the one kept, upload it at ${deps.appUrl}/proposals/verify.`,
    },
  });
  const pdfSha256 = sha256Hex(pdf);
  const pdfFileId = await storeMadeFile(db, deps.storage, writer, {
    entity,
    name: `${after.number}-signed.pdf`,
    contentType: 'application/pdf',
    bytes: pdf,
  });
  const [record] = await db
    .insert(approvalRecords)
    .values({
      firmId: opened.firmId,
      linkId: opened.link.id,
      proposalId: row.id,
      revision: after.revision,
      decision: 'approved',
      name: body.name,
      sectionIds: sections,
      signatureFileId,
      ip: meta.ip,
      userAgent: (meta.userAgent ?? '').slice(0, 500),
      snapshot,
      snapshotSha256,
      pdfFileId,
      pdfSha256,
      orderId: order.id,
    })
    .returning({ id: approvalRecords.id });

  // The signed copy to both sides.
  const attachment = { filename: `${after.number}-signed.pdf`, contentType: 'application/pdf', content: pdf };
  const client = await customerEmail(db, row.customerId).catch(() => null);
  if (client)
    await queueEmail(db, opened.firmId, {
      to: client.email,
      subject: `Your signed proposal ${after.number} from ${opened.firmName}`,
      text: `Hello ${client.name},\n\nThank you for approving ${after.title}. Your signed copy is attached; we will be in touch about the next steps.\n\n${opened.firmName}`,
      attachments: [attachment],
    });
  const [staff] = await db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId));
  if (staff?.email)
    await queueEmail(db, opened.firmId, {
      to: staff.email,
      subject: `${after.number} approved by ${body.name}`,
      text: `${body.name} approved ${sectionTitles.join(', ')} of ${after.number} (${after.title}). Order ${order.number} was made. The signed copy is attached.`,
      attachments: [attachment],
    });
  await tellOwner(
    db,
    opened,
    `${body.name} approved ${after.number}${after.sectionApproval && status === 'partially_approved' ? ` (${sectionTitles.join(', ')})` : ''}: order ${order.number} was made.`,
    `${KINDS.proposal.webPath}/${row.id}`,
  );
  await recordAudit(db, writer, {
    entityType: KINDS.proposal.key,
    entityId: row.id,
    action: 'approve-online',
    before: { status: row.status },
    after: {
      status,
      approvedBy: body.name,
      sections: sectionTitles,
      order: order.number,
      ...(jobId && jobId !== row.customerJobId ? { customerJob: after.customerJob?.name ?? jobId } : {}),
      ...(tasks ? { materialTasks: tasks } : {}),
      snapshotSha256,
      pdfSha256,
      approval: record!.id,
    },
  });
  return readPublic(db, token);
}

/**
 * The order an approval makes: the lines taken at the proposal's prices, its share of the
 * discount and deposit, linked to the proposal and to its customer job; confirmed when stock
 * allows (else left a draft for the firm), and its special orders bought as draft purchase orders,
 * one per vendor.
 */
async function makeOrder(
  db: Executor,
  opened: Opened,
  row: typeof proposals.$inferSelect,
  lines: (typeof proposalLines.$inferSelect)[],
  share: { deposit: typeof row.deposit; shippingCents: number; sections: string[]; customerJobId: string | null },
): Promise<{ id: string; number: string }> {
  const owner = opened.owner;
  const number = proposalNumber(row);
  const discount =
    row.discount?.kind === 'amount'
      ? (() => {
          const cents = lines.reduce((s, l) => s + l.orderDiscountCents, 0);
          return cents > 0 ? { kind: 'amount' as const, cents } : null;
        })()
      : row.discount;
  const order = await orderType.create(
    db,
    owner,
    orderInputSchema.parse({
      customer: row.customerId,
      customerJob: share.customerJobId,
      shipTo: row.shipTo,
      notes: `From proposal ${number} (${row.title}): ${share.sections.join(', ')}.`,
      discount,
      shippingCents: share.shippingCents,
      deposit: share.deposit,
      lines: lineInputsOf(lines),
    }),
  );
  await db.update(orders).set({ proposalId: row.id }).where(eq(orders.id, order._id));
  // Confirming commits stock; where the firm's rules refuse it now, the order waits as a draft.
  const confirmed = await db
    .transaction(async (savepoint) => {
      await orderType.transition(savepoint, owner, order._id, 'confirm');
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof HttpError) return false;
      throw error;
    });
  if (confirmed && lines.some((l) => l.kind === 'special')) await buySpecialOrders(db, owner, order._id, {});
  // The deposit the client agreed to is billed: a draft deposit invoice, for the firm to send.
  if (order.depositCents > 0)
    await invoiceType.create(db, owner, invoiceInputSchema.parse({ order: order._id, billing: 'deposit' }));
  return { id: order._id, number: order.number };
}

/**
 * POST /public/proposals/{token}/decline: the client says no to the whole proposal or to some
 * open sections, with a reason; kept as a decision with its snapshot's hash, and the owner told.
 */
export async function declineProposal(
  db: Executor,
  token: string,
  body: DeclineBody,
  meta: Meta,
): Promise<PublicProposal> {
  const opened = await openLink(db, token);
  if (opened.link.changeOrderId) return declineChangeOrder(db, opened, token, body, meta);
  const row = await lockedForDecision(db, opened);
  const before = await proposalType.get(db, opened.owner, row.id);
  const sections = decidedSections(before, body.sections, 'declined');
  const inScope = new Set(sections);
  await db.update(proposalSections).set({ status: 'declined' }).where(inArray(proposalSections.id, sections));
  const status = statusAfter(before.sections.map((s) => (inScope.has(s._id) ? 'declined' : s.status))) ?? row.status;
  const decidedAt = new Date();
  await db
    .update(proposals)
    .set({
      status,
      decidedAt: status === 'partially_approved' || status === row.status ? row.decidedAt : decidedAt,
      version: sql`${proposals.version} + 1`,
      updatedAt: decidedAt,
    })
    .where(eq(proposals.id, row.id));
  const shown = clientView(
    before,
    { name: opened.firmName, email: '', phone: '' },
    (id) => id,
    () => '',
  );
  const snapshot = {
    document: 'proposal',
    firm: opened.firmName,
    number: before.number,
    revision: before.revision,
    title: before.title,
    sections: shown.sections.filter((s) => inScope.has(s._id)).map(({ status: _, ...s }) => s),
    reason: body.reason,
    name: body.name,
    decidedAt: decidedAt.toISOString(),
    ip: meta.ip,
    userAgent: meta.userAgent ?? '',
  };
  const snapshotSha256 = sha256Hex(canonicalJson(snapshot));
  await db.insert(approvalRecords).values({
    firmId: opened.firmId,
    linkId: opened.link.id,
    proposalId: row.id,
    revision: before.revision,
    decision: 'declined',
    name: body.name,
    reason: body.reason,
    sectionIds: sections,
    ip: meta.ip,
    userAgent: (meta.userAgent ?? '').slice(0, 500),
    snapshot,
    snapshotSha256,
  });
  const titles = before.sections.filter((s) => inScope.has(s._id)).map((s) => s.title);
  await tellOwner(
    db,
    opened,
    `${body.name || 'The client'} declined ${before.number}${status === 'declined' ? '' : ` (${titles.join(', ')})`}: ${body.reason}`,
    `${KINDS.proposal.webPath}/${row.id}`,
  );
  await recordAudit(
    db,
    { firmId: opened.firmId, userId: null },
    {
      entityType: KINDS.proposal.key,
      entityId: row.id,
      action: 'decline-online',
      before: { status: row.status },
      after: { status, declinedBy: body.name, sections: titles, reason: body.reason, snapshotSha256 },
    },
  );
  return readPublic(db, token);
}

export { tellOwner };

import { type ChangeOrder, KINDS, type PublicProposal } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import { drawnSignaturePng } from '../../platform/files/drawn-signature';
import { storeMadeFile } from '../../platform/files/files.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import { conflict, HttpError } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { notify } from '../../platform/notifications/notifications.service';
import { pdfMoney } from '../../platform/pdf/document-parts';
import { getSettings } from '../../platform/settings/settings.service';
import { canonicalJson, sha256Hex } from '../../platform/text/canonical-json';
import { changeOrderPdf, changeOrderType } from '../change-orders';
import { customerEmail } from './proposal-send';
import { approvalRecords } from './proposals.table';
import { type ApproveBody, changeOrderView, type DeclineBody, type Opened, readPublic } from './public-proposals';

type Deps = { storage: LocalFileStorage; appUrl: string };
type Meta = { ip: string; userAgent: string | undefined };

const pageOf = (id: string) => `${KINDS.change_order.webPath}/${id}`;

/**
 * The change order of this link, locked for the customer's decision (so two at once take turns
 * and the second finds it decided), or a 409 saying why it cannot be decided: decided already,
 * being changed by the firm, or written against an order that changed since.
 */
async function lockedForDecision(db: Executor, opened: Opened, named: string[] | null): Promise<ChangeOrder> {
  const id = opened.link.changeOrderId!;
  await changeOrderType.findRow(db, id, true);
  const co = await changeOrderType.get(db, opened.owner, id);
  if (co.status === 'approved' || co.status === 'declined')
    throw conflict(`${co.name} was already ${co.status}: it can no longer be changed.`);
  if (co.status !== 'sent')
    throw conflict(`${opened.firmName} is changing ${co.name}: it can be decided once they send it again.`);
  if (co.stale)
    throw conflict(
      `${co.order.name} changed since ${co.name} was written: ${opened.firmName} will send you a new one.`,
    );
  // The page shows it as one section, decided as a whole.
  if (named && (named.length !== 1 || named[0] !== id))
    throw new HttpError(400, 'validation', `${co.name} is decided as a whole.`, {
      sections: 'This change order is decided as a whole.',
    });
  return co;
}

/** What the customer was shown, as the snapshot keeps it: the page's words and lines, and the figures. */
async function shownOf(db: Executor, opened: Opened, co: ChangeOrder) {
  const shown = await changeOrderView(db, opened, { name: opened.firmName, email: '', phone: '' }, (id) => id);
  return {
    document: 'change_order',
    firm: opened.firmName,
    number: co.name,
    order: co.order.name,
    revision: opened.link.revision,
    title: shown.title,
    customer: co.customer.name,
    reason: co.reason,
    sections: shown.sections.map(({ status: _, ...s }) => s),
    discount: shown.discount,
    shippingCents: shown.shippingCents,
    taxExempt: shown.taxExempt,
    terms: shown.terms,
    previousTotalCents: co.previousTotalCents,
    totals: {
      subtotalCents: co.subtotalCents,
      discountCents: co.discountCents,
      taxCents: co.taxCents,
      shippingCents: co.shippingCents,
      totalCents: co.totalCents,
    },
  };
}

/**
 * POST /public/proposals/{token}/approve for a change order's link: the customer's signed
 * approval, in one transaction. The change order (locked, still sent, written against the order as
 * it stands) is approved as the staff approve one by hand, with `online` as the method, so the
 * order takes its lines, stock and totals at once; then the evidence is kept (the snapshot's
 * hash, the signature, the signed PDF with its certificate page and its hash), both sides are
 * emailed the signed copy and the owner is told.
 */
export async function approveChangeOrder(
  db: Executor,
  deps: Deps,
  opened: Opened,
  token: string,
  body: ApproveBody,
  meta: Meta,
): Promise<PublicProposal> {
  const before = await lockedForDecision(db, opened, body.sections);
  const signature = await drawnSignaturePng(body.signature);
  const owner = opened.owner;
  const id = before._id;
  const shown = await shownOf(db, opened, before);
  const decidedAt = new Date();
  await changeOrderType.transition(db, owner, id, 'approve', {
    approvedBy: body.name,
    method: 'online',
    approvedAt: decidedAt.toISOString(),
    note: '',
  });
  const after = await changeOrderType.get(db, owner, id);

  const snapshot = {
    ...shown,
    signer: body.name,
    acceptedTerms: true,
    decidedAt: decidedAt.toISOString(),
    ip: meta.ip,
    userAgent: meta.userAgent ?? '',
  };
  const snapshotSha256 = sha256Hex(canonicalJson(snapshot));

  const { firmSettings } = await getSettings(db, opened.firmId, { banking: false });
  const money = (cents: number) => pdfMoney(cents, firmSettings.currency);
  const entity = { type: KINDS.change_order.key, id };
  const writer = { firmId: opened.firmId, userId: null };
  const fileName = `${after.order.name}-change-${after.sequence}`;
  const signatureFileId = await storeMadeFile(db, deps.storage, writer, {
    entity,
    name: `${fileName}-signature.png`,
    contentType: 'image/png',
    bytes: signature,
  });
  const pdf = await changeOrderPdf(db, owner, deps.storage, after, {
    heading: 'Certificate of approval',
    rows: [
      { label: 'Document', value: `Change order ${after.name}: ${shown.title}` },
      { label: 'Approved by', value: body.name },
      { label: 'Approved at', value: `${decidedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC` },
      { label: 'From address', value: meta.ip },
      { label: 'Device', value: meta.userAgent || 'Not given' },
      { label: 'Order total before', value: money(shown.previousTotalCents) },
      { label: 'Order total after', value: money(shown.totals.totalCents) },
      { label: 'Terms', value: 'Accepted' },
      { label: 'Order revision', value: String(after.revision ?? '') },
      { label: 'Snapshot SHA-256', value: snapshotSha256 },
    ],
    signaturePng: signature,
    note: `The customer approved this change order online, through a link sent to them alone, by typing their name, drawing the signature above and accepting the terms. The snapshot fingerprint (SHA-256) identifies exactly what they were shown; ${opened.firmName} keeps that record. To check that a copy of this PDF is the one kept, upload it at ${deps.appUrl}/proposals/verify.`,
  });
  const pdfSha256 = sha256Hex(pdf);
  const pdfFileId = await storeMadeFile(db, deps.storage, writer, {
    entity,
    name: `${fileName}-signed.pdf`,
    contentType: 'application/pdf',
    bytes: pdf,
  });
  const [record] = await db
    .insert(approvalRecords)
    .values({
      firmId: opened.firmId,
      linkId: opened.link.id,
      changeOrderId: id,
      revision: opened.link.revision,
      decision: 'approved',
      name: body.name,
      signatureFileId,
      ip: meta.ip,
      userAgent: (meta.userAgent ?? '').slice(0, 500),
      snapshot,
      snapshotSha256,
      pdfFileId,
      pdfSha256,
      orderId: after.order._id,
    })
    .returning({ id: approvalRecords.id });

  // The signed copy to both sides.
  const attachment = { filename: `${fileName}-signed.pdf`, contentType: 'application/pdf', content: pdf };
  const customer = await customerEmail(db, after.customer._id).catch(() => null);
  if (customer)
    await queueEmail(db, opened.firmId, {
      to: customer.email,
      subject: `Your signed change order for ${after.order.name} from ${opened.firmName}`,
      text: `Hello ${customer.name},\n\nThank you for approving the change to ${after.order.name}. Your signed copy is attached; we will be in touch about the next steps.\n\n${opened.firmName}`,
      attachments: [attachment],
    });
  const [staff] = await db.select({ email: users.email }).from(users).where(eq(users.id, owner.userId));
  if (staff?.email)
    await queueEmail(db, opened.firmId, {
      to: staff.email,
      subject: `${after.name} approved by ${body.name}`,
      text: `${body.name} approved ${after.name} online. ${after.order.name} was changed: its total is now ${money(after.totalCents)} (revision ${after.revision}). The signed copy is attached.`,
      attachments: [attachment],
    });
  await notify(
    db,
    opened.firmId,
    owner.userId,
    `${body.name} approved ${after.name} online: ${after.order.name} was changed.`,
    pageOf(id),
  );
  await recordAudit(db, writer, {
    entityType: KINDS.change_order.key,
    entityId: id,
    action: 'approve-online',
    before: { status: before.status },
    after: {
      status: after.status,
      approvedBy: body.name,
      orderRevision: after.revision,
      snapshotSha256,
      pdfSha256,
      approval: record!.id,
    },
  });
  return readPublic(db, token);
}

/**
 * POST /public/proposals/{token}/decline for a change order's link: the customer says no, with a
 * reason; the change order is declined (the order stays as it is), the decision kept with its
 * snapshot's hash, and the owner told.
 */
export async function declineChangeOrder(
  db: Executor,
  opened: Opened,
  token: string,
  body: DeclineBody,
  meta: Meta,
): Promise<PublicProposal> {
  const before = await lockedForDecision(db, opened, body.sections);
  const id = before._id;
  const shown = await shownOf(db, opened, before);
  await changeOrderType.transition(db, opened.owner, id, 'decline', { reason: body.reason });
  const decidedAt = new Date();
  const snapshot = {
    ...shown,
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
    changeOrderId: id,
    revision: opened.link.revision,
    decision: 'declined',
    name: body.name,
    reason: body.reason,
    ip: meta.ip,
    userAgent: (meta.userAgent ?? '').slice(0, 500),
    snapshot,
    snapshotSha256,
    orderId: before.order._id,
  });
  await notify(
    db,
    opened.firmId,
    opened.owner.userId,
    `${body.name || 'The customer'} declined ${before.name}: ${body.reason}`,
    pageOf(id),
  );
  await recordAudit(
    db,
    { firmId: opened.firmId, userId: null },
    {
      entityType: KINDS.change_order.key,
      entityId: id,
      action: 'decline-online',
      before: { status: before.status },
      after: { status: 'declined', declinedBy: body.name, reason: body.reason, snapshotSha256 },
    },
  );
  return readPublic(db, token);
}

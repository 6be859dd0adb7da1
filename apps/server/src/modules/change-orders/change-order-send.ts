import { APPROVAL_METHOD_LABELS, type ChangeOrder, KINDS, type RevisionChange } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { pdfAddressLines, pdfDay, pdfMoney, pdfQuantity } from '../../platform/pdf/document-parts';
import type { PdfDocument } from '../../platform/pdf/document-pdf';
import { getSettings } from '../../platform/settings/settings.service';
import { customers } from '../customers';
import { pricedDocumentPdf } from '../documents';
import { changeOrderType } from './change-orders.service';
import { onlineApproval } from './online-approval';

/** A change in words, as the customer reads it. */
function changeText(c: RevisionChange, money: (cents: number) => string): string {
  if (c.change === 'added') return `Added: ${pdfQuantity(c.after.quantity)} × ${c.name} (${money(c.after.totalCents)})`;
  if (c.change === 'removed')
    return `Removed: ${pdfQuantity(c.before.quantity)} × ${c.name} (${money(c.before.totalCents)})`;
  const parts = [
    ...(c.before.quantity !== c.after.quantity
      ? [`quantity ${pdfQuantity(c.before.quantity)} → ${pdfQuantity(c.after.quantity)}`]
      : []),
    ...(c.before.unitPriceCents !== c.after.unitPriceCents
      ? [`unit price ${money(c.before.unitPriceCents)} → ${money(c.after.unitPriceCents)}`]
      : []),
  ];
  return `Changed: ${c.name}: ${parts.join(', ')} (${money(c.before.totalCents)} → ${money(c.after.totalCents)})`;
}

/**
 * A change order as the customer reads it: why, what changes line by line, the order's lines and
 * totals as they would be, the order's total before and after, and the approval (or a place to sign);
 * a signed copy adds the certificate page of the customer's online approval.
 */
export async function changeOrderPdf(
  db: Executor,
  actor: Pick<Actor, 'firmId'>,
  storage: LocalFileStorage,
  co: ChangeOrder,
  certificate?: NonNullable<PdfDocument['certificate']>,
): Promise<Buffer> {
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const money = (cents: number) => pdfMoney(cents, settings.firmSettings.currency);
  const [customer] = await db
    .select({ email: customers.primaryEmail, addresses: customers.addresses })
    .from(customers)
    .where(eq(customers.id, co.customer._id));
  const billing = customer?.addresses.find((a) => a.kind === 'billing') ?? customer?.addresses[0] ?? null;
  const difference = co.totalCents - co.previousTotalCents;
  return pricedDocumentPdf(db, storage, settings, {
    title: certificate ? 'Signed change order' : 'Change order',
    number: co.name,
    meta: [
      { label: 'Date', value: pdfDay((co.sentAt ?? co.updatedAt).slice(0, 10)) },
      { label: 'Order', value: co.order.name },
      { label: 'Total before', value: money(co.previousTotalCents) },
      { label: 'Difference', value: `${difference >= 0 ? '+' : '−'}${money(Math.abs(difference))}` },
    ],
    parties: [
      {
        heading: 'Customer',
        lines: [co.customer.name, ...pdfAddressLines(billing), ...(customer?.email ? [customer.email] : [])],
      },
    ],
    lines: co.lines,
    totals: co,
    notes: [
      { heading: 'Why', text: co.reason },
      {
        heading: 'What changes',
        text: co.changes.length ? co.changes.map((c) => changeText(c, money)).join('\n') : 'No line changes.',
      },
      {
        heading: 'Approval',
        text: co.approval
          ? `Approved by ${co.approval.by} (${APPROVAL_METHOD_LABELS[co.approval.method].toLowerCase()}) on ${pdfDay(co.approval.at.slice(0, 10))}.`
          : 'Approved by (name) ______________________   Signature ______________________   Date ____________',
      },
    ],
    ...(certificate ? { certificate } : {}),
  });
}

/**
 * POST /change-orders/{id}/send: the change order's PDF emailed to the order's customer through
 * the outbox, with a link to approve it online where the firm can (the same link when sent again,
 * working 30 days more), recorded in its history; a draft becomes sent.
 */
export async function sendChangeOrder(
  db: Executor,
  actor: Actor,
  deps: { storage: LocalFileStorage; appUrl: string },
  id: string,
): Promise<ChangeOrder> {
  const row = await changeOrderType.findRow(db, id, true, actor);
  if (row.status !== 'draft' && row.status !== 'sent')
    throw conflict(`Change ${row.sequence} was ${row.status}: there is nothing to send.`);
  const co = await changeOrderType.get(db, actor, id);
  if (co.stale)
    throw conflict(`${co.order.name} changed since this change order was written: save it again before sending it.`);
  const [customer] = await db
    .select({ email: customers.primaryEmail })
    .from(customers)
    .where(eq(customers.id, co.customer._id));
  if (!customer?.email)
    throw badRequest(`${co.customer.name} has no email address: add one on the customer first.`, {
      customer: 'This customer has no email address.',
    });
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const pdf = await changeOrderPdf(db, actor, deps.storage, co);
  const link = await onlineApproval()?.link(db, actor, row.id);
  await queueEmail(db, actor.firmId, {
    to: customer.email,
    subject: `Change order for ${co.order.name} from ${settings.firmSettings.name}`,
    text: link
      ? [
          settings.orderSettings.email,
          '',
          `Read the change and approve it online: ${deps.appUrl}${link.path}`,
          '',
          `This link works until ${pdfDay(link.expiresOn)}. Please do not forward it: anyone with it can approve the change.`,
        ].join('\n')
      : settings.orderSettings.email,
    attachments: [
      {
        filename: `${co.order.name}-change-${co.sequence}.pdf`,
        contentType: 'application/pdf',
        content: pdf,
      },
    ],
  });
  if (row.status === 'draft') await changeOrderType.transition(db, actor, id, 'mark-sent');
  await recordAudit(db, actor, {
    entityType: KINDS.change_order.key,
    entityId: id,
    action: 'send',
    after: { to: customer.email, ...(link ? { linkExpiresOn: link.expiresOn } : {}) },
  });
  return changeOrderType.get(db, actor, id);
}

/** POST /change-orders/{id}/revoke: the link sent stops working at once (its page says so, naming the firm). */
export async function revokeChangeOrderLink(db: Executor, actor: Actor, id: string): Promise<ChangeOrder> {
  const row = await changeOrderType.findRow(db, id, true, actor);
  const revoked = (await onlineApproval()?.revoke(db, row.id)) ?? 0;
  if (!revoked) throw conflict(`Change ${row.sequence} has no link that still works.`);
  await recordAudit(db, actor, { entityType: KINDS.change_order.key, entityId: id, action: 'revoke-link' });
  return changeOrderType.get(db, actor, id);
}

import { FULFILMENT_METHOD_LABELS, KINDS, type Order } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { pdfAddressLines, pdfDay } from '../../platform/pdf/document-parts';
import { getSettings } from '../../platform/settings/settings.service';
import { customers } from '../customers';
import { pricedDocumentPdf } from '../documents';
import { orderType } from './orders.service';

/** An order as the customer reads it: a confirmation once confirmed, an order (draft) before. */
export async function orderPdf(db: Executor, actor: Actor, storage: LocalFileStorage, order: Order): Promise<Buffer> {
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const [customer] = await db
    .select({ email: customers.primaryEmail, addresses: customers.addresses })
    .from(customers)
    .where(eq(customers.id, order.customer._id));
  const billing = customer?.addresses.find((a) => a.kind === 'billing') ?? customer?.addresses[0] ?? null;
  return pricedDocumentPdf(db, storage, settings, {
    title: order.status === 'draft' ? 'Order (draft)' : 'Order confirmation',
    number: order.number,
    meta: [
      { label: 'Date', value: pdfDay((order.confirmedAt ?? order.createdAt).slice(0, 10)) },
      ...(order.requestedDate ? [{ label: 'Wanted by', value: pdfDay(order.requestedDate) }] : []),
      { label: 'Terms', value: order.paymentTermsDays ? `Net ${order.paymentTermsDays}` : 'Due on receipt' },
      { label: 'By', value: FULFILMENT_METHOD_LABELS[order.fulfilment] },
    ],
    parties: [
      {
        heading: 'Customer',
        lines: [
          order.customer.name,
          ...(order.company ? [order.company.name] : []),
          ...pdfAddressLines(billing),
          ...(customer?.email ? [customer.email] : []),
        ],
      },
      {
        heading: order.fulfilment === 'pickup' ? 'Picked up at' : 'Deliver to',
        lines:
          order.fulfilment === 'pickup' && order.warehouse
            ? [order.warehouse.name, ...pdfAddressLines(order.shipTo)]
            : pdfAddressLines(order.shipTo),
      },
    ],
    lines: order.lines,
    totals: order,
    notes: [
      ...(order.taxExempt ? [{ heading: 'Tax', text: 'Tax exempt: no sales tax is charged on this order.' }] : []),
      ...(order.notes ? [{ heading: 'Notes', text: order.notes }] : []),
      ...(settings.orderSettings.terms ? [{ heading: 'Terms', text: settings.orderSettings.terms }] : []),
    ],
  });
}

/**
 * POST /orders/{id}/send: the order's PDF emailed to its customer through the outbox (sent once
 * this commits), recorded in its history. A cancelled order is not sent.
 */
export async function sendOrder(db: Executor, actor: Actor, storage: LocalFileStorage, id: string): Promise<Order> {
  await orderType.findRow(db, id, true, actor);
  const order = await orderType.get(db, actor, id);
  if (order.status === 'cancelled') throw conflict(`${order.number} was cancelled: there is nothing to send.`);
  const [customer] = await db
    .select({ email: customers.primaryEmail })
    .from(customers)
    .where(eq(customers.id, order.customer._id));
  if (!customer?.email)
    throw badRequest(`${order.customer.name} has no email address: add one on the customer first.`, {
      customer: 'This customer has no email address.',
    });
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const pdf = await orderPdf(db, actor, storage, order);
  const what = order.status === 'draft' ? 'Order' : 'Order confirmation';
  await queueEmail(db, actor.firmId, {
    to: customer.email,
    subject: `${what} ${order.number} from ${settings.firmSettings.name}`,
    text: settings.orderSettings.email,
    attachments: [{ filename: `${order.number}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
  await recordAudit(db, actor, {
    entityType: KINDS.order.key,
    entityId: id,
    action: 'send',
    after: { to: customer.email, document: what },
  });
  return orderType.get(db, actor, id);
}

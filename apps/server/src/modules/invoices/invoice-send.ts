import { INVOICE_BILLING_LABELS, type Invoice, KINDS, PAYMENT_METHOD_LABELS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
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
import { invoiceType } from './invoices.service';
import { invoices } from './invoices.table';

/**
 * An invoice as the customer reads it: what it bills, less what it holds back and recovers, what
 * has been paid and credited, the balance due, and how to pay (the firm's payment settings).
 */
export async function invoicePdf(
  db: Executor,
  actor: Actor,
  storage: LocalFileStorage,
  invoice: Invoice,
): Promise<Buffer> {
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const [customer] = await db
    .select({ email: customers.primaryEmail, addresses: customers.addresses })
    .from(customers)
    .where(eq(customers.id, invoice.customer._id));
  const billing = customer?.addresses.find((a) => a.kind === 'billing') ?? customer?.addresses[0] ?? null;
  const pay = settings.firmSettings.payments;
  const title =
    invoice.status === 'void' ? 'Invoice (void)' : invoice.status === 'draft' ? 'Invoice (draft)' : 'Invoice';
  return pricedDocumentPdf(db, storage, settings, {
    title,
    number: invoice.number,
    meta: [
      { label: 'Date', value: pdfDay(invoice.issueDate) },
      { label: 'Due', value: pdfDay(invoice.dueDate) },
      { label: 'Terms', value: invoice.paymentTermsDays ? `Net ${invoice.paymentTermsDays}` : 'Due on receipt' },
      ...(invoice.order ? [{ label: 'Order', value: invoice.order.name }] : []),
      ...(invoice.billing !== 'lines' ? [{ label: 'Bills', value: INVOICE_BILLING_LABELS[invoice.billing] }] : []),
      ...(invoice.percent !== null ? [{ label: 'Complete', value: `${invoice.percent} %` }] : []),
    ],
    parties: [
      {
        heading: 'Bill to',
        lines: [
          invoice.customer.name,
          ...(invoice.company ? [invoice.company.name] : []),
          ...pdfAddressLines(billing),
          ...(customer?.email ? [customer.email] : []),
        ],
      },
      ...(invoice.customerJob ? [{ heading: 'Project', lines: [invoice.customerJob.name] }] : []),
    ],
    lines: invoice.lines,
    totals: {
      subtotalCents: invoice.subtotalCents,
      lineDiscountCents: invoice.discountCents,
      orderDiscountCents: 0,
      couponCents: 0,
      taxCents: invoice.taxCents,
      shippingCents: invoice.shippingCents,
      less: [
        { label: `Retention held (${invoice.retentionPercent} %)`, cents: invoice.retentionCents },
        { label: 'Deposit recovered', cents: invoice.depositRecoveredCents },
      ],
      totalLabel: 'Amount invoiced',
      totalCents: invoice.totalCents,
      after: [
        ...(invoice.paidCents ? [{ label: 'Paid', cents: -invoice.paidCents }] : []),
        ...(invoice.creditedCents ? [{ label: 'Credited', cents: -invoice.creditedCents }] : []),
        { label: 'Balance due', cents: invoice.status === 'void' ? 0 : invoice.balanceCents, strong: true },
      ],
    },
    notes: [
      ...(invoice.status === 'void' ? [{ heading: 'Void', text: invoice.voidReason }] : []),
      ...(invoice.taxExempt ? [{ heading: 'Tax', text: 'Tax exempt: no sales tax is charged on this invoice.' }] : []),
      ...(invoice.notes ? [{ heading: 'Notes', text: invoice.notes }] : []),
      ...(pay.acceptedMethods.length || pay.instructions
        ? [
            {
              heading: 'How to pay',
              text: [
                pay.acceptedMethods.length
                  ? `We accept ${pay.acceptedMethods.map((m) => PAYMENT_METHOD_LABELS[m].toLowerCase()).join(', ')}.`
                  : '',
                pay.instructions,
              ]
                .filter(Boolean)
                .join('\n'),
            },
          ]
        : []),
      ...(settings.invoiceSettings.footer ? [{ heading: '', text: settings.invoiceSettings.footer }] : []),
    ],
  });
}

/**
 * POST /invoices/{id}/send (61): the invoice's PDF emailed to its customer through the outbox;
 * a draft is issued by it (owed from now). Sending again resends; a void invoice is not sent.
 */
export async function sendInvoice(db: Executor, actor: Actor, storage: LocalFileStorage, id: string): Promise<Invoice> {
  const row = await invoiceType.findRow(db, id, true, actor);
  if (row.status === 'void') throw conflict(`${row.prefix}${row.number} is void: there is nothing to send.`);
  const [customer] = await db
    .select({ email: customers.primaryEmail })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  if (!customer?.email)
    throw badRequest('The customer has no email address: add one on the customer first.', {
      customer: 'This customer has no email address.',
    });
  if (row.status === 'draft') await invoiceType.transition(db, actor, id, 'mark-sent');
  else await db.update(invoices).set({ sentAt: sql`now()` }).where(eq(invoices.id, id));
  const invoice = await invoiceType.get(db, actor, id);
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const pdf = await invoicePdf(db, actor, storage, invoice);
  await queueEmail(db, actor.firmId, {
    to: customer.email,
    subject: `Invoice ${invoice.number} from ${settings.firmSettings.name}`,
    text: settings.invoiceSettings.email,
    attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
  await recordAudit(db, actor, {
    entityType: KINDS.invoice.key,
    entityId: id,
    action: 'send',
    after: { to: customer.email },
  });
  return invoice;
}

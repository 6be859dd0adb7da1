import { AGING_BUCKET_LABELS, AGING_BUCKETS, KINDS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, notFound } from '../../platform/http/errors';
import { documentFirm, pdfAddressLines, pdfDay, pdfMoney } from '../../platform/pdf/document-parts';
import { renderDocumentPdf } from '../../platform/pdf/document-pdf';
import { getSettings } from '../../platform/settings/settings.service';
import { companies } from '../companies';
import { invoices } from '../invoices';
import { receivablesAging } from './receivables';

/** The account, or 404 (row-level security hides other firms'). */
async function accountOf(db: Executor, id: string) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, email: companies.email, addresses: companies.addresses })
    .from(companies)
    .where(eq(companies.id, id));
  if (!company) throw notFound('This account does not exist.');
  return company;
}

/**
 * An account's statement as of today (an open-item statement): every invoice of its customers
 * still owed, with its due date and balance, the aging of those balances, the credit the account
 * has not used, and the balance due.
 */
export async function statementPdf(db: Executor, actor: Actor, storage: LocalFileStorage, accountId: string) {
  const company = await accountOf(db, accountId);
  const settings = await getSettings(db, actor.firmId, { banking: false });
  const currency = settings.firmSettings.currency;
  const money = (cents: number) => pdfMoney(cents, currency);
  const aging = await receivablesAging(db, actor.firmId, { account: accountId });
  const open = await db.execute<{
    number: string;
    customer: string;
    issue_date: string;
    due_date: string;
    total_cents: string;
    balance_cents: string;
  }>(sql`
    SELECT i.prefix || i.number AS number, c.name AS customer, i.issue_date::text, i.due_date::text,
           i.total_cents::text, i.balance_cents::text
      FROM ${invoices} i JOIN customers c ON c.id = i.customer_id
     WHERE i.company_id = ${accountId} AND i.status IN ('sent', 'partially_paid') AND i.balance_cents > 0
     ORDER BY i.due_date, i.number`);
  const billing = company.addresses.find((a) => a.kind === 'billing') ?? company.addresses[0] ?? null;
  const t = aging.totals;
  const pdf = await renderDocumentPdf({
    ...(await documentFirm(db, storage, settings)),
    title: 'Statement',
    number: '',
    meta: [
      { label: 'Date', value: pdfDay(aging.asOf) },
      { label: 'Balance due', value: money(t.balanceCents) },
    ],
    parties: [
      {
        heading: 'Account',
        lines: [company.name, ...pdfAddressLines(billing), ...(company.email ? [company.email] : [])],
      },
    ],
    columns: [
      { key: 'number', label: 'Invoice', align: 'left', width: 16 },
      { key: 'customer', label: 'Customer', align: 'left', width: 26 },
      { key: 'issued', label: 'Issued', align: 'left', width: 15 },
      { key: 'due', label: 'Due', align: 'left', width: 15 },
      { key: 'total', label: 'Amount', align: 'right', width: 14 },
      { key: 'balance', label: 'Balance', align: 'right', width: 14 },
    ],
    rows: open.rows.map((r) => ({
      number: r.number,
      customer: r.customer,
      issued: pdfDay(r.issue_date),
      due: `${pdfDay(r.due_date)}${r.due_date < aging.asOf ? ' (overdue)' : ''}`,
      total: money(Number(r.total_cents)),
      balance: money(Number(r.balance_cents)),
    })),
    totals: [
      ...AGING_BUCKETS.map((b) => ({ label: AGING_BUCKET_LABELS[b], value: money(t[b]) })),
      { label: 'Open invoices', value: money(t.openCents) },
      ...(t.creditCents ? [{ label: 'Credit not yet used', value: `−${money(t.creditCents)}` }] : []),
      { label: 'Balance due', value: money(t.balanceCents), strong: true },
    ],
    notes: [
      ...(open.rows.length ? [] : [{ heading: '', text: 'Nothing is owed on this account today. Thank you.' }]),
      ...(settings.firmSettings.payments.instructions
        ? [{ heading: 'How to pay', text: settings.firmSettings.payments.instructions }]
        : []),
    ],
  });
  return { pdf, company, asOf: aging.asOf };
}

/** POST /companies/{id}/statement/send: the statement emailed to the account's address, and noted in its history. */
export async function sendStatement(db: Executor, actor: Actor, storage: LocalFileStorage, accountId: string) {
  const { pdf, company, asOf } = await statementPdf(db, actor, storage, accountId);
  if (!company.email)
    throw badRequest(`${company.name} has no email address: add one on the account first.`, {
      email: 'This account has no email address.',
    });
  const settings = await getSettings(db, actor.firmId, { banking: false });
  await queueEmail(db, actor.firmId, {
    to: company.email,
    subject: `Statement from ${settings.firmSettings.name} as of ${pdfDay(asOf)}`,
    text: `Hello,\n\nPlease find your statement attached: what is open on your account as of ${pdfDay(asOf)}.\n\nThank you for your business.`,
    attachments: [{ filename: `statement-${asOf}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
  await recordAudit(db, actor, {
    entityType: KINDS.company.key,
    entityId: accountId,
    action: 'send-statement',
    after: { to: company.email, asOf },
  });
  return { sentTo: company.email };
}

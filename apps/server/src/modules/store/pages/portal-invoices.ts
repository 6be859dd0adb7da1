import { INVOICE_STATUS_LABELS, type InvoiceStatus, PAYMENT_METHOD_LABELS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { isUuid } from '../../../db/ids';
import { notFound } from '../../../platform/http/errors';
import { firmToday } from '../../../platform/identity/firm-clock';
import { getSettings } from '../../../platform/settings/settings.service';
import { invoices } from '../../invoices';
import { receivablesAging } from '../../payments';
import type { Store, StoreCustomer } from '../customer-session';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';
import { calendarDay, money } from './parts';
import { accountNav } from './portal-account';

/** How many invoices the page lists (the newest); the totals count them all. */
export const PORTAL_INVOICES_SHOWN = 100;

/**
 * The invoices a customer sees in the portal: their own (their customer record's, never another
 * customer's of their account or firm), issued: never a draft, and a void one only if it had been
 * sent (it is shown as "Void"; one voided as a draft was never theirs to see).
 */
const shownTo = (customer: StoreCustomer) =>
  sql`${invoices.customerId} = ${customer.customerId} AND ${invoices.status} <> 'draft'
      AND (${invoices.status} <> 'void' OR ${invoices.sentAt} IS NOT NULL)`;

export type PortalInvoice = {
  id: string;
  number: string;
  issued: string;
  due: string;
  status: InvoiceStatus;
  overdue: boolean;
  total: number;
  balance: number;
  notes: string;
};

export type PortalInvoices = {
  invoices: PortalInvoice[];
  /** What the customer owes on their open invoices, and their credit not yet used (payments, credit memos). */
  owedCents: number;
  creditCents: number;
  /** How to pay, from the firm's payment settings (no card is taken here). */
  methods: string[];
  instructions: string;
};

/** The signed-in customer's invoices, newest first, what they owe and how to pay. */
export async function portalInvoices(db: Executor, store: Store, customer: StoreCustomer): Promise<PortalInvoices> {
  const today = await firmToday(db, store.firmId);
  const { rows } = await db.execute<{
    id: string;
    number: string;
    issued: string;
    due: string;
    status: InvoiceStatus;
    overdue: boolean;
    total: string;
    balance: string;
    notes: string;
  }>(sql`
    SELECT id, prefix || number AS number, issue_date::text AS issued, due_date::text AS due, status,
           (status IN ('sent', 'partially_paid') AND due_date < ${today}::date) AS overdue,
           total_cents::text AS total, balance_cents::text AS balance, notes
      FROM ${invoices}
     WHERE firm_id = ${store.firmId} AND ${shownTo(customer)}
     ORDER BY issue_date DESC, number DESC
     LIMIT ${PORTAL_INVOICES_SHOWN}`);
  const aging = await receivablesAging(db, store.firmId, { customer: customer.customerId });
  const settings = await getSettings(db, store.firmId, { banking: false });
  const pay = settings.firmSettings.payments;
  return {
    invoices: rows.map((r) => ({ ...r, total: Number(r.total), balance: Number(r.balance) })),
    owedCents: aging.totals.openCents,
    creditCents: aging.totals.creditCents,
    methods: pay.acceptedMethods.map((m) => PAYMENT_METHOD_LABELS[m]),
    instructions: pay.instructions,
  };
}

/** One of the customer's own issued invoices, by id; 404 for a draft, anyone else's, another firm's or no id at all. */
export async function portalInvoiceId(db: Executor, store: Store, customer: StoreCustomer, id: string) {
  const gone = notFound('This invoice does not exist.');
  if (!isUuid(id)) throw gone;
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT id FROM ${invoices} WHERE id = ${id} AND firm_id = ${store.firmId} AND ${shownTo(customer)}`);
  if (!rows[0]) throw gone;
  return rows[0].id;
}

const day = calendarDay;

/** Paid, partially paid, sent (the contracts' words), and overdue when it is owed past its due date. */
const statusOf = (i: PortalInvoice) =>
  i.overdue
    ? html`<strong>Overdue</strong> <span class="muted">(${INVOICE_STATUS_LABELS[i.status].toLowerCase()})</span>`
    : html`${INVOICE_STATUS_LABELS[i.status]}`;

/** GET /store/{slug}/account/invoices: the customer's invoices, what they owe, their statement, how to pay. */
export function portalInvoicesContent(frame: PageFrame, customer: StoreCustomer, data: PortalInvoices): Html {
  const { store } = frame;
  const cash = (cents: number) => money(store.currency, cents);
  const rows = data.invoices;
  return html`${accountNav(frame, 'account/invoices')}
<h1>Your invoices</h1>
${
  rows.length
    ? html`<table class="cart"><thead><tr><th>Invoice</th><th>Date</th><th>Due</th><th>Status</th><th class="num">Total</th><th class="num">Balance</th></tr></thead><tbody>${rows.map(
        (i) =>
          html`<tr><td><a href="${storeHref(store, `account/invoices/${i.id}/pdf`)}">${i.number}</a>${
            i.notes
              ? html`<div class="muted">${i.notes.length > 140 ? `${i.notes.slice(0, 139)}…` : i.notes}</div>`
              : null
          }</td><td>${day(i.issued)}</td><td>${day(i.due)}</td><td>${statusOf(i)}</td><td class="num">${cash(i.total)}</td><td class="num">${
            i.status === 'void' ? '—' : cash(i.balance)
          }</td></tr>`,
      )}</tbody><tfoot><tr><th colspan="5">Total owed</th><th class="num">${cash(data.owedCents)}</th></tr>${
        data.creditCents > 0
          ? html`<tr><th colspan="5">Your credit not yet used</th><th class="num">${cash(data.creditCents)}</th></tr>`
          : null
      }</tfoot></table>${
        rows.length >= PORTAL_INVOICES_SHOWN
          ? html`<p class="muted">The ${PORTAL_INVOICES_SHOWN} most recent invoices are shown; the total counts them all.</p>`
          : null
      }`
    : html`<p class="muted">No invoices yet.</p>${
        data.creditCents > 0 ? html`<p>Your credit not yet used: ${cash(data.creditCents)}</p>` : null
      }`
}
${
  customer.companyId
    ? html`<p><a href="${storeHref(store, 'account/statement.pdf')}">Your account’s statement (PDF)</a> <span class="muted">— what is open on your account today</span></p>`
    : null
}
${
  data.methods.length || data.instructions
    ? html`<h2>How to pay</h2>${
        data.methods.length ? html`<p>We accept ${data.methods.map((m) => m.toLowerCase()).join(', ')}.</p>` : null
      }${data.instructions ? html`<p style="white-space:pre-line">${data.instructions}</p>` : null}`
    : null
}`;
}

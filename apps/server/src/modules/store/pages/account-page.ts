import {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  PROPOSAL_STATUS_LABELS,
  type ProposalStatus,
  QUOTE_STATUS_LABELS,
  type QuoteStatus,
  type StoreFavorites,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { orders } from '../../orders';
import { quotes } from '../../quotes';
import type { StoreCustomer } from '../customer-session';
import type { customerProposals } from '../portal-quotes';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';
import { money, perUnit } from './parts';
import { accountNav } from './portal-account';

type Doc = { id: string; number: string; status: string; total: number; created: string };

/** The customer's own orders and quotes, newest first: nobody else's (their customer record's only). */
export async function customerDocuments(db: Executor, customer: StoreCustomer) {
  const of = async (table: typeof orders | typeof quotes) =>
    (
      await db.execute<Doc>(sql`
        SELECT id, prefix || number AS number, status, total_cents AS total, created_at AS created
          FROM ${table} WHERE customer_id = ${customer.customerId}
         ORDER BY number DESC LIMIT 50`)
    ).rows;
  return { orders: await of(orders), quotes: await of(quotes) };
}

const date = (d: string) =>
  new Date(d).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function documents(
  frame: PageFrame,
  title: string,
  rows: Doc[],
  label: (status: string) => string,
  href?: (row: Doc) => string,
): Html {
  return html`<h2>${title}</h2>${
    rows.length
      ? html`<table class="cart"><thead><tr><th>Number</th><th>Date</th><th>Status</th><th class="num">Total</th></tr></thead><tbody>${rows.map(
          (r) =>
            html`<tr><td>${href ? html`<a href="${href(r)}">${r.number}</a>` : r.number}</td><td>${date(r.created)}</td><td>${label(r.status)}</td><td class="num">${money(frame.store.currency, Number(r.total))}</td></tr>`,
        )}</tbody></table>`
      : html`<p class="muted">None yet.</p>`
  }`;
}

/** GET /store/{slug}/account, signed in: their orders and quotes, favorites, and signing out. */
export function accountContent(
  frame: PageFrame,
  customer: StoreCustomer,
  docs: Awaited<ReturnType<typeof customerDocuments>>,
  proposals: Awaited<ReturnType<typeof customerProposals>>,
  favorites: StoreFavorites,
  notice: string | null,
): Html {
  const { store } = frame;
  return html`${accountNav(frame, 'account')}
<h1>Hello, ${customer.firstName || customer.email}</h1>
${notice ? html`<p class="notice" role="status">${notice}</p>` : null}
${documents(frame, 'Your orders', docs.orders, (s) => ORDER_STATUS_LABELS[s as OrderStatus] ?? s)}
${documents(
  frame,
  'Your quotes',
  docs.quotes,
  (s) => (s === 'sent' ? 'Waiting for your answer' : (QUOTE_STATUS_LABELS[s as QuoteStatus] ?? s)),
  (r) => storeHref(store, `account/quotes/${r.id}`),
)}
${proposalList(frame, proposals)}
<h2>Your favorites</h2>
${
  favorites.items.length
    ? html`<ul class="chips" style="flex-direction:column;align-items:flex-start">${favorites.items.map(
        (f) =>
          html`<li><a href="${storeHref(store, `p/${f.productId}${f.variantId ? `?variant=${f.variantId}` : ''}`)}">${f.name}${f.variant ? ` (${f.variant})` : ''}</a>${
            f.priceCents !== null
              ? html` <span class="muted">${money(store.currency, f.priceCents)} ${perUnit(f.unit)}</span>`
              : null
          } <form method="post" action="${storeHref(store, 'favorites/remove')}" style="display:inline"><input type="hidden" name="productId" value="${f.productId}">${
            f.variantId ? html`<input type="hidden" name="variantId" value="${f.variantId}">` : null
          }<button class="linkish" type="submit" aria-label="Remove ${f.name} from your favorites">Remove</button></form></li>`,
      )}</ul>`
    : html`<p class="muted">Keep products here with “Save to favorites” on their page.</p>`
}
<form method="post" action="${storeHref(store, 'account/sign-out')}"><button class="secondary" type="submit">Sign out</button></form>`;
}

/** The proposals the firm sent them: to review and approve on the proposal's own page while its link works. */
function proposalList(frame: PageFrame, rows: Awaited<ReturnType<typeof customerProposals>>): Html | null {
  if (!rows.length) return null;
  return html`<h2>Your proposals</h2>
<table class="cart"><thead><tr><th>Number</th><th>Proposal</th><th>Status</th><th class="num">Total</th></tr></thead><tbody>${rows.map(
    (r) =>
      html`<tr><td>${r.number}</td><td>${
        r.approvePath
          ? html`<a href="${frame.appUrl}${r.approvePath}">${r.title}</a> <span class="muted">(review and approve)</span>`
          : r.title
      }</td><td>${PROPOSAL_STATUS_LABELS[r.status as ProposalStatus] ?? r.status}</td><td class="num">${money(
        frame.store.currency,
        r.total,
      )}</td></tr>`,
  )}</tbody></table>`;
}

/** GET /store/{slug}/account, signed out: the sign-in form (the firm gives its customers their logins). */
export function signInContent(
  frame: PageFrame,
  options: { next: string; email: string; error: string | null; notice?: string | null },
): Html {
  return html`<h1>Sign in</h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : null}
<p class="muted">Sign in with the email address and password ${frame.store.name} gave you, to see your prices, keep favorites, order and ask for quotes.</p>
${options.error ? html`<p class="notice error" role="alert">${options.error}</p>` : null}
<form class="stack" method="post" action="${storeHref(frame.store, 'account/sign-in')}">
  <input type="hidden" name="next" value="${options.next}">
  <label>Email<input type="email" name="email" autocomplete="email" required value="${options.email}"></label>
  <label>Password<input type="password" name="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>
<p><a href="${storeHref(frame.store, 'account/forgot')}">Forgot your password?</a></p>`;
}

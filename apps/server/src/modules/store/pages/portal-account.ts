import { PASSWORD_MIN_LENGTH, QUOTE_STATUS_LABELS } from '@atelier/contracts';
import type { PortalQuote } from '../portal-quotes';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';
import { calendarDay, money } from './parts';

/** Problems with the last form, by field, said next to the field. */
export type FormErrors = Record<string, string>;

const PORTAL_PAGES = [
  { path: 'account', label: 'Overview' },
  { path: 'account/invoices', label: 'Invoices' },
  { path: 'account/jobs', label: 'Projects' },
  { path: 'account/details', label: 'Your details' },
] as const;

/** The customer's own pages, as a menu above each of them. */
export function accountNav(frame: PageFrame, current: (typeof PORTAL_PAGES)[number]['path'] | null): Html {
  return html`<nav class="chips" aria-label="Your pages">${PORTAL_PAGES.map(
    (p) =>
      html`<a href="${storeHref(frame.store, p.path)}"${p.path === current ? html` aria-current="page"` : null}>${p.label}</a>`,
  )}</nav>`;
}

/** An input with its label and, after a refused form, its message tied to it. */
function field(
  name: string,
  label: string,
  errors: FormErrors,
  attrs: { value?: string; type?: string; autocomplete?: string; required?: boolean; maxlength?: number },
): Html {
  const error = errors[name];
  return html`<label>${label}<input name="${name}" id="f-${name}" type="${attrs.type ?? 'text'}"${
    attrs.value !== undefined ? html` value="${attrs.value}"` : null
  }${attrs.autocomplete ? html` autocomplete="${attrs.autocomplete}"` : null}${attrs.required ? html` required` : null}${
    attrs.maxlength ? html` maxlength="${attrs.maxlength}"` : null
  }${error ? html` aria-invalid="true" aria-describedby="e-${name}"` : null}></label>${
    error ? html`<div class="error" id="e-${name}">${error}</div>` : null
  }`;
}

/** An optional line is ticked in or out; one line of each group of alternatives is chosen. */
const lineChoice = (l: PortalQuote['lines'][number]): Html | null => {
  if (l.optional)
    return html`<label class="check"><input type="checkbox" name="selected" value="${l.id}"${l.selected ? html` checked` : null}> Include</label>`;
  if (l.groupKey)
    return html`<label class="check"><input type="radio" name="chosen:${l.groupKey}" value="${l.id}"${
      l.chosen ? html` checked` : null
    }> Choose</label>`;
  return null;
};

/** GET /store/{slug}/account/quotes/{id}: the quote's lines, and accepting or declining it while it stands. */
export function quoteContent(
  frame: PageFrame,
  q: PortalQuote,
  options: { error: string | null; notice: string | null },
) {
  const { store } = frame;
  const open = q.status === 'sent';
  const m = (cents: number) => money(store.currency, cents);
  const counted = (l: PortalQuote['lines'][number]) => (l.optional ? l.selected : l.groupKey ? l.chosen : true);
  return html`${accountNav(frame, null)}
<h1>Quote ${q.number}</h1>
<p><strong>${QUOTE_STATUS_LABELS[q.status] ?? q.status}</strong>${
    open ? html` · valid until ${calendarDay(q.validUntil)}` : null
  }${q.order ? html` · became order ${q.order}` : null}</p>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : null}
${options.error ? html`<p class="notice error" role="alert">${options.error}</p>` : null}
${q.status === 'draft' ? html`<p class="muted">We are preparing this quote: you will hear from us when it is ready.</p>` : null}
<form method="post" action="${storeHref(store, 'account/quotes/accept')}">
<input type="hidden" name="quote" value="${q.id}">
<table class="cart">
  <thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Price</th><th class="num">Amount</th>${
    open ? html`<th>Your choice</th>` : null
  }</tr></thead>
  <tbody>${q.lines.map(
    (l) => html`<tr>
    <td>${l.name}${l.description ? html`<br><span class="muted">${l.description}</span>` : null}${
      l.optional
        ? html`<br><span class="muted">Optional</span>`
        : l.groupKey
          ? html`<br><span class="muted">One of “${l.groupKey}”</span>`
          : null
    }</td>
    <td class="num">${l.quantity} ${l.unit}</td>
    <td class="num">${m(l.unitPriceCents)}</td>
    <td class="num">${counted(l) ? m(l.amountCents) : html`<span class="muted">${m(l.amountCents)}</span>`}</td>
    ${open ? html`<td>${lineChoice(l)}</td>` : null}
  </tr>`,
  )}</tbody>
  <tfoot>
    <tr><th colspan="3">Subtotal</th><td class="num">${m(q.subtotalCents)}</td>${open ? html`<td></td>` : null}</tr>
    ${q.discountCents ? html`<tr><th colspan="3">Discount</th><td class="num">−${m(q.discountCents)}</td>${open ? html`<td></td>` : null}</tr>` : null}
    ${q.shippingCents ? html`<tr><th colspan="3">Delivery</th><td class="num">${m(q.shippingCents)}</td>${open ? html`<td></td>` : null}</tr>` : null}
    <tr><th colspan="3">Tax</th><td class="num">${m(q.taxCents)}</td>${open ? html`<td></td>` : null}</tr>
    <tr><th colspan="3">Total</th><td class="num"><strong>${m(q.totalCents)}</strong></td>${open ? html`<td></td>` : null}</tr>
  </tfoot>
</table>
${
  open
    ? html`<p class="muted">The total is worked out again with your choices when you accept; we then confirm the order with you.</p>
<p><button type="submit">Accept this quote</button> <button class="secondary" type="submit" formaction="${storeHref(store, 'account/quotes/decline')}">Decline</button></p>`
    : null
}
</form>
<p><a href="${storeHref(store, 'account')}">Back to your account</a></p>`;
}

/** What the details page shows and edits: the customer's own record, and their sign-in address (read only). */
export type PortalDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: { line1: string; line2: string; city: string; region: string; postalCode: string; country: string };
};

/** GET /store/{slug}/account/details: name, phone and address, and the password. */
export function detailsContent(
  frame: PageFrame,
  d: PortalDetails,
  options: { errors: FormErrors; passwordErrors: FormErrors; notice: string | null },
): Html {
  const { store } = frame;
  const e = options.errors;
  const a = d.address;
  return html`${accountNav(frame, 'account/details')}
<h1>Your details</h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : null}
<form class="stack" method="post" action="${storeHref(store, 'account/details')}">
  ${field('firstName', 'First name', e, { value: d.firstName, autocomplete: 'given-name', required: true, maxlength: 80 })}
  ${field('lastName', 'Last name', e, { value: d.lastName, autocomplete: 'family-name', maxlength: 80 })}
  <p class="muted">You sign in as ${d.email}. To change it, ask us.</p>
  ${field('phone', 'Phone', e, { value: d.phone, type: 'tel', autocomplete: 'tel', maxlength: 40 })}
  <fieldset><legend>Address</legend>
    ${field('line1', 'Street address', e, { value: a.line1, autocomplete: 'address-line1', maxlength: 200 })}
    ${field('line2', 'Apartment, suite (optional)', e, { value: a.line2, autocomplete: 'address-line2', maxlength: 200 })}
    ${field('city', 'City', e, { value: a.city, autocomplete: 'address-level2', maxlength: 100 })}
    ${field('region', 'State or region', e, { value: a.region, autocomplete: 'address-level1', maxlength: 100 })}
    ${field('postalCode', 'Postal code', e, { value: a.postalCode, autocomplete: 'postal-code', maxlength: 20 })}
    ${field('country', 'Country', e, { value: a.country, autocomplete: 'country', maxlength: 60 })}
  </fieldset>
  <button type="submit">Save your details</button>
</form>
<h2>Password</h2>
<form class="stack" method="post" action="${storeHref(store, 'account/password')}">
  ${field('current_password', 'Current password', options.passwordErrors, { type: 'password', autocomplete: 'current-password', required: true })}
  ${field('new_password', `New password (at least ${PASSWORD_MIN_LENGTH} characters)`, options.passwordErrors, {
    type: 'password',
    autocomplete: 'new-password',
    required: true,
  })}
  <button type="submit">Change the password</button>
</form>`;
}

/** GET /store/{slug}/account/forgot: asking for a link to set a new password. */
export function forgotContent(frame: PageFrame, options: { sent: boolean; email: string; error: string | null }): Html {
  return html`<h1>Forgot your password?</h1>
${
  options.sent
    ? html`<p class="notice" role="status">If ${options.email} is the address of one of our customers, we have sent it a link to choose a new password. It works once, for a short while.</p>`
    : html`<p class="muted">Give the email address you sign in with: we send it a link to choose a new password.</p>
<form class="stack" method="post" action="${storeHref(frame.store, 'account/forgot')}">
  ${field('email', 'Email', options.error ? { email: options.error } : {}, { type: 'email', autocomplete: 'email', required: true, value: options.email, maxlength: 254 })}
  <button type="submit">Send the link</button>
</form>`
}
<p><a href="${storeHref(frame.store, 'account')}">Back to sign in</a></p>`;
}

/** GET /store/{slug}/account/reset?token=…: choosing the new password (or why the link no longer works). */
export function resetContent(
  frame: PageFrame,
  options: { token: string; email: string | null; errors: FormErrors },
): Html {
  if (options.email === null)
    return html`<h1>Choose a new password</h1>
<p class="notice error" role="alert">${options.errors.token ?? 'This link is not valid.'}</p>
<p><a href="${storeHref(frame.store, 'account/forgot')}">Ask for a new link</a></p>`;
  return html`<h1>Choose a new password</h1>
<p class="muted">For ${options.email}.</p>
<form class="stack" method="post" action="${storeHref(frame.store, 'account/reset')}">
  <input type="hidden" name="token" value="${options.token}">
  ${field('password', `New password (at least ${PASSWORD_MIN_LENGTH} characters)`, options.errors, {
    type: 'password',
    autocomplete: 'new-password',
    required: true,
  })}
  <button type="submit">Save the password</button>
</form>`;
}

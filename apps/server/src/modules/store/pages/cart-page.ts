import { MAX_STORE_COUPON_LENGTH, STORE_PAYMENT_LABELS, STORE_PAYMENTS } from '@atelier/contracts';
import type { StorePrice } from '../prices';
import type { CartLine } from './cart-cookie';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';
import { money, perUnit } from './parts';

/** A cart line as priced now: its price for this visitor, and its total (null when prices are hidden or it is gone). */
export type PricedLine = { line: CartLine; price: StorePrice | null; totalCents: number | null; basis: string };

/** Problems with the last checkout, by field (`lines.0.quantity`, `payment`), said where they belong. */
export type CheckoutErrors = Record<string, string>;

function lineRow(frame: PageFrame, p: PricedLine, i: number, errors: CheckoutErrors): Html {
  const href = storeHref(frame.store, `p/${p.line.productId}${p.line.variantId ? `?variant=${p.line.variantId}` : ''}`);
  const lineErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith(`lines.${i}.`) || k === `lines.${i}`)
    .map(([, m]) => m);
  return html`<tr>
  <td>${
    p.price
      ? html`<a href="${href}">${p.price.name}</a>${p.price.variant ? html`<br><span class="muted">${p.price.variant}</span>` : null}`
      : html`<span class="muted">No longer in the store</span>`
  }${p.basis ? html`<br><span class="muted">${p.basis}</span>` : null}${lineErrors.map((m) => html`<div class="error">${m}</div>`)}</td>
  <td class="num">${p.price?.priceCents != null ? html`${money(frame.store.currency, p.price.priceCents)}${perUnit(p.price.unit) ? html`<br><span class="muted">${perUnit(p.price.unit)}</span>` : null}` : '—'}</td>
  <td class="num"><label class="muted" for="quantity-${i}">${p.line.width || p.line.length ? 'Pieces' : 'Quantity'}</label><br><input id="quantity-${i}" name="quantity" inputmode="decimal" value="${p.line.quantity}" form="update-cart"></td>
  <td class="num">${p.totalCents !== null ? money(frame.store.currency, p.totalCents) : '—'}</td>
  <td><button class="linkish" form="remove-${i}" type="submit" aria-label="Remove ${p.price?.name ?? 'this line'}">Remove</button></td>
</tr>`;
}

/** GET /store/{slug}/cart: the lines priced now, their total, and the way to order or ask for a quote. */
export function cartContent(
  frame: PageFrame,
  lines: PricedLine[],
  options: {
    errors: CheckoutErrors;
    quotes: boolean;
    account: boolean;
    note: string;
    /** The coupon code as typed, kept after a refused checkout. */
    coupon?: string;
    notice?: string;
  },
): Html {
  const { store } = frame;
  const total = lines.every((l) => l.totalCents !== null) ? lines.reduce((s, l) => s + (l.totalCents ?? 0), 0) : null;
  const action = (path: string) => storeHref(store, path);
  const e = options.errors;
  return html`<h1>Your cart</h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : null}
${
  !lines.length
    ? html`<p>Your cart is empty. <a href="${storeHref(store)}">Browse the store</a>.</p>`
    : html`<form id="update-cart" method="post" action="${action('cart/update')}"></form>
${lines.map((_, i) => html`<form id="remove-${i}" method="post" action="${action('cart/remove')}"><input type="hidden" name="line" value="${i}"></form>`)}
<table class="cart">
  <thead><tr><th>Item</th><th class="num">Price</th><th class="num">How many</th><th class="num">Total</th><th><span class="skip">Remove</span></th></tr></thead>
  <tbody>${lines.map((l, i) => lineRow(frame, l, i, e))}</tbody>
  <tfoot><tr><th colspan="3">Total before tax and delivery</th><th class="num">${total !== null ? money(store.currency, total) : '—'}</th><td></td></tr></tfoot>
</table>
<p><button class="secondary" type="submit" form="update-cart">Update quantities</button></p>
${
  frame.customer
    ? html`<h2>Order or ask for a quote</h2>
<form class="stack" method="post" action="${action('checkout')}">
  <fieldset><legend>What would you like?</legend>
    <label class="check"><input type="radio" name="mode" value="order" checked> Place the order</label>
    ${options.quotes ? html`<label class="check"><input type="radio" name="mode" value="quote"> Ask for a quote first</label>` : null}
  </fieldset>
  <fieldset><legend>How you will pay for an order</legend>
    ${STORE_PAYMENTS.filter((p) => p === 'pickup' || options.account).map(
      (p, i) =>
        html`<label class="check"><input type="radio" name="payment" value="${p}"${i === 0 ? html` checked` : null}> ${STORE_PAYMENT_LABELS[p]}</label>`,
    )}
    ${e.payment ? html`<div class="error">${e.payment}</div>` : null}
    <p class="muted">There is no card payment online: we confirm your order and its total, and you pay ${options.account ? 'on your account’s terms or ' : ''}when you pick it up.</p>
  </fieldset>
  <label>Coupon code (optional)<input id="coupon" name="coupon" autocomplete="off" spellcheck="false" maxlength="${MAX_STORE_COUPON_LENGTH}" value="${options.coupon ?? ''}" aria-describedby="${e.coupon ? 'coupon-error coupon-hint' : 'coupon-hint'}"${e.coupon ? html` aria-invalid="true"` : null}></label>
  ${e.coupon ? html`<div class="error" id="coupon-error">${e.coupon}</div>` : null}
  <p class="muted" id="coupon-hint">${options.quotes ? 'A coupon applies to orders only, not to quote requests: we price it when you place the order.' : 'We price the coupon when you place the order.'}</p>
  <label>A note for us (optional)<textarea name="note" rows="3" maxlength="2000">${options.note}</textarea></label>
  ${e.note ? html`<div class="error">${e.note}</div>` : null}
  ${e.mode ? html`<div class="error">${e.mode}</div>` : null}
  <button type="submit">Send</button>
</form>`
    : html`<p class="notice"><a href="${action('account?next=cart')}">Sign in</a> to place the order or ask for a quote: your cart stays here.</p>`
}`
}`;
}

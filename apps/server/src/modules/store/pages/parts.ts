import {
  SELL_UNIT_LABELS,
  type SellUnit,
  type StoreAvailability,
  type StoreImage,
  type StoreProductCard,
} from '@atelier/contracts';
import { THUMB_PX } from '../../products';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';

export const money = (currency: string, cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

const PER: Partial<Record<SellUnit, string>> = { sq_ft: 'per sq ft', linear_ft: 'per linear ft' };
/** "per sq ft" after a measured price; "per box" for a boxed one; nothing for each. */
export const perUnit = (unit: SellUnit) =>
  unit === 'each' ? '' : (PER[unit] ?? `per ${SELL_UNIT_LABELS[unit].toLowerCase()}`);

/** A price with what it was (on sale) and its unit; the store's "sign in for prices" otherwise. */
export function priceLine(
  frame: PageFrame,
  p: { priceCents: number | null; compareAtCents: number | null; unit: SellUnit },
) {
  if (p.priceCents === null) return html`<span class="muted">Sign in for prices</span>`;
  const onSale = p.compareAtCents !== null && p.compareAtCents > p.priceCents;
  return html`<span class="price${onSale ? ' sale' : ''}">${money(frame.store.currency, p.priceCents)}</span>${
    perUnit(p.unit) ? html` <span class="muted">${perUnit(p.unit)}</span>` : null
  }${onSale ? html`<span class="was">${money(frame.store.currency, p.compareAtCents as number)}</span>` : null}`;
}

export function availabilityLine(a: StoreAvailability): Html {
  if (a.inStock) return html`<span class="stock">In stock</span>`;
  return html`<span class="stock later">${
    a.shipsInWeeks === null ? 'Made to order' : `Ships in ${a.shipsInWeeks} week${a.shipsInWeeks === 1 ? '' : 's'}`
  }</span>`;
}

/** The thumbnail's own width (it fits inside THUMB_PX square), for the browser to choose a size. */
const thumbWidth = (i: StoreImage) =>
  i.width >= i.height ? Math.min(THUMB_PX, i.width) : Math.round((Math.min(THUMB_PX, i.height) * i.width) / i.height);

/** An image in the sizes the server has (thumbnail and original), lazily loaded unless it is seen first. */
export function picture(i: StoreImage, sizes: string, eager = false): Html {
  return html`<img src="${i.thumbUrl}" srcset="${i.thumbUrl} ${thumbWidth(i)}w, ${i.url} ${i.width}w" sizes="${sizes}" alt="${i.alt}" width="${i.width}" height="${i.height}"${
    eager ? html` fetchpriority="high"` : html` loading="lazy" decoding="async"`
  }>`;
}

export function productCard(frame: PageFrame, p: StoreProductCard, index: number): Html {
  return html`<li class="card"><a href="${storeHref(frame.store, `p/${p._id}`)}">
  <div class="pic">${p.image ? picture(p.image, '(min-width:1000px) 280px, (min-width:700px) 33vw, 50vw', index < 4) : null}</div>
  <div class="name">${p.name}</div>
  <div>${priceLine(frame, p)}</div>
  <div>${availabilityLine(p.availability)}</div>
</a></li>`;
}

/** A calendar day (YYYY-MM-DD) as people read it: "Dec 29, 2026" (noon UTC, so no time zone moves it). */
export const calendarDay = (day: string) =>
  new Date(`${day.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

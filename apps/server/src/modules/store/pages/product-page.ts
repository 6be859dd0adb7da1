import { type Measure, MeasureError, quotePrice, type StoreProduct } from '@atelier/contracts';
import { cleanRichText, richTextToPlain } from '../../../platform/text/rich-text';
import { type Html, html, jsonLd, raw } from './html';
import { type PageFrame, type PageMeta, storeHref } from './layout';
import type { PageQuery } from './listing';
import { availabilityLine, money, perUnit, picture, priceLine } from './parts';

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

type Variant = StoreProduct['variants'][number];

/** The variant the address chose (`?variant=`), else the first; none for a product without variants. */
function chosenVariant(p: StoreProduct, q: PageQuery): Variant | null {
  const id = one(q.variant);
  return p.variants.find((v) => v._id === id) ?? p.variants[0] ?? null;
}

/** Where choosing `value` for option `index` leads: the variant with the other choices kept, else any with that value. */
function variantFor(p: StoreProduct, current: Variant | null, index: number, value: string): Variant | undefined {
  const wanted = (current?.values ?? []).map((v, i) => (i === index ? value : v));
  return (
    p.variants.find((v) => v.values.every((x, i) => x === wanted[i])) ??
    p.variants.find((v) => v.values[index] === value)
  );
}

const MEASURES = ['width', 'length', 'area', 'feet', 'quantity'] as const;

/** The price calculator's answer for what the address measured (`?width=&length=`), if it measured anything. */
function calculate(p: StoreProduct, priceCents: number | null, q: PageQuery) {
  const measure: Measure = {};
  const errors: Record<string, string> = Object.create(null);
  let asked = false;
  for (const key of MEASURES) {
    const text = one(q[key])?.trim();
    if (!text) continue;
    asked = true;
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0 || n > 1_000_000) errors[key] = 'Enter a number above 0.';
    else measure[key] = n;
  }
  if (!asked || priceCents === null || p.pricingMode === 'unit') return { asked, measure: q, errors, quote: null };
  if (Object.keys(errors).length) return { asked, measure: q, errors, quote: null };
  try {
    const quote = quotePrice(
      {
        unit: p.unit,
        priceCents,
        pricing: { mode: p.pricingMode, minimum: p.pricingMinE4 / 10_000, increment: p.pricingIncE4 / 10_000 },
        coverage: null,
      },
      measure,
    );
    return { asked, measure: q, errors, quote };
  } catch (error) {
    if (error instanceof MeasureError) return { asked, measure: q, errors: { ...error.fields }, quote: null };
    throw error;
  }
}

function calculator(
  frame: PageFrame,
  p: StoreProduct,
  variant: Variant | null,
  priceCents: number | null,
  q: PageQuery,
): Html | null {
  if (p.pricingMode === 'unit' || priceCents === null) return null;
  const c = calculate(p, priceCents, q);
  const field = (key: (typeof MEASURES)[number], label: string) =>
    html`<label>${label}<input name="${key}" inputmode="decimal" value="${one(q[key]) ?? ''}"${
      c.errors[key] ? html` aria-invalid="true" aria-describedby="${key}-error"` : null
    }>${c.errors[key] ? html`<span class="error" id="${key}-error">${c.errors[key]}</span>` : null}</label>`;
  // One form, two buttons: Calculate asks this page again (GET), Add to cart posts the measure.
  const cart = `${storeHref(frame.store, 'cart')}?product=${p._id}${variant ? `&variant=${variant._id}` : ''}`;
  return html`<section class="calc" aria-labelledby="calc-title"><h2 id="calc-title">Price calculator</h2>
<form method="get" action="${storeHref(frame.store, `p/${p._id}`)}#calc-title">
  ${variant ? html`<input type="hidden" name="variant" value="${variant._id}">` : null}
  <div class="row">
    ${p.pricingMode === 'area' ? [field('width', 'Width (in)'), field('length', 'Length (in)')] : field('length', 'Length (in)')}
    ${field('quantity', 'Pieces')}
    <button type="submit" class="secondary">Calculate</button>
    <button type="submit" formmethod="post" formaction="${cart}">Add to cart</button>
  </div>
</form>
${
  c.quote
    ? html`<p role="status"><strong>${money(frame.store.currency, c.quote.totalCents)}</strong> for ${c.quote.quantity} ${perUnit(p.unit).replace(/^per /, '')}: ${c.quote.basis.join(', ')}.</p>`
    : null
}
</section>`;
}

/** Add to cart (a unit-priced product; a measured one adds from its calculator) and Save to favorites. */
function buying(frame: PageFrame, p: StoreProduct, variant: Variant | null, priceCents: number | null): Html {
  const { store } = frame;
  const hidden = html`<input type="hidden" name="productId" value="${p._id}">${
    variant ? html`<input type="hidden" name="variantId" value="${variant._id}">` : null
  }`;
  const cart =
    priceCents !== null && p.pricingMode === 'unit'
      ? html`<form class="buy" method="post" action="${storeHref(store, 'cart')}">${hidden}
  <label>Quantity<input name="quantity" inputmode="decimal" value="1" required></label>
  <button type="submit">Add to cart</button></form>`
      : priceCents === null
        ? html`<p><a href="${storeHref(store, 'account')}">Sign in</a> to see prices and order.</p>`
        : null;
  const favorite = frame.customer
    ? html`<form method="post" action="${storeHref(store, 'favorites')}">${hidden}<button class="linkish" type="submit">Save to favorites</button></form>`
    : null;
  return html`${cart}${favorite}`;
}

/** The product page: its pictures, its choices (each a link, so it works without a script), price, availability and details. */
export function productContent(frame: PageFrame, p: StoreProduct, q: PageQuery): { meta: PageMeta; content: Html } {
  const variant = chosenVariant(p, q);
  const priceCents = variant ? variant.priceCents : p.priceCents;
  const availability = variant ? variant.availability : p.availability;
  const href = storeHref(frame.store, `p/${p._id}`);
  const imageId = one(q.image);
  const main =
    p.images.find((i) => i._id === imageId) ?? p.images.find((i) => i._id === variant?.imageId) ?? p.images[0];
  const keep = (extra: Record<string, string>) => {
    const params = new URLSearchParams(variant ? { variant: variant._id, ...extra } : extra);
    const s = params.toString();
    return s ? `${href}?${s}` : href;
  };
  // Stored sanitised (platform/text/rich-text.ts); cleaned again here, as every way in may not have been.
  const body = cleanRichText(p.description);
  const description = richTextToPlain(body).trim() || `${p.name}${p.category ? `, in ${p.category.name}` : ''}.`;
  const content = html`<div class="crumbs"><a href="${storeHref(frame.store)}">Home</a>${
    p.category ? html` › <a href="${storeHref(frame.store, `c/${p.category._id}`)}">${p.category.name}</a>` : null
  }</div>
<article class="product">
  <div class="gallery">
    <div class="main">${main ? picture(main, '(min-width:900px) 560px, 100vw', true) : null}</div>
    ${
      p.images.length > 1
        ? html`<ul class="thumbs" aria-label="More pictures">${p.images.map(
            (i, n) =>
              html`<li><a href="${keep({ image: i._id })}"${i === main ? html` aria-current="true"` : null} aria-label="Picture ${n + 1}"><img src="${i.thumbUrl}" alt="" width="64" height="64" loading="lazy"></a></li>`,
          )}</ul>`
        : null
    }
  </div>
  <div>
    <h1>${p.name}</h1>
    <p>${priceLine(frame, { priceCents, compareAtCents: variant ? null : p.compareAtCents, unit: p.unit })}</p>
    <p>${availabilityLine(availability)}</p>
    ${p.options.map(
      (o, index) =>
        html`<h2>${o.name}</h2><ul class="chips">${o.values.map((value) => {
          const to = variantFor(p, variant, index, value);
          if (!to) return null;
          const current = variant?.values[index] === value;
          return html`<li><a href="${`${href}?variant=${to._id}`}"${current ? html` aria-current="true"` : null}>${value}</a></li>`;
        })}</ul>`,
    )}
    ${buying(frame, p, variant, priceCents)}
    ${calculator(frame, p, variant, priceCents, q)}
    <p class="muted">SKU ${variant?.sku || p.sku}</p>
    ${p.details.length ? html`<h2>Details</h2><dl class="details">${p.details.map((d) => html`<dt>${d.name}</dt><dd>${d.value}</dd>`)}</dl>` : null}
    ${body ? html`<h2>Description</h2><div class="text">${raw(body)}</div>` : null}
  </div>
</article>
${jsonLd({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: p.name,
  sku: variant?.sku || p.sku,
  description,
  ...(main ? { image: `${frame.appUrl}${main.url}` } : {}),
  ...(priceCents !== null
    ? {
        offers: {
          '@type': 'Offer',
          price: (priceCents / 100).toFixed(2),
          priceCurrency: frame.store.currency,
          availability: availability.inStock ? 'https://schema.org/InStock' : 'https://schema.org/BackOrder',
          url: `${frame.appUrl}${href}`,
        },
      }
    : {}),
})}`;
  return {
    meta: {
      title: p.name,
      description: description.slice(0, 300),
      path: `p/${p._id}`,
      image: main?.url ?? null,
      type: 'product',
    },
    content,
  };
}

import { STORE_SORT_LABELS, STORE_SORTS, type StoreProducts, storeProductsQuerySchema } from '@atelier/contracts';
import type { z } from 'zod';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';
import { productCard } from './parts';

type ProductsQuery = z.output<typeof storeProductsQuerySchema>;

/** What a listing page's address may say (`?q=&facet=&from=&to=&inStock=yes&sort=&cursor=`); prices in the currency's units. */
export type PageQuery = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const dollarsToCents = (v: string | undefined) => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v.replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : v;
};

/**
 * The products query a listing page's address asks for, on top of what its path fixes (a
 * category, collection, vendor). A value that is not right (a price that is not a number) is left
 * out and said next to its field, so the page still shows.
 */
export function readListingQuery(
  fixed: Partial<ProductsQuery>,
  q: PageQuery,
): { query: ProductsQuery; errors: Record<string, string> } {
  const wanted: Record<string, unknown> = Object.assign(Object.create(null), {
    q: one(q.q),
    facet: q.facet,
    min: dollarsToCents(one(q.from)),
    max: dollarsToCents(one(q.to)),
    inStock: one(q.inStock),
    sort: one(q.sort),
    cursor: one(q.cursor),
  });
  const errors: Record<string, string> = Object.create(null);
  const field: Record<string, string> = { min: 'from', max: 'to' };
  for (let tries = 0; tries < 8; tries++) {
    const parsed = storeProductsQuerySchema.safeParse({ ...wanted, ...fixed });
    if (parsed.success) return { query: parsed.data, errors };
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (!(key in wanted) || wanted[key] === undefined) continue;
      errors[field[key] ?? key] = issue.message;
      wanted[key] = undefined;
    }
  }
  return { query: storeProductsQuerySchema.parse(fixed), errors };
}

/** The address of this listing with some of its query changed (a next page). */
function withQuery(path: string, q: PageQuery, change: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (k in change || v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) params.append(k, one);
  }
  for (const [k, v] of Object.entries(change)) if (v !== undefined) params.set(k, v);
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

const cents = (c: number | undefined) => (c === undefined ? '' : String(c / 100));

export type Listing = {
  title: string;
  intro?: string;
  crumbs: { label: string; href: string }[];
  /** The page's path under the store (`c/{id}`, `search`). */
  path: string;
  /** The address's own query, as it came. */
  pageQuery: PageQuery;
  query: ProductsQuery;
  errors: Record<string, string>;
  result: StoreProducts;
  /** Where a subcategory of the facets leads. */
  categoryHref: (id: string) => string;
};

function filtersForm(frame: PageFrame, l: Listing): Html {
  const chosen = new Set(l.query.facet);
  const action = storeHref(frame.store, l.path);
  return html`<aside><details open><summary>Filter and sort</summary>
<form method="get" action="${action}">
  ${l.query.q ? html`<input type="hidden" name="q" value="${l.query.q}">` : null}
  ${l.result.facets.filters.map(
    (f) =>
      html`<fieldset><legend>${f.name}</legend>${f.values.map(
        (v) =>
          html`<label class="check"><input type="checkbox" name="facet" value="${v._id}"${
            chosen.has(v._id) ? html` checked` : null
          }> ${v.name} <span class="muted">(${v.count})</span></label>`,
      )}</fieldset>`,
  )}
  <fieldset><legend>Price</legend><div class="range">
    <label>From <input name="from" inputmode="decimal" value="${l.errors.from ? (one(l.pageQuery.from) ?? '') : cents(l.query.min)}" ${l.errors.from ? html`aria-invalid="true" aria-describedby="from-error"` : null} size="6"></label>
    <label>To <input name="to" inputmode="decimal" value="${l.errors.to ? (one(l.pageQuery.to) ?? '') : cents(l.query.max)}" ${l.errors.to ? html`aria-invalid="true" aria-describedby="to-error"` : null} size="6"></label>
  </div>
  ${l.errors.from ? html`<div class="error" id="from-error">${l.errors.from}</div>` : null}
  ${l.errors.to ? html`<div class="error" id="to-error">${l.errors.to}</div>` : null}
  </fieldset>
  <label class="check"><input type="checkbox" name="inStock" value="yes"${l.query.inStock ? html` checked` : null}> In stock only</label>
  <fieldset><legend><label for="sort">Sort by</label></legend>
    <select id="sort" name="sort">${STORE_SORTS.map(
      (s) => html`<option value="${s}"${l.query.sort === s ? html` selected` : null}>${STORE_SORT_LABELS[s]}</option>`,
    )}</select>
  </fieldset>
  <button type="submit">Apply</button> <a href="${withQuery(action, l.query.q ? { q: l.query.q } : {}, {})}">Clear</a>
</form></details></aside>`;
}

/** A page of products: category, subcategory, collection, vendor or search, with its filters. */
export function listingContent(frame: PageFrame, l: Listing): Html {
  const { result } = l;
  const total = typeof result.total === 'number' ? result.total.toLocaleString('en-US') : result.total;
  const base = storeHref(frame.store, l.path);
  return html`${
    l.crumbs.length
      ? html`<div class="crumbs">${l.crumbs.map((c, i) => html`${i ? ' › ' : ''}<a href="${c.href}">${c.label}</a>`)}</div>`
      : null
  }
<h1>${l.title}</h1>
${l.intro ? html`<p class="muted">${l.intro}</p>` : null}
${
  result.facets.categories.length
    ? html`<nav aria-label="Subcategories"><ul class="chips">${result.facets.categories.map(
        (c) => html`<li><a href="${l.categoryHref(c._id)}">${c.name} <span class="muted">(${c.count})</span></a></li>`,
      )}</ul></nav>`
    : null
}
<div class="layout">
${filtersForm(frame, l)}
<section aria-label="Products">
  <p class="muted" role="status">${result.total === 0 ? 'No products match.' : `${total} product${result.total === 1 ? '' : 's'}`}</p>
  ${result.items.length ? html`<ul class="grid">${result.items.map((p, i) => productCard(frame, p, i))}</ul>` : null}
  ${
    result.next
      ? html`<div class="pager"><a class="button secondary" rel="next" href="${withQuery(base, l.pageQuery, { cursor: result.next })}">More products</a></div>`
      : null
  }
</section>
</div>`;
}

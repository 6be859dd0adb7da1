import type { StoreProducts } from '@atelier/contracts';
import { type Html, html } from './html';
import { type PageFrame, storeHref } from './layout';
import { productCard } from './parts';

/** The store's front page: its banner, its categories, collections and vendors, and the first of its products. */
export function homeContent(frame: PageFrame, products: StoreProducts): Html {
  const { store, catalog } = frame;
  return html`<h1>${store.name}</h1>
${store.banner ? html`<p class="banner">${store.banner}</p>` : null}
${
  catalog.categories.length
    ? html`<h2>Shop by category</h2><ul class="tiles">${catalog.categories.map(
        (c) =>
          html`<li><a href="${storeHref(store, `c/${c._id}`)}"><strong>${c.name}</strong><br><span class="muted">${c.count} product${c.count === 1 ? '' : 's'}</span></a></li>`,
      )}</ul>`
    : null
}
${
  catalog.collections.length
    ? html`<h2>Collections</h2><ul class="chips">${catalog.collections.map(
        (c) => html`<li><a href="${storeHref(store, `col/${c._id}`)}">${c.name}</a></li>`,
      )}</ul>`
    : null
}
${
  catalog.vendors.length
    ? html`<h2>Brands</h2><ul class="chips">${catalog.vendors.map(
        (v) => html`<li><a href="${storeHref(store, `v/${v._id}`)}">${v.name}</a></li>`,
      )}</ul>`
    : null
}
${
  products.items.length
    ? html`<h2>Products</h2><ul class="grid">${products.items.map((p, i) => productCard(frame, p, i))}</ul>
<div class="pager"><a class="button secondary" href="${storeHref(store, 'search')}">See every product</a></div>`
    : html`<p class="muted">This store has no products to show yet.</p>`
}`;
}

/** A page for an address the store does not have (a product taken out, a mistyped link). */
export function notFoundContent(frame: PageFrame, message: string): Html {
  return html`<h1>Not found</h1><p>${message}</p><p><a href="${storeHref(frame.store)}">Go to the store's front page</a></p>`;
}

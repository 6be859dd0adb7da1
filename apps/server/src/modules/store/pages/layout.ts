import type { PublicStore, StoreCatalog } from '@atelier/contracts';
import { type Html, html, raw } from './html';
import { STORE_CSS } from './styles';

/** What a page says about itself: its title, its description for search engines and shared links, its address. */
export type PageMeta = {
  title: string;
  description: string;
  /** The page's path under the store (`p/{id}`, `search?q=…`), '' for its home. */
  path: string;
  /** An image for shared links (Open Graph), as a path of this server. */
  image?: string | null;
  type?: 'website' | 'product';
  /** Search results and filtered pages are not for search engines. */
  noindex?: boolean;
};

/** Everything a store page is drawn in: who, where, and the app's public address for absolute links. */
export type PageFrame = {
  store: PublicStore;
  catalog: StoreCatalog;
  appUrl: string;
  /** The top-level category the page is in, for the menu. */
  category?: string | null;
  query?: string;
  /** The customer signed in at this store, if any. */
  customer: { firstName: string } | null;
  /** How many lines the visitor's cart holds. */
  cartLines: number;
};

export const storeHref = (store: Pick<PublicStore, 'slug'>, path = '') => `/store/${store.slug}/${path}`;

/** A whole page: head with its title and shared-link tags, the store's header and menu, the content, the footer. */
export function page(frame: PageFrame, meta: PageMeta, content: Html): string {
  const { store, catalog } = frame;
  const url = `${frame.appUrl}${storeHref(store, meta.path)}`;
  const title = meta.title === store.name ? store.name : `${meta.title} · ${store.name}`;
  const image = meta.image ? `${frame.appUrl}${meta.image}` : null;
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<meta name="description" content="${meta.description}">
${meta.noindex ? html`<meta name="robots" content="noindex,follow">` : html`<link rel="canonical" href="${url}">`}
<meta property="og:site_name" content="${store.name}">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
<meta property="og:type" content="${meta.type ?? 'website'}">
<meta property="og:url" content="${url}">
${image ? html`<meta property="og:image" content="${image}"><meta name="twitter:card" content="summary_large_image">` : null}
<style>${raw(STORE_CSS)}</style>
</head>
<body>
<a class="skip" href="#content">Skip to the products</a>
<header class="top">
  <a class="brand" href="${storeHref(store)}">${
    store.logoUrl ? html`<img src="${store.logoUrl}" alt="" width="36" height="36">` : null
  }<span>${store.name}</span></a>
  <form class="search" role="search" action="${storeHref(store, 'search')}" method="get">
    <input type="search" name="q" value="${frame.query ?? ''}" placeholder="Search the store" aria-label="Search the store" maxlength="100">
    <button type="submit">Search</button>
  </form>
  <nav class="account" aria-label="Your account">
    <a href="${storeHref(store, 'account')}">${frame.customer ? 'Your account' : 'Sign in'}</a>
    <a href="${storeHref(store, 'cart')}">Cart${frame.cartLines ? ` (${frame.cartLines})` : ''}</a>
  </nav>
</header>
${
  catalog.categories.length
    ? html`<nav class="cats" aria-label="Categories">${catalog.categories.map(
        (c) =>
          html`<a href="${storeHref(store, `c/${c._id}`)}"${
            frame.category === c._id ? html` aria-current="page"` : null
          }>${c.name}</a>`,
      )}</nav>`
    : null
}
<main id="content">${content}</main>
<footer class="bottom">${store.name}</footer>
</body>
</html>`}`;
}

import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { PUBLIC } from '../../../platform/http/access';
import { HttpError } from '../../../platform/http/errors';
import { type AnyRoute, defineRoute } from '../../../platform/http/routes';
import { storeProduct, storeProducts } from '../catalog';
import type { StoreCustomer } from '../customer-session';
import { openStore, type Store } from '../public-store';
import { browsing } from '../store.routes';
import { pricedCards, pricedProduct } from './customer-prices';
import { homeContent } from './home';
import { type PageFrame, storeHref } from './layout';
import { listingContent, type PageQuery, readListingQuery } from './listing';
import { storeCategory, storeCollection, storeVendor } from './names';
import { productContent } from './product-page';
import { sitemap } from './sitemap';
import { type Built, pageRoute, redirect } from './store-page';

const slug = z.string().max(100);
const id = z.string().max(100);

/** A listing: a category (`c/`), its items on sale (`s/`), a collection, a vendor or a search. */
async function listing(
  input: { db: Tx; store: Store; customer: StoreCustomer | null; frame: PageFrame; q: PageQuery },
  fixed: Parameters<typeof readListingQuery>[0],
  view: {
    title: string;
    intro?: string;
    path: string;
    crumbs: { label: string; href: string }[];
    category?: string | null;
    categoryHref?: (id: string) => string;
  },
): Promise<Built> {
  const { query, errors } = readListingQuery(fixed, input.q);
  const result = await pricedCards(
    input.db,
    input.store,
    input.customer,
    await storeProducts(input.db, input.store, query),
  );
  const filtered = Object.keys(input.q).some((k) => k !== 'cursor');
  return {
    meta: {
      title: view.title,
      description: view.intro || `${view.title} at ${input.frame.store.name}`,
      path: view.path,
      image: result.items[0]?.image?.url ?? null,
      noindex: filtered || Boolean(query.cursor),
    },
    content: listingContent(input.frame, {
      ...view,
      pageQuery: input.q,
      query,
      errors,
      result,
      categoryHref: view.categoryHref ?? ((c) => storeHref(input.frame.store, `c/${c}`)),
    }),
    category: view.category ?? null,
    query: query.q,
  };
}

async function categoryPage(
  input: { db: Tx; store: Store; customer: StoreCustomer | null; frame: PageFrame; q: PageQuery },
  id: string,
  sale: boolean,
): Promise<Built> {
  const { db, store, frame } = input;
  const category = await storeCategory(db, store, id);
  const prefix = sale ? 's' : 'c';
  // A category's address names it with its parent (`c/{parent}/{category}`), a top one alone.
  const href = (path: { id: string }[]) =>
    storeHref(
      frame.store,
      `c/${path
        .map((c) => c.id)
        .slice(-2)
        .join('/')}`,
    );
  const here = category.path.map((c) => c.id);
  return listing(
    input,
    { category: category.id, ...(sale ? { sale: 'yes' as const } : {}) },
    {
      title: sale ? `${category.name} on sale` : category.name,
      intro: category.description,
      path: `${here.length > 1 || !sale ? prefix : 'c'}/${here.slice(-2).join('/')}`,
      crumbs: [
        { label: 'Home', href: storeHref(frame.store) },
        ...category.path.slice(0, -1).map((c, i) => ({ label: c.name, href: href(category.path.slice(0, i + 1)) })),
      ],
      category: here[0] ?? null,
      categoryHref: (sub) => storeHref(frame.store, `${prefix}/${category.id}/${sub}`),
    },
  );
}

/** The category a `c/{category}/{subcategory}` address names: the subcategory, which must be under the category. */
async function subcategoryId(input: { db: Tx; store: Store }, parent: string, child: string) {
  const sub = await storeCategory(input.db, input.store, child);
  if (!sub.path.some((c) => c.id === parent))
    throw new HttpError(404, 'not_found', 'This category is not in the store.');
  return sub.id;
}

export const storePageRoutes: AnyRoute[] = [
  pageRoute({
    url: '',
    summary: 'A store’s front page (HTML): its banner, categories, collections, brands and first products',
    params: z.strictObject({ slug }),
    build: async ({ db, store, customer, frame }) => ({
      meta: { title: frame.store.name, description: frame.store.banner || `Shop ${frame.store.name}`, path: '' },
      content: homeContent(
        frame,
        await pricedCards(
          db,
          store,
          customer,
          await storeProducts(db, store, readListingQuery({ limit: 12 }, {}).query),
        ),
      ),
    }),
  }),
  pageRoute({
    url: 'c/:category',
    summary: 'A store’s category page (HTML), its subcategories’ products included, with filters',
    params: z.strictObject({ slug, category: id }),
    build: (input) => categoryPage(input, input.params.category as string, false),
  }),
  pageRoute({
    url: 'c/:category/:subcategory',
    summary: 'A store’s subcategory page (HTML), with filters',
    params: z.strictObject({ slug, category: id, subcategory: id }),
    build: async (input) =>
      categoryPage(
        input,
        await subcategoryId(input, input.params.category as string, input.params.subcategory as string),
        false,
      ),
  }),
  pageRoute({
    url: 's/:category/:subcategory',
    summary: 'A store’s subcategory, only what is on sale (HTML)',
    params: z.strictObject({ slug, category: id, subcategory: id }),
    build: async (input) =>
      categoryPage(
        input,
        await subcategoryId(input, input.params.category as string, input.params.subcategory as string),
        true,
      ),
  }),
  pageRoute({
    url: 'col/:collection',
    summary: 'A store’s collection page (HTML), with filters',
    params: z.strictObject({ slug, collection: id }),
    build: async (input) => {
      const c = await storeCollection(input.db, input.params.collection as string);
      return listing(
        input,
        { collection: c.id },
        {
          title: c.name,
          intro: c.description,
          path: `col/${c.id}`,
          crumbs: [{ label: 'Home', href: storeHref(input.frame.store) }],
        },
      );
    },
  }),
  pageRoute({
    url: 'v/:vendor',
    summary: 'A store’s page of one vendor’s (brand’s) products (HTML), with filters',
    params: z.strictObject({ slug, vendor: id }),
    build: async (input) => {
      const v = await storeVendor(input.db, input.store, input.params.vendor as string);
      return listing(
        input,
        { vendor: v.id },
        {
          title: v.name,
          path: `v/${v.id}`,
          crumbs: [{ label: 'Home', href: storeHref(input.frame.store) }],
        },
      );
    },
  }),
  pageRoute({
    url: 'search',
    summary: 'A store’s search (HTML): typed words in any order, typos forgiven, with filters',
    params: z.strictObject({ slug }),
    build: async (input) => {
      const q = readListingQuery({}, input.q).query.q;
      return listing(
        input,
        {},
        {
          title: q ? `Results for “${q}”` : 'All products',
          path: 'search',
          crumbs: [{ label: 'Home', href: storeHref(input.frame.store) }],
        },
      );
    },
  }),
  pageRoute({
    url: 'p/:id',
    summary: 'A store’s product page (HTML): pictures, options and variants, price, availability, calculator, details',
    params: z.strictObject({ slug, id }),
    build: async ({ db, store, customer, frame, params, q }) => {
      const product = await pricedProduct(db, store, customer, await storeProduct(db, store, params.id as string));
      const { meta, content } = productContent(frame, product, q);
      const variantChosen = Object.keys(q).length > 0;
      return { meta: { ...meta, noindex: variantChosen }, content, category: product.category?._id ?? null };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/store/:slug/sitemap.xml',
    root: true,
    summary: 'A store’s sitemap for search engines: its front page, categories, collections, brands and products',
    access: PUBLIC,
    limit: browsing('pages'),
    params: z.strictObject({ slug }),
    produces: 'application/xml',
    handler: async ({ db, deps, params, reply }) => {
      const store = await openStore(db, params.slug);
      if (store.slug !== params.slug) return redirect(reply, 301, `/store/${store.slug}/sitemap.xml`);
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
      return sitemap(db, store, deps.config.appUrl);
    },
  }),
];

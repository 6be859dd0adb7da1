import type { StoreProduct, StoreProducts } from '@atelier/contracts';
import type { Executor } from '../../../db/client';
import type { StoreCustomer } from '../customer-session';
import { storePrices } from '../prices';
import type { Store } from '../public-store';

/**
 * A signed-in customer sees their own prices (their account's, where the firm prices accounts)
 * and sees prices even where visitors are asked to sign in; the catalog's pages are priced for
 * visitors, so these put the customer's in. A "was" price stays only where it is the list price
 * the customer's is below.
 */
export async function pricedCards(db: Executor, store: Store, customer: StoreCustomer | null, page: StoreProducts) {
  if (!customer || !page.items.length) return page;
  const prices = await storePrices(
    db,
    store,
    customer,
    page.items.map((i) => ({ productId: i._id })),
  );
  return {
    ...page,
    items: page.items.map((item, i) => {
      const price = prices[i];
      if (!price || price.priceCents === null) return item;
      const was = item.compareAtCents ?? (price.priceCents < price.listPriceCents ? price.listPriceCents : null);
      return {
        ...item,
        priceCents: price.priceCents,
        compareAtCents: was !== null && was > price.priceCents ? was : null,
      };
    }),
  };
}

export async function pricedProduct(db: Executor, store: Store, customer: StoreCustomer | null, product: StoreProduct) {
  if (!customer) return product;
  const items = [
    { productId: product._id },
    ...product.variants.map((v) => ({ productId: product._id, variantId: v._id })),
  ];
  const [own, ...variants] = await storePrices(db, store, customer, items);
  return {
    ...product,
    priceCents: own?.priceCents ?? product.priceCents,
    compareAtCents:
      own && own.priceCents !== null && own.priceCents < own.listPriceCents
        ? own.listPriceCents
        : product.compareAtCents,
    variants: product.variants.map((v, i) => ({ ...v, priceCents: variants[i]?.priceCents ?? v.priceCents })),
  };
}

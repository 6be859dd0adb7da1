import type { SellUnit } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { products } from '../products';
import type { StockItem } from '../stock';
import { priceBookFor } from '../wholesale';
import { shown } from './catalog';
import type { Store, StoreCustomer } from './customer-session';

/** What pricing needs of a store: its firm, modules and settings (staff pages build it from their own firm's). */
export type PricingStore = Pick<Store, 'firmId' | 'features' | 'settings'>;

export type StoreItem = { productId: string; variantId?: string | null };

/** An item as the store sells it to this visitor or customer. */
export type StorePrice = {
  productId: string;
  variantId: string | null;
  name: string;
  /** The variant's option values ("Walnut / 30 in"), '' for the product itself. */
  variant: string;
  sku: string;
  unit: SellUnit;
  pricingMode: 'unit' | 'area' | 'length';
  /** Whether the product has variants to choose from (an order names one). */
  hasVariants: boolean;
  /** The catalog's price: the variant's, else the product's. */
  listPriceCents: number;
  /** What this customer pays: the account's price where it applies, else the list price; null when hidden. */
  priceCents: number | null;
  /** Which price it is ("List price", "Account price", "Trade: 15 % off"). */
  source: string;
};

type Row = {
  product_id: string;
  variant_id: string | null;
  name: string;
  variant: string;
  sku: string;
  unit: SellUnit;
  pricing_mode: 'unit' | 'area' | 'length';
  has_variants: boolean;
  list: string;
};

/**
 * The price of each item for this visitor or customer, in the order asked; null for an item
 * the store does not show (another firm's, a draft, archived, outside its categories, or a
 * variant that is not the product's or is archived). A visitor sees list prices, or none when
 * the store shows prices only to customers signed in; a customer signed in sees their account's
 * prices (its own prices, then its level's discount) where the firm has the wholesale module,
 * list prices otherwise. The same price book prices their orders and quotes. Exported for the pages.
 */
export async function storePrices(
  db: Executor,
  store: PricingStore,
  customer: Pick<StoreCustomer, 'companyId'> | null,
  items: StoreItem[],
): Promise<(StorePrice | null)[]> {
  if (!items.length) return [];
  // A malformed id is an item the store does not show, not an error.
  const productIds = items.map((i) => (isUuid(i.productId) ? i.productId : null));
  const variantIds = items.map((i) => (i.variantId && isUuid(i.variantId) ? i.variantId : null));
  const badVariant = items.map((i) => Boolean(i.variantId) && !isUuid(i.variantId!));
  const result = await db.execute<Row & { i: number }>(sql`
    SELECT q.i, p.id AS product_id, v.id AS variant_id, p.name,
           COALESCE(array_to_string(v.values, ' / '), '') AS variant, COALESCE(v.sku, p.sku) AS sku,
           p.unit, p.pricing_mode,
           EXISTS (SELECT 1 FROM product_variants x WHERE x.product_id = p.id AND x.archived_at IS NULL) AS has_variants,
           COALESCE(v.price_cents, p.price_cents) AS list
      FROM unnest(${sql.param(productIds)}::uuid[], ${sql.param(variantIds)}::uuid[]) WITH ORDINALITY AS q(pid, vid, i)
      JOIN products p ON p.id = q.pid AND p.firm_id = ${store.firmId}
      LEFT JOIN product_variants v ON v.id = q.vid AND v.product_id = p.id AND v.archived_at IS NULL
     WHERE ${shown(store, alias(products, 'p'))} AND (q.vid IS NULL OR v.id IS NOT NULL)`);
  const byIndex = new Map(result.rows.map((r) => [Number(r.i) - 1, r]));
  const found = items.map((_, i) => (badVariant[i] ? null : (byIndex.get(i) ?? null)));
  const hidden = !customer && store.settings.prices !== 'everyone';
  const { priceBook } = customer
    ? await priceBookFor(db, { firmId: store.firmId, features: store.features }, customer.companyId)
    : {};
  const asked = found.flatMap((r) => (r ? [r] : []));
  const answers =
    priceBook && asked.length
      ? await priceBook(
          asked.map((r) => ({
            item: {
              type: r.variant_id ? 'variant' : 'product',
              itemId: r.variant_id ?? r.product_id,
              productId: r.product_id,
              variantId: r.variant_id,
              materialId: null,
              name: r.name,
              sku: r.sku,
            } satisfies StockItem,
            listPriceCents: Number(r.list),
          })),
        )
      : [];
  let n = 0;
  return found.map((r) => {
    if (!r) return null;
    const special = answers[n++] ?? null;
    const list = Number(r.list);
    return {
      productId: r.product_id,
      variantId: r.variant_id,
      name: r.name,
      variant: r.variant,
      sku: r.sku,
      unit: r.unit,
      pricingMode: r.pricing_mode,
      hasVariants: r.has_variants,
      listPriceCents: list,
      priceCents: hidden ? null : (special?.cents ?? list),
      source: hidden ? '' : (special?.source ?? 'List price'),
    };
  });
}

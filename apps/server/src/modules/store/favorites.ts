import {
  type CustomerFavorites,
  KINDS,
  proposalInputSchema,
  quoteInputSchema,
  type SellUnit,
  type StoreFavorites,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { customerType } from '../customers';
import { proposalType } from '../proposals';
import { quoteType } from '../quotes';
import type { Store, StoreCustomer } from './customer-session';
import { type PricingStore, storePrices } from './prices';
import { storeFavorites } from './store-customer.table';

/** The most favorites one customer keeps. */
export const MAX_FAVORITES = 500;
const NOT_IN_STORE = 'This product is not in the store.';

type FavoriteRow = {
  product_id: string;
  variant_id: string | null;
  name: string;
  variant: string;
  sku: string;
  unit: SellUnit;
  added_at: string;
};

/** A customer's favorites, newest first, with what their product and variant are called now. */
async function favoriteRows(db: Executor, customerId: string): Promise<FavoriteRow[]> {
  const result = await db.execute<FavoriteRow>(sql`
    SELECT f.product_id, f.variant_id, p.name, COALESCE(array_to_string(v.values, ' / '), '') AS variant,
           COALESCE(v.sku, p.sku) AS sku, p.unit, to_json(f.created_at)#>>'{}' AS added_at
      FROM ${storeFavorites} f JOIN products p ON p.id = f.product_id
      LEFT JOIN product_variants v ON v.id = f.variant_id
     WHERE f.customer_id = ${customerId}
     ORDER BY f.created_at DESC, f.id`);
  return result.rows;
}

/** GET /public/store/{slug}/favorites: the signed-in customer's, only those the store still shows, at their prices. */
export async function listStoreFavorites(db: Executor, store: Store, customer: StoreCustomer): Promise<StoreFavorites> {
  const rows = await favoriteRows(db, customer.customerId);
  const prices = await storePrices(
    db,
    store,
    customer,
    rows.map((r) => ({ productId: r.product_id, variantId: r.variant_id })),
  );
  return {
    items: rows.flatMap((r, i) => {
      const price = prices[i];
      if (!price) return [];
      return [
        {
          productId: r.product_id,
          variantId: r.variant_id,
          name: r.name,
          variant: r.variant,
          unit: r.unit,
          priceCents: price.priceCents,
          addedAt: new Date(r.added_at).toISOString(),
        },
      ];
    }),
  };
}

/**
 * PUT /public/store/{slug}/favorites/{productId}: keeps a product the store shows (or one of
 * its variants). Keeping it again changes nothing. At most MAX_FAVORITES, counted under a lock
 * on the customer's record so two tabs cannot pass the limit together.
 */
export async function addStoreFavorite(
  db: Executor,
  store: Store,
  customer: StoreCustomer,
  productId: string,
  variantId: string | null,
): Promise<StoreFavorites> {
  const [price] = await storePrices(db, store, customer, [{ productId, variantId }]);
  if (!price) {
    if (variantId && (await storePrices(db, store, customer, [{ productId }]))[0])
      throw badRequest('Choose one of the product’s options.', { variantId: 'Choose one of the product’s options.' });
    throw notFound(NOT_IN_STORE);
  }
  // A product with options is kept as one of them (its page always has one chosen), as it is ordered.
  if (price.hasVariants && !price.variantId)
    throw badRequest('Choose one of the product’s options.', { variantId: 'Choose one of the product’s options.' });
  await db.execute(sql`SELECT 1 FROM customers WHERE id = ${customer.customerId} FOR UPDATE`);
  const [count] = (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${storeFavorites} WHERE customer_id = ${customer.customerId}`,
    )
  ).rows;
  const made = await db.execute(sql`
    INSERT INTO ${storeFavorites} (id, firm_id, customer_id, product_id, variant_id)
    SELECT gen_random_uuid(), ${store.firmId}, ${customer.customerId}, ${productId}, ${variantId}
     WHERE ${count!.n} < ${MAX_FAVORITES}
    ON CONFLICT DO NOTHING RETURNING id`);
  if (!made.rows.length && count!.n >= MAX_FAVORITES) {
    const kept = await db.execute(sql`
      SELECT 1 FROM ${storeFavorites} WHERE customer_id = ${customer.customerId} AND product_id = ${productId}
         AND variant_id IS NOT DISTINCT FROM ${variantId}::uuid`);
    if (!kept.rows.length)
      throw conflict(`You keep ${MAX_FAVORITES} favorites already: remove some before adding more.`);
  }
  return listStoreFavorites(db, store, customer);
}

/** DELETE /public/store/{slug}/favorites/{productId}[?variantId=]: lets one go (gone already is fine). */
export async function removeStoreFavorite(
  db: Executor,
  store: Store,
  customer: StoreCustomer,
  productId: string,
  variantId: string | null,
): Promise<StoreFavorites> {
  if (isUuid(productId))
    await db.execute(sql`
      DELETE FROM ${storeFavorites} WHERE customer_id = ${customer.customerId} AND product_id = ${productId}
         AND variant_id IS NOT DISTINCT FROM ${variantId}::uuid`);
  return listStoreFavorites(db, store, customer);
}

/** The store as pricing sees it, for staff of the firm (its settings, their modules). */
async function staffStore(db: Executor, actor: Actor): Promise<PricingStore> {
  return {
    firmId: actor.firmId,
    features: actor.features,
    settings: await getSettingsGroup(db, actor.firmId, 'storeSettings'),
  };
}

/** GET /customers/{id}/favorites: everything the customer keeps, with their prices and whether the store still shows it. */
export async function customerFavorites(db: Executor, actor: Actor, id: string): Promise<CustomerFavorites> {
  const customer = await customerType.findRow(db, id, false, actor);
  const rows = await favoriteRows(db, customer.id);
  // Staff see the customer's prices even when the store shows them only to customers signed in.
  const prices = await storePrices(
    db,
    await staffStore(db, actor),
    { companyId: customer.companyId },
    rows.map((r) => ({ productId: r.product_id, variantId: r.variant_id })),
  );
  return {
    items: rows.map((r, i) => ({
      productId: r.product_id,
      variantId: r.variant_id,
      name: r.name,
      variant: r.variant,
      sku: r.sku,
      unit: r.unit,
      priceCents: prices[i]?.priceCents ?? null,
      inStore: Boolean(prices[i]),
      addedAt: new Date(r.added_at).toISOString(),
    })),
  };
}

/**
 * POST /customers/{id}/favorites/quote and …/proposal: a draft quote (or a draft proposal, its
 * lines in one section) of the favorites the store still shows, one of each, at the customer's
 * prices (the document prices them as it prices every one of its kind).
 */
export async function draftFromFavorites(
  db: Executor,
  actor: Actor,
  id: string,
  kind: 'quote' | 'proposal',
): Promise<{ _id: string; number: string }> {
  const customer = await customerType.findRow(db, id, false, actor);
  const { items } = await customerFavorites(db, actor, customer.id);
  // Those the store still shows, as they can be sold: a product that has options since is left out.
  const prices = await storePrices(
    db,
    await staffStore(db, actor),
    { companyId: customer.companyId },
    items.map((f) => ({ productId: f.productId, variantId: f.variantId })),
  );
  const shown = items.filter((_, i) => prices[i] && !(prices[i]!.hasVariants && !prices[i]!.variantId));
  if (!shown.length)
    throw conflict(
      `${customer.firstName} has no favorites the store still shows: there is nothing to ${kind === 'quote' ? 'quote' : 'propose'}.`,
    );
  const lines = shown.map((f) => ({
    item: f.variantId ? { type: 'variant', id: f.variantId } : { type: 'product', id: f.productId },
    quantity: 1,
  }));
  const made =
    kind === 'quote'
      ? await quoteType.create(
          db,
          actor,
          quoteInputSchema.parse({
            customer: customer.id,
            notes: 'From the customer’s favorites in the store.',
            lines,
          }),
        )
      : await proposalType.create(
          db,
          actor,
          proposalInputSchema.parse({
            customer: customer.id,
            title: `${customer.firstName}’s favorites`.slice(0, 200),
            sections: [{ title: 'From your favorites in our store', lines }],
          }),
        );
  await recordAudit(db, actor, {
    entityType: KINDS.customer.key,
    entityId: customer.id,
    action: `favorites-${kind}`,
    after: { [kind]: made.number },
  });
  return { _id: made._id, number: made.number };
}

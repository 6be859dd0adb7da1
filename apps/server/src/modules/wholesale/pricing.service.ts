import { type CompanyPrices, type companyPriceInputSchema, KINDS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { companies, companyType } from '../companies';
import type { PriceBook } from '../documents';
import { resolveItems } from '../stock';
import { companyPrices } from './company-prices.table';

const pct = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** The categories' names, by id. */
async function categoryNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM categories WHERE id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return new Map(rows.rows.map((r) => [r.id, r.name]));
}

/** GET /companies/{id}/prices: the account's level, what it takes off, and its own prices. */
export async function listCompanyPrices(db: Executor, actor: Actor, id: string): Promise<CompanyPrices> {
  const company = await companyType.findRow(db, id, false, actor);
  const settings = await getSettingsGroup(db, actor.firmId, 'companySettings');
  const rules = settings.priceRules.filter((r) => company.priceLevel && r.level === company.priceLevel);
  const names = await categoryNames(
    db,
    rules.flatMap((r) => (r.category ? [r.category] : [])),
  );
  const prices = await db.execute<CompanyPrices['prices'][number] & { list: string }>(sql`
    SELECT json_build_object('type', CASE WHEN cp.variant_id IS NULL THEN 'product' ELSE 'variant' END, '_id', cp.item_id,
             'name', p.name || COALESCE(' — ' || array_to_string(v.values, ' / '), ''), 'sku', COALESCE(v.sku, p.sku)) AS item,
           cp.price_cents::int AS "priceCents", COALESCE(v.price_cents, p.price_cents)::int AS "listPriceCents"
      FROM ${companyPrices} cp JOIN products p ON p.id = cp.product_id LEFT JOIN product_variants v ON v.id = cp.variant_id
     WHERE cp.company_id = ${id} ORDER BY p.name, v.position`);
  return {
    level: company.priceLevel,
    rules: rules.map(
      (r) => `${pct(r.percentOff)} off ${r.category ? (names.get(r.category) ?? 'a category') : 'everything'}`,
    ),
    prices: prices.rows.map(({ list: _, ...p }) => p),
  };
}

/** PUT /companies/{id}/prices: the account's own prices, all at once (those left out go). */
export async function setCompanyPrices(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof companyPriceInputSchema>,
): Promise<CompanyPrices> {
  await companyType.findRow(db, id, true, actor);
  const items = await resolveItems(
    db,
    input.prices.map((p) => p.item),
    (i) => `prices.${i}.item`,
  );
  const seen = new Set<string>();
  const errors: Record<string, string> = {};
  items.forEach((item, i) => {
    if (seen.has(item.itemId)) errors[`prices.${i}.item`] = `${item.name} is priced twice.`;
    seen.add(item.itemId);
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  const before = await listCompanyPrices(db, actor, id);
  await db.delete(companyPrices).where(eq(companyPrices.companyId, id));
  if (items.length)
    await db.insert(companyPrices).values(
      items.map((item, i) => ({
        firmId: actor.firmId,
        companyId: id,
        productId: item.productId!,
        variantId: item.variantId,
        priceCents: input.prices[i]!.priceCents,
      })),
    );
  const after = await listCompanyPrices(db, actor, id);
  const words = (p: CompanyPrices) =>
    p.prices.map((x) => `${x.item.sku} ${(x.priceCents / 100).toFixed(2)}`).join(', ');
  await recordAudit(db, actor, {
    entityType: KINDS.company.key,
    entityId: id,
    action: 'prices',
    before: { prices: words(before) },
    after: { prices: words(after) },
  });
  return after;
}

/**
 * The prices that apply to an account's customers (the wholesale module): its own price of an
 * item first, else its level's discount on the item's category (the nearest category up the
 * tree that has a rule) or on everything, rounded half up to the cent.
 */
export async function companyPriceBook(db: Executor, firmId: string, companyId: string): Promise<PriceBook> {
  const [company] = await db.select({ level: companies.priceLevel }).from(companies).where(eq(companies.id, companyId));
  const own = new Map(
    (
      await db
        .select({ item: companyPrices.itemId, cents: companyPrices.priceCents })
        .from(companyPrices)
        .where(eq(companyPrices.companyId, companyId))
    ).map((r) => [r.item, r.cents]),
  );
  const level = company?.level ?? '';
  const rules = level
    ? (await getSettingsGroup(db, firmId, 'companySettings')).priceRules.filter((r) => r.level === level)
    : [];
  const names = await categoryNames(
    db,
    rules.flatMap((r) => (r.category ? [r.category] : [])),
  );
  return async (lines) => {
    const productIds = [...new Set(lines.flatMap((l) => (l.item.productId ? [l.item.productId] : [])))];
    // Each product's category path, the nearest last.
    const paths = new Map(
      rules.some((r) => r.category) && productIds.length
        ? (
            await db.execute<{ id: string; path: string[] | null }>(sql`
              SELECT p.id, c.ancestors AS path FROM products p LEFT JOIN categories c ON c.id = p.category_id
               WHERE p.id = ANY(${sql.param(productIds)}::uuid[])`)
          ).rows.map((r) => [r.id, r.path ?? []])
        : [],
    );
    const everywhere = rules.find((r) => !r.category);
    return lines.map(({ item, listPriceCents }) => {
      const mine = own.get(item.itemId);
      if (mine !== undefined) return { cents: mine, source: 'Account price' };
      if (!item.productId) return null;
      const path = paths.get(item.productId) ?? [];
      const rule =
        [...path].reverse().flatMap((category) => rules.filter((r) => r.category === category))[0] ?? everywhere;
      if (!rule) return null;
      const off = Number((BigInt(listPriceCents) * BigInt(Math.round(rule.percentOff * 100)) * 2n + 10_000n) / 20_000n);
      return {
        cents: listPriceCents - off,
        source: `${level}: ${pct(rule.percentOff)} off${rule.category ? ` ${names.get(rule.category) ?? ''}`.trimEnd() : ''}`,
      };
    });
  };
}

/** A save of the account settings: each rule's level is one of the levels, its category one of the firm's. */
export async function checkCompanySettings(
  db: Executor,
  _firmId: string,
  _values: Record<string, unknown>,
  merged: Record<string, unknown>,
) {
  const levels = new Set((merged.priceLevels as string[] | undefined) ?? []);
  const rules = (merged.priceRules as { level: string; category: string | null }[] | undefined) ?? [];
  const names = await categoryNames(
    db,
    rules.flatMap((r) => (r.category ? [r.category] : [])),
  );
  const errors: Record<string, string> = {};
  rules.forEach((r, i) => {
    if (!levels.has(r.level)) errors[`priceRules.${i}.level`] = `${r.level} is not one of the price levels.`;
    if (r.category && !names.has(r.category)) errors[`priceRules.${i}.category`] = 'Choose a category from the list.';
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
}

/** The price book of an account's customers, where the firm has the wholesale module: `{ priceBook }`, else nothing. */
export async function priceBookFor(
  db: Executor,
  actor: Pick<Actor, 'firmId' | 'features'>,
  companyId: string | null,
): Promise<{ priceBook?: PriceBook }> {
  if (!companyId || !actor.features.includes('wholesale')) return {};
  return { priceBook: await companyPriceBook(db, actor.firmId, companyId) };
}

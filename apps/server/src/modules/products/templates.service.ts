import { type ProductTemplate, type productTemplateInputSchema, SETTINGS_KINDS } from '@atelier/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { notFound, unlessNameTaken } from '../../platform/http/errors';
import { updateVersioned } from '../../platform/records/records';
import { getSettings } from '../../platform/settings/settings.service';
import { cleanRichText } from '../../platform/text/rich-text';
import { assertCategory, categories } from '../categories';
import { assertFilterValues, filterValues } from '../filters';
import { checkFit } from './products.service';
import { productTemplates } from './products.table';

type Input = z.output<typeof productTemplateInputSchema>;
type Row = typeof productTemplates.$inferSelect;
const kind = SETTINGS_KINDS.productTemplate;

/**
 * Templates as they read now: a category or filter value deleted since the template was saved is
 * left out, so a product started from it never names one that is gone.
 */
async function views(db: Executor, rows: Row[]): Promise<ProductTemplate[]> {
  const categoryIds = [...new Set(rows.flatMap((r) => (r.fields.category ? [r.fields.category] : [])))];
  const valueIds = [...new Set(rows.flatMap((r) => r.fields.filterValues))];
  const liveCategories = new Set(
    categoryIds.length
      ? (await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))).map(
          (c) => c.id,
        )
      : [],
  );
  const liveValues = new Set(
    valueIds.length
      ? (await db.select({ id: filterValues.id }).from(filterValues).where(inArray(filterValues.id, valueIds))).map(
          (v) => v.id,
        )
      : [],
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    fields: {
      ...r.fields,
      category: r.fields.category && liveCategories.has(r.fields.category) ? r.fields.category : null,
      filterValues: r.fields.filterValues.filter((id) => liveValues.has(id)),
    },
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listProductTemplates(db: Executor): Promise<ProductTemplate[]> {
  return views(db, await db.select().from(productTemplates).orderBy(asc(productTemplates.nameKey)));
}

export async function getProductTemplate(db: Executor, id: string): Promise<ProductTemplate> {
  const rows = isUuid(id) ? await db.select().from(productTemplates).where(eq(productTemplates.id, id)) : [];
  if (!rows.length) throw notFound('This product template does not exist.');
  return (await views(db, rows))[0]!;
}

/** A template is checked as a product would be: its category, filter values, unit and tax class. */
async function checked(db: Executor, actor: AuditActor, input: Input, before: ProductTemplate | null) {
  const { fields } = input;
  const settings = (await getSettings(db, actor.firmId, { banking: false })).productSettings;
  await assertCategory(db, fields.category);
  await assertFilterValues(db, fields.filterValues);
  checkFit(
    fields,
    fields.unit ?? settings.defaultUnit,
    fields.taxClass ?? settings.taxClasses[0]!,
    settings.taxClasses,
    before?.fields.taxClass ? { taxClass: before.fields.taxClass } : null,
  );
  return { name: input.name, fields: { ...fields, description: cleanRichText(fields.description) } };
}

const audited = (t: ProductTemplate) => ({
  name: t.name,
  unit: t.fields.unit ?? null,
  taxClass: t.fields.taxClass ?? null,
  priceCents: t.fields.priceCents,
  options: t.fields.options.map((o) => `${o.name} (${o.values.join(', ')})`).join('; '),
  filterValues: t.fields.filterValues.length,
  tags: t.fields.tags.join(', '),
});

export async function createProductTemplate(db: Executor, actor: AuditActor, input: Input) {
  const values = await checked(db, actor, input, null);
  const [row] = await db
    .insert(productTemplates)
    .values({ ...values, firmId: actor.firmId, updatedBy: actor.userId })
    .returning()
    .catch(unlessNameTaken('template', input.name));
  const made = await getProductTemplate(db, row!.id);
  await recordAudit(db, actor, { entityType: kind.key, entityId: made._id, action: 'create', after: audited(made) });
  return made;
}

export async function updateProductTemplate(
  db: Executor,
  actor: AuditActor,
  id: string,
  input: Input & { version: number },
) {
  const before = await getProductTemplate(db, id);
  const values = await checked(db, actor, input, before);
  const row = await updateVersioned(db, actor, productTemplates, id, input.version, kind.noun, values).catch(
    unlessNameTaken('template', input.name),
  );
  const after = await getProductTemplate(db, id);
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'update',
    version: row.version,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

/** Products made from a template do not point at it: it can always go. */
export async function deleteProductTemplate(db: Executor, actor: AuditActor, id: string) {
  const before = await getProductTemplate(db, id);
  await db.delete(productTemplates).where(eq(productTemplates.id, id));
  await recordAudit(db, actor, { entityType: kind.key, entityId: id, action: 'delete', before: audited(before) });
}

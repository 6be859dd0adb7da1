import {
  CATEGORY_MAX_DEPTH,
  type Category,
  type CategoryMove,
  type categoryInputSchema,
  SETTINGS_KINDS,
} from '@atelier/contracts';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid, newId } from '../../db/ids';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import { updateVersioned } from '../../platform/records/records';
import { moveReferences, referenceCount, referencesTo } from '../../platform/records/references';
import { catalogCounts } from '../filters';
import { categories } from './categories.table';

type Row = typeof categories.$inferSelect;
type Input = z.output<typeof categoryInputSchema>;
const kind = SETTINGS_KINDS.category;

// Products in each category: the products module registers its reference (category_id).
const productCount = referenceCount(kind, 'product', categories.id);

const audited = (row: Row, parent: string | null) => ({ name: row.name, description: row.description, parent });
const UNDER_ITSELF = 'A category cannot go under itself or one of its subcategories.';

/**
 * The firm's tree in order: each category after its parent, siblings by position then name,
 * with its depth, full path and product count (not archived: the kept count, one read whatever
 * the catalog's size).
 */
export async function listCategories(db: Executor): Promise<Category[]> {
  const rows = await db
    .select({ row: categories, products: sql<number>`COALESCE(${catalogCounts.products}, 0)` })
    .from(categories)
    .leftJoin(catalogCounts, and(eq(catalogCounts.firmId, categories.firmId), eq(catalogCounts.key, categories.id)))
    .orderBy(asc(categories.position), asc(sql`lower(${categories.name})`));
  const children = new Map<string | null, typeof rows>();
  for (const r of rows) children.set(r.row.parentId, [...(children.get(r.row.parentId) ?? []), r]);
  const out: Category[] = [];
  const walk = (parent: string | null, depth: number, path: string[]) => {
    for (const { row, products } of children.get(parent) ?? []) {
      const here = [...path, row.name];
      out.push({
        _id: row.id,
        name: row.name,
        description: row.description,
        parentId: row.parentId,
        position: row.position,
        depth,
        path: here.join(' / '),
        products,
        version: row.version,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      });
      walk(row.id, depth + 1, here);
    }
  };
  walk(null, 0, []);
  return out;
}

export async function getCategory(db: Executor, id: string): Promise<Category> {
  const found = (await listCategories(db)).find((c) => c._id === id);
  if (!found) throw notFound('This category does not exist.');
  return found;
}

async function findRow(db: Executor, id: string, field?: string): Promise<Row> {
  const [row] = isUuid(id) ? await db.select().from(categories).where(eq(categories.id, id)) : [];
  if (!row) {
    if (field) throw badRequest('Choose a category from the list.', { [field]: 'Choose a category from the list.' });
    throw notFound('This category does not exist.');
  }
  return row;
}

/** How many levels sit below a category (0 for a leaf). */
async function heightBelow(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .select({ deepest: sql<number>`COALESCE(max(cardinality(${categories.ancestors})), 0)::int` })
    .from(categories)
    .where(sql`${id}::uuid = ANY(${categories.ancestors})`);
  return row!.deepest;
}

const nameTaken = (name: string) =>
  new HttpError(409, 'conflict', `There is already a category called ${name} there.`, {
    name: `There is already a category called ${name} there.`,
  });

/** The parent a category may go under (null: the top), refusing its own subtree and a tree too deep. */
async function parentFor(db: Executor, parentId: string | null, moving: Row | null): Promise<Row | null> {
  if (!parentId) return null;
  const parent = await findRow(db, parentId, 'parentId');
  if (moving && parent.ancestors.includes(moving.id)) throw badRequest(UNDER_ITSELF, { parentId: UNDER_ITSELF });
  const levels = moving ? (await heightBelow(db, moving.id)) - moving.ancestors.length + 1 : 1;
  if (parent.ancestors.length + levels > CATEGORY_MAX_DEPTH) {
    const message = `Categories go ${CATEGORY_MAX_DEPTH} levels deep at most.`;
    throw badRequest(message, { parentId: message });
  }
  return parent;
}

/** Puts `id` at `position` among `parent`'s children, the others keeping their order around it. */
async function place(db: Executor, id: string, parentId: string | null, position: number) {
  const siblings = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId), ne(categories.id, id)))
    .orderBy(asc(categories.position), asc(sql`lower(${categories.name})`));
  const order = siblings.map((s) => s.id);
  order.splice(Math.min(position, order.length), 0, id);
  await db.execute(sql`UPDATE categories AS c SET position = o.i - 1
    FROM unnest(${sql.param(order)}::uuid[]) WITH ORDINALITY AS o(id, i) WHERE c.id = o.id AND c.position <> o.i - 1`);
}

/** POST /categories: a new category, last under its parent. */
export async function createCategory(db: Executor, actor: AuditActor, input: Input): Promise<Category> {
  // Tree changes take turns, so two moves cannot make a loop between them.
  await lockFirm(db, actor.firmId);
  const parent = await parentFor(db, input.parentId, null);
  const id = newId();
  const [row] = await db
    .insert(categories)
    .values({
      id,
      firmId: actor.firmId,
      parentId: parent?.id ?? null,
      name: input.name,
      description: input.description,
      position: 1_000_000,
      ancestors: [...(parent?.ancestors ?? []), id],
      updatedBy: actor.userId,
    })
    .returning()
    .catch((error) => {
      throw isUniqueViolation(error) ? nameTaken(input.name) : error;
    });
  await place(db, id, parent?.id ?? null, Number.MAX_SAFE_INTEGER);
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'create',
    after: audited(row!, parent?.name ?? null),
  });
  return getCategory(db, id);
}

/** Moves a category (and everything under it) to `parentId`, at `position` among its new siblings. */
async function moveTo(db: Executor, before: Row, parent: Row | null, position: number) {
  const ancestors = [...(parent?.ancestors ?? []), before.id];
  await db
    .update(categories)
    .set({ parentId: parent?.id ?? null })
    .where(eq(categories.id, before.id))
    .catch((error) => {
      throw isUniqueViolation(error) ? nameTaken(before.name) : error;
    });
  // Every category below keeps its path under the moved one, behind the new ancestors.
  await db.execute(sql`UPDATE categories SET ancestors = ${sql.param(ancestors)}::uuid[]
      || ancestors[array_position(ancestors, ${before.id}::uuid) + 1:]
    WHERE ${before.id}::uuid = ANY(ancestors)`);
  await place(db, before.id, parent?.id ?? null, position).catch((error) => {
    throw isUniqueViolation(error) ? nameTaken(before.name) : error;
  });
}

const parentName = async (db: Executor, id: string | null) => (id ? (await findRow(db, id)).name : null);

/** PUT /categories/{id}: its name and description; a new parent moves it there, last. */
export async function updateCategory(
  db: Executor,
  actor: AuditActor,
  id: string,
  input: Input & { version: number },
): Promise<Category> {
  await lockFirm(db, actor.firmId);
  const before = await findRow(db, id);
  const moving = input.parentId !== before.parentId;
  const parent = moving ? await parentFor(db, input.parentId, before) : null;
  const after = await updateVersioned(db, actor, categories, id, input.version, kind.noun, {
    name: input.name,
    description: input.description,
  }).catch((error) => {
    throw isUniqueViolation(error) ? nameTaken(input.name) : error;
  });
  if (moving) await moveTo(db, before, parent, Number.MAX_SAFE_INTEGER);
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'update',
    version: after.version,
    before: audited(before, await parentName(db, before.parentId)),
    after: audited(after, moving ? (parent?.name ?? null) : await parentName(db, before.parentId)),
  });
  return getCategory(db, id);
}

/** POST /categories/{id}/move: re-parented and reordered, never under itself (400). */
export async function moveCategory(db: Executor, actor: AuditActor, id: string, input: CategoryMove) {
  await lockFirm(db, actor.firmId);
  const before = await findRow(db, id);
  const parent = await parentFor(db, input.parentId, before);
  const after = await updateVersioned(db, actor, categories, id, input.version, kind.noun, {});
  await moveTo(db, before, parent, input.position);
  const [from, to] = [await parentName(db, before.parentId), parent?.name ?? null];
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'move',
    version: after.version,
    ...(from === to ? {} : { before: { parent: from }, after: { parent: to } }),
  });
  return listCategories(db);
}

/**
 * DELETE /categories/{id}: a category with products or subcategories goes only once they have
 * somewhere to go (`moveTo`): its products and subcategories move there with it gone, never orphaned.
 */
export async function deleteCategory(db: Executor, actor: AuditActor, id: string, moveToId?: string) {
  // Whatever refers to categories must be movable, or deleting one would orphan it.
  for (const ref of referencesTo(kind.key))
    if (!ref.entityType) throw new Error(`${ref.noun} refers to categories but cannot be moved`);
  await lockFirm(db, actor.firmId);
  const row = await findRow(db, id);
  const [{ products }] = (await db
    .select({ products: productCount })
    .from(categories)
    .where(eq(categories.id, id))) as [{ products: number }];
  const children = await db
    .select()
    .from(categories)
    .where(eq(categories.parentId, id))
    .orderBy(asc(categories.position));
  if ((products > 0 || children.length > 0) && !moveToId) {
    const parts = [
      ...(products ? [`${products} product${products === 1 ? '' : 's'}`] : []),
      ...(children.length ? [`${children.length} subcategor${children.length === 1 ? 'y' : 'ies'}`] : []),
    ];
    throw conflict(`${row.name} has ${parts.join(' and ')}. Choose a category to move them to first.`);
  }
  if (moveToId) {
    const target = await findRow(db, moveToId, 'moveTo');
    if (target.ancestors.includes(id))
      throw badRequest('Choose a category outside the one you delete.', {
        moveTo: 'Choose a category outside the one you delete.',
      });
    await moveReferences(db, actor, kind.key, { id, name: row.name }, { id: target.id, name: target.name });
    for (const child of children) {
      const parent = await parentFor(db, target.id, child);
      await moveTo(db, child, parent, Number.MAX_SAFE_INTEGER);
    }
  }
  await db.delete(categories).where(eq(categories.id, id));
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'delete',
    before: audited(row, await parentName(db, row.parentId)),
  });
}

/** A category a record names must be one of the firm's (400 on the given field otherwise). */
export async function assertCategory(db: Executor, id: string | null, field = 'category'): Promise<void> {
  if (id) await findRow(db, id, field);
}

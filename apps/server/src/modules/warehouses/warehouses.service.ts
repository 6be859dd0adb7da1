import type { Warehouse, WarehouseInput } from '@atelier/contracts';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { conflict, notFound } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import { updateVersioned } from '../../platform/records/records';
import type { SettingsReference } from '../../platform/settings/settings-references';
import { warehouses } from './warehouses.table';

type Row = typeof warehouses.$inferSelect;

const view = (row: Row): Warehouse => ({
  _id: row.id,
  name: row.name,
  address: row.address,
  isDefault: row.isDefault,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const audited = (row: Row) => ({ name: row.name, address: row.address, isDefault: row.isDefault });

/** A settings value `warehouse` (the default for new documents) names one of the firm's active warehouses. */
export const warehouseSetting: SettingsReference = {
  message: 'Choose a warehouse from the list.',
  exists: async (db, firmId, id) => {
    const [found] = await db
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, id), eq(warehouses.firmId, firmId), isNull(warehouses.archivedAt)));
    return Boolean(found);
  },
};

export async function listWarehouses(db: Executor): Promise<Warehouse[]> {
  const rows = await db
    .select()
    .from(warehouses)
    .where(isNull(warehouses.archivedAt))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.name));
  return rows.map(view);
}

async function findRow(db: Executor, id: string, lock = false): Promise<Row> {
  if (!isUuid(id)) throw notFound('This warehouse does not exist.');
  const query = db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.id, id), isNull(warehouses.archivedAt)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('This warehouse does not exist.');
  return row;
}

export const getWarehouse = async (db: Executor, id: string) => view(await findRow(db, id));

/** Only one default per firm: making one the default takes the flag from the others. */
async function clearDefault(db: Executor, firmId: string, except?: string) {
  await db
    .update(warehouses)
    .set({ isDefault: false, version: sql`${warehouses.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(warehouses.firmId, firmId),
        eq(warehouses.isDefault, true),
        except ? ne(warehouses.id, except) : undefined,
      ),
    );
}

export async function createWarehouse(db: Executor, actor: AuditActor, input: WarehouseInput): Promise<Warehouse> {
  await lockFirm(db, actor.firmId);
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(warehouses)
    .where(isNull(warehouses.archivedAt));
  // The firm's first warehouse is its default whatever the form said.
  const isDefault = input.isDefault || !existing?.n;
  if (isDefault) await clearDefault(db, actor.firmId);
  const [row] = await db
    .insert(warehouses)
    .values({ firmId: actor.firmId, name: input.name, address: input.address, isDefault })
    .returning();
  await recordAudit(db, actor, { entityType: 'warehouse', entityId: row!.id, action: 'create', after: audited(row!) });
  return view(row!);
}

export async function updateWarehouse(
  db: Executor,
  actor: AuditActor,
  id: string,
  input: WarehouseInput & { version: number },
): Promise<Warehouse> {
  if (input.isDefault) await lockFirm(db, actor.firmId);
  const before = await findRow(db, id, true);
  if (before.isDefault && !input.isDefault) {
    throw conflict('A firm needs a default warehouse. Make another warehouse the default instead.');
  }
  if (input.isDefault && !before.isDefault) await clearDefault(db, actor.firmId, id);
  const row = await updateVersioned(db, actor, warehouses, id, input.version, 'warehouse', {
    name: input.name,
    address: input.address,
    isDefault: input.isDefault,
  });
  await recordAudit(db, actor, {
    entityType: 'warehouse',
    entityId: id,
    action: 'update',
    version: row.version,
    before: audited(before),
    after: audited(row),
  });
  return view(row);
}

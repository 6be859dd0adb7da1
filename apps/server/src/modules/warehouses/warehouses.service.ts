import type { Executor } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { type Address, warehouses } from './warehouses.table';

export type NewWarehouse = { name: string; address?: Address | null; isDefault?: boolean };

export async function createWarehouse(db: Executor, actor: AuditActor, input: NewWarehouse) {
  const [warehouse] = await db
    .insert(warehouses)
    .values({
      firmId: actor.firmId,
      name: input.name,
      address: input.address ?? null,
      isDefault: input.isDefault ?? false,
    })
    .returning();
  await recordAudit(db, actor, {
    entityType: 'warehouse',
    entityId: warehouse!.id,
    action: 'create',
    after: { name: warehouse!.name, address: warehouse!.address, isDefault: warehouse!.isDefault },
  });
  return warehouse!;
}

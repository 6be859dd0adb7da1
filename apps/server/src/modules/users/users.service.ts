import type { Executor } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { hashPassword } from '../../platform/auth/passwords';
import { conflict } from '../../platform/http/errors';
import { roles, userRoles, users } from './users.table';

export async function createRole(db: Executor, actor: AuditActor, input: { name: string; codes: number[] }) {
  const [role] = await db
    .insert(roles)
    .values({ firmId: actor.firmId, name: input.name, codes: [...new Set(input.codes)].sort((a, b) => a - b) })
    .returning();
  await recordAudit(db, actor, {
    entityType: 'role',
    entityId: role!.id,
    action: 'create',
    after: { name: role!.name, codes: role!.codes },
  });
  return role!;
}

export type NewUser = {
  kind: 'staff' | 'customer';
  email: string;
  firstName: string;
  lastName?: string;
  /** Plain password, or an argon2 hash already computed (seeding many users with one password). */
  password?: string;
  passwordHash?: string;
  roleIds?: string[];
  warehouseId?: string | null;
};

/** Staff addresses are unique across all firms, customer addresses within the firm. */
export async function createUser(db: Executor, actor: AuditActor, input: NewUser) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = input.passwordHash ?? (input.password ? await hashPassword(input.password) : null);
  const inserted = await db
    .insert(users)
    .values({
      firmId: actor.firmId,
      kind: input.kind,
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      warehouseId: input.warehouseId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  const user = inserted[0];
  if (!user) throw conflict(`${email} is already in use by another account.`);
  if (input.roleIds?.length) {
    await db
      .insert(userRoles)
      .values(input.roleIds.map((roleId) => ({ firmId: actor.firmId, userId: user.id, roleId })));
  }
  await recordAudit(db, actor, {
    entityType: 'user',
    entityId: user.id,
    action: 'create',
    after: { kind: user.kind, email: user.email, firstName: user.firstName, lastName: user.lastName },
  });
  return user;
}

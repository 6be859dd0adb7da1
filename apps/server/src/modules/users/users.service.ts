import { canGrant, P, permissionLabel } from '@atelier/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { hashPassword } from '../../platform/auth/passwords';
import { conflict, HttpError } from '../../platform/http/errors';
import { firms } from '../firms/firms.table';
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

export function assertCanGrant(actorCodes: readonly number[], codes: readonly number[], field = 'permissions'): void {
  const refused = [...new Set(codes)].filter((code) => !canGrant(actorCodes, code));
  if (refused.length === 0) return;
  const names = refused.map((code) => `${permissionLabel(code)} (${code})`).join(', ');
  throw new HttpError(403, 'forbidden', `You cannot grant permissions you do not hold: ${names}.`, {
    [field]: `You cannot grant: ${names}.`,
  });
}

/** Serialises changes that could leave the firm without a super admin. */
export async function lockFirm(db: Executor, firmId: string): Promise<{ name: string }> {
  const [firm] = await db.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId)).for('update');
  return firm ?? { name: '' };
}

/** Active staff who hold super admin (100) through any role, optionally leaving one user out. */
export async function superAdminCount(db: Executor, excludingUserId?: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(DISTINCT ${users.id})::int` })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        excludingUserId ? ne(users.id, excludingUserId) : undefined,
        eq(users.kind, 'staff'),
        eq(users.active, true),
        isNull(users.deletedAt),
        sql`${P.SUPER_ADMIN} = ANY(${roles.codes})`,
      ),
    );
  return row?.count ?? 0;
}

/** Run after a change to roles or role assignments, inside its transaction: refuses (and so rolls back) a firm left with no super admin. */
export async function assertFirmKeepsSuperAdmin(db: Executor, firmName: string): Promise<void> {
  if ((await superAdminCount(db)) === 0) {
    throw conflict(
      `${firmName || 'Your firm'} must keep at least one super admin. Make someone else a super admin first.`,
    );
  }
}

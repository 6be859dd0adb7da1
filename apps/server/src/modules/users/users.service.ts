import { canGrant, P, type PayType, permissionLabel } from '@atelier/contracts';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { hashPassword } from '../../platform/auth/passwords';
import { conflict, HttpError } from '../../platform/http/errors';
import { roles, userRoles, users } from '../../platform/identity/users.table';
import { buildSearchText } from '../../platform/lists/list';

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
  /** Employee details (staff only). */
  title?: string;
  phone?: string;
  hireDate?: string | null;
  pay?: { rateCents: number; type: PayType } | null;
};

/** What finds a staff member in lists and global search: name, email, title, phone (and its digits). */
export function staffSearchText(u: {
  firstName: string;
  lastName: string;
  email: string | null;
  title?: string;
  phone?: string;
}): string {
  return buildSearchText([`${u.firstName} ${u.lastName}`.trim(), u.email, u.title], u.phone ? [u.phone] : []);
}

/**
 * The audit entity type of a user: staff are employees (their changes are employee history and
 * keep their search entry current); customers' store logins are plain users.
 */
export const userEntityType = (kind: 'staff' | 'customer') => (kind === 'staff' ? 'employee' : 'user');

/** Staff addresses are unique across all firms, customer addresses within the firm. */
/** A new user; its history's first entry is `action` (an invitation says 'invite'). */
export async function createUser(db: Executor, actor: AuditActor, input: NewUser, action = 'create') {
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
      title: input.title ?? '',
      phone: input.phone ?? '',
      hireDate: input.hireDate ?? null,
      payRate: input.pay?.rateCents ?? null,
      payType: input.pay?.type ?? null,
      searchText: input.kind === 'staff' ? staffSearchText({ ...input, lastName: input.lastName ?? '', email }) : '',
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
    entityType: userEntityType(user.kind),
    entityId: user.id,
    action,
    after: { kind: user.kind, email: user.email, firstName: user.firstName, lastName: user.lastName },
  });
  return user;
}

/**
 * Granting and taking away are the same right: a change to who holds which codes may only
 * involve codes the actor holds themselves (see canGrant).
 */
export function assertCanGrant(
  actorCodes: readonly number[],
  change: { added: readonly number[]; removed?: readonly number[] },
  field = 'permissions',
): void {
  const refuse = (codes: readonly number[]) => [...new Set(codes)].filter((code) => !canGrant(actorCodes, code));
  const names = (codes: number[]) => codes.map((code) => `${permissionLabel(code)} (${code})`).join(', ');
  const added = refuse(change.added);
  if (added.length) {
    throw new HttpError(403, 'forbidden', `You cannot grant permissions you do not hold: ${names(added)}.`, {
      [field]: `You cannot grant: ${names(added)}.`,
    });
  }
  const removed = refuse(change.removed ?? []);
  if (removed.length) {
    throw new HttpError(403, 'forbidden', `You cannot take away permissions you do not hold: ${names(removed)}.`, {
      [field]: `You cannot take away: ${names(removed)}.`,
    });
  }
}

/**
 * Staff who hold super admin (100) through any role and can actually sign in: active, not
 * deleted, and with a password (an invitation nobody accepted does not count).
 */
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
        isNotNull(users.passwordHash),
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

import type { ChangePassword, Profile, ProfileUpdate } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { endUserSessions } from '../../platform/auth/sessions';
import { assertOwnFileUrl } from '../../platform/files/files.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import { getProfile } from '../../platform/identity/profile';
import { userRoles, users } from '../../platform/identity/users.table';
import { staffSearchText, superAdminCount, userEntityType } from '../users';

const COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  image: 'image',
  fields: 'fields',
  list_settings: 'listSettings',
  kanban: 'kanban',
} as const satisfies Record<keyof ProfileUpdate, keyof typeof users.$inferSelect>;

/** PUT /profile/: saves the given fields only, with an audit row of what changed. */
export async function updateProfile(db: Executor, actor: Actor, patch: ProfileUpdate): Promise<Profile> {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined) as [keyof ProfileUpdate, unknown][];
  if (entries.length === 0) return getProfile(db, actor);
  // Someone signed in as a customer may arrange their lists, but not change who they are.
  if (patch.first_name !== undefined || patch.last_name !== undefined || patch.image !== undefined)
    refuseWhileImpersonating(actor, 'change their name or photo');
  if (patch.image?.startsWith('/api/')) await assertOwnFileUrl(db, patch.image, 'image', 'Upload the photo again.');
  const set = Object.fromEntries(entries.map(([key, value]) => [COLUMNS[key], value]));

  const [before] = await db.select().from(users).where(eq(users.id, actor.userId)).for('update');
  if (!before) throw notFound('Your account no longer exists.');
  const [after] = await db
    .update(users)
    .set({ ...set, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, actor.userId))
    .returning();
  // A staff member's name is how colleagues find them.
  if (after!.kind === 'staff' && (patch.first_name !== undefined || patch.last_name !== undefined))
    await db
      .update(users)
      .set({ searchText: staffSearchText(after!) })
      .where(eq(users.id, actor.userId));
  const pick = (row: typeof before) => Object.fromEntries(entries.map(([key]) => [COLUMNS[key], row[COLUMNS[key]]]));
  await recordAudit(db, actor, {
    entityType: userEntityType(before.kind),
    entityId: actor.userId,
    action: 'update',
    before: pick(before),
    after: pick(after!),
  });
  return getProfile(db, actor);
}

function refuseWhileImpersonating(actor: Actor, what: string): void {
  if (actor.impersonatorId) throw forbidden(`You cannot ${what} while signed in as someone else.`);
}

/** PUT /profile/password: needs the current password; every other session of the user ends. */
export async function changePassword(db: Executor, actor: Actor, input: ChangePassword): Promise<void> {
  refuseWhileImpersonating(actor, 'change the password');
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  if (!(await verifyPassword(user?.passwordHash, input.current_password))) {
    throw badRequest('The current password is incorrect.', { current_password: 'The current password is incorrect.' });
  }
  if (input.current_password === input.new_password) {
    throw badRequest('Choose a password different from the current one.', {
      new_password: 'Choose a password different from the current one.',
    });
  }
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.new_password),
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, actor.userId));
  await endUserSessions(db, actor.userId, actor.sessionId);
  await recordAudit(db, actor, { entityType: 'user', entityId: actor.userId, action: 'change-password' });
}

/**
 * DELETE /profile: the account is closed, its sign-in details and roles removed. The row
 * stays, with the name, so the firm's history still says who did what. The firm's last
 * super admin cannot leave it without one.
 */
export async function deleteAccount(db: Executor, actor: Actor): Promise<void> {
  refuseWhileImpersonating(actor, 'delete the account');
  // Lock the firm row: two super admins deleting themselves at once must not both succeed.
  const firm = await lockFirm(db, actor.firmId);
  const [before] = await db.select().from(users).where(eq(users.id, actor.userId));
  await db
    .update(users)
    .set({
      email: null,
      passwordHash: null,
      image: null,
      active: false,
      deletedAt: sql`now()`,
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, actor.userId));
  await db.delete(userRoles).where(eq(userRoles.userId, actor.userId));
  // Checked after the change, inside the transaction: refusing rolls all of it back.
  if ((await superAdminCount(db)) === 0) {
    throw conflict(
      `You are the only super admin of ${firm.name || 'your firm'}. Make another user a super admin before deleting your account.`,
    );
  }
  await endUserSessions(db, actor.userId);
  await recordAudit(db, actor, {
    entityType: userEntityType(before?.kind ?? 'customer'),
    entityId: actor.userId,
    action: 'delete',
    before: { email: before?.email, active: true },
    after: { email: null, active: false },
  });
}

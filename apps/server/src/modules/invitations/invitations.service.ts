import {
  DEFAULT_FIRM_NAME,
  INVALID_INVITATION_MESSAGE,
  type invitationInputSchema,
  type Profile,
  type StaffMember,
} from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { enterScope } from '../../db/tenancy';
import { recordAudit } from '../../platform/audit/audit.service';
import { passwordResetTokens } from '../../platform/auth/auth.table';
import { hashPassword } from '../../platform/auth/passwords';
import { createSession } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { queueEmail } from '../../platform/email/outbox.service';
import { invitationEmail } from '../../platform/email/templates';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, conflictOnDuplicate, notFound } from '../../platform/http/errors';
import type { AppDeps, RequestMeta } from '../../platform/http/routes';
import { firms } from '../../platform/identity/firms.table';
import { getProfile } from '../../platform/identity/profile';
import { users } from '../../platform/identity/users.table';
import { notify } from '../../platform/notifications/notifications.service';
import { findRoles, listStaff } from '../organization';
import { assertCanGrant, createUser } from '../users';

export const INVITATION_DAYS = 7;

/** Emails a fresh single-use link; earlier links of the same person stop working. */
async function sendInvitation(
  db: Executor,
  actor: Actor,
  deps: AppDeps,
  user: { id: string; email: string; firstName: string },
) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, user.id),
        eq(passwordResetTokens.purpose, 'invitation'),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  const { token, hash } = newToken();
  await db.insert(passwordResetTokens).values({
    firmId: actor.firmId,
    userId: user.id,
    purpose: 'invitation',
    tokenHash: hash,
    createdBy: actor.userId,
    expiresAt: sql`now() + make_interval(days => ${INVITATION_DAYS}::integer)`,
  });
  const [firm] = await db.select({ name: firms.name }).from(firms).where(eq(firms.id, actor.firmId));
  const [inviter] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, actor.userId));
  const link = `${deps.config.appUrl}/reset-password#invitation=${token}`;
  await queueEmail(
    db,
    actor.firmId,
    invitationEmail(
      user.email,
      user.firstName,
      `${inviter?.first ?? ''} ${inviter?.last ?? ''}`.trim() || 'Your colleague',
      firm?.name || DEFAULT_FIRM_NAME,
      link,
      INVITATION_DAYS,
    ),
  );
}

/** POST /invitations: a staff account without a password, and an email to set one. */
export async function inviteStaff(
  db: Executor,
  actor: Actor,
  deps: AppDeps,
  input: z.output<typeof invitationInputSchema>,
): Promise<StaffMember> {
  const roles = await findRoles(db, input.roles);
  assertCanGrant(actor.codes, { added: roles.flatMap((r) => r.codes) }, 'roles');
  const user = await createUser(
    db,
    actor,
    {
      kind: 'staff',
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      roleIds: roles.map((r) => r.id),
    },
    'invite',
  ).catch((error) => conflictOnDuplicate(error, `${input.email} already has an Atelier account.`, 'email'));
  await sendInvitation(db, actor, deps, { id: user.id, email: user.email!, firstName: user.firstName });
  return (await listStaff(db)).find((s) => s._id === user.id)!;
}

/** POST /invitations/{id}/resend: only for someone who has not accepted yet. */
export async function resendInvitation(db: Executor, actor: Actor, deps: AppDeps, userId: string): Promise<void> {
  const [user] = isUuid(userId)
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.kind, 'staff'), isNull(users.deletedAt)))
    : [];
  if (!user) throw notFound('This staff member does not exist.');
  if (user.passwordHash) throw conflict(`${user.firstName} has already accepted the invitation.`);
  await sendInvitation(db, actor, deps, { id: user.id, email: user.email!, firstName: user.firstName });
  await recordAudit(db, actor, {
    entityType: 'employee',
    entityId: user.id,
    action: 'resend-invitation',
    after: { email: user.email },
  });
}

export async function checkInvitation(tx: Tx, token: string) {
  const result = await tx.execute<{ email: string; first_name: string; firm_name: string }>(
    sql`SELECT email, first_name, firm_name FROM auth_peek_token(${hashToken(token)}, 'invitation')`,
  );
  const row = result.rows[0];
  if (!row) throw badRequest(INVALID_INVITATION_MESSAGE, { token: INVALID_INVITATION_MESSAGE });
  return { email: row.email, first_name: row.first_name, firm_name: row.firm_name || DEFAULT_FIRM_NAME };
}

/** POST /auth/invitation/accept: uses the link once, sets the password, signs in, tells the inviter. */
export async function acceptInvitation(
  tx: Tx,
  deps: AppDeps,
  meta: RequestMeta,
  input: { token: string; password: string },
): Promise<{ token: string; profile: Profile }> {
  const hash = hashToken(input.token);
  const taken = (
    await tx.execute<{ user_id: string; firm_id: string }>(sql`SELECT * FROM auth_take_token(${hash}, 'invitation')`)
  ).rows[0];
  if (!taken) throw badRequest(INVALID_INVITATION_MESSAGE, { token: INVALID_INVITATION_MESSAGE });
  const scope = { firmId: taken.firm_id, userId: taken.user_id };
  await enterScope(tx, scope);
  const [user] = await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      lastSignInAt: sql`now()`,
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, taken.user_id), eq(users.active, true), isNull(users.deletedAt)))
    .returning({ first: users.firstName, last: users.lastName });
  if (!user) throw badRequest(INVALID_INVITATION_MESSAGE, { token: INVALID_INVITATION_MESSAGE });

  const [invite] = await tx
    .select({ by: passwordResetTokens.createdBy })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hash));
  const [firm] = await tx.select({ name: firms.name }).from(firms).where(eq(firms.id, taken.firm_id));
  if (invite?.by) {
    await notify(
      tx,
      taken.firm_id,
      invite.by,
      `${`${user.first} ${user.last}`.trim()} accepted your invitation and joined ${firm?.name || DEFAULT_FIRM_NAME}.`,
      '/s/manage',
    );
  }
  await recordAudit(tx, scope, { entityType: 'user', entityId: taken.user_id, action: 'accept-invitation' });
  const token = await createSession(tx, scope, deps.config.session.maxAgeSeconds, meta);
  return { token, profile: await getProfile(tx, { ...scope, impersonatorId: null }) };
}

import {
  ACCOUNT_EXISTS_MESSAGE,
  type ConfirmSignUp,
  INVALID_SIGN_UP_LINK_MESSAGE,
  P,
  type Profile,
  type RegisterInput,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor, Tx } from '../../db/client';
import { enterScope } from '../../db/tenancy';
import { findStaff } from '../../platform/auth/auth.service';
import { hashPassword } from '../../platform/auth/passwords';
import { createSession } from '../../platform/auth/sessions';
import { reserve } from '../../platform/auth/throttle';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { queueEmail } from '../../platform/email/outbox.service';
import { existingAccountEmail, signUpEmail } from '../../platform/email/templates';
import { badRequest, conflict, conflictOnDuplicate } from '../../platform/http/errors';
import type { AppDeps, RequestMeta } from '../../platform/http/routes';
import { getProfile } from '../../platform/identity/profile';
import { createRole, createUser } from '../users';
import { createFirm } from './firms.service';

const REGISTRATIONS_PER_ADDRESS = 10;
export const SIGN_UP_LINK_HOURS = 24;

/**
 * Sign-ups (and sign-up links used) per client address: reserved before the request (the
 * route's limit), so a failed one counts too.
 */
export function reserveRegistration(
  db: Executor,
  config: Config,
  ip: string,
  step: 'request' | 'confirm',
): Promise<void> {
  return reserve(
    db,
    [{ key: `register-${step}:address:${ip}`, max: REGISTRATIONS_PER_ADDRESS }],
    config.signInThrottle.windowSeconds,
    'sign-ups from this address',
  );
}

/**
 * POST /auth/register (decision 0012). The answer is the same whether or not the address has an
 * account, and so is the work (the password is hashed either way): nobody learns who uses
 * Atelier. A new address gets a link that creates the firm; an address with an account gets an
 * email saying so, with sign-in and password-reset links, and nothing is created.
 */
export async function requestSignUp(tx: Tx, deps: AppDeps, input: RegisterInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const { appUrl } = deps.config;
  const existing = await findStaff(tx, input.email);
  if (existing) {
    await enterScope(tx, { firmId: existing.firm_id, userId: null });
    await queueEmail(
      tx,
      existing.firm_id,
      existingAccountEmail(input.email, existing.first_name, `${appUrl}/`, `${appUrl}/?forgot`),
    );
    return;
  }
  const { token, hash } = newToken();
  // The token rides in the fragment: browsers never send it to the server or in a Referer.
  const email = signUpEmail(
    input.email,
    input.first_name,
    `${appUrl}/register/confirm#token=${token}`,
    SIGN_UP_LINK_HOURS,
  );
  await tx.execute(
    sql`SELECT signup_request(${hash}, ${input.email}, ${input.firm_name}, ${input.first_name}, ${input.last_name},
          ${passwordHash}, ${SIGN_UP_LINK_HOURS}::integer, ${email.subject}, ${email.text}, ${email.html ?? null})`,
  );
}

type PendingSignUp = { email: string; firm_name: string; first_name: string; last_name: string; password_hash: string };

/**
 * POST /auth/register/confirm: the emailed link, used once, creates the firm, its super-admin
 * role and first user, and signs them in. If the address got an account meanwhile (another
 * sign-up's link was used first), 409 with the way to sign in instead.
 */
export async function confirmSignUp(
  tx: Tx,
  deps: AppDeps,
  meta: RequestMeta,
  input: ConfirmSignUp,
): Promise<{ token: string; profile: Profile }> {
  const result = await tx.execute<PendingSignUp>(sql`SELECT * FROM signup_take(${hashToken(input.token)})`);
  const pending = result.rows[0];
  if (!pending) throw badRequest(INVALID_SIGN_UP_LINK_MESSAGE, { token: INVALID_SIGN_UP_LINK_MESSAGE });
  if (await findStaff(tx, pending.email)) throw conflict(ACCOUNT_EXISTS_MESSAGE);

  const firm = await createFirm(tx, { name: pending.firm_name, features: [] });
  const actor = { firmId: firm.id, userId: null };
  const admin = await createRole(tx, actor, { name: 'Super admin', codes: [P.SUPER_ADMIN] });
  const user = await createUser(tx, actor, {
    kind: 'staff',
    email: pending.email,
    firstName: pending.first_name,
    lastName: pending.last_name,
    passwordHash: pending.password_hash,
    roleIds: [admin.id],
  }).catch((error) => conflictOnDuplicate(error, ACCOUNT_EXISTS_MESSAGE));
  const scope = { firmId: firm.id, userId: user.id };
  const token = await createSession(tx, scope, deps.config.session.maxAgeSeconds, meta);
  return { token, profile: await getProfile(tx, { ...scope, impersonatorId: null }) };
}

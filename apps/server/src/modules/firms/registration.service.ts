import { P, type Profile, type RegisterInput } from '@atelier/contracts';
import type { Config } from '../../config';
import type { Executor, Tx } from '../../db/client';
import { createSession } from '../../platform/auth/sessions';
import { reserve } from '../../platform/auth/throttle';
import { conflictOnDuplicate } from '../../platform/http/errors';
import type { AppDeps, RequestMeta } from '../../platform/http/routes';
import { getProfile } from '../profile/profile.service';
import { createRole, createUser } from '../users/users.service';
import { createFirm } from './firms.service';

const REGISTRATIONS_PER_ADDRESS = 10;

/** POST /auth/register: a new firm, its super-admin role and first user, signed in. */
export async function register(
  tx: Tx,
  deps: AppDeps,
  meta: RequestMeta,
  input: RegisterInput,
): Promise<{ token: string; profile: Profile }> {
  return createAccount(tx, deps, meta, input);
}

/** Sign-ups per client address: reserved before the request (the route's limit), so a failed one counts too. */
export function reserveRegistration(db: Executor, config: Config, ip: string): Promise<void> {
  return reserve(
    db,
    [{ key: `register:address:${ip}`, max: REGISTRATIONS_PER_ADDRESS }],
    config.signInThrottle.windowSeconds,
    'sign-ups from this address',
  );
}

async function createAccount(
  tx: Tx,
  deps: AppDeps,
  meta: RequestMeta,
  input: RegisterInput,
): Promise<{ token: string; profile: Profile }> {
  const firm = await createFirm(tx, { name: input.firm_name, features: [] });
  const actor = { firmId: firm.id, userId: null };
  const admin = await createRole(tx, actor, { name: 'Super admin', codes: [P.SUPER_ADMIN] });
  const user = await createUser(tx, actor, {
    kind: 'staff',
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    password: input.password,
    roleIds: [admin.id],
  }).catch((error) =>
    conflictOnDuplicate(error, 'An account with this email already exists. Sign in, or reset your password.', 'email'),
  );
  const scope = { firmId: firm.id, userId: user.id };
  const token = await createSession(tx, scope, deps.config.session.maxAgeSeconds, meta);
  return { token, profile: await getProfile(tx, { ...scope, impersonatorId: null }) };
}

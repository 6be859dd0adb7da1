import { P, type Profile, type RegisterInput } from '@atelier/contracts';
import type { Tx } from '../../db/client';
import { createSession } from '../../platform/auth/sessions';
import { countAttemptFromAddress } from '../../platform/auth/throttle';
import { conflictOnDuplicate, HttpError, KeepChangesError } from '../../platform/http/errors';
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
  await countAttemptFromAddress(
    tx,
    deps.config,
    'register',
    meta.ip,
    REGISTRATIONS_PER_ADDRESS,
    'sign-ups from this address',
  );
  // The sign-up runs in a savepoint: when it fails (an address already in use, say), its own
  // writes roll back but the counted attempt is kept, so failed sign-ups cannot probe for free.
  try {
    return await tx.transaction((inner) => createAccount(inner, deps, meta, input));
  } catch (error) {
    if (error instanceof HttpError) throw new KeepChangesError(error);
    throw error;
  }
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

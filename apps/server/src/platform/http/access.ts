import { FEATURES, type FeatureKey, hasCode, type PermissionCode } from '@atelier/contracts';
import { HttpError } from './errors';

/**
 * Who may call a route. Every route declares one; the server refuses to start otherwise.
 * `session: 'optional'` lets a public route see the caller's session when there is one.
 */
export type Access =
  | { kind: 'public'; session?: 'optional' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; code: PermissionCode; feature?: FeatureKey };

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const PUBLIC_WITH_SESSION = { kind: 'public', session: 'optional' } as const satisfies Access;
export const SIGNED_IN = { kind: 'signed-in' } as const satisfies Access;
export function permission(code: PermissionCode, feature?: FeatureKey) {
  return { kind: 'permission', code, ...(feature ? { feature } : {}) } as const satisfies Access;
}

/** The signed-in user a request acts for, from their session. */
export type Actor = {
  sessionId: string;
  firmId: string;
  userId: string;
  /** The staff member signed in as this user, if any; recorded on every audit row. */
  impersonatorId: string | null;
  /** The API key the request came with (it acts as the colleague who made it), if any. */
  apiKeyId?: string | null;
  kind: 'staff' | 'customer';
  codes: number[];
  features: string[];
};

export const UNAUTHENTICATED_MESSAGE = 'Sign in to continue.';

/** Throws the 403 a caller gets when the route's feature is off or they lack its code. */
export function assertAllowed(access: Access, actor: Actor): void {
  if (access.kind !== 'permission') return;
  if (access.feature && !actor.features.includes(access.feature)) {
    throw new HttpError(
      403,
      'feature_disabled',
      `The ${FEATURES[access.feature].label} module (${access.feature}) is not enabled for your firm.`,
    );
  }
  if (!hasCode(actor.codes, access.code)) {
    throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
  }
}

export function describeAccess(access: Access): string {
  if (access.kind !== 'permission') return access.kind;
  return access.feature ? `permission ${access.code} + ${access.feature}` : `permission ${access.code}`;
}

import type { Config } from '../../config';
import { signToken, verifyToken } from '../../platform/auth/signed';

type Keyed = Pick<Config, 'appSecret' | 'dataDir' | 'appUrl'>;

/**
 * The addresses a marketing email carries, each with a signed token (nothing stored): the
 * person's unsubscribe page and its one-click POST, its images, and the open and click counters.
 */
export const PUBLIC_EMAIL_PATH = '/public/email';
const api = (config: Keyed, path: string, token: string) =>
  `${config.appUrl}/api/v1${path}?t=${encodeURIComponent(token)}`;

/** Whose address a link unsubscribes: the firm, the customer, and the send it came with ('' for none). */
export type UnsubscribeFields = { firmId: string; customerId: string; recipientId: string };

export const unsubscribeToken = (config: Keyed, f: UnsubscribeFields) =>
  signToken(config, 'unsubscribe', [f.firmId, f.customerId, f.recipientId]);

export function readUnsubscribeToken(config: Keyed, token: unknown): UnsubscribeFields | null {
  const fields = verifyToken(config, 'unsubscribe', token, 3);
  return fields ? { firmId: fields[0]!, customerId: fields[1]!, recipientId: fields[2]! } : null;
}

/** The spec's page (`/unsubscribe/`), which asks and confirms. */
export const unsubscribePage = (config: Keyed, token: string) =>
  `${config.appUrl}/unsubscribe/?t=${encodeURIComponent(token)}`;
/** The one-click address of the List-Unsubscribe header (RFC 8058: a POST, no page). */
export const unsubscribeApi = (config: Keyed, token: string) => api(config, '/public/unsubscribe', token);

export const imageUrl = (config: Keyed, firmId: string, fileId: string) =>
  api(config, `${PUBLIC_EMAIL_PATH}/image`, signToken(config, 'email-image', [firmId, fileId]));
export const readImageToken = (config: Keyed, token: unknown) => verifyToken(config, 'email-image', token, 2);

export const openUrl = (config: Keyed, firmId: string, recipientId: string) =>
  api(config, `${PUBLIC_EMAIL_PATH}/open`, signToken(config, 'email-open', [firmId, recipientId]));
export const readOpenToken = (config: Keyed, token: unknown) => verifyToken(config, 'email-open', token, 2);

/** A link through the click counter; the destination is inside the signed token, so it is no open redirect. */
export const clickUrl = (config: Keyed, firmId: string, recipientId: string, url: string) =>
  api(config, `${PUBLIC_EMAIL_PATH}/click`, signToken(config, 'email-click', [firmId, recipientId, url]));
export const readClickToken = (config: Keyed, token: unknown) => verifyToken(config, 'email-click', token, 3);

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { signingKey } from '../../platform/auth/signed';

type Keyed = Pick<Config, 'appSecret' | 'dataDir' | 'appUrl' | 'replyDomain'>;

const hex = (config: Keyed, purpose: string, text: string, length: number) =>
  createHmac('sha256', signingKey(config)).update(`${purpose}\n${text}`).digest('hex').slice(0, length);

/** A firm's own short key in its reply addresses: derived, never stored. */
export const firmReplyKey = (config: Keyed, firmId: string) => hex(config, 'reply-firm', firmId, 8);

/**
 * The address replies to a thread come back to: `r.{firm key}.{thread}.{signature}@{REPLY_DOMAIN}`,
 * all lower-case hex (mail servers may change the case of an address), 52 characters before
 * the @ (the limit is 64).
 */
export function replyAddress(config: Keyed, firmId: string, threadId: string): string {
  const firm = firmReplyKey(config, firmId);
  const thread = threadId.replace(/-/g, '').toLowerCase();
  return `r.${firm}.${thread}.${hex(config, 'reply', `${firm}.${thread}`, 10)}@${config.replyDomain}`;
}

const ADDRESS = /^r\.([0-9a-f]{8})\.([0-9a-f]{32})\.([0-9a-f]{10})@(.+)$/;

/** What a reply address says, when the server made it: the firm key and the thread. */
export function readReplyAddress(config: Keyed, address: string): { firmKey: string; threadId: string } | null {
  const match = ADDRESS.exec(address.trim().toLowerCase());
  if (!match || match[4] !== config.replyDomain.toLowerCase()) return null;
  const [, firm, thread, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(hex(config, 'reply', `${firm}.${thread}`, 10));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const threadId = `${thread.slice(0, 8)}-${thread.slice(8, 12)}-${thread.slice(12, 16)}-${thread.slice(16, 20)}-${thread.slice(20)}`;
  return { firmKey: firm, threadId };
}

import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token for a cookie or an emailed link, and the hash we store instead. */
export function newToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

const made = new Map<string, Buffer>();

/**
 * The server's signing key: APP_SECRET, else a random one written once to `<dataDir>/app-secret`
 * (mode 0600) and read from there after, so links stay valid across restarts. Several instances
 * share a data folder or set APP_SECRET.
 */
export function signingKey(config: Pick<Config, 'appSecret' | 'dataDir'>): Buffer {
  if (config.appSecret) return Buffer.from(config.appSecret, 'utf8');
  const file = path.join(config.dataDir, 'app-secret');
  const known = made.get(file);
  if (known) return known;
  let key: Buffer;
  try {
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    try {
      // 'wx': if another process wrote it first, read theirs.
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  }
  if (key.length < 32) throw new Error(`${file} holds no usable key: delete it to make a new one.`);
  made.set(file, key);
  return key;
}

const mac = (key: Buffer, purpose: string, body: string) =>
  createHmac('sha256', key).update(`${purpose}\n${body}`).digest().subarray(0, 20);

/**
 * A token that carries `fields` and proves the server made it for `purpose` (an unsubscribe link,
 * an email image): nothing is stored, and changing any character makes it invalid.
 */
export function signToken(config: Pick<Config, 'appSecret' | 'dataDir'>, purpose: string, fields: string[]): string {
  const body = Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
  return `${body}.${mac(signingKey(config), purpose, body).toString('base64url')}`;
}

/** The fields of a token made by signToken for `purpose`, or null when it is forged, changed or cut. */
export function verifyToken(
  config: Pick<Config, 'appSecret' | 'dataDir'>,
  purpose: string,
  token: unknown,
  count: number,
): string[] | null {
  if (typeof token !== 'string' || token.length > 6000) return null;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  // Compared as text: base64url ignores a last character's spare bits, so a changed one could decode alike.
  const given = Buffer.from(signature, 'utf8');
  const expected = Buffer.from(mac(signingKey(config), purpose, body).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!Array.isArray(fields) || fields.length !== count || fields.some((f) => typeof f !== 'string')) return null;
    return fields as string[];
  } catch {
    return null;
  }
}

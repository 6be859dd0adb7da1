import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys in code-point order and no spaces, so the same value always
 * gives the same bytes (and the same hash), whoever wrote it and in whatever order. `undefined`
 * members are left out as JSON.stringify does; numbers and strings are written as it writes them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/** SHA-256 of bytes or text, as 64 lower-case hex digits. */
export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

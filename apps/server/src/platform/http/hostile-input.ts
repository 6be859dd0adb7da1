import type { FastifyInstance } from 'fastify';
import { badRequest, type HttpError } from './errors';

/**
 * Names that reach an object's prototype when used as a property: refused anywhere in a
 * request's query, path or JSON body (decision 0011). Everything the server builds from user
 * keys also uses null-prototype objects or own-property lookups, so this is the second wall.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A reserved name as a key, or as a bracketed part of one the query parser kept whole (`a[constructor][x]`). */
const reserved = (key: string) =>
  RESERVED_KEYS.has(key) || (key.includes('[') && key.split(/[[\]]/).some((part) => RESERVED_KEYS.has(part)));

/** Deeper than any request of ours needs; a deeper one is refused before anything walks it. */
const MAX_DEPTH = 32;

export const NUL_MESSAGE = 'This text contains a character that is not allowed (NUL).';

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The first hostile part of a parsed request part, as the 400 to answer with: a reserved
 * key, a NUL character in a key or a string (PostgreSQL cannot store it in text), or nesting
 * deeper than MAX_DEPTH. Walked without recursion, so no input can exhaust the stack.
 */
export function hostileInput(value: unknown, part: 'query' | 'body' | 'params'): HttpError | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    const field = path.join('.') || part;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return badRequest(NUL_MESSAGE, { [field]: NUL_MESSAGE });
      continue;
    }
    if (!isContainer(current)) continue;
    if (path.length >= MAX_DEPTH) {
      return badRequest(`The request ${part} is nested too deeply.`, { [field]: 'Nested too deeply.' });
    }
    for (const key of Object.keys(current)) {
      const at = [...path, key];
      if (reserved(key)) {
        const message = `"${key}" cannot be used as a field name.`;
        return badRequest(message, { [at.join('.')]: message });
      }
      if (key.includes('\u0000')) return badRequest(NUL_MESSAGE, { [field]: NUL_MESSAGE });
      stack.push({ value: (current as Record<string, unknown>)[key], path: at });
    }
  }
  return null;
}

/** Refuses hostile input on every route, before any handler or schema sees it. */
export function registerHostileInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const problem = hostileInput(value, part);
      if (problem) throw problem;
    }
  });
}

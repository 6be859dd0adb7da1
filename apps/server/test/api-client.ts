import type { FastifyInstance } from 'fastify';
import { call } from './helpers';

export type Json = Record<string, unknown>;

/** A call to /api/v1 as the test's default person (or `cookie`), with the body parsed when it is JSON. */
export type Api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie?: string,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: Json; text: string }>;

/** An `Api` on the app `app()` gives, signed in as `cookie()` unless a call says otherwise. */
export function apiClient(app: () => FastifyInstance, cookie: () => string): Api {
  return async (method, url, body, as = cookie(), headers = {}) => {
    const r = await call(app(), { method, url: `/api/v1${url}`, cookie: as, body, headers });
    let parsed: Json = {};
    try {
      parsed = r.body ? (r.json() as Json) : {};
    } catch {
      parsed = {};
    }
    return { status: r.statusCode, body: parsed, text: r.body };
  };
}

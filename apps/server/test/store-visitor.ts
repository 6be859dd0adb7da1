import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './helpers';

/**
 * A browser at a firm's store pages (`/store/{slug}/…`), from one address: it keeps the cookies
 * the store sets (the cart, the customer's session) and sends them back, and posts forms
 * urlencoded as a browser does (a field given as a list is repeated).
 */
export function storeVisitor(app: FastifyInstance, slug: string, ip = '198.51.100.20') {
  const jar = new Map<string, string>();
  const keep = (headers: Record<string, unknown>) => {
    for (const c of ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? [])) {
      const [name, value] = c.split(';')[0]!.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) || value === '') jar.delete(name!);
      else jar.set(name!, value!);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const url = (path: string) => `/store/${slug}/${path}`;
  const visitor = {
    jar,
    get: async (path: string) => {
      const r = await app.inject({ method: 'GET', url: url(path), headers: { cookie: cookie() }, remoteAddress: ip });
      keep(r.headers);
      return r;
    },
    post: async (path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const one of ([] as string[]).concat(v)) body.append(k, one);
      const r = await app.inject({
        method: 'POST',
        url: url(path),
        payload: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), ...headers },
        remoteAddress: ip,
      });
      keep(r.headers);
      return r;
    },
    /** Signs in at the store's form (303 expected), keeping the session's cookie. */
    signIn: async (email: string, password = DEMO_PASSWORD) => {
      const r = await visitor.post('account/sign-in', { email, password });
      expect(r.statusCode, r.body.slice(0, 300)).toBe(303);
      return visitor;
    },
  };
  return visitor;
}

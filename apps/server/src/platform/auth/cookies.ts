import { SESSION_HINT_COOKIE } from '@atelier/contracts';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';

export const SESSION_COOKIE = 'atelier_session';
/**
 * Holds the staff member's own session token while they are signed in as a customer (the
 * customers module's impersonation); sign-out ends that session too and clears the cookie.
 */
export const RETURN_COOKIE = 'atelier_return';

export function setSessionCookies(reply: FastifyReply, token: string, config: Config): void {
  const base = {
    path: '/',
    sameSite: 'lax',
    secure: config.session.secureCookie,
    maxAge: config.session.maxAgeSeconds,
  } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const base = { path: '/', sameSite: 'lax', secure: config.session.secureCookie } as const;
  reply.clearCookie(SESSION_COOKIE, { ...base, httpOnly: true });
  // The staff session kept while signed in as a customer goes too.
  reply.clearCookie(RETURN_COOKIE, { ...base, httpOnly: true });
  reply.clearCookie(SESSION_HINT_COOKIE, base);
}

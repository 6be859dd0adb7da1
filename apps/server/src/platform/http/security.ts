import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../auth/cookies';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Where the API's cross-site routes live; each is PUBLIC and reads no session. */
export const CROSS_SITE_PREFIX = '/api/v1/public/';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  // A receipt's PDF is shown from a local object URL of its bytes (decision 0045); nothing else is framed.
  "frame-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// Pages and API routes addressed by a secret token in the path: a proposal's approval link, a
// person's calendar feed (`{token}.ics`, blanked with its ending), a store customer's password link.
const TOKEN_PATHS =
  /^(\/proposals\/approve\/(?!verify\b)|\/api\/v1\/public\/proposals\/(?!verify\b)|\/api\/v1\/public\/calendar\/|\/store\/[^/?#]+\/account\/reset\/)[^/?#]+/;

/** An address with the token of a tokenised path blanked out, for logs. */
export const redactTokens = (url: string) => url.replace(TOKEN_PATHS, '$1[token]');

/**
 * A state-changing request that carries our session cookie must come from our own pages.
 * Browsers send Origin on such requests, and Sec-Fetch-Site where supported.
 */
export function isForeignRequest(req: FastifyRequest, config: Config): boolean {
  if (SAFE_METHODS.has(req.method) || !req.cookies[SESSION_COOKIE]) return false;
  // Routes for other sites (a firm's website form) never use the session, so a cookie the
  // browser happens to send cannot be ridden; they check the caller's origin themselves. The
  // matched route's pattern is checked, not the raw address, which a caller can dress up.
  if (req.routeOptions.url?.startsWith(CROSS_SITE_PREFIX)) return false;
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  return !allowedOrigins(req, config).has(origin);
}

/** Our own origins: the configured APP_URL and the address this request came to. */
export function allowedOrigins(req: FastifyRequest, config: Config): Set<string> {
  return new Set([new URL(config.appUrl).origin, `${req.protocol}://${req.host}`]);
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (req) => {
    if (isForeignRequest(req, config)) {
      throw new HttpError(403, 'forbidden', 'This request came from another site and was refused.');
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // A tokenised page's address must not travel to the sites its links and images lead to.
    reply.header('Referrer-Policy', TOKEN_PATHS.test(req.url) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    // A page that says otherwise (the store's, which the app shows its own firm) keeps its own.
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (config.session.secureCookie) reply.header('Strict-Transport-Security', 'max-age=31536000');
    if (req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    // Every page, the web app's and the API's documents (/api/docs) alike.
    if (
      String(reply.getHeader('content-type') ?? '').startsWith('text/html') &&
      !reply.hasHeader('Content-Security-Policy')
    ) {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
}

import { SESSION_EXPIRED_MESSAGE } from '@atelier/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { enterScope, inScope } from '../../db/tenancy';
import { bearerKey, INVALID_KEY_MESSAGE, KEY_PERSONAL_MESSAGE, restoreApiKey } from '../auth/api-key-auth';
import { clearSessionCookies, SESSION_COOKIE } from '../auth/cookies';
import { restoreSession } from '../auth/sessions';
import type { LocalFileStorage } from '../files/storage';
import type { BackgroundWork } from '../jobs/background';
import type { ProgressHub } from '../realtime/progress-hub';
import { type Access, type Actor, assertAllowed, UNAUTHENTICATED_MESSAGE } from './access';
import { forbidden, HttpError, validationError } from './errors';
import type { FairShare } from './fair-share';

export type AppDeps = {
  config: Config;
  db: Db;
  fairShare: FairShare;
  storage: LocalFileStorage;
  progress: ProgressHub;
  /** Work requests start and answer before it ends (imports); closing the app stops it. */
  background: BackgroundWork;
};

export type RequestMeta = {
  ip: string;
  userAgent: string | undefined;
  sessionToken: string | undefined;
  /** An API key sent as `Authorization: Bearer …` (integrations); it wins over a session cookie. */
  apiKey?: string | undefined;
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type ActorFor<A extends Access> = A extends { kind: 'public' } ? Actor | null : Actor;

export type HandlerInput<A extends Access, SB, SQ, SP> = {
  /** The request's transaction, already scoped to the actor's firm (or to none). */
  db: Tx;
  /** A new transaction in the actor's scope (what `stream` routes use instead of `db`). */
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  actor: ActorFor<A>;
  body: Out<SB>;
  query: Out<SQ>;
  params: Out<SP>;
  meta: RequestMeta;
  deps: AppDeps;
  req: FastifyRequest;
  reply: FastifyReply;
};

export type RouteDef<A extends Access, SB, SQ, SP> = {
  method: HTTPMethods;
  /** Path under /api/v1 (or absolute with `root: true`). */
  url: string;
  root?: boolean;
  access: A;
  body?: SB;
  query?: SQ;
  params?: SP;
  /** Answer with this status on success (default 200). */
  status?: number;
  /**
   * The success body's schema, for the API's document (GET /api/v1/openapi.json) and the tests
   * that check answers against it. Not enforced at run time. Routes without one are documented
   * as answering some JSON.
   */
  response?: z.ZodType;
  /** The success body's media types when it is not JSON (an export as CSV or XLSX, a file's bytes). */
  produces?: string | string[];
  /** A line for the API's document: "List ambassadors". */
  summary?: string;
  /**
   * The handler reads a streamed request body (uploads): it runs outside any transaction, so a
   * slow client holds no database connection, and opens its own with `scoped` when it is ready.
   */
  stream?: true;
  /** The 415 message for a body of a type the route does not take (default: JSON only). */
  unsupportedType?: string;
  /** Takes an HTML form's body (`application/x-www-form-urlencoded`, platform/http/forms.ts) as well as JSON. */
  form?: true;
  /**
   * Reserves the request against its rate limits (platform/auth/throttle.ts) before anything
   * else, in a short transaction of its own that commits whatever the request does next: so
   * parallel attempts count exactly, and a refused or failed attempt still counts.
   */
  limit?: (input: {
    db: Tx;
    body: Out<SB>;
    params: Out<SP>;
    meta: RequestMeta;
    deps: AppDeps;
    req: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<void>;
  handler: (input: HandlerInput<A, SB, SQ, SP>) => Promise<unknown>;
};

/** A route with its types erased, as the registry holds it. */
export type AnyRoute = {
  method: HTTPMethods;
  url: string;
  root?: boolean;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  status?: number;
  response?: z.ZodType;
  produces?: string | string[];
  summary?: string;
  stream?: true;
  unsupportedType?: string;
  form?: true;
  // biome-ignore lint/suspicious/noExplicitAny: erased input; defineRoute keeps it typed
  limit?: (input: any) => Promise<void>;
  // biome-ignore lint/suspicious/noExplicitAny: erased handler input; defineRoute keeps it typed
  handler: (input: any) => Promise<unknown>;
};

export function defineRoute<
  A extends Access,
  SB extends z.ZodType | undefined = undefined,
  SQ extends z.ZodType | undefined = undefined,
  SP extends z.ZodType | undefined = undefined,
>(def: RouteDef<A, SB, SQ, SP>): AnyRoute {
  return def as AnyRoute;
}

export const API_PREFIX = '/api/v1';

export function fullPath(route: Pick<AnyRoute, 'url' | 'root'>): string {
  return route.root ? route.url : `${API_PREFIX}${route.url}`;
}

/**
 * Registers routes so that each request runs in one transaction: the application role, the
 * session's firm scope, the access check, input validation, then the handler. Anything thrown
 * rolls the whole request back, so a refused or invalid request changes nothing.
 */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly AnyRoute[]): void {
  const checkResponses = deps.config.env === 'test';
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fullPath(route),
      config: { access: route.access, unsupportedType: route.unsupportedType, form: route.form },
      handler: async (req, reply) => {
        const meta: RequestMeta = {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          sessionToken: req.cookies[SESSION_COOKIE] || undefined,
          apiKey: bearerKey(req.headers.authorization),
        };
        // A key or a session: either way the credential a fair share and its firm are counted by.
        const credential = meta.apiKey ?? meta.sessionToken;
        const run = async (tx: Tx, actor: Actor | null) => {
          const scope = { firmId: actor?.firmId ?? null, userId: actor?.userId ?? null };
          return route.handler({
            db: tx,
            scoped: <T>(fn: (t: Tx) => Promise<T>) => inScope(deps.db, scope, fn),
            actor,
            body: parse(route.body, req.body, 'body'),
            query: parse(route.query, req.query, 'query'),
            params: parse(route.params, req.params, 'params'),
            meta,
            deps,
            req,
            reply,
          });
        };
        // Streams (uploads) hold no connection while bytes arrive; the rest wait their firm's turn.
        const release = route.stream ? null : await deps.fairShare.acquire(deps.fairShare.keysFor(credential, meta.ip));
        const signedIn = (actor: Actor | null) => {
          if (actor && credential) deps.fairShare.remember(credential, actor.firmId);
          return actor;
        };
        let result: unknown;
        try {
          if (route.limit) {
            const input = {
              body: parse(route.body, req.body, 'body'),
              params: parse(route.params, req.params, 'params'),
            };
            await inScope(deps.db, { firmId: null }, (tx) =>
              route.limit!({ db: tx, ...input, meta, deps, req, reply }),
            );
          }
          result = route.stream
            ? await run(
                noTransaction,
                signedIn(await inScope(deps.db, { firmId: null }, (tx) => authenticate(tx, route, meta, deps, reply))),
              )
            : await deps.db.transaction(async (tx) => {
                // A found session or key enters its firm's scope in the statement that finds it
                // (one round trip less per request); anything else runs in no firm's scope.
                const actor = await authenticate(tx, route, meta, deps, reply);
                if (!actor) await enterScope(tx, { firmId: null });
                return run(tx, signedIn(actor));
              });
        } finally {
          release?.();
        }
        if (reply.sent) return reply;
        if (checkResponses && route.response) checkResponse(route, result);
        // A handler may answer with its own status (a page's 303 after a form, a 404 page), sent
        // here like any answer: only once its transaction has committed.
        if (reply.statusCode === 200) reply.code(route.status ?? 200);
        return result === undefined ? reply.send() : reply.send(result);
      },
    });
  }
}

/**
 * Under test, every answer of a route that declares its response schema is checked against it:
 * every API test then also checks that the documented schema (openapi.json) is what the route
 * really says, and an undeclared field (a leak) fails as loudly as a missing one.
 */
export function checkResponse(route: AnyRoute, result: unknown): void {
  const parsed = route.response!.safeParse(result);
  if (parsed.success) return;
  const where = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  // An HttpError, so the test sees the reason in the body rather than a bare 500.
  throw new HttpError(
    500,
    'internal',
    `The answer of ${route.method} ${route.url} does not match its schema: ${where}`,
  );
}

async function authenticate(
  tx: Tx,
  route: Pick<AnyRoute, 'access' | 'method'>,
  meta: RequestMeta,
  deps: AppDeps,
  reply: FastifyReply,
): Promise<Actor | null> {
  const { access } = route;
  const wantsSession = access.kind !== 'public' || access.session === 'optional';
  if (!wantsSession) return null;
  if (meta.apiKey) {
    const keyActor = await restoreApiKey(tx, meta.apiKey);
    if (!keyActor) throw new HttpError(401, 'unauthenticated', INVALID_KEY_MESSAGE);
    // Routes open to anyone signed in that change something are a person's own account (their
    // profile, password, sessions, notifications): a key, made for records, does not touch them.
    if (access.kind === 'signed-in' && route.method !== 'GET') throw forbidden(KEY_PERSONAL_MESSAGE);
    if (access.kind !== 'public') assertAllowed(access, keyActor);
    return keyActor;
  }
  const actor = meta.sessionToken ? await restoreSession(tx, meta.sessionToken, deps.config.session.idleSeconds) : null;
  if (access.kind === 'public') return actor;
  if (!actor) {
    if (!meta.sessionToken) throw new HttpError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
    clearSessionCookies(reply, deps.config);
    throw new HttpError(401, 'session_expired', SESSION_EXPIRED_MESSAGE);
  }
  assertAllowed(access, actor);
  return actor;
}

/** What a `stream` route gets as `db`: using it is a programming error, said plainly. */
const noTransaction = new Proxy({} as Tx, {
  get: () => {
    throw new Error('A stream route has no request transaction: use `scoped`.');
  },
});

function parse(schema: z.ZodType | undefined, value: unknown, part: 'body' | 'query' | 'params') {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (!result.success) throw validationError(result.error, part);
  return result.data;
}

/** Refuses to start when any route, ours or a plugin's, was registered without declaring access. */
export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    const access = (options.config as { access?: Access } | undefined)?.access;
    if (!access) {
      const methods = Array.isArray(options.method) ? options.method.join(',') : options.method;
      throw new Error(
        `Route ${methods} ${options.url} does not declare who may call it (public, signed-in or a permission).`,
      );
    }
  });
}

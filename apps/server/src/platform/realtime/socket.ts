import type { RecordEvent } from '@atelier/contracts';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { SESSION_COOKIE } from '../auth/cookies';
import { restoreSession } from '../auth/sessions';
import { type Actor, SIGNED_IN } from '../http/access';
import { HttpError } from '../http/errors';
import { allowedOrigins } from '../http/security';
import { entityKind, maySee } from '../records/entities';
import type { ProgressHub } from './progress-hub';

/** How often an open socket re-checks its session. */
export const SESSION_CHECK_MS = 30_000;

declare module 'fastify' {
  interface FastifyRequest {
    socketActor?: Actor;
  }
}

const isEventsSocket = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('events') === '1';

/**
 * /api/v1/websocket/ (spec section 7): signed-in sessions from our own pages only. The client
 * sends 'ping' (answered with a pong) and 'progress' (answered with the user's upload progress).
 * Opened with `?events=1` it is the web app's always-open events connection, which is also sent
 * every committed change to a record the user may read.
 */
export async function registerSocket(app: FastifyInstance, deps: { config: Config; db: Db; progress: ProgressHub }) {
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });
  app.get(
    '/api/v1/websocket/',
    {
      websocket: true,
      config: { access: SIGNED_IN },
      // Browsers do not apply CORS to WebSockets: the Origin must be checked here.
      preValidation: async (req) => {
        const token = req.cookies[SESSION_COOKIE];
        if (!token) throw new HttpError(401, 'unauthenticated', 'Sign in to continue.');
        const origin = req.headers.origin;
        if (!origin || !allowedOrigins(req, deps.config).has(origin)) {
          throw new HttpError(403, 'forbidden', 'This connection came from another site and was refused.');
        }
        const actor = await inScope(deps.db, { firmId: null }, (tx) =>
          restoreSession(tx, token, deps.config.session.idleSeconds),
        );
        if (!actor) throw new HttpError(401, 'session_expired', 'Failed to authenticate token.');
        req.socketActor = actor;
      },
    },
    (socket, req) => {
      let actor = req.socketActor!;
      const userId = actor.userId;
      const token = req.cookies[SESSION_COOKIE]!;
      // Deactivated, signed out everywhere, password changed: the socket closes at once.
      const stopListening = deps.progress.onSessionsEnded(({ user, keep }) => {
        if ((actor.userId === user || actor.impersonatorId === user) && actor.sessionId !== keep)
          socket.close(4401, 'Session ended');
      });
      // A session ended between the check above and listening would otherwise live until the next re-check.
      // While the database is unreachable the answer is unknown (undefined): the socket stays open.
      // The check also refreshes what the session may read (roles, the firm's modules).
      const recheck = async () => {
        const still = await inScope(deps.db, { firmId: null }, (tx) =>
          restoreSession(tx, token, deps.config.session.idleSeconds),
        ).catch(() => undefined);
        if (still === null) socket.close(4401, 'Session ended');
        else if (still) actor = still;
      };
      void recheck();
      // A socket lives no longer than its session: signed out, expired or deactivated ends it.
      const check = setInterval(recheck, SESSION_CHECK_MS);
      // The events connection hears of committed changes to records its user may read, in their firm only.
      const stopEvents = isEventsSocket(req.url)
        ? deps.progress.onRecords((events) => {
            for (const { firmId, ...event } of events) {
              const kind = entityKind(event.kind);
              if (firmId !== actor.firmId || !kind || !maySee(actor, kind)) continue;
              if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event satisfies RecordEvent));
            }
          })
        : () => {};
      socket.on('close', () => {
        clearInterval(check);
        stopListening();
        stopEvents();
      });
      socket.on('message', (data) => {
        const message = data.toString();
        if (message === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
        else if (message === 'progress')
          socket.send(JSON.stringify({ type: 'progress', progress: deps.progress.get(userId) }));
      });
    },
  );
}

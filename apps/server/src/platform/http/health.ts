import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { PUBLIC } from './access';
import { DATABASE_RETRY_SECONDS } from './error-handler';

const TIMEOUT_MS = 2000;

/** GET /healthz for load balancers: 200 when the database answers, 503 otherwise. */
export function registerHealth(app: FastifyInstance, pool: pg.Pool): void {
  app.get('/healthz', { config: { access: PUBLIC } }, async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pool.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok' };
    } catch {
      return reply.code(503).header('Retry-After', String(DATABASE_RETRY_SECONDS)).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}

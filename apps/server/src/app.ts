import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { profileRoutes } from './modules/profile/profile.routes';
import { auditRoutes } from './platform/audit/audit.routes';
import { authRoutes } from './platform/auth/auth.routes';
import type { Access } from './platform/http/access';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerHealth } from './platform/http/health';
import { type AnyRoute, registerRoutes, requireDeclaredAccess } from './platform/http/routes';
import { registerSecurity } from './platform/http/security';
import { registerSpa } from './platform/http/spa';
import { notificationRoutes } from './platform/notifications/notifications.routes';

/** Every API route of every module. A module adds its list here. */
export const apiRoutes: readonly AnyRoute[] = [...authRoutes, ...profileRoutes, ...notificationRoutes, ...auditRoutes];

export type RegisteredRoute = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declared, for the route-matrix test and for docs. */
    routeRegistry: RegisteredRoute[];
  }
}

export type BuildOptions = { config: Config; database: Database; logger?: boolean };

export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorate('routeRegistry', [] as RegisteredRoute[]);
  requireDeclaredAccess(app);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    const access = (options.config as { access: Access }).access;
    for (const method of methods) app.routeRegistry.push({ method, url: options.url, access });
  });

  await app.register(fastifyCookie);
  registerErrorHandler(app);
  registerSecurity(app, config);
  registerHealth(app, database.pool);
  registerRoutes(app, { config, db: database.db }, apiRoutes);
  await registerSpa(app, config.webDist);
  return app;
}

import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from './access';

/**
 * Serves the built web app: files from the build as they are, compressed ahead of time (hashed
 * assets cached for a year), and index.html for every other page path so the client router can take over. A
 * missing asset is a 404, never index.html: a stale chunk must fail loudly so the app reloads.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return;
  // The build has brotli and gzip copies of its text files (apps/web/vite.config.ts): sent as
  // they are to a browser that takes them (`Vary: accept-encoding`), the file itself otherwise.
  await app.register(fastifyStatic, { root: webDist, serve: false, preCompressed: true });

  app.get('/*', { config: { access: PUBLIC } }, (req, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.url.split('?')[0] ?? '/');
    } catch {
      return reply.code(404).send({ error: { code: 'not_found', message: 'No such address.' } });
    }
    if (pathname.startsWith('/api/')) {
      return reply.code(404).send({ error: { code: 'not_found', message: `No such address: GET ${pathname}` } });
    }
    const file = path.resolve(webDist, `.${pathname}`);
    const inside = file.startsWith(`${webDist}${path.sep}`);
    if (inside && pathname !== '/' && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      const hashed = pathname.startsWith('/assets/');
      return reply.sendFile(path.relative(webDist, file), {
        ...(hashed ? { immutable: true, maxAge: '365d' } : { maxAge: '1h' }),
      });
    }
    if (pathname.startsWith('/assets/')) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'No such file.' } });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
}

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PUBLIC } from './access';
import { buildOpenApiDocument } from './openapi';
import { type AnyRoute, API_PREFIX } from './routes';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = '/api/docs';

/** Swagger UI's own files (swagger-ui-dist), served from node_modules: no CDN is needed. */
const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

// The page holds no inline script (the app's CSP allows scripts from 'self' only): it starts
// Swagger UI from init.js, which reads the document from OPENAPI_PATH.
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Atelier API</title>
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;
const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#docs',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  // No call to an outside validator: the document is checked by the server's tests.
  validatorUrl: null,
});
`;

/**
 * GET /api/v1/openapi.json (the document, built once on first request) and GET /api/docs (a
 * page that renders it, with its assets under /api/docs/). All public: they describe the API,
 * never a firm's data.
 */
export function registerApiDocs(app: FastifyInstance, routes: readonly AnyRoute[]): void {
  let document: string | undefined;
  app.get(OPENAPI_PATH, { config: { access: PUBLIC } }, async (_req, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(routes));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });

  app.get(DOCS_PATH, { config: { access: PUBLIC } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get(`${DOCS_PATH}/:file`, { config: { access: PUBLIC } }, async (req, reply) => {
    const file = (req.params as { file: string }).file;
    if (file === 'init.js')
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT);
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return reply.code(404).send({ error: { code: 'not_found', message: 'No such file.' } });
    return reply
      .type(type)
      .header('cache-control', 'public, max-age=86400')
      .send(fs.createReadStream(path.join(SWAGGER_DIR, file)));
  });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { apiRoutes as allRoutes } from '../../app';
import { SESSION_COOKIE } from '../auth/cookies';
import { DOCS_PATH, OPENAPI_PATH } from './api-docs';
import type { OpenApiDocument } from './openapi';
import { fullPath } from './routes';

/** The API's routes: the pages outside /api/v1 (the store's HTML) have their own tests. */
const apiRoutes = allRoutes.filter((r) => !r.root);

let t: TestApp;
let doc: OpenApiDocument;
let cookie: string;
// A built web app, so that the SPA's catch-all route is there to swallow /api/docs if it could.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Atelier web app</title>');
  t = await startTestApp({ env: { WEB_DIST: dist } });
  const response = await call(t.app, { method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  doc = response.json();
  cookie = await signIn(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** `/api/v1/ambassadors/:id/` → `/api/v1/ambassadors/{id}`, as the document writes paths. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ p, method, op })));

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document in shape, with the session cookie and API key schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    expect(doc.components.schemas.Error).toBeDefined();
    expect(doc.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: SESSION_COOKIE }),
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const ids = new Set<string>();
    const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
    for (const { p, method, op } of operations()) {
      expect(p.startsWith('/'), p).toBe(true);
      expect(methods.has(method), `${method} ${p}`).toBe(true);
      expect(ids.has(op.operationId as string), `operationId ${op.operationId} is unique`).toBe(false);
      ids.add(op.operationId as string);
      expect(Object.keys(op.responses as object).length, `${method} ${p}`).toBeGreaterThan(1);
      expect(op.description, `${method} ${p}`).toMatch(/Public|signed-in|Needs permission \d+/);
      // Every {name} of the path is a declared path parameter.
      const declared = ((op.parameters ?? []) as { in: string; name: string }[])
        .filter((param) => param.in === 'path')
        .map((param) => param.name);
      expect(declared.sort(), `${method} ${p}`).toEqual([...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, v] of Object.entries(value)) key === '$ref' ? refs.push(v as string) : walk(v);
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\//);
      const target = ref
        .slice(2)
        .split('/')
        .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('has every registered API route with its method, and nothing else', () => {
    const registered = t.app.routeRegistry
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
      .filter((r) => r.url !== OPENAPI_PATH && !r.url.startsWith('/api/v1/websocket'))
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`);
    const documented = operations().map(({ p, method }) => `${method} ${p}`);
    expect(registered.length).toBeGreaterThanOrEqual(apiRoutes.length);
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());
    // Access is documented as declared: the route matrix checks the server enforces it.
    for (const route of apiRoutes) {
      const op = doc.paths[openApiPath(fullPath(route))]?.[route.method.toString().toLowerCase()];
      expect(op?.['x-access'], `${route.method} ${route.url}`).toEqual(route.access);
      expect(op?.security, `${route.method} ${route.url}`).toEqual(
        route.access.kind === 'public'
          ? route.access.session
            ? [{}, { session: [] }, { bearer: [] }]
            : []
          : [{ session: [] }, { bearer: [] }],
      );
    }
  });

  it('documents the response schema of every route that answers a JSON body', () => {
    // Routes answering 204 or a redirect have no body, and those that `produce` another type (a CSV, a file) no JSON.
    const missing = apiRoutes
      .filter((r) => !r.response && r.status !== 204 && !(r.status && r.status >= 300 && r.status < 400) && !r.produces)
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, `These routes declare no response schema:\n${missing.join('\n')}`).toEqual([]);
    const detail = doc.paths['/api/v1/ambassadors/{id}']?.get?.responses as Record<string, { content?: object }>;
    expect(JSON.stringify(detail['200']?.content)).toContain('"referrals"');
    const created = doc.paths['/api/v1/ambassadors']?.post?.responses as Record<string, unknown>;
    expect(created['201']).toBeDefined();
    const removed = doc.paths['/api/v1/ambassadors/{id}']?.delete?.responses as Record<string, { content?: object }>;
    expect(removed['204']?.content).toBeUndefined();
  });

  it('is built once and served the same each time', async () => {
    const again = await call(t.app, { method: 'GET', url: OPENAPI_PATH });
    expect(again.json()).toEqual(doc);
  });
});

describe('GET /api/docs', () => {
  it('serves a page that renders the document, with its assets (and the web app does not take it)', async () => {
    for (const url of [DOCS_PATH, `${DOCS_PATH}/`]) {
      const page = await call(t.app, { method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).not.toContain('Atelier web app');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      // No inline script: the CSP would refuse it.
      expect(page.body).not.toMatch(/<script>/);
    }
    const page = (await call(t.app, { method: 'GET', url: DOCS_PATH })).body;
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBe(4);
    const types: Record<string, string> = { js: 'javascript', css: 'text/css', png: 'image/png' };
    for (const asset of assets) {
      const response = await call(t.app, { method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['content-type'], asset).toContain(types[asset.split('.').pop()!]);
      expect(response.rawPayload.length, asset).toBeGreaterThan(100);
    }
    const init = await call(t.app, { method: 'GET', url: `${DOCS_PATH}/init.js` });
    expect(init.body).toContain(OPENAPI_PATH);
    for (const url of [`${DOCS_PATH}/package.json`, `${DOCS_PATH}/..%2Fpackage.json`, `${DOCS_PATH}/index.html`]) {
      const response = await call(t.app, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('answers in the API match their declared schema', () => {
  const schemaOf = (method: string, url: string) => {
    const route = apiRoutes.find((r) => r.method === method && fullPath(r) === url);
    if (!route?.response) throw new Error(`${method} ${url} declares no response schema`);
    return route.response;
  };
  const expectMatch = (method: string, url: string, body: unknown) =>
    expect(schemaOf(method, url).safeParse(body).error?.issues ?? [], `${method} ${url}`).toEqual([]);

  it('ambassadors: the list, a new one, a read, an edit, an archive, a bulk action and duplicates', async () => {
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      call(t.app, { method, url: `/api/v1${url}`, cookie, body });
    const created = await api('POST', '/ambassadors', { name: 'Nadia Okafor', kind: 'person', commissionPercent: 5 });
    expect(created.statusCode, created.body).toBe(201);
    expectMatch('POST', '/api/v1/ambassadors', created.json());
    const id = created.json()._id as string;

    const list = await api('GET', '/ambassadors?limit=5');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.length).toBeGreaterThan(0);
    expectMatch('GET', '/api/v1/ambassadors', list.json());

    const read = await api('GET', `/ambassadors/${id}`);
    expect(read.statusCode).toBe(200);
    expectMatch('GET', '/api/v1/ambassadors/:id', read.json());

    const edited = await api('PUT', `/ambassadors/${id}`, {
      name: 'Nadia Okafor',
      kind: 'business',
      commissionPercent: 7.5,
      version: read.json().version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expectMatch('PUT', '/api/v1/ambassadors/:id', edited.json());

    const archived = await api('POST', `/ambassadors/${id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expectMatch('POST', '/api/v1/ambassadors/:id/archive', archived.json());

    const bulk = await api('POST', '/ambassadors/bulk', { action: 'restore', ids: [id] });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expectMatch('POST', '/api/v1/ambassadors/bulk', bulk.json());

    const duplicates = await api('GET', '/ambassadors/duplicates?name=Nadia%20Okafor');
    expect(duplicates.statusCode).toBe(200);
    expect(duplicates.json().length).toBeGreaterThan(0);
    expectMatch('GET', '/api/v1/ambassadors/duplicates', duplicates.json());
  });

  it('other kinds: bulk actions and duplicates, and errors as the shared Error schema says', async () => {
    const customers = await call(t.app, { method: 'GET', url: '/api/v1/customers?limit=2', cookie });
    const ids = customers.json().items.map((c: { _id: string }) => c._id);
    const bulk = await call(t.app, {
      method: 'POST',
      url: '/api/v1/customers/bulk',
      cookie,
      body: { action: 'restore', ids },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expectMatch('POST', '/api/v1/customers/bulk', bulk.json());
    const name = customers.json().items[0].name as string;
    const duplicates = await call(t.app, {
      method: 'GET',
      url: `/api/v1/customers/duplicates?name=${encodeURIComponent(name)}`,
      cookie,
    });
    expectMatch('GET', '/api/v1/customers/duplicates', duplicates.json());

    for (const [url, status] of [
      ['/api/v1/ambassadors/019a0000-0000-7000-8000-00000000abcd', 404],
      ['/api/v1/ambassadors?limit=1000', 400],
    ] as const) {
      const response = await call(t.app, { method: 'GET', url, cookie });
      expect(response.statusCode, url).toBe(status);
      expect(errorBodySchema.safeParse(response.json()).success, url).toBe(true);
    }
  });
});

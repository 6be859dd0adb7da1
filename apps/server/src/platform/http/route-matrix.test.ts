import { FEATURES, P } from '@atelier/contracts';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { apiRoutes as allRoutes, type RegisteredRoute } from '../../app';
import { inScope } from '../../db/tenancy';
import { createFirm } from '../../modules/firms/firms.service';
import { createRole, createUser } from '../../modules/users/users.service';
import { assertAllowed, describeAccess } from './access';
import { requireDeclaredAccess } from './routes';

/** The API's routes: the pages outside /api/v1 (the store's HTML) have their own tests. */
const apiRoutes = allRoutes.filter((r) => !r.root);

let t: TestApp;
let routes: RegisteredRoute[];
const cookies: Record<'none' | 'noCodes' | 'superAdmin' | 'bareFirmSuperAdmin', string> = {
  none: '',
  noCodes: '',
  superAdmin: '',
  bareFirmSuperAdmin: '',
};
let tenantStrings: string[];

beforeAll(async () => {
  t = await startTestApp();
  // A staff member with no permission codes, and a firm with no feature modules at all.
  await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
    createUser(
      tx,
      { firmId: HARBOR_PINE_ID, userId: null },
      { kind: 'staff', email: 'nobody@demo.test', firstName: 'No', password: 'demo-password' },
    ),
  );
  await inScope(t.database.db, { firmId: null }, async (tx) => {
    const firm = await createFirm(tx, { name: 'Bare Firm', features: [] });
    const actor = { firmId: firm.id, userId: null };
    const admin = await createRole(tx, actor, { name: 'Super admin', codes: [P.SUPER_ADMIN] });
    await createUser(tx, actor, {
      kind: 'staff',
      email: 'admin@bare.test',
      firstName: 'Bea',
      password: 'demo-password',
      roleIds: [admin.id],
    });
  });
  cookies.noCodes = await signIn(t.app, 'nobody@demo.test');
  cookies.superAdmin = await signIn(t.app, 'owner@demo.test');
  cookies.bareFirmSuperAdmin = await signIn(t.app, 'admin@bare.test');
  routes = t.app.routeRegistry.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');

  const owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
  const { rows } = await owner.query(
    `SELECT id::text AS v FROM users UNION SELECT email FROM users WHERE email IS NOT NULL
     UNION SELECT id::text FROM firms UNION SELECT name FROM firms UNION SELECT message FROM notifications`,
  );
  await owner.end();
  tenantStrings = rows.map((r) => r.v);
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:\w+/g, '019a0000-0000-7000-8000-00000000abcd');
const request = (route: RegisteredRoute, cookie: string) =>
  call(t.app, {
    method: route.method as 'GET',
    url: concrete(route.url),
    cookie: cookie || undefined,
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  });

describe('the route registry', () => {
  it('holds every API route with a declared access, and at least one of each kind', () => {
    expect(routes.length).toBeGreaterThanOrEqual(apiRoutes.length);
    const kinds = new Set(routes.map((r) => r.access.kind));
    expect([...kinds].sort()).toEqual(['permission', 'public', 'signed-in']);
  });

  it('refuses to start when a route declares nothing', async () => {
    const app = Fastify();
    requireDeclaredAccess(app);
    expect(() => app.get('/undeclared', async () => 'x')).toThrow(/does not declare who may call it/);
    app.get('/declared', { config: { access: { kind: 'public' } } }, async () => 'x');
    await app.close();
  });
});

describe('every permission or signed-in route without a session', () => {
  it('answers 401', async () => {
    const guarded = routes.filter((r) => r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await request(route, cookies.none);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('every permission route', () => {
  it('answers 403 to a staff member without its code', async () => {
    const gated = routes.filter((r) => r.access.kind === 'permission');
    expect(gated.length).toBeGreaterThan(0);
    for (const route of gated) {
      const response = await request(route, cookies.noCodes);
      expect(response.statusCode, `${route.method} ${route.url} (${describeAccess(route.access)})`).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    }
  });

  it('answers 403 naming the feature when the firm has not enabled it, even to a super admin', async () => {
    for (const route of routes.filter((r) => r.access.kind === 'permission' && r.access.feature)) {
      const feature = route.access.kind === 'permission' ? route.access.feature! : 'never';
      const response = await request(route, cookies.bareFirmSuperAdmin);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error).toMatchObject({
        code: 'feature_disabled',
        message: expect.stringContaining(feature),
      });
    }
  });

  it('lets a super admin of a firm with the feature through the gate', async () => {
    for (const route of routes.filter((r) => r.access.kind === 'permission')) {
      const response = await request(route, cookies.superAdmin);
      expect([401, 403], `${route.method} ${route.url}: ${response.body}`).not.toContain(response.statusCode);
    }
  });
});

describe('every public route called without credentials', () => {
  it('reveals no tenant data', async () => {
    const open = routes.filter((r) => r.access.kind === 'public');
    expect(open.length).toBeGreaterThan(0);
    for (const route of open) {
      const response = await request(route, cookies.none);
      for (const secret of tenantStrings) {
        expect(response.body.includes(secret), `${route.method} ${route.url} revealed "${secret}"`).toBe(false);
      }
    }
  });
});

describe('the access check', () => {
  const actor = { sessionId: 's', firmId: 'f', userId: 'u', impersonatorId: null, kind: 'staff' as const };
  it('names the disabled feature before looking at codes', () => {
    expect(() =>
      assertAllowed(
        { kind: 'permission', code: P.MODIFY_LEADS, feature: 'lead_management' },
        { ...actor, codes: [P.SUPER_ADMIN], features: [] },
      ),
    ).toThrow(`The ${FEATURES.lead_management.label} module (lead_management) is not enabled for your firm.`);
  });
  it('applies the rules for 100 and 1000', () => {
    const with100 = { ...actor, codes: [P.SUPER_ADMIN], features: [] };
    expect(() => assertAllowed({ kind: 'permission', code: P.MODIFY_ORDERS }, with100)).not.toThrow();
    expect(() => assertAllowed({ kind: 'permission', code: P.DEVELOPER }, with100)).toThrow(
      'You do not have permission to do this.',
    );
    expect(() =>
      assertAllowed({ kind: 'permission', code: P.DEVELOPER }, { ...with100, codes: [P.DEVELOPER] }),
    ).not.toThrow();
  });
});

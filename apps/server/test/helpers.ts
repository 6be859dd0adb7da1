import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, jobs } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { connectDatabase, type Database } from '../src/db/client';
import { type AnyJob, type JobLog, type JobRunner, startJobRunner } from '../src/platform/jobs/runner';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { adminQuery, DEMO_TEMPLATE, databaseUrl, MIGRATED_TEMPLATE } from './global-setup';

export { CEDAR_ROW_ID, DEMO_PASSWORD, HARBOR_PINE_ID } from '../src/seed/demo';

export type TestDatabase = {
  /** The owner login's URL. */
  url: string;
  /** The runtime login's URL, as the server connects. */
  runtimeUrl: string;
  drop: () => Promise<void>;
};

/** A fresh database for one test file, copied from the migrated (and by default demo) template. */
export async function createTestDatabase(demo = true): Promise<TestDatabase> {
  const server = inject('testDatabaseServer');
  const name = `atelier_t_${randomBytes(6).toString('hex')}`;
  const owner = new URL(server.ownerUrl).username;
  await adminQuery(
    server.adminUrl,
    `CREATE DATABASE ${name} TEMPLATE ${demo ? DEMO_TEMPLATE : MIGRATED_TEMPLATE} OWNER ${owner}`,
  );
  return {
    url: databaseUrl(server.ownerUrl, name),
    runtimeUrl: databaseUrl(server.runtimeUrl, name),
    // A non-superuser owner (CI's PostgreSQL 15) may not end the runtime login's last
    // connections, which close a moment after the app: try again briefly before failing.
    drop: async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } catch (error) {
          if ((error as { code?: string }).code !== '42501' || attempt === 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** The owner role's URL of this file's database, for assertions that look past RLS. */
  ownerUrl: string;
  close: () => Promise<void>;
};

export async function startTestApp(options: { demo?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(options.demo ?? true);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDb.runtimeUrl,
    DATABASE_OWNER_URL: testDb.url,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://atelier.test',
    WEB_DIST: '/nonexistent',
    FILES_DIR: inject('testDatabaseServer').filesDir,
    // Signed links (unsubscribe) need a key; the tests' is fixed, so no key file is written.
    APP_SECRET: 'test-only-signing-key-0123456789abcdef',
    // Tests fire many requests at once from one session on a loaded machine: the fairness
    // limit's queue waits long here, so only its own test (which sets less) sees its 429.
    FAIR_SHARE_WAIT_MS: '30000',
    ...options.env,
  });
  const database = connectDatabase(testDb.runtimeUrl, 5);
  const app = await buildApp({ config, database, logger: false }).catch(async (error) => {
    // An app that refuses to start (a bad rules file) leaves no database behind.
    await database.close();
    await testDb.drop();
    throw error;
  });
  return {
    app,
    config,
    database,
    ownerUrl: testDb.url,
    close: async () => {
      await app.close();
      await database.close();
      await testDb.drop();
    },
  };
}

/**
 * The app's job runner on a test app's database (the server starts it in main.ts): `jobs`
 * (every module's unless given), with `config` overriding the app's (an SMTP address). Quiet
 * unless a test listens.
 */
export function startTestJobs(
  t: TestApp,
  options: { jobs?: readonly AnyJob[]; config?: Partial<Config>; log?: Partial<JobLog> } = {},
): JobRunner {
  return startJobRunner({
    db: t.database.db,
    url: t.ownerUrl,
    config: { ...t.config, ...options.config },
    jobs: options.jobs ?? jobs,
    log: { info: () => {}, warn: () => {}, error: () => {}, ...options.log },
  });
}

export type Call = {
  method: InjectOptions['method'];
  url: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
};

export function call(app: FastifyInstance, c: Call): Promise<LightMyRequestResponse> {
  return app.inject({
    method: c.method,
    url: c.url,
    ...(c.body !== undefined ? { payload: c.body as InjectOptions['payload'] } : {}),
    headers: { ...(c.cookie ? { cookie: c.cookie } : {}), ...c.headers },
    remoteAddress: c.ip ?? '127.0.0.1',
  });
}

/** The cookie header a browser would send after signing in. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'atelier_session');
  if (!cookie) throw new Error(`No session cookie (status ${response.statusCode}: ${response.body})`);
  return `atelier_session=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD, ip?: string) {
  const response = await call(app, { method: 'PUT', url: '/api/v1/auth/', body: { email, password }, ip });
  return sessionCookie(response);
}

/**
 * A staff member of Harbor & Pine holding exactly `codes` (through a role of their own), invited
 * by the owner (`ownerCookie`) and given the demo password through the owner login `db`; signed in.
 */
export async function staffMember(
  t: TestApp,
  ownerCookie: string,
  db: { query: (text: string, values: unknown[]) => Promise<unknown> },
  email: string,
  codes: number[],
): Promise<{ id: string; cookie: string }> {
  const api = (url: string, body: unknown) =>
    call(t.app, { method: 'POST', url: `/api/v1${url}`, cookie: ownerCookie, body });
  const role = await api('/roles', { name: `Role for ${email}`, permissions: codes });
  if (role.statusCode !== 201) throw new Error(`Role for ${email}: ${role.body}`);
  const invited = await api('/invitations', {
    email,
    first_name: email.split('@')[0],
    last_name: 'Tester',
    roles: [role.json()._id],
  });
  if (invited.statusCode !== 201) throw new Error(`Inviting ${email}: ${invited.body}`);
  const id = invited.json()._id as string;
  await db.query(
    "UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'owner@demo.test') WHERE id = $1",
    [id],
  );
  return { id, cookie: await signIn(t.app, email) };
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  return response.json().error;
}

/** A real 1×1 PNG, for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function upload(app: FastifyInstance, cookie: string, name: string, body: Buffer, contentType = 'image/png') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/files?name=${encodeURIComponent(name)}`,
    headers: { cookie, 'content-type': contentType },
    payload: body,
  });
}

/** The PostgreSQL message of a statement that failed (Drizzle wraps it as the cause), or "no error". */
export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return ((error as { cause?: Error }).cause ?? (error as Error)).message;
  }
  return 'no error';
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { grantApplicationRole, loginOf } from '../src/db/roles';
import { LocalFileStorage } from '../src/platform/files/storage';
import { runSeeds } from '../src/platform/seeds/seeds';
import { DEMO_SEEDS } from '../src/seed/demo-seeds';

export const MIGRATED_TEMPLATE = 'atelier_test_migrated';
export const DEMO_TEMPLATE = 'atelier_test_demo';

export type TestDatabaseServer = {
  /** Uploaded files of every test app of this run (and of the demo data). */
  filesDir: string;
  /** Creates and drops databases. */
  adminUrl: string;
  /** The role that owns the test databases and runs migrations (the application's owner role). */
  ownerUrl: string;
  /** The plain login the test apps run as (a member of the application role only). */
  runtimeUrl: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

const migrationsDir = path.resolve(import.meta.dirname, '../drizzle');

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs SQL as the admin role on its own database. */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * One PostgreSQL server for the whole run: the embedded one in a temporary folder, or the
 * server of DATABASE_URL (CI's PostgreSQL 15 pass). Two template databases are prepared once,
 * migrated and migrated-plus-demo; each test file copies one in about 40 ms.
 */
export default async function setup(project: TestProject) {
  const log = (m: string) => process.env.DEBUG_TESTS && console.log(m);
  let server: TestDatabaseServer;
  let stop = async () => {};
  const external = process.env.DATABASE_URL;
  if (external) {
    const ownerUrl = process.env.DATABASE_OWNER_URL;
    if (!ownerUrl) throw new Error('DATABASE_URL is set: set DATABASE_OWNER_URL too (an owner login with CREATEDB).');
    server = { adminUrl: ownerUrl, ownerUrl, runtimeUrl: external, filesDir: '' };
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
    const embedded = await startEmbeddedPostgres(dataDir, log);
    server = { adminUrl: embedded.superuserUrl, ownerUrl: embedded.ownerUrl, runtimeUrl: embedded.url, filesDir: '' };
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-files-'));
  server = { ...server, filesDir };
  const owner = new URL(server.ownerUrl).username;

  for (const name of [DEMO_TEMPLATE, MIGRATED_TEMPLATE]) {
    await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await adminQuery(server.adminUrl, `CREATE DATABASE ${MIGRATED_TEMPLATE} OWNER ${owner}`);
  const migrated = new pg.Client({ connectionString: databaseUrl(server.ownerUrl, MIGRATED_TEMPLATE) });
  await migrated.connect();
  await runMigrations(migrated, migrationsDir);
  await grantApplicationRole(migrated, loginOf(server.runtimeUrl));
  await migrated.end();

  await adminQuery(server.adminUrl, `CREATE DATABASE ${DEMO_TEMPLATE} TEMPLATE ${MIGRATED_TEMPLATE} OWNER ${owner}`);
  const demoUrl = databaseUrl(server.ownerUrl, DEMO_TEMPLATE);
  const demoOwner = new pg.Client({ connectionString: demoUrl });
  await demoOwner.connect();
  const demo = connectDatabase(databaseUrl(server.runtimeUrl, DEMO_TEMPLATE), 2);
  await runSeeds(
    demoOwner,
    demo.db,
    DEMO_SEEDS,
    { storage: new LocalFileStorage(filesDir), appUrl: 'http://atelier.test' },
    log,
  );
  await demo.close();
  await demoOwner.end();

  project.provide('testDatabaseServer', server);

  return async () => {
    if (external) {
      for (const name of [DEMO_TEMPLATE, MIGRATED_TEMPLATE]) {
        await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
    await stop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  };
}

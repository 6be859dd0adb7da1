import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@atelier/server/app';
import { loadConfig } from '@atelier/server/config';
import { connectDatabase, connectionOf, type Db } from '@atelier/server/db/client';
import { startEmbeddedPostgres } from '@atelier/server/db/embedded';
import { runMigrations, withMigrationLock } from '@atelier/server/db/migrate';
import { inScope, type Scope } from '@atelier/server/db/tenancy';
import { LocalFileStorage } from '@atelier/server/platform/files/storage';
import { runSeeds } from '@atelier/server/platform/seeds/seeds';
import { DEMO_SEEDS } from '@atelier/server/seed/demo-seeds';
import type pg from 'pg';

export const POOL = 10;

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** The real app with demo data on a fresh embedded database, listening on a free port. */
export async function startBenchServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
  const embedded = await startEmbeddedPostgres(dataDir, () => {});
  const slowMs = Number(process.env.BENCH_SLOW_MS ?? 0);
  if (slowMs > 0) await logSlowStatements(embedded.superuserUrl, slowMs);
  const database = connectDatabase(embedded.url, POOL);
  await withMigrationLock(embedded.ownerUrl, async (owner) => {
    await runMigrations(owner, path.resolve(import.meta.dirname, '../../apps/server/drizzle'));
    await runSeeds(
      owner,
      database.db,
      DEMO_SEEDS,
      { storage: new LocalFileStorage(path.join(dataDir, 'files')), appUrl: 'http://localhost' },
      () => {},
    );
  });
  const config = loadConfig({
    DATABASE_URL: embedded.url,
    DATABASE_OWNER_URL: embedded.ownerUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WEB_DIST: path.resolve(import.meta.dirname, '../../apps/web/dist'),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  async function signIn(email = 'owner@demo.test'): Promise<string> {
    const response = await fetch(`${address}/api/v1/auth/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-password' }),
    });
    return response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  return {
    app,
    address,
    url: embedded.url,
    ownerUrl: embedded.ownerUrl,
    signIn,
    stop: async () => {
      if (slowMs > 0) printSlowStatements(path.join(dataDir, 'postgres.log'));
      await app.close();
      await database.close();
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * BENCH_SLOW_MS=N: the database logs every statement slower than N ms, printed with its
 * checkpoints when the bench stops, to see where a bench's time goes (and, with
 * BENCH_EXPLAIN_MS, the plans of the slowest).
 */
async function logSlowStatements(superuserUrl: string, ms: number): Promise<void> {
  const { default: pg } = await import('pg');
  const su = new pg.Client({ connectionString: superuserUrl });
  await su.connect();
  await su.query(`ALTER SYSTEM SET log_min_duration_statement = ${Math.floor(ms)}`);
  // BENCH_EXPLAIN_MS=N: statements slower than N ms are logged with their plans, as they ran.
  const explainMs = Number(process.env.BENCH_EXPLAIN_MS ?? 0);
  if (explainMs > 0) {
    await su.query(`ALTER SYSTEM SET session_preload_libraries = 'auto_explain'`);
    await su.query(`ALTER SYSTEM SET auto_explain.log_min_duration = ${Math.floor(explainMs)}`);
    await su.query(`ALTER SYSTEM SET auto_explain.log_analyze = on`);
    await su.query(`ALTER SYSTEM SET auto_explain.log_triggers = on`);
  }
  await su.query('SELECT pg_reload_conf()');
  await su.end();
}

function printSlowStatements(logFile: string): void {
  const lines = fs.readFileSync(logFile, 'utf8').split('\n');
  let current = '';
  for (const line of lines) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) {
      if (/duration:|checkpoint/.test(current))
        console.log(current.includes('plan:') ? current : current.replace(/\s+/g, ' ').slice(0, 400));
      current = line;
    } else current += current.includes('plan:') ? `\n${line}` : ` ${line}`;
  }
  if (/duration:|checkpoint/.test(current)) console.log(current.replace(/\s+/g, ' ').slice(0, 400));
}

/** The demo firms' ids, read as the database owner. */
export async function demoFirmIds(owner: pg.Client): Promise<{ harbor: string; cedar: string }> {
  const id = async (name: string) =>
    (await owner.query<{ id: string }>('SELECT id FROM firms WHERE name = $1', [name])).rows[0]!.id;
  return { harbor: await id('Harbor & Pine Interiors'), cedar: await id('Cedar Row Kitchens') };
}

/**
 * Refuses to go on unless `db` (the runtime login's pool) is the plain application role, never
 * the owner, so row-level security applies to what a bench measures; says what it is.
 */
export async function assertPlainRuntime(db: Db, scope: Scope): Promise<string> {
  const who = await inScope(db, scope, async (tx) => {
    const r = await connectionOf(tx)!.query(
      `SELECT session_user AS login, current_user AS role,
              (SELECT rolbypassrls OR rolsuper FROM pg_roles WHERE rolname = current_user) AS bypass,
              (SELECT rolname FROM pg_roles r JOIN pg_database d ON d.datdba = r.oid WHERE d.datname = current_database()) AS owner`,
    );
    return r.rows[0] as { login: string; role: string; bypass: boolean; owner: string };
  });
  if (who.bypass || who.login === who.owner || who.role === who.owner)
    throw new Error(`The runtime connection is not the plain app role: ${JSON.stringify(who)}`);
  return `login ${who.login}, role ${who.role} (database owner ${who.owner})`;
}

/** BENCH_KEEP=1 keeps the loaded database running (its owner URL printed) to study it, until Ctrl-C. */
export async function keepIfAsked(ownerUrl: string): Promise<void> {
  if (!process.env.BENCH_KEEP) return;
  console.log(`Kept: ${ownerUrl} (Ctrl-C stops it and removes its data)`);
  await new Promise((resolve) => process.once('SIGINT', resolve));
}

/**
 * The catalog's kept counts (categories, facet combinations, and the store's combinations and
 * words) written once from what the firm has,
 * after a bulk load that ran with the counting triggers off.
 */
export async function recountCatalog(owner: pg.Client, firmId: string): Promise<void> {
  await owner.query(
    `INSERT INTO catalog_counts (firm_id, key, products) SELECT $1, key, products FROM catalog_counts_actual($1)
     ON CONFLICT (firm_id, key) DO UPDATE SET products = EXCLUDED.products`,
    [firmId],
  );
  await owner.query(
    `INSERT INTO catalog_combos (firm_id, category_key, facet_ids, price_band, on_sale, products)
     SELECT $1, category_key, facet_ids, price_band, on_sale, products FROM catalog_combos_actual($1)
     ON CONFLICT (firm_id, category_key, facet_ids, price_band, on_sale) DO UPDATE SET products = EXCLUDED.products`,
    [firmId],
  );
  // The store's own: the combinations and the words of the products it shows (active ones).
  await owner.query(
    `INSERT INTO store_combos (firm_id, category_key, facet_ids, price_band, on_sale, products)
     SELECT $1, category_key, facet_ids, price_band, on_sale, products FROM store_combos_actual($1)
     ON CONFLICT (firm_id, category_key, facet_ids, price_band, on_sale) DO UPDATE SET products = EXCLUDED.products`,
    [firmId],
  );
  await owner.query(
    `INSERT INTO store_words (firm_id, word, products) SELECT $1, word, products FROM store_words_actual($1)
     ON CONFLICT (firm_id, word) DO UPDATE SET products = EXCLUDED.products`,
    [firmId],
  );
}

// Session restore (GET /api/v1/auth/) throughput against the same SQL sent through bare `pg`,
// on the same embedded database, in one run. Prints requests per second and the ratio.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@atelier/server/app';
import { loadConfig } from '@atelier/server/config';
import { connectDatabase } from '@atelier/server/db/client';
import { startEmbeddedPostgres } from '@atelier/server/db/embedded';
import { runMigrations, withMigrationLock } from '@atelier/server/db/migrate';
import { DEMO_SEEDS } from '@atelier/server/seed/demo';
import { runSeeds } from '@atelier/server/seed/registry';
import pg from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 8;
const POOL = 10;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-'));
const embedded = await startEmbeddedPostgres(dataDir, () => {});
const database = connectDatabase(embedded.url, POOL);
await withMigrationLock(embedded.url, async (owner) => {
  await runMigrations(owner, path.resolve(import.meta.dirname, '../apps/server/drizzle'));
  await runSeeds(owner, database.db, DEMO_SEEDS, () => {});
});
const config = loadConfig({
  DATABASE_URL: embedded.url,
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  NODE_ENV: 'production',
});
const app = await buildApp({ config, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const signIn = await fetch(`${address}/api/v1/auth/`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

// Record the statements one restore sends, to replay them through bare pg.
type Statement = { text: string; values?: unknown[] };
const recorded: Statement[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  recorded.push(
    typeof first === 'string' ? { text: first, values: second } : { text: first.text, values: first.values ?? second },
  );
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
const probe = await fetch(`${address}/api/v1/auth/`, { headers: { cookie } });
pg.Client.prototype.query = original;
if (probe.status !== 200) throw new Error(`restore failed: ${probe.status}`);

async function measure(label: string, once: () => Promise<void>): Promise<number> {
  const until = (ms: number) => Date.now() + ms;
  const run = async (deadline: number) => {
    let n = 0;
    while (Date.now() < deadline) {
      await once();
      n++;
    }
    return n;
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => run(until(1000)))); // warm up
  const start = Date.now();
  const counts = await Promise.all(Array.from({ length: CONCURRENCY }, () => run(until(SECONDS * 1000))));
  const rps = counts.reduce((a, b) => a + b, 0) / ((Date.now() - start) / 1000);
  console.log(`${label.padEnd(46)} ${rps.toFixed(0).padStart(7)} per second`);
  return rps;
}

const http = await measure('GET /api/v1/auth/ over HTTP (keep-alive)', async () => {
  const response = await fetch(`${address}/api/v1/auth/`, { headers: { cookie } });
  await response.arrayBuffer();
});
const injected = await measure('GET /api/v1/auth/ through app.inject (no socket)', async () => {
  await app.inject({ method: 'GET', url: '/api/v1/auth/', headers: { cookie } });
});
const bare = new pg.Pool({ connectionString: embedded.url, max: POOL, options: '-c role=atelier_app' });
const sql = await measure(`the same ${recorded.length} statements through bare pg`, async () => {
  const client = await bare.connect();
  try {
    for (const statement of recorded) await client.query(statement.text, statement.values);
  } finally {
    client.release();
  }
});

console.log(`\nSession restore, ${CONCURRENCY} concurrent callers, pool of ${POOL}, ${SECONDS} s each:`);
console.log(`  HTTP / bare pg   = ${(http / sql).toFixed(2)}`);
console.log(`  inject / bare pg = ${(injected / sql).toFixed(2)}`);
console.log(
  `  statements per restore: ${recorded.map((s) => s.text.trim().split(/\s+/).slice(0, 2).join(' ')).join(' | ')}`,
);

await bare.end();
await app.close();
await database.close();
await embedded.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

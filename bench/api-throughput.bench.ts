// Throughput of API calls against the same SQL sent through bare `pg`, on the same embedded
// database, in one run: session restore (GET /api/v1/auth/) and settings (GET /api/v1/settings/).

import { recordStatements } from '@atelier/server/test/statements';
import pg from 'pg';
import { POOL, startBenchServer } from './lib/server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 8;

async function measure(label: string, once: () => Promise<void>): Promise<number> {
  const run = async (ms: number) => {
    const deadline = Date.now() + ms;
    let n = 0;
    while (Date.now() < deadline) {
      await once();
      n++;
    }
    return n;
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => run(1000))); // warm up
  const start = Date.now();
  const counts = await Promise.all(Array.from({ length: CONCURRENCY }, () => run(SECONDS * 1000)));
  const rps = counts.reduce((a, b) => a + b, 0) / ((Date.now() - start) / 1000);
  console.log(`  ${label.padEnd(44)} ${rps.toFixed(0).padStart(7)} per second`);
  return rps;
}

const server = await startBenchServer();
const cookie = await server.signIn();
const bare = new pg.Pool({ connectionString: server.url, max: POOL, options: '-c role=atelier_app' });

const results: string[] = [];
for (const path of ['/api/v1/auth/', '/api/v1/settings/']) {
  const statements = await recordStatements(async () => {
    const response = await fetch(`${server.address}${path}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  });
  console.log(
    `GET ${path} (${statements.length} statements: ${statements.map((s) => s.text.trim().split(/\s+/).slice(0, 2).join(' ')).join(' | ')})`,
  );
  const http = await measure('over HTTP (keep-alive, client in-process)', async () => {
    await (await fetch(`${server.address}${path}`, { headers: { cookie } })).arrayBuffer();
  });
  const injected = await measure('through app.inject (no socket)', async () => {
    await server.app.inject({ method: 'GET', url: path, headers: { cookie } });
  });
  const sql = await measure('the same statements through bare pg', async () => {
    const client = await bare.connect();
    try {
      for (const s of statements) await client.query(s.text, s.values);
    } finally {
      client.release();
    }
  });
  results.push(
    `GET ${path}: HTTP / bare pg = ${(http / sql).toFixed(2)}, inject / bare pg = ${(injected / sql).toFixed(2)}`,
  );
}

console.log(`\n${CONCURRENCY} concurrent callers, pool of ${POOL}, ${SECONDS} s each:`);
for (const line of results) console.log(`  ${line}`);

await bare.end();
await server.stop();

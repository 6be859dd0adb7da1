// Throughput of API calls against the same SQL sent through bare `pg`, on the same embedded
// database, in one run: session restore (GET /api/v1/auth/), settings, and a list and a record
// of each kind of route (issue 13's goal: list and detail routes at 0.75 of bare pg or better).

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

// The request path's cost, not the fair-share policy's (fairness.bench.ts measures that): one
// session's eight callers may all run at once, as eight sessions of different firms would.
const server = await startBenchServer({
  MAX_CONCURRENT_PER_SESSION: String(CONCURRENCY),
  MAX_CONCURRENT_PER_FIRM: String(POOL),
});
const cookie = await server.signIn();
const bare = new pg.Pool({ connectionString: server.url, max: POOL, options: '-c role=atelier_app' });

const firstId = async (path: string) => {
  const response = await fetch(`${server.address}${path}?limit=1`, { headers: { cookie } });
  return ((await response.json()) as { items: { _id: string }[] }).items[0]!._id;
};
const ROUTES: [kind: string, path: string][] = [
  ['session', '/api/v1/auth/'],
  ['settings', '/api/v1/settings/'],
  ['list', '/api/v1/customers?limit=50'],
  ['detail', `/api/v1/customers/${await firstId('/api/v1/customers')}`],
  ['list', '/api/v1/ambassadors?limit=50'],
  ['detail', `/api/v1/ambassadors/${await firstId('/api/v1/ambassadors')}`],
];

const results: string[] = [];
for (const [kind, path] of ROUTES) {
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
  // What the app does since decision 0022 (its repeated statements named, so parsed once per
  // connection), done by hand: the floor the app cannot go under, printed for honesty.
  const prepared = await measure('the same, each statement prepared once', async () => {
    const client = await bare.connect();
    try {
      for (const [i, s] of statements.entries()) {
        if (s.values?.length)
          await client.query({ name: `bench_${results.length}_${i}`, text: s.text, values: s.values });
        else await client.query(s.text, s.values);
      }
    } finally {
      client.release();
    }
  });
  results.push(
    `${kind.padEnd(8)} GET ${path.replace(/[0-9a-f-]{36}/, '{id}').padEnd(32)} HTTP / bare pg = ${(http / sql).toFixed(2)}, inject / bare pg = ${(injected / sql).toFixed(2)} (inject / prepared bare pg = ${(injected / prepared).toFixed(2)})`,
  );
}

console.log(`\n${CONCURRENCY} concurrent callers, pool of ${POOL}, ${SECONDS} s each:`);
for (const line of results) console.log(`  ${line}`);

await bare.end();
await server.stop();

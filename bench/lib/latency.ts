import { explainAsApp, recordStatements, type Statement } from '@atelier/server/test/statements';
import pg from 'pg';
import { type BenchServer, POOL } from './server';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

async function timed(once: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 10; i++) await once(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await once();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return p95(samples);
}

/** The plan of the statement `pick` chooses, as the app role in the firm: its scans, or all of it. */
async function explain(server: BenchServer, firmId: string, statement: Statement | undefined): Promise<string> {
  if (!statement) return '';
  const plan = await explainAsApp(server.url, firmId, statement, { analyze: true });
  if (process.env.BENCH_PLANS) return `\n${plan}`;
  const scans = plan
    .split('\n')
    .filter((l) => /Scan|Execution Time/.test(l))
    .map((l) => l.trim().replace(/\s*\(actual.*$/, ''));
  return [...new Set(scans)].join('; ');
}

/**
 * For each GET: records the SQL one call sends, prints the main statement's plan, then the p95
 * of sequential calls over HTTP, through app.inject, and of the same statements through bare
 * `pg`, with the ratios. `pick` names the statement whose plan matters.
 */
export async function compareLatency(input: {
  server: BenchServer;
  cookie: string;
  firmId: string;
  cases: [label: string, path: string][];
  pick: (statement: Statement) => boolean;
  describe: (body: unknown) => string;
  title: string;
  /** A target p95 over HTTP, in ms: the table adds HTTP ÷ target (at most 1.00 meets it). */
  budgetMs?: number;
}): Promise<void> {
  const { server, cookie } = input;
  const bare = new pg.Pool({ connectionString: server.url, max: POOL, options: '-c role=atelier_app' });
  const rows: string[] = [];
  for (const [label, path] of input.cases) {
    const statements = await recordStatements(async () => {
      const response = await fetch(`${server.address}${path}`, { headers: { cookie } });
      const body = await response.json();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
      console.log(`${label}: ${input.describe(body)}`);
    });
    console.log(`  plan: ${await explain(server, input.firmId, statements.find(input.pick))}`);
    const http = await timed(async () => {
      await (await fetch(`${server.address}${path}`, { headers: { cookie } })).arrayBuffer();
    });
    const injected = await timed(async () => {
      await server.app.inject({ method: 'GET', url: path, headers: { cookie } });
    });
    const sql = await timed(async () => {
      const client = await bare.connect();
      try {
        for (const s of statements) await client.query(s.text, s.values);
      } finally {
        client.release();
      }
    });
    rows.push(
      `${label.padEnd(36)} ${http.toFixed(1).padStart(7)} ${injected.toFixed(1).padStart(7)} ${sql.toFixed(1).padStart(7)}` +
        `   ${(http / sql).toFixed(2).padStart(5)}   ${(injected / sql).toFixed(2).padStart(5)}` +
        (input.budgetMs ? `   ${(http / input.budgetMs).toFixed(2).padStart(5)}` : ''),
    );
  }
  await bare.end();
  console.log(`\np95 in ms over ${RUNS} sequential calls each (${input.title}):`);
  console.log(
    `${'case'.padEnd(36)} ${'HTTP'.padStart(7)} ${'inject'.padStart(7)} ${'bare pg'.padStart(7)}   HTTP/pg  inject/pg` +
      (input.budgetMs ? `  HTTP/${input.budgetMs} ms` : ''),
  );
  for (const line of rows) console.log(line);
}

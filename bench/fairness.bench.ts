// Fairness between firms (decision 0016): a noisy firm (32 closed-loop clients) against a quiet
// one (4), on one server with a pool of 10. Prints the quiet firm's p95 under the noise against
// its p95 alone (goal ≤ 2), with the per-firm limit on, and again with it off for comparison.
// The server and the noisy clients run in processes of their own, so neither shares the quiet
// clients' event loop.

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const NOISY = 32;
const QUIET = 4;
const PATH = '/api/v1/customers?limit=25';

type Tally = { latencies: number[]; statuses: Record<string, number> };

async function signIn(address: string, email: string): Promise<string> {
  const response = await fetch(`${address}/api/v1/auth/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Closed-loop clients, each with its own session, for `ms`. */
async function load(address: string, cookies: string[], ms: number): Promise<Tally> {
  const tally: Tally = { latencies: [], statuses: {} };
  const deadline = Date.now() + ms;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (Date.now() < deadline) {
        const start = performance.now();
        const response = await fetch(`${address}${PATH}`, { headers: { cookie } });
        await response.arrayBuffer();
        tally.latencies.push(performance.now() - start);
        tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
        // A refused request waits as the web app does (Retry-After), rather than spinning.
        if (response.status === 429) await new Promise((r) => setTimeout(r, 1000));
      }
    }),
  );
  return tally;
}

/** Runs `fairness.bench.ts noisy <json>` in a child process and reads its tally. */
function noisyProcess(input: { address: string; cookies: string[]; ms: number }): Promise<Tally> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'noisy', JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Tally) : reject(new Error(`noisy clients exited (${code})`)),
    ),
  );
}

if (process.argv[2] === 'noisy') {
  const { address, cookies, ms } = JSON.parse(process.argv[3]!) as { address: string; cookies: string[]; ms: number };
  process.stdout.write(JSON.stringify(await load(address, cookies, ms)));
} else {
  const p95 = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  };

  async function serve(env: Record<string, string>): Promise<{ address: string; child: ChildProcess }> {
    const child = spawn(
      process.execPath,
      ['--disable-proto=throw', '--import', 'tsx', path.join(import.meta.dirname, 'lib/serve.ts'), JSON.stringify(env)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { address: string }).address);
      });
      child.on('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    return { address, child };
  }

  async function scenario(label: string, env: Record<string, string>) {
    const { address, child } = await serve(env);
    const quiet = await Promise.all(Array.from({ length: QUIET }, () => signIn(address, 'owner@cedar.test')));
    const noisy = await Promise.all(Array.from({ length: NOISY }, () => signIn(address, 'owner@demo.test')));
    await load(address, quiet, 2000); // warm up
    const alone = await load(address, quiet, SECONDS * 1000);
    const noise = noisyProcess({ address, cookies: noisy, ms: SECONDS * 1000 + 2000 });
    await new Promise((r) => setTimeout(r, 1000)); // let the noise build up
    const together = await load(address, quiet, SECONDS * 1000);
    const noisyTally = await noise;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    const ratio = p95(together.latencies) / p95(alone.latencies);
    console.log(`\n${label}`);
    console.log(`  quiet firm (${QUIET} clients) alone:        p95 ${p95(alone.latencies).toFixed(1)} ms`);
    console.log(
      `  quiet firm with the noisy one:       p95 ${p95(together.latencies).toFixed(1)} ms   ratio ${ratio.toFixed(2)}   statuses ${JSON.stringify(together.statuses)}`,
    );
    console.log(
      `  noisy firm (${NOISY} clients):             ${(noisyTally.latencies.length / (SECONDS + 2)).toFixed(0)} requests/s   statuses ${JSON.stringify(noisyTally.statuses)}`,
    );
    return ratio;
  }

  console.log(`GET ${PATH}, ${SECONDS} s per phase, pool of 10 connections`);
  // BENCH_FIRM_LIMIT tries another per-firm limit than the default.
  const tried = process.env.BENCH_FIRM_LIMIT;
  const on = await scenario(
    tried ? `Per-firm limit ${tried}:` : 'Per-firm limit on (default: half the pool per firm, 4 per session):',
    tried ? { MAX_CONCURRENT_PER_FIRM: tried } : {},
  );
  const off = await scenario('Per-firm limit off (for comparison):', {
    MAX_CONCURRENT_PER_FIRM: '1000',
    MAX_CONCURRENT_PER_SESSION: '1000',
  });
  console.log(
    `\nquiet firm's p95 under noise / alone: ${on.toFixed(2)} with the limit (goal ≤ 2), ${off.toFixed(2)} without`,
  );
}

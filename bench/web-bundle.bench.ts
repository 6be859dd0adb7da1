// What a browser loads before a page is usable, from the production build served by the real
// server, against issue 14's budgets: the initial JavaScript of the sign-in page and of a
// signed-in list page ≤ 200 kB gzipped, each route's own chunk ≤ 60 kB gzipped, and Lighthouse
// performance ≥ 90 with its default mobile throttling. Printed figures, not a gate: machines
// here are noisy, and Lighthouse simulates its throttling from the trace it records.
//
//   BENCH_LIGHTHOUSE=0 skips Lighthouse (sizes only); BENCH_PAGES=/u/profile,/ measures only those pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import launch from '../scripts/chromium.json' with { type: 'json' };
import { freePort } from './lib/ports';
import { startBenchServer } from './lib/server';

const INITIAL_BUDGET = 200 * 1024;
const ROUTE_BUDGET = 60 * 1024;
const ALL_PAGES = [
  { path: '/', ready: (page: Page) => page.getByRole('button', { name: 'Sign in' }).waitFor(), signedIn: false },
  { path: '/u/profile', ready: (page: Page) => page.getByRole('heading', { name: 'Olivia Harbor' }).waitFor() },
  { path: '/u/customers', ready: (page: Page) => page.getByRole('heading', { name: 'Customers' }).waitFor() },
  { path: '/u/companies', ready: (page: Page) => page.getByRole('heading', { name: 'Accounts' }).waitFor() },
] as const;
const only = process.env.BENCH_PAGES?.split(',');
const PAGES = ALL_PAGES.filter((p) => !only || only.includes(p.path));

const server = await startBenchServer();
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
type Script = { url: string; raw: number; gzip: number; sent: number; encoding: string };

// One persistent browser: its default context is the one Lighthouse's tab opens in, so the
// signed-in cookies set here are the ones Lighthouse's page sends.
const port = await freePort();
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lighthouse-'));
const context: BrowserContext = await chromium.launchPersistentContext(profileDir, {
  ...launch,
  args: [...launch.args, `--remote-debugging-port=${port}`],
});

async function signIn() {
  const [name, value] = (await server.signIn()).split('; ').map((c) => c.split('='))[0]!;
  await context.addCookies([
    { name: name!, value: value!, url: server.address },
    { name: 'atelier_signed_in', value: '1', url: server.address },
  ]);
}

async function scriptsOf(pagePath: string, ready: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  // Each page as a first visit: what travels, not what the cache holds from the page before.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      sent: (await response.request().sizes()).responseBodySize,
      encoding: response.headers()['content-encoding'] ?? 'none',
    });
  });
  await page.goto(`${server.address}${pagePath}`, { waitUntil: 'networkidle' });
  await ready(page);
  await page.close();
  return scripts;
}

/** The page's own chunk: the one named after its module (`…-page-`, `…-pages-`, `…-layout-`). */
const isRouteChunk = (url: string) => /\/assets\/[a-z-]+-(page|pages|layout)-[\w-]+\.js$/.test(url);

function report(pagePath: string, scripts: Script[]) {
  const total = (key: 'raw' | 'gzip' | 'sent') => scripts.reduce((sum, s) => sum + s[key], 0);
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  const gzip = total('gzip');
  console.log(
    `\n${pagePath}: ${scripts.length} files, ${kb(total('sent'))} sent (${encodings}), ${kb(gzip)} gzipped ` +
      `(${((gzip / INITIAL_BUDGET) * 100).toFixed(0)} % of the 200 kB budget), ${kb(total('raw'))} raw`,
  );
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BENCH_TOP ?? 12))) {
    const own = isRouteChunk(s.url) ? `  route chunk, ${((s.gzip / ROUTE_BUDGET) * 100).toFixed(0)} % of 60 kB` : '';
    console.log(`  ${s.url.padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(9)} gzip${own}`);
  }
}

// Every route module's own chunk in the build, largest first (each must stay ≤ 60 kB gzipped).
function routeChunks() {
  const dir = path.resolve(import.meta.dirname, '../apps/web/dist/assets');
  const chunks = fs
    .readdirSync(dir)
    .filter((f) => isRouteChunk(`/assets/${f}`))
    .map((f) => ({ file: f, gzip: gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
  console.log(
    `\nRoute chunks: ${chunks.length}, largest ${chunks[0]?.file} ${kb(chunks[0]?.gzip ?? 0)} gzipped ` +
      `(${(((chunks[0]?.gzip ?? 0) / ROUTE_BUDGET) * 100).toFixed(0)} % of 60 kB); over budget: ${
        chunks.filter((c) => c.gzip > ROUTE_BUDGET).length
      }`,
  );
}

/** Lighthouse runs per page; the median run (by performance score) is printed. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

async function lighthouseOf(pagePath: string) {
  const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await lighthouse(`${server.address}${pagePath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Keep the cookies set above (Lighthouse clears the origin's storage otherwise).
      disableStorageReset: true,
    });
    runs.push(result!.lhr);
  }
  const scoreOf = (r: (typeof runs)[number]) => r.categories.performance?.score ?? 0;
  const scores = runs.map((r) => Math.round(scoreOf(r) * 100));
  const lhr = [...runs].sort((a, b) => scoreOf(a) - scoreOf(b))[Math.floor(runs.length / 2)]!;
  const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const score = Math.round(scoreOf(lhr) * 100);
  console.log(
    `  ${pagePath.padEnd(14)} performance ${String(score).padStart(3)} (runs ${scores.join(', ')})  FCP ${audit('first-contentful-paint')}  ` +
      `LCP ${audit('largest-contentful-paint')}  TBT ${audit('total-blocking-time')}  CLS ${audit('cumulative-layout-shift')}`,
  );
  // BENCH_LIGHTHOUSE_DETAILS=1: where the main thread's time goes, and the longest tasks.
  if (process.env.BENCH_LIGHTHOUSE_DETAILS === '1') {
    type Item = Record<string, unknown>;
    const items = (id: string) => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
    const ms = (n: unknown) => `${Math.round(Number(n))} ms`;
    console.log(
      `    main thread: ${items('mainthread-work-breakdown')
        .map((i) => `${i.groupLabel} ${ms(i.duration)}`)
        .join(', ')}`,
    );
    for (const i of items('bootup-time').slice(0, 5))
      console.log(
        `    script ${String(i.url).replace(server.address, '')}: run ${ms(i.scripting)}, parse ${ms(i.scriptParseCompile)}`,
      );
    for (const i of items('layout-shifts').slice(0, 3))
      console.log(
        `    layout shift ${Number(i.score).toFixed(3)}: ${(i.node as { snippet?: string } | undefined)?.snippet ?? '?'}`,
      );
    for (const i of items('long-tasks').slice(0, 5))
      console.log(
        `    long task ${ms(i.duration)} at ${ms(i.startTime)} (${String(i.url).replace(server.address, '')})`,
      );
  }
}

try {
  for (const { path: pagePath, ready, ...rest } of PAGES) {
    if (!('signedIn' in rest)) await signIn();
    report(pagePath, await scriptsOf(pagePath, ready));
  }
  routeChunks();
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    console.log(
      `\nLighthouse 12, default mobile settings (simulated slow 4G, 4× CPU slowdown), median of ${RUNS} runs:`,
    );
    await context.clearCookies();
    for (const { path: pagePath, ...rest } of PAGES) {
      if (!('signedIn' in rest)) await signIn();
      await lighthouseOf(pagePath);
    }
  }
} finally {
  await context.close();
  fs.rmSync(profileDir, { recursive: true, force: true });
  await server.stop();
}

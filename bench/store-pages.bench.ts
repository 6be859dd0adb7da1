// The store's pages as a phone gets them (issue 25): what travels for the front page, a category
// and a product page (HTML and scripts, gzipped, against the 120 kB budget for a store route), and
// Lighthouse's performance and accessibility with its default mobile settings (simulated slow
// 4G, 4× CPU slowdown), against ≥ 90 and ≥ 95. Printed figures, not a gate.
//
//   BENCH_LIGHTHOUSE_RUNS=3 runs each page that many times and prints the median.
//   BENCH_URL=http://localhost:3456 measures a server already running (with the demo data) instead of starting one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import launch from '../scripts/chromium.json' with { type: 'json' };
import { freePort } from './lib/ports';
import { startBenchServer } from './lib/server';

const BUDGET = 120 * 1024;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const server = process.env.BENCH_URL
  ? { address: process.env.BENCH_URL.replace(/\/+$/, ''), stop: async () => {} }
  : await startBenchServer();
const slug = 'harbor-and-pine-interiors';
const api = async <T>(url: string) =>
  (await (await fetch(`${server.address}/api/v1/public/store/${slug}${url}`)).json()) as T;

const catalog = await api<{ categories: { _id: string; name: string }[] }>('/catalog');
const tile = catalog.categories.find((c) => c.name === 'Tile')!;
const [plank] = (await api<{ items: { _id: string }[] }>('/products?q=porcelain%20plank')).items;
const PAGES = [`/store/${slug}/`, `/store/${slug}/c/${tile._id}`, `/store/${slug}/p/${plank!._id}`];

const port = await freePort();
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lighthouse-'));
const context = await chromium.launchPersistentContext(profileDir, {
  ...launch,
  args: [...launch.args, `--remote-debugging-port=${port}`],
});
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

try {
  console.log(`Store pages, first visit (budget ${kb(BUDGET)} gzipped for a store route):`);
  for (const pagePath of PAGES) {
    const page = await context.newPage();
    let gzip = 0;
    let files = 0;
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'document' && type !== 'script' && type !== 'stylesheet') return;
      files += 1;
      gzip += gzipSync(await response.body(), { level: 9 }).length;
    });
    await page.goto(`${server.address}${pagePath}`, { waitUntil: 'networkidle' });
    await page.close();
    console.log(
      `  ${pagePath.replace(`/store/${slug}`, '').padEnd(42)} ${files} file(s), ${kb(gzip)} gzipped (${((gzip / BUDGET) * 100).toFixed(0)} % of the budget)`,
    );
  }

  console.log(
    `\nLighthouse 12, default mobile settings, median of ${RUNS} runs (targets: performance ≥ 90, accessibility ≥ 95):`,
  );
  for (const pagePath of PAGES) {
    const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'][] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(`${server.address}${pagePath}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      runs.push(result!.lhr);
    }
    const score = (r: (typeof runs)[number], c: string) => Math.round((r.categories[c]?.score ?? 0) * 100);
    const lhr = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'))[
      Math.floor(runs.length / 2)
    ]!;
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    console.log(
      `  ${pagePath.replace(`/store/${slug}`, '').padEnd(42)} performance ${score(lhr, 'performance')} (runs ${runs.map((r) => score(r, 'performance')).join(', ')}), ` +
        `accessibility ${score(lhr, 'accessibility')}  FCP ${audit('first-contentful-paint')}  LCP ${audit('largest-contentful-paint')}  TBT ${audit('total-blocking-time')}  CLS ${audit('cumulative-layout-shift')}`,
    );
    const failed = Object.values(lhr.audits).filter(
      (a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
    );
    for (const a of failed) console.log(`    accessibility: ${a.title}`);
  }
} finally {
  await context.close();
  fs.rmSync(profileDir, { recursive: true, force: true });
  await server.stop();
}

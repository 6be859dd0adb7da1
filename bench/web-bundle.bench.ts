// The JavaScript a browser loads, gzipped, for `/` (the sign-in page) and for the first page
// after signing in (/u/profile), from the production build served by the real server.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import launch from '../scripts/chromium.json' with { type: 'json' };
import { startBenchServer } from './lib/server';

const server = await startBenchServer();
const browser = await chromium.launch(launch);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

async function scriptsOf(page: Page, path: string, ready: () => Promise<unknown>) {
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`${server.address}${path}`, { waitUntil: 'networkidle' });
  await ready();
  return scripts;
}

function report(label: string, scripts: { url: string; raw: number; gzip: number }[]) {
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `\n${label}: ${scripts.length} files, ${kb(total)} gzipped (${kb(scripts.reduce((s, x) => s + x.raw, 0))} raw)`,
  );
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${s.url.padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(9)} gzip`);
}

const visitor = await browser.newPage();
report(
  'JavaScript loaded by /',
  await scriptsOf(visitor, '/', () => visitor.getByRole('button', { name: 'Sign in' }).waitFor()),
);

const context = await browser.newContext();
const [name, value] = (await server.signIn()).split('; ').map((c) => c.split('='))[0]!;
await context.addCookies([
  { name: name!, value: value!, url: server.address },
  { name: 'atelier_signed_in', value: '1', url: server.address },
]);
const member = await context.newPage();
report(
  'JavaScript loaded by the first signed-in page (/u/profile)',
  await scriptsOf(member, '/u/profile', () => member.getByRole('heading', { name: 'Olivia Harbor' }).waitFor()),
);

await browser.close();
await server.stop();

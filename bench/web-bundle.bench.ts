// The JavaScript a browser loads for `/` (the sign-in page) and for the first page after
// signing in (/u/profile), from the production build served by the real server: as it was sent
// (the build's brotli copies, decision in spa.ts), and its gzipped size for comparison.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import launch from '../scripts/chromium.json' with { type: 'json' };
import { startBenchServer } from './lib/server';

const server = await startBenchServer();
const browser = await chromium.launch(launch);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
type Script = { url: string; raw: number; gzip: number; sent: number; encoding: string };

async function scriptsOf(page: Page, path: string, ready: () => Promise<unknown>) {
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
  await page.goto(`${server.address}${path}`, { waitUntil: 'networkidle' });
  await ready();
  return scripts;
}

function report(label: string, scripts: Script[]) {
  const sum = (key: 'raw' | 'gzip' | 'sent') => kb(scripts.reduce((total, s) => total + s[key], 0));
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  console.log(
    `\n${label}: ${scripts.length} files, ${sum('sent')} sent (${encodings}), ${sum('gzip')} gzipped, ${sum('raw')} raw`,
  );
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(
      `  ${s.url.padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(9)} gzip ${kb(s.sent).padStart(9)} sent`,
    );
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

// The JavaScript a browser loads for `/` (the sign-in page), gzipped, as Chromium fetches it
// from the production build. Prints each file and the total.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import launch from '../scripts/chromium.json' with { type: 'json' };

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('Build the web app first (npm run build).');

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let file = path.join(dist, url.pathname);
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
    file = path.join(dist, 'index.html');
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const browser = await chromium.launch(launch);
const page = await browser.newPage();
const scripts: { url: string; raw: number; gzip: number }[] = [];
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script') return;
  const body = await response.body();
  scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
});
await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Sign in' }).waitFor();
await browser.close();
server.close();

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
  console.log(`${s.url.padEnd(44)} ${kb(s.raw).padStart(10)} raw ${kb(s.gzip).padStart(9)} gzip`);
const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log(
  `\nJavaScript loaded by /: ${scripts.length} files, ${kb(total)} gzipped (${kb(scripts.reduce((s, x) => s + x.raw, 0))} raw)`,
);

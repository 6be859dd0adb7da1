import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
const BIG = `export const rows = [${Array.from({ length: 2000 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(',')}];`;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Atelier</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // As the web build leaves a large file: with its brotli and gzip copies.
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG);
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG));
  fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG));
  fs.writeFileSync(path.join(os.tmpdir(), 'outside-dist.txt'), 'secret');
  t = await startTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every page path with index.html, with a content security policy and no caching', async () => {
    for (const url of ['/', '/u/profile', '/reset-password', '/no/such/page']) {
      const response = await call(t.app, { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Atelier</title>');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves hashed assets for a year, and a missing asset as 404 (never index.html)', async () => {
    const asset = await call(t.app, { method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await call(t.app, { method: 'GET', url: '/assets/app-old999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the brotli or gzip copy the build made to a browser that takes it, and the file to one that does not', async () => {
    const url = '/assets/big-abc123.js';
    const br = await call(t.app, { method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(BIG.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG);
    const gz = await call(t.app, { method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG);
    const plain = await call(t.app, { method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG);
    // A small file has no copies: it goes as it is, whatever the browser takes.
    const small = await call(t.app, {
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.body).toBe('console.log(1)');
  });

  it('never serves files outside the build, and survives malformed addresses', async () => {
    for (const url of ['/../outside-dist.txt', '/%2e%2e/outside-dist.txt', '/%E0%A4%A']) {
      const response = await call(t.app, { method: 'GET', url });
      expect(response.body, url).not.toContain('secret');
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers unknown API addresses with a JSON 404', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

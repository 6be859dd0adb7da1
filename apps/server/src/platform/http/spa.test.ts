import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Atelier</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
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

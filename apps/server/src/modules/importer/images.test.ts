import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ImportDocument } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, startTestJobs, type TestApp, TINY_PNG } from '../../../test/helpers';
import type { JobRunner } from '../../platform/jobs/runner';
import { fetchImagesJob } from './images.job';
import { importerKit } from './test-kit';

let t: TestApp;
let owner: string;
let worker: JobRunner;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/a.png' || req.url === '/b.png') res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
    else if (req.url === '/words.png') res.writeHead(200, { 'content-type': 'image/png' }).end('not an image at all');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The tests' image server is on this machine: allowed by name, as an operator may allow theirs.
  t = await startTestApp({ env: { OUTBOUND_ALLOW: '127.0.0.1' } });
  worker = startTestJobs(t, { jobs: [fetchImagesJob] });
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const { api, uploaded, step } = importerKit(
  () => t,
  () => owner,
);
const imported = async (csv: string) => step(await step(await uploaded(csv), 'check'), 'run');

const productId = async (sku: string) =>
  (await api('GET', `/products?q=${sku}`)).json().items.find((p: { sku: string }) => p.sku === sku)._id as string;

describe('image URLs', () => {
  it('fetches each product’s images after the import, and lists the ones that fail with why', async () => {
    const csv =
      'SKU,Name,Price,Image Src\n' +
      `IMG-1,Two pictures,5,${base}/a.png; ${base}/b.png\n` +
      `IMG-2,Missing,5,${base}/missing.png\n` +
      `IMG-3,Not an image,5,${base}/words.png\n` +
      'IMG-4,Metadata,5,http://169.254.169.254/latest/a.png\n';
    const doc = await imported(csv);
    expect(doc.status, doc.message).toBe('done');
    // Nothing is fetched inside the import: it waits for its commit.
    expect(doc.images).toEqual({ pending: 5, done: 0, failed: 0 });

    await worker.runOnce();
    const after = (await api('GET', `/imports/${doc._id}`)).json();
    expect(after.images).toEqual({ pending: 0, done: 2, failed: 3 });
    const failures = (await api('GET', `/imports/${doc._id}/images`)).json();
    expect(failures.items).toEqual([
      { row: 3, url: `${base}/missing.png`, message: 'The site answered 404.' },
      {
        row: 4,
        url: `${base}/words.png`,
        message: 'This is not an image we can read: use a PNG, JPEG, WebP or GIF image.',
      },
      {
        row: 5,
        url: 'http://169.254.169.254/latest/a.png',
        message: '169.254.169.254 is not a public address: only images on public sites can be fetched.',
      },
    ]);
    const images = (await api('GET', `/products/${await productId('IMG-1')}/images`)).json();
    expect(images.map((i: { name: string }) => i.name)).toEqual(['a.png', 'b.png']);

    // Imported again, the images a product has are not fetched twice; the failed ones are tried again.
    const again = await imported(csv);
    expect(again.status, again.message).toBe('done');
    expect(again.images).toEqual({ pending: 3, done: 0, failed: 0 });
  });

  it('gives a product of a file with variants the images on any of its rows, each once', async () => {
    const doc = await imported(
      'Handle,Title,Variant Price,Option1 Name,Option1 Value,Image Src\n' +
        `IMG-V,Door,5,Finish,Oak,${base}/a.png\n` +
        `IMG-V,,,,Ash,${base}/a.png; ${base}/b.png\n`,
    );
    expect(doc.status, doc.message).toBe('done');
    expect(doc.images).toEqual({ pending: 2, done: 0, failed: 0 });
    await worker.runOnce();
    const images = (await api('GET', `/products/${await productId('IMG-V')}/images`)).json();
    expect(images.map((i: { name: string }) => i.name)).toEqual(['a.png', 'b.png']);
  });

  it('refuses a cell that is not a web address at the check', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?kind=product&name=bad.csv',
      headers: { cookie: owner, 'content-type': 'text/csv' },
      payload: 'SKU,Name,Price,Image Src\nIMG-9,Bad,5,file:///etc/passwd\n',
    });
    const doc: ImportDocument = r.json();
    await api('POST', `/imports/${doc._id}/check`, { version: doc.version });
    await t.app.deps.background.idle();
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.items).toEqual([
      {
        row: 2,
        column: 'Image Src',
        value: 'file:///etc/passwd',
        message: 'file:///etc/passwd is not a web address: use one starting with https:// or http://.',
      },
    ]);
  });
});

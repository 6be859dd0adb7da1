import type { Product, StoredFile } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
});
afterAll(() => t.close());

/** A binary glTF file: its 12-byte header, then its JSON chunk (padded to 4 bytes with spaces). */
function glb(json: object = { asset: { version: '2.0' }, scenes: [{ nodes: [] }] }, version = 2): Buffer {
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const chunk = Buffer.alloc(8);
  chunk.writeUInt32LE(text.length, 0);
  chunk.writeUInt32LE(0x4e4f534a, 4);
  const header = Buffer.alloc(12);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(version, 4);
  header.writeUInt32LE(12 + 8 + text.length, 8);
  return Buffer.concat([header, chunk, Buffer.from(text)]);
}

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const put = (id: string, bytes: Buffer, name = 'cabinet.glb', type = 'model/gltf-binary', cookie = owner) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/products/${id}/model?name=${encodeURIComponent(name)}`,
    headers: { cookie, 'content-type': type },
    payload: bytes,
  });
const download = (url: string) => call(t.app, { method: 'GET', url, cookie: owner });
const newProduct = async (name: string) => (await api('POST', '/products', { name, priceCents: 1 })).json() as Product;

describe('a product’s 3D model', () => {
  it('is a GLB file, checked by its content, one per product: a new one replaces it, and it can be removed', async () => {
    const p = await newProduct('Model cabinet');
    expect((await api('GET', `/products/${p._id}/model`)).json()).toBeNull();

    const first = await put(p._id, glb());
    expect(first.statusCode, first.body).toBe(200);
    const model = first.json() as StoredFile;
    expect(model).toMatchObject({ name: 'cabinet.glb', contentType: 'model/gltf-binary', size: glb().length });
    expect((await download(model.url)).rawPayload.equals(glb())).toBe(true);
    expect((await api('GET', `/products/${p._id}/model`)).json()._id).toBe(model._id);
    // Not among the product's attachments.
    expect((await api('GET', `/products/${p._id}/files`)).json()).toEqual([]);

    // Refused by content, by type, or as glTF 1: nothing changes.
    for (const [bytes, type, status] of [
      [Buffer.from('solid cube\nendsolid cube\n'), 'model/gltf-binary', 400],
      [glb({ asset: { version: '2.0' } }, 1), 'model/gltf-binary', 400],
      [glb({ asset: { version: '1.0' } }), 'model/gltf-binary', 400],
      [glb(), 'image/png', 415],
    ] as const) {
      const r = await put(p._id, bytes, 'bad.glb', type);
      expect(r.statusCode, r.body).toBe(status);
    }
    expect((await put(p._id, glb(), 'x.glb', 'model/gltf-binary', cedar)).statusCode).toBe(404);
    expect((await api('GET', `/products/${p._id}/model`)).json()._id).toBe(model._id);

    // A second replaces the first, whose bytes go.
    const second = (await put(p._id, glb({ asset: { version: '2.0' }, nodes: [{}] }), 'cabinet-v2.glb')).json();
    expect((await api('GET', `/products/${p._id}/model`)).json()._id).toBe(second._id);
    expect((await download(model.url)).statusCode).toBe(404);

    expect((await api('DELETE', `/products/${p._id}/model`)).statusCode).toBe(204);
    expect((await api('GET', `/products/${p._id}/model`)).json()).toBeNull();
    expect((await api('DELETE', `/products/${p._id}/model`)).statusCode).toBe(404);
  });

  it('leaves one model when two are uploaded at once, and goes with its product', async () => {
    const p = await newProduct('Raced cabinet');
    const both = await Promise.all([put(p._id, glb(), 'a.glb'), put(p._id, glb(), 'b.glb')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const kept = (await api('GET', `/products/${p._id}/model`)).json() as StoredFile;
    const db = new pg.Client({ connectionString: t.ownerUrl });
    await db.connect();
    const live = await db.query(
      `SELECT count(*)::int AS n FROM files WHERE entity_type = 'product_model' AND entity_id = $1 AND deleted_at IS NULL`,
      [p._id],
    );
    await db.end();
    expect(live.rows[0].n).toBe(1);

    expect((await api('DELETE', `/products/${p._id}`)).statusCode).toBe(204);
    expect((await download(kept.url)).statusCode).toBe(404);
  });
});

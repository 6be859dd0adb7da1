import type { Category, Product } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
async function make(name: string, parentId: string | null = null): Promise<Category> {
  const r = await api('POST', '/categories', { name, parentId });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
const tree = async () => (await api('GET', '/categories')).json() as Category[];
const byId = async (id: string) => (await tree()).find((c) => c._id === id)!;
const move = async (c: Category, parentId: string | null, position: number) =>
  api('POST', `/categories/${c._id}/move`, { parentId, position, version: (await byId(c._id)).version });

describe('the category tree', () => {
  it('lists each category after its parent, in order, with its depth and path', async () => {
    const doors = await make('Doors');
    const interior = await make('Interior doors', doors._id);
    const barn = await make('Barn doors', interior._id);
    expect(barn).toMatchObject({ depth: 2, path: 'Doors / Interior doors / Barn doors', parentId: interior._id });
    const all = await tree();
    const at = (id: string) => all.findIndex((c) => c._id === id);
    expect(at(doors._id)).toBeLessThan(at(interior._id));
    expect(at(interior._id)).toBeLessThan(at(barn._id));
    // The demo's tree is there too.
    expect(all.find((c) => c.path === 'Cabinets / Base cabinets')?.products).toBeGreaterThan(0);
  });

  it('reorders siblings and moves a subtree, never under itself (even when two moves race)', async () => {
    const a = await make('Alpha');
    const b = await make('Beta', a._id);
    const c = await make('Gamma', a._id);
    const d = await make('Delta', b._id);
    expect((await move(c, a._id, 0)).statusCode).toBe(200);
    const kids = (await tree()).filter((x) => x.parentId === a._id).map((x) => x.name);
    expect(kids).toEqual(['Gamma', 'Beta']);
    const loop = await move(a, d._id, 0);
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error.fields).toEqual({
      parentId: 'A category cannot go under itself or one of its subcategories.',
    });
    // Beta (with Delta) moves to the top: Delta's path follows.
    expect((await move(b, null, 0)).statusCode).toBe(200);
    expect(await byId(d._id)).toMatchObject({ path: 'Beta / Delta', depth: 1 });
    // Two people move Beta under Gamma and Gamma under Beta at once: one wins, no loop.
    const [x, y] = await Promise.all([move(b, c._id, 0), move(c, b._id, 0)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 400]);
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM categories WHERE cardinality(ancestors) <> array_position(ancestors, id)',
    );
    expect(rows[0].n).toBe(0);
  });

  it('keeps sibling names apart and the tree five levels deep at most', async () => {
    const top = await make('Trim');
    await make('Crown', top._id);
    const again = await api('POST', '/categories', { name: 'crown', parentId: top._id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('There is already a category called crown there.');
    let parent = top;
    for (const name of ['L2', 'L3', 'L4', 'L5']) parent = await make(name, parent._id);
    const deep = await api('POST', '/categories', { name: 'L6', parentId: parent._id });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.fields.parentId).toBe('Categories go 5 levels deep at most.');
  });

  it('deletes a category with products only by moving them (and its subcategories) first, with their history', async () => {
    const old = await make('Old stock');
    const child = await make('Old lamps', old._id);
    const keep = await make('Clearance');
    const product = (
      await api('POST', '/products', { name: 'Dusty lamp', priceCents: 500, category: old._id })
    ).json() as Product;
    const refused = await api('DELETE', `/categories/${old._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Old stock has 1 product and 1 subcategory. Choose a category to move them to first.',
    );
    const inside = await api('DELETE', `/categories/${old._id}?moveTo=${child._id}`);
    expect(inside.statusCode).toBe(400);
    expect((await api('DELETE', `/categories/${old._id}?moveTo=${keep._id}`)).statusCode).toBe(204);
    const moved = (await api('GET', `/products/${product._id}`)).json() as Product;
    expect(moved).toMatchObject({ category: { _id: keep._id, name: 'Clearance' }, version: 2 });
    expect(await byId(child._id)).toMatchObject({ path: 'Clearance / Old lamps' });
    const logs = (await api('GET', `/products/${product._id}/logs`)).json();
    expect(JSON.stringify(logs)).toContain('Clearance');
  });

  it('filters products by a category and everything under it', async () => {
    const cabinets = (await tree()).find((c) => c.path === 'Cabinets')!;
    const page = (await api('GET', `/products?filter[category][]=${cabinets._id}&limit=100`)).json();
    expect(page.total).toBeGreaterThan(50);
    expect(page.items.every((p: Product) => p.category?.name.match(/cabinets|Vanities/i))).toBe(true);
    const bad = await api('GET', '/products?filter[category][]=nope');
    expect(bad.statusCode).toBe(400);
  });
});

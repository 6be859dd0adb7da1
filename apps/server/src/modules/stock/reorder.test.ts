import type { Product, ReorderLevels, StockCheck, Variant, Warehouse } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;
let home: Warehouse;
let annex: Warehouse;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const levels = async (id: string) =>
  ((await api('GET', `/products/${id}/reorder-levels`)).json() as ReorderLevels).levels;
const setLevels = (id: string, body: unknown, cookie = owner) =>
  api('PUT', `/products/${id}/reorder-levels`, { levels: body }, cookie);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  annex = (await api('POST', '/warehouses', { name: 'Annex', address: null, isDefault: false })).json();
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('reorder levels', () => {
  it('are set per warehouse, changed, taken off, and kept in the product’s history', async () => {
    const tile = (
      await api('POST', '/products', { name: 'Reorder tile', unit: 'box', priceCents: 4_000 })
    ).json() as Product;
    const r = await setLevels(tile._id, [
      { warehouse: home._id, point: 20, quantity: 60 },
      { warehouse: annex._id, point: 2.5, quantity: 10.25 },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const set = r.json() as ReorderLevels;
    // The warehouses it may be set in: the default first.
    expect(set.warehouses.map((w) => w.name)).toEqual([home.name, 'Annex', 'Showroom floor']);
    expect(set.levels.map((l) => [l.warehouse.name, l.variant, l.point, l.quantity])).toEqual([
      ['Annex', null, 2.5, 10.25],
      [home.name, null, 20, 60],
    ]);
    // Only those named change; both numbers empty takes one off.
    await setLevels(tile._id, [{ warehouse: home._id, point: null, quantity: null }]);
    await setLevels(tile._id, [{ warehouse: annex._id, point: 4, quantity: 12 }]);
    expect((await levels(tile._id)).map((l) => [l.warehouse.name, l.point, l.quantity])).toEqual([['Annex', 4, 12]]);
    const history = await db.query(
      `SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'reorder-levels' ORDER BY created_at, id`,
      [tile._id],
    );
    expect(history.rows.map((h) => h.changes)).toEqual([
      {
        [home.name]: { before: null, after: '20 → order 60' },
        Annex: { before: null, after: '2.5 → order 10.25' },
      },
      { [home.name]: { before: '20 → order 60', after: null } },
      { Annex: { before: '2.5 → order 10.25', after: '4 → order 12' } },
    ]);
  });

  it('refuses bad levels with a message per field and changes nothing, all or none', async () => {
    const p = (await api('POST', '/products', { name: 'Reorder pull', priceCents: 900 })).json() as Product;
    await setLevels(p._id, [{ warehouse: home._id, point: 5, quantity: 20 }]);
    const cases: [unknown[], Record<string, string>][] = [
      [
        [{ warehouse: home._id, point: 5, quantity: null }],
        { 'levels.0.quantity': 'Enter the quantity to order too.' },
      ],
      [[{ warehouse: home._id, point: -1, quantity: 3 }], { 'levels.0.point': 'Use 0 or more.' }],
      [[{ warehouse: home._id, point: 1, quantity: 0 }], { 'levels.0.quantity': 'Order more than 0.' }],
      [[{ warehouse: home._id, point: 1.00001, quantity: 3 }], { 'levels.0.point': 'Use at most four decimals.' }],
      [
        [
          { warehouse: home._id, point: 9, quantity: 9 },
          { warehouse: home._id, point: 8, quantity: 8 },
        ],
        { 'levels.1.warehouse': 'Each warehouse and variant once.' },
      ],
      [
        [
          { warehouse: home._id, point: 9, quantity: 9 },
          { warehouse: '00000000-0000-4000-8000-000000000000', point: 1, quantity: 1 },
        ],
        { 'levels.1.warehouse': 'Choose one of the firm’s warehouses.' },
      ],
    ];
    for (const [body, fields] of cases) {
      const r = await setLevels(p._id, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.fields).toEqual(fields);
    }
    // Another firm's warehouse, an archived one: not a warehouse here.
    const theirs = (await api('GET', '/warehouses', undefined, cedar)).json()[0] as Warehouse;
    const shed = (await api('POST', '/warehouses', { name: 'Old shed', address: null, isDefault: false })).json();
    await db.query('UPDATE warehouses SET archived_at = now() WHERE id = $1', [shed._id]);
    for (const warehouse of [theirs._id, shed._id]) {
      const r = await setLevels(p._id, [{ warehouse, point: 1, quantity: 1 }]);
      expect(r.json().error.fields).toEqual({ 'levels.0.warehouse': 'Choose one of the firm’s warehouses.' });
    }
    expect((await levels(p._id)).map((l) => [l.point, l.quantity])).toEqual([[5, 20]]);
    // Another firm cannot see or set them.
    expect((await api('GET', `/products/${p._id}/reorder-levels`, undefined, cedar)).statusCode).toBe(404);
    expect((await setLevels(p._id, [{ warehouse: theirs._id, point: 1, quantity: 1 }], cedar)).statusCode).toBe(404);
  });

  it('are per variant once a product has variants, and the product’s own go', async () => {
    const p = (await api('POST', '/products', { name: 'Reorder knob', priceCents: 700 })).json() as Product;
    await setLevels(p._id, [{ warehouse: home._id, point: 5, quantity: 20 }]);
    await api('PUT', `/products/${p._id}/options`, {
      options: [{ name: 'Finish', values: ['Brass', 'Black'] }],
      version: p.version,
    });
    const [brass, black] = (
      await api('POST', `/products/${p._id}/variants`, { combinations: [['Brass'], ['Black']] })
    ).json() as Variant[];
    expect(await levels(p._id)).toEqual([]);

    const whole = await setLevels(p._id, [{ warehouse: home._id, point: 5, quantity: 20 }]);
    expect(whole.json().error.fields).toEqual({
      'levels.0.variant': 'This product is stocked by variant: choose one.',
    });
    const other = (await api('GET', '/products?limit=1')).json().items[0] as Product;
    const foreign = (await api('GET', `/products/${other._id}/variants`)).json()[0] as Variant | undefined;
    const stray = await setLevels(p._id, [
      { warehouse: home._id, variant: foreign?._id ?? '00000000-0000-4000-8000-000000000000', point: 1, quantity: 1 },
    ]);
    expect(stray.json().error.fields).toEqual({ 'levels.0.variant': 'Not a variant of this product.' });

    const ok = await setLevels(p._id, [
      { warehouse: home._id, variant: black!._id, point: 3, quantity: 9 },
      { warehouse: home._id, variant: brass!._id, point: 4, quantity: 8 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    // In the grid's order: Brass was made first.
    expect((ok.json() as ReorderLevels).levels.map((l) => [l.variant?.name, l.point])).toEqual([
      ['Brass', 4],
      ['Black', 3],
    ]);
  });

  it('keeps one level per item and warehouse when many set it at once', async () => {
    const p = (await api('POST', '/products', { name: 'Reorder hinge', priceCents: 500 })).json() as Product;
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) => setLevels(p._id, [{ warehouse: home._id, point: i, quantity: 10 + i }])),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const rows = await db.query('SELECT count(*)::int AS n FROM reorder_levels WHERE product_id = $1', [p._id]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('are a material’s too, by warehouse only', async () => {
    const m = (await api('POST', '/materials', { name: 'Reorder slab', sku: 'RO-SLAB', unit: 'slab' })).json();
    const set = await api('PUT', `/materials/${m._id}/reorder-levels`, {
      levels: [{ warehouse: home._id, point: 2, quantity: 6 }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as ReorderLevels).levels).toEqual([
      { warehouse: { _id: home._id, name: home.name }, variant: null, point: 2, quantity: 6 },
    ]);
    const stray = await api('PUT', `/materials/${m._id}/reorder-levels`, {
      levels: [{ warehouse: home._id, variant: '00000000-0000-4000-8000-000000000000', point: 1, quantity: 1 }],
    });
    expect(stray.json().error.fields).toEqual({ 'levels.0.variant': 'A material has no variants.' });
    const history = await db.query(`SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'reorder-levels'`, [
      m._id,
    ]);
    expect(history.rows).toHaveLength(1);
    expect((await api('GET', `/materials/${m._id}/reorder-levels`, undefined, cedar)).statusCode).toBe(404);
  });

  it('carry their warehouse’s on hand, which the ledger keeps and the check proves', async () => {
    const p = (
      await api('POST', '/products', { name: 'Reorder grout', unit: 'each', priceCents: 900 })
    ).json() as Product;
    const item = { type: 'product', id: p._id };
    const adjust = (warehouse: string, quantity: number) =>
      api('POST', '/stock/adjustments', { item, warehouse, quantity, note: 'Counted' });
    await adjust(home._id, 7);
    // Set after the stock arrived: it starts from it; where none is kept, from 0.
    await setLevels(p._id, [
      { warehouse: home._id, point: 5, quantity: 10 },
      { warehouse: annex._id, point: 1, quantity: 2 },
    ]);
    const onHand = async () =>
      (
        await db.query<{ w: string; q: string }>(
          'SELECT warehouse_id AS w, on_hand_e4::text AS q FROM reorder_levels WHERE product_id = $1',
          [p._id],
        )
      ).rows.reduce<Record<string, number>>((all, r) => Object.assign(all, { [r.w]: Number(r.q) / 10_000 }), {});
    expect(await onHand()).toEqual({ [home._id]: 7, [annex._id]: 0 });
    // Twenty movements at once, up and down, in both warehouses.
    const moves = Array.from({ length: 20 }, (_, i) => adjust(i % 2 ? annex._id : home._id, i % 4 < 2 ? 2 : -1));
    expect((await Promise.all(moves)).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await onHand()).toEqual({ [home._id]: 7 + 5 * 2 - 5, [annex._id]: 5 * 2 - 5 });
    expect(((await api('POST', '/stock/check')).json() as StockCheck).drift).toEqual([]);
    // A copy that strays from the ledger is reported.
    await db.query(
      'UPDATE reorder_levels SET on_hand_e4 = on_hand_e4 + 10000 WHERE product_id = $1 AND warehouse_id = $2',
      [p._id, home._id],
    );
    expect(((await api('POST', '/stock/check')).json() as StockCheck).drift).toEqual([
      expect.objectContaining({
        item: expect.objectContaining({ name: 'Reorder grout' }),
        warehouse: { _id: home._id, name: home.name },
        summary: 13,
        ledger: 12,
      }),
    ]);
    await db.query(
      'UPDATE reorder_levels SET on_hand_e4 = on_hand_e4 - 10000 WHERE product_id = $1 AND warehouse_id = $2',
      [p._id, home._id],
    );
  });
});

import type {
  ItemStock,
  Product,
  StockCheck,
  StockCount,
  StockMovementPage,
  StockTransfer,
  Warehouse,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { resolveItems } from './items';
import { postMovements } from './ledger.service';

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;
let home: Warehouse;
let annex: Warehouse;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const product = async (name: string) =>
  (await api('POST', '/products', { name, unit: 'box', priceCents: 4_000, costCents: 100 })).json() as Product;
const stockOf = async (id: string) => (await api('GET', `/stock/products/${id}`)).json() as ItemStock;
const onHand = async (id: string, warehouse = home) =>
  (await stockOf(id)).levels.find((l) => l.warehouse._id === warehouse._id)?.onHand ?? 0;
const adjust = (id: string, quantity: number, note = 'Counted', warehouse = home._id, cookie = owner) =>
  api('POST', '/stock/adjustments', { item: { type: 'product', id }, warehouse, quantity, note }, cookie);
const actor = { firmId: HARBOR_PINE_ID, userId: null };
/** Posts straight through the ledger (receipts come with purchase orders): `unitCost` in cents. */
const post = (id: string, quantity: number, reason: 'opening' | 'receipt' | 'receipt_reversal', unitCost: number) =>
  inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
    const [item] = await resolveItems(tx, [{ type: 'product', id }]);
    return postMovements(tx, actor, [
      {
        item: item!,
        warehouseId: home._id,
        warehouseName: home.name,
        quantityE4: quantity * 10_000,
        reason,
        unitCostHc: unitCost * 100,
      },
    ]);
  });

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

describe('the stock ledger', () => {
  it('moves stock by hand with a reason, keeps on hand per warehouse and lists the movements', async () => {
    const tile = await product('Ledger tile');
    expect((await adjust(tile._id, 10, 'Opening count')).statusCode).toBe(200);
    const r = await adjust(tile._id, -2.5, 'Two and a half boxes broken');
    expect(r.statusCode, r.body).toBe(200);
    const stock = r.json() as ItemStock;
    expect(stock.levels.map((l) => [l.warehouse.name, l.onHand, l.inTransit])).toEqual([[home.name, 7.5, 0]]);
    const page = (await api('GET', `/stock/products/${tile._id}/movements`)).json() as StockMovementPage;
    expect(page.total).toBe(2);
    expect(page.items.map((m) => [m.quantity, m.reason, m.note, m.item.sku, m.by?.name])).toEqual([
      [-2.5, 'adjustment', 'Two and a half boxes broken', tile.sku, expect.any(String)],
      [10, 'adjustment', 'Opening count', tile.sku, expect.any(String)],
    ]);
    // Each movement has its audit row.
    const audit = await db.query(
      `SELECT action, changes FROM audit_log WHERE entity_type = 'stock_movement' AND entity_id = $1`,
      [page.items[0]!._id],
    );
    expect(audit.rows[0].action).toBe('adjustment');
    expect(audit.rows[0].changes.note).toEqual({ before: null, after: 'Two and a half boxes broken' });
  });

  it('refuses bad adjustments with a clear message and changes nothing', async () => {
    const tile = await product('Refused tile');
    const noNote = await adjust(tile._id, 3, ' ');
    expect(noNote.statusCode).toBe(400);
    expect(errorOf(noNote).fields).toEqual({ note: 'Say why the stock changed.' });
    const zero = await adjust(tile._id, 0);
    expect(errorOf(zero).fields).toEqual({ quantity: 'Enter a quantity other than 0.' });
    const tooFine = await adjust(tile._id, 1.00001);
    expect(errorOf(tooFine).fields).toEqual({ quantity: 'Use at most four decimals.' });
    // Another firm's warehouse, and another firm's product, are not found.
    const cedarHome = ((await api('GET', '/warehouses', undefined, cedar)).json() as Warehouse[])[0]!;
    const foreignPlace = await adjust(tile._id, 1, 'x', cedarHome._id);
    expect(foreignPlace.statusCode).toBe(400);
    expect(errorOf(foreignPlace).fields).toEqual({ warehouse: 'Choose one of the firm’s warehouses.' });
    const foreignItem = await adjust(tile._id, 1, 'x', cedarHome._id, cedar);
    expect(errorOf(foreignItem).fields).toEqual({ item: 'No such product: choose one from the list.' });
    // Going below zero is refused: the firm's policy says so.
    const below = await adjust(tile._id, -1);
    expect(below.statusCode).toBe(409);
    expect(errorOf(below).message).toBe(
      `Only 0 of Refused tile left in ${home.name}: stock of this item may not go below zero.`,
    );
    expect(
      (await db.query(`SELECT count(*)::int AS n FROM stock_movements WHERE product_id = $1`, [tile._id])).rows[0].n,
    ).toBe(0);
  });

  it('lets a product with its own policy (103) go below zero, and back to the firm’s rule', async () => {
    const tile = await product('Backorder tile');
    const set = await api('PUT', `/stock/products/${tile._id}/policy`, { policy: 'allow' });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as ItemStock).policy).toBe('allow');
    expect((await adjust(tile._id, -3, 'Sold on backorder')).statusCode).toBe(200);
    expect(await onHand(tile._id)).toBe(-3);
    await api('PUT', `/stock/products/${tile._id}/policy`, { policy: 'firm' });
    expect((await adjust(tile._id, -1)).statusCode).toBe(409);
    // Coming back up is always allowed, even while still below zero.
    expect((await adjust(tile._id, 1, 'Found one')).statusCode).toBe(200);
    expect(await onHand(tile._id)).toBe(-2);
    // The firm's policy (settings, 103) lets every item without its own go below.
    await api('PUT', '/settings/inventorySettings', { allowNegativeStock: true });
    expect((await adjust(tile._id, -1)).statusCode).toBe(200);
    await api('PUT', '/settings/inventorySettings', { allowNegativeStock: false });
    // Setting a policy needs 103: the warehouse role has products but not that.
    const keeper = await signIn(t.app, 'warehouse@demo.test');
    expect((await api('PUT', `/stock/products/${tile._id}/policy`, { policy: 'allow' }, keeper)).statusCode).toBe(403);
  });

  it('never goes below zero under 100 concurrent movements of the last units', async () => {
    const tile = await product('Last units tile');
    await adjust(tile._id, 10, 'Ten left');
    const results = await Promise.all(Array.from({ length: 100 }, () => adjust(tile._id, -1, 'Sold one')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(90);
    expect(await onHand(tile._id)).toBe(0);
    const ledger = await db.query(
      `SELECT sum(quantity_e4)::int AS q, count(*)::int AS n FROM stock_movements WHERE product_id = $1`,
      [tile._id],
    );
    expect(ledger.rows[0]).toEqual({ q: 0, n: 11 });
  });

  it('keeps a moving-average cost: receipts move it, a reversal takes its own cost out, an empty shelf takes the next cost', async () => {
    const tile = await product('Average tile');
    const average = async () => (await stockOf(tile._id)).levels[0]!.averageCost;
    await post(tile._id, 10, 'opening', 10);
    expect(await average()).toBe(10);
    await post(tile._id, 30, 'receipt', 14);
    // (10 × 10 + 30 × 14) ÷ 40 = 13
    expect(await average()).toBe(13);
    await post(tile._id, -30, 'receipt_reversal', 14);
    expect(await average()).toBe(10);
    await adjust(tile._id, -10, 'Written off');
    await post(tile._id, 5, 'receipt', 12.34);
    expect(await average()).toBe(12.34);
    const value = (await api('GET', '/stock/value')).json();
    expect(value.warehouses.find((w: { _id: string }) => w._id === home._id).valueCents).toBeGreaterThanOrEqual(
      5 * 12.34,
    );
  });

  it('moves stock between warehouses: out now, in transit, received once (or cancelled back)', async () => {
    const tile = await product('Transfer tile');
    await adjust(tile._id, 8, 'Opening');
    const sent = await api('POST', '/stock/transfers', {
      from: home._id,
      to: annex._id,
      lines: [{ item: { type: 'product', id: tile._id }, quantity: 5 }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const transfer = sent.json() as StockTransfer;
    expect(transfer.status).toBe('in_transit');
    let stock = await stockOf(tile._id);
    expect(stock.levels.map((l) => [l.warehouse.name, l.onHand, l.inTransit])).toEqual([
      ['Annex', 0, 5],
      [home.name, 3, 0],
    ]);
    const [first, second] = await Promise.all([
      api('POST', `/stock/transfers/${transfer._id}/receive`),
      api('POST', `/stock/transfers/${transfer._id}/receive`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(errorOf(first.statusCode === 409 ? first : second).message).toBe(
      `Transfer ${transfer.number} was already received.`,
    );
    stock = await stockOf(tile._id);
    expect(stock.levels.map((l) => [l.warehouse.name, l.onHand, l.inTransit])).toEqual([
      ['Annex', 5, 0],
      [home.name, 3, 0],
    ]);
    // More than there is does not leave; a cancelled one comes back.
    const tooMany = await api('POST', '/stock/transfers', {
      from: home._id,
      to: annex._id,
      lines: [{ item: { type: 'product', id: tile._id }, quantity: 4 }],
    });
    expect(tooMany.statusCode).toBe(409);
    const same = await api('POST', '/stock/transfers', {
      from: home._id,
      to: home._id,
      lines: [{ item: { type: 'product', id: tile._id }, quantity: 1 }],
    });
    expect(errorOf(same).fields).toEqual({ to: 'Choose a different warehouse to move it to.' });
    const back = (
      await api('POST', '/stock/transfers', {
        from: home._id,
        to: annex._id,
        lines: [{ item: { type: 'product', id: tile._id }, quantity: 3 }],
      })
    ).json() as StockTransfer;
    expect(await onHand(tile._id)).toBe(0);
    expect((await api('POST', `/stock/transfers/${back._id}/cancel`)).statusCode).toBe(200);
    expect(await onHand(tile._id)).toBe(3);
  });

  it('refuses a product stocked by variant, and another firm’s transfer', async () => {
    const { rows } = await db.query(`SELECT id FROM products WHERE sku = 'MTO-B'`);
    const r = await adjust(rows[0].id, 1);
    expect(errorOf(r).fields).toEqual({
      item: 'Made-to-order base cabinet is stocked by variant: choose one of its variants.',
    });
    const transfers = (await api('GET', '/stock/transfers')).json() as StockTransfer[];
    expect(transfers.length).toBeGreaterThan(0);
    expect((await api('POST', `/stock/transfers/${transfers[0]!._id}/receive`, undefined, cedar)).statusCode).toBe(404);
    expect((await api('GET', '/stock/transfers', undefined, cedar)).json()).toEqual([]);
  });

  it('proves the summaries equal the ledger, and reports a drift', async () => {
    const clean = (await api('POST', '/stock/check')).json() as StockCheck;
    expect(clean.drift).toEqual([]);
    expect(clean.levels).toBeGreaterThan(10);
    // A write that went round the ledger (only the database owner can) is found.
    const tile = await product('Drift tile');
    await adjust(tile._id, 4, 'Opening');
    await db.query(`UPDATE stock_levels SET on_hand_e4 = on_hand_e4 + 10000 WHERE product_id = $1`, [tile._id]);
    const found = (await api('POST', '/stock/check')).json() as StockCheck;
    expect(found.drift).toEqual([
      expect.objectContaining({ item: expect.objectContaining({ name: 'Drift tile' }), summary: 5, ledger: 4 }),
    ]);
    expect((await api('GET', '/stock/check')).json()).toMatchObject({ drift: 1 });
    await db.query(`UPDATE stock_levels SET on_hand_e4 = on_hand_e4 - 10000 WHERE product_id = $1`, [tile._id]);
    // A firm-wide total with no movement behind it at all is found too.
    const bare = await product('Bare tile');
    await db.query(
      `INSERT INTO stock_items (item_id, firm_id, on_hand_e4) SELECT id, firm_id, 30000 FROM products WHERE id = $1`,
      [bare._id],
    );
    const orphan = (await api('POST', '/stock/check')).json() as StockCheck;
    expect(orphan.drift).toEqual([
      expect.objectContaining({
        item: expect.objectContaining({ name: 'Bare tile' }),
        warehouse: null,
        summary: 3,
        ledger: 0,
      }),
    ]);
    await db.query(`DELETE FROM stock_items WHERE item_id = $1`, [bare._id]);
  });

  it('filters the products list by stock: in stock, out of stock, at or below a reorder point', async () => {
    const some = await product('Filter tile stocked');
    await adjust(some._id, 3, 'Counted');
    const none = await product('Filter tile empty');
    await api('PUT', `/products/${some._id}/reorder-levels`, {
      levels: [{ warehouse: home._id, point: 5, quantity: 10 }],
    });
    const names = async (filter: string) =>
      (
        (await api('GET', `/products?q=filter%20tile&filter[stock][]=${filter}&limit=50`)).json().items as Product[]
      ).map((p) => p.name);
    expect(await names('in_stock')).toEqual(['Filter tile stocked']);
    expect(await names('out_of_stock')).toEqual(['Filter tile empty']);
    expect(await names('low')).toEqual(['Filter tile stocked']);
    expect(none.name).toBe('Filter tile empty');
    expect((await api('GET', '/products?filter[stock][]=plenty')).statusCode).toBe(400);
  });

  it('gives a material’s use and purchases per month from its ledger', async () => {
    const material = (await api('POST', '/materials', { name: 'Ledger plywood', unit: 'sheet' })).json();
    const move = (quantity: number) =>
      api('POST', '/stock/adjustments', {
        item: { type: 'material', id: material._id },
        warehouse: home._id,
        quantity,
        note: 'Cut list',
      });
    await move(12);
    await move(-5);
    const r = await api('GET', `/stock/materials/${material._id}/analytics`);
    expect(r.statusCode, r.body).toBe(200);
    const months = r.json().months;
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toMatchObject({ used: 5, purchased: 0 });
  });

  it('counts a warehouse on a sheet: counted quantities, differences reviewed, posted as count movements once', async () => {
    const tile = await product('Counted tile');
    await adjust(tile._id, 10, 'Opening', annex._id);
    const made = await api('POST', '/stock/counts', { warehouse: annex._id, note: 'Aisle 3' });
    expect(made.statusCode, made.body).toBe(201);
    const sheet = made.json() as StockCount;
    expect(sheet.lines.find((l) => l.item._id === tile._id)).toMatchObject({ expected: 10, onHand: 10, counted: null });
    // Counting goes on while stock moves: the difference is taken against the ledger when posting.
    const extra = await product('Counted extra');
    let r = await api('PUT', `/stock/counts/${sheet._id}/lines`, {
      lines: [
        { item: { type: 'product', id: tile._id }, counted: 7 },
        { item: { type: 'product', id: extra._id }, counted: 2 },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    await adjust(tile._id, 1, 'Found one', annex._id);
    const review = (await api('GET', `/stock/counts/${sheet._id}`)).json() as StockCount;
    expect(
      review.lines.filter((l) => l.counted !== null).map((l) => [l.item.name, l.onHand, l.counted, l.difference]),
    ).toEqual([
      ['Counted extra', 0, 2, 2],
      ['Counted tile', 11, 7, -4],
    ]);
    r = await api('POST', `/stock/counts/${sheet._id}/post`);
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as StockCount).status).toBe('posted');
    expect(await onHand(tile._id, annex)).toBe(7);
    expect(await onHand(extra._id, annex)).toBe(2);
    const moves = (await api('GET', `/stock/products/${tile._id}/movements`)).json() as StockMovementPage;
    expect(moves.items[0]).toMatchObject({ reason: 'count', quantity: -4, source: { label: `Count ${sheet.number}` } });
    expect(errorOf(await api('POST', `/stock/counts/${sheet._id}/post`)).message).toBe(
      `Count ${sheet.number} was posted: it can no longer change.`,
    );
    const negative = await api('PUT', `/stock/counts/${sheet._id}/lines`, {
      lines: [{ item: { type: 'product', id: tile._id }, counted: -1 }],
    });
    expect(negative.statusCode).toBe(400);
    expect((await api('GET', `/stock/counts/${sheet._id}`, undefined, cedar)).statusCode).toBe(404);
  });

  it('refuses to delete a product with stock history', async () => {
    const tile = await product('Kept tile');
    await adjust(tile._id, 1, 'Opening');
    const r = await api('DELETE' as 'GET', `/products/${tile._id}`);
    expect(r.statusCode).toBe(409);
    expect(errorOf(r).message).toBe('Kept tile has 1 stock movement. Archive the product instead.');
  });
});

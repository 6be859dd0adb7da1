import { P } from '@atelier/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';
import { importerKit } from './test-kit';

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

const { api, upload, uploaded, step } = importerKit(
  () => t,
  () => owner,
);

/** Rows as the database holds them, past row-level security. */
const owned = (sql: string, params: unknown[] = []) => db.query(sql, params).then((r) => r.rows);

describe('importing products', () => {
  it('maps the columns by their headings, checks every row without writing, then imports them all at once', async () => {
    const doc = await uploaded(
      'Item No,Product Name,Retail Price,Unit Cost,Tags,Unit\n' +
        'IMP-1,Walnut shelf,"1,249.50",410.1234,"oak, kitchen",Each\n' +
        'IMP-2,Brass pull,12,3.5,,Pair\n',
    );
    expect(doc.status).toBe('uploaded');
    expect(doc.headings).toEqual(['Item No', 'Product Name', 'Retail Price', 'Unit Cost', 'Tags', 'Unit']);
    expect(doc.mapping).toMatchObject({ sku: 0, name: 1, priceCents: 2, costCents: 3, tags: 4, unit: 5 });
    expect(doc.sample[0]).toEqual(['IMP-1', 'Walnut shelf', '1,249.50', '410.1234', 'oak, kitchen', 'Each']);
    expect(doc.file.sha256).toMatch(/^[0-9a-f]{64}$/);

    const checked = await step(doc, 'check');
    expect(checked.status).toBe('checked');
    expect(checked.checked).toEqual({ rows: 2, created: 2, updated: 0, skipped: 0, failed: 0 });
    expect(await owned(`SELECT 1 FROM products WHERE sku LIKE 'IMP-%'`)).toEqual([]);

    const done = await step(checked, 'run');
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toEqual({ rows: 2, created: 2, updated: 0, skipped: 0, failed: 0 });
    const [shelf] = await owned(
      `SELECT name, price_cents, cost_hc, tags, unit, version, search_text FROM products WHERE sku = 'IMP-1'`,
    );
    expect(shelf).toMatchObject({
      name: 'Walnut shelf',
      price_cents: 124950,
      cost_hc: 4101234,
      tags: ['oak', 'kitchen'],
    });
    expect(shelf.unit).toBe('each');
    // The search text is what the API would have written.
    expect(shelf.search_text).toBe('walnut shelf imp-1 oak kitchen');
    // Search, the list and the SKU registry see them at once.
    const found = await api('GET', '/search?q=Walnut%20shelf&type=product');
    expect(found.json().items.map((r: { title: string }) => r.title)).toContain('Walnut shelf');
    const listed = await api('GET', '/products?q=brass%20pull');
    expect(listed.json().items.map((p: { sku: string }) => p.sku)).toEqual(['IMP-2']);
    expect(await owned(`SELECT count(*)::int AS n FROM skus WHERE sku IN ('IMP-1', 'IMP-2')`)).toEqual([{ n: 2 }]);
    // One history entry for the whole import, and each record knows the import that wrote it.
    const entries = await owned(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [doc._id]);
    expect(entries.map((e) => e.action)).toEqual(['create', 'start-check', 'check', 'start-import', 'import']);
    expect(
      await owned(`SELECT action, "row" FROM import_records WHERE import_id = $1 ORDER BY "row"`, [doc._id]),
    ).toEqual([
      { action: 'create', row: 2 },
      { action: 'create', row: 3 },
    ]);
  });

  it('updates matching products by SKU, only the mapped fields, each with a new version', async () => {
    const before = (
      await api('POST', '/products', { sku: 'UPD-1', name: 'Old name', priceCents: 100, tags: ['keep'] })
    ).json();
    const doc = await uploaded('SKU,Price\nUPD-1,2.50\n');
    // New products would need a name: this file only updates.
    const mapped = await api('PUT', `/imports/${doc._id}/mapping`, {
      version: doc.version,
      mapping: doc.mapping,
      options: { mode: 'update', numberFormat: 'dot-comma' },
    });
    const updated = await step(await step(mapped.json(), 'check'), 'run');
    expect(updated.outcome).toMatchObject({ created: 0, updated: 1 });
    const after = (await api('GET', `/products/${before._id}`)).json();
    expect(after).toMatchObject({ name: 'Old name', priceCents: 250, tags: ['keep'], version: before.version + 1 });
    // Someone who opened it before the import gets the usual conflict.
    const stale = await api('PUT', `/products/${before._id}`, { name: 'Mine', priceCents: 1, version: before.version });
    expect(stale.statusCode).toBe(409);
    // Its history names the import that changed it.
    const logs = (await api('GET', `/products/${before._id}/logs`)).json();
    expect(logs.items[0]).toMatchObject({ action: 'import', entityType: 'import', entity: doc._id });
    expect(logs.items[0].changes.import.after).toBe(`#${doc.number}`);
  });

  it('reports every problem by row and column, and then imports nothing', async () => {
    await api('POST', '/products', { sku: 'TAKEN-1', name: 'Existing', priceCents: 100 });
    const doc = await uploaded(
      'SKU,Name,Price,Category,Tax class\n' +
        'BAD-1,Good row,5,,\n' +
        'BAD-2,,5,,\n' +
        'BAD-3,Price words,five,,\n' +
        'BAD-1,Twice,5,,\n' +
        'BAD-4,Nowhere,5,Nowhere > Nothing,\n' +
        'BAD-5,Taxed,5,,Luxury\n' +
        'TAKEN-1,Exists,5,,\n',
    );
    const mapped = await api('PUT', `/imports/${doc._id}/mapping`, {
      version: doc.version,
      mapping: doc.mapping,
      options: { mode: 'create', numberFormat: 'dot-comma' },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const checked = await step(mapped.json(), 'check');
    expect(checked.status).toBe('checked');
    expect(checked.checked).toMatchObject({ rows: 7, created: 1, failed: 6 });
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.total).toBe(6);
    expect(errors.items.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'Name'],
      [4, 'Price'],
      [5, 'SKU'],
      [6, 'Category'],
      [7, 'Tax class'],
      [8, 'SKU'],
    ]);
    expect(errors.items[1].message).toContain('1,234.56');
    expect(errors.items[2].message).toBe('This SKU is also on row 2 of the file.');
    const csv = await api('GET', `/imports/${doc._id}/errors.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFRow,Column,Value,Message');
    // A run is refused while the check has errors; nothing was written.
    const run = await api('POST', `/imports/${doc._id}/run`, { version: checked.version });
    expect(run.statusCode).toBe(409);
    expect(await owned(`SELECT 1 FROM products WHERE sku LIKE 'BAD-%'`)).toEqual([]);
  });

  it('reads numbers as the file writes them', async () => {
    const doc = await uploaded('SKU;Name;Price\nEU-1;Étagère;1.234,50\n');
    const mapped = (
      await api('PUT', `/imports/${doc._id}/mapping`, {
        version: doc.version,
        mapping: doc.mapping,
        options: { mode: 'both', numberFormat: 'comma-dot' },
      })
    ).json();
    const done = await step(await step(mapped, 'check'), 'run');
    expect(done.status).toBe('done');
    expect(await owned(`SELECT price_cents FROM products WHERE sku = 'EU-1'`)).toEqual([{ price_cents: 123450 }]);
  });

  it('refuses a mapping without the fields new products need, and a column used twice', async () => {
    const doc = await uploaded('Code,Title\nX-1,Thing\n');
    const noPrice = await api('POST', `/imports/${doc._id}/check`, { version: doc.version });
    expect(noPrice.statusCode).toBe(202);
    await t.app.deps.background.idle();
    const failed = (await api('GET', `/imports/${doc._id}`)).json();
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe('Choose the column for Price: new products need it.');
    const twice = await api('PUT', `/imports/${doc._id}/mapping`, {
      version: failed.version,
      mapping: { sku: 0, name: 0 },
      options: { mode: 'both', numberFormat: 'dot-comma' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields['mapping.name']).toBe('That column already fills SKU.');
  });
});

describe('a permission taken away', () => {
  it('lets an import under way finish, and refuses the next', async () => {
    const staff = await staffMember(t, owner, db, 'importing@demo.test', [
      P.VIEW_IMPORTER_DOCUMENTS,
      P.IMPORT_PRODUCTS,
    ]);
    const rows = Array.from({ length: 20_000 }, (_, i) => `PERM-${i},Perm ${i},1`).join('\n');
    const r = await upload(`SKU,Name,Price\n${rows}\n`, 'product', 'perm.csv', staff.cookie);
    expect(r.statusCode, r.body).toBe(201);
    const checked = await step(r.json(), 'check', staff.cookie);
    expect(checked.status).toBe('checked');
    const started = await api('POST', `/imports/${checked._id}/run`, { version: checked.version }, staff.cookie);
    expect(started.statusCode, started.body).toBe(202);
    // Taken away while the import runs: it was allowed when it started, so it finishes.
    const revoked = await api('PUT', `/staff/${staff.id}/roles`, { roles: [] });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await t.app.deps.background.idle();
    const done = (await api('GET', `/imports/${checked._id}`)).json();
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toMatchObject({ created: 20_000 });
    // The next one is refused.
    const next = await upload('SKU,Name,Price\nPERM-X,Next,1\n', 'product', 'next.csv', staff.cookie);
    expect(next.statusCode).toBe(403);
  });
});

describe('round trips', () => {
  it('maps an export of the products list back by itself, and imports it unchanged as updates', async () => {
    const exported = await api('GET', '/products/export?format=csv&q=walnut');
    expect(exported.statusCode).toBe(200);
    const csv = exported.body.replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n').length - 1;
    expect(lines).toBeGreaterThan(0);
    const doc = await uploaded(csv);
    // Every column of the export fills its field (Availability is the status), but the record's
    // own dates and archived mark, which no import sets.
    const unmapped = doc.headings.filter((_: string, i: number) => !Object.values(doc.mapping).includes(i));
    expect(unmapped).toEqual(['Created', 'Updated', 'Archived']);
    const mapped = await api('PUT', `/imports/${doc._id}/mapping`, {
      version: doc.version,
      mapping: doc.mapping,
      options: { mode: 'update', numberFormat: 'dot-comma' },
    });
    const checked = await step(mapped.json(), 'check');
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.items).toEqual([]);
    expect(checked.checked).toMatchObject({ rows: lines, created: 0, updated: lines, failed: 0 });
    const before = await owned(
      `SELECT sku, name, status, unit, price_cents, tags, category_id FROM products WHERE search_text LIKE '%walnut%' ORDER BY sku`,
    );
    expect((await step(checked, 'run')).status).toBe('done');
    expect(
      await owned(
        `SELECT sku, name, status, unit, price_cents, tags, category_id FROM products WHERE search_text LIKE '%walnut%' ORDER BY sku`,
      ),
    ).toEqual(before);
  });
});

describe('stopping', () => {
  it('cancels a check half-way through a long file, and fails one whose file turns out bad half-way, without hanging', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `STOP-${i},Stop ${i},1`).join('\n');
    const doc = await uploaded(`SKU,Name,Price\n${rows}\n`);
    const started = await api('POST', `/imports/${doc._id}/check`, { version: doc.version });
    expect(started.statusCode).toBe(202);
    const cancel = await api('POST', `/imports/${doc._id}/cancel`, { version: started.json().version });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.deps.background.idle();
    const after = (await api('GET', `/imports/${doc._id}`)).json();
    expect([after.status, after.message]).toEqual(['uploaded', 'The check was cancelled.']);

    const long = `BAD-LONG,${'x'.repeat(1_100_000)},1`;
    const bad = await uploaded(`SKU,Name,Price\n${rows.split('\n').slice(0, 500).join('\n')}\n${long}\n`);
    const failed = await step(bad, 'check');
    expect(failed.status).toBe('failed');
    expect(failed.message).toMatch(/longer than 1,000,000 characters/);
    // The connection went back whole: the next check runs.
    expect((await step(await uploaded('SKU,Name,Price\nAFTER-1,After,1\n'), 'check')).status).toBe('checked');
  });
});

describe('reading workbooks and blanks', () => {
  it('reads a workbook’s number cells as numbers whatever the file’s format, and a blank status keeps a draft', async () => {
    await api('POST', '/products', { sku: 'XL-1', name: 'Draft one', priceCents: 100, status: 'draft' });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Prices');
    sheet.addRow(['SKU', 'Cost', 'Price', 'Status']);
    sheet.addRow(['XL-1', 2.125, '1.234,50', '']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/imports?kind=product&name=prices.xlsx',
      headers: { cookie: owner, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      payload: bytes,
    });
    expect(r.statusCode, r.body).toBe(201);
    const doc = r.json();
    const mapped = await api('PUT', `/imports/${doc._id}/mapping`, {
      version: doc.version,
      mapping: doc.mapping,
      options: { mode: 'update', numberFormat: 'comma-dot' },
    });
    const done = await step(await step(mapped.json(), 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(await owned(`SELECT cost_hc, price_cents, status FROM products WHERE sku = 'XL-1'`)).toEqual([
      { cost_hc: 21250, price_cents: 123450, status: 'draft' },
    ]);
  });
});

describe('importing categories', () => {
  it('makes each path with the categories above it, and updates the ones there are', async () => {
    const doc = await uploaded(
      'Category,Description\nImported > Doors > Slab,Flat doors\nImported > Doors,All doors\nImported > Pulls,\n',
      'category',
    );
    const done = await step(await step(doc, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toMatchObject({ rows: 3, created: 4, updated: 0 });
    const tree = await owned(
      `SELECT c.name, p.name AS parent, c.description, cardinality(c.ancestors) AS depth
         FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
        WHERE c.ancestors[1] = (SELECT id FROM categories WHERE name = 'Imported' AND parent_id IS NULL)
        ORDER BY depth, c.name`,
    );
    expect(tree).toEqual([
      { name: 'Imported', parent: null, description: '', depth: 1 },
      { name: 'Doors', parent: 'Imported', description: 'All doors', depth: 2 },
      { name: 'Pulls', parent: 'Imported', description: '', depth: 2 },
      { name: 'Slab', parent: 'Doors', description: 'Flat doors', depth: 3 },
    ]);
    // Products can be imported into them by path, whatever the case.
    const products = await uploaded('SKU,Name,Price,Category\nSLAB-1,Slab door,90,imported > doors > slab\n');
    const imported = await step(await step(products, 'check'), 'run');
    expect(imported.status, imported.message).toBe('done');
    const [row] = await owned(
      `SELECT c.name FROM products p JOIN categories c ON c.id = p.category_id WHERE p.sku = 'SLAB-1'`,
    );
    expect(row).toEqual({ name: 'Slab' });
  });
});

describe('importing materials and vendors', () => {
  it('makes materials by SKU, refusing a SKU a product has', async () => {
    await api('POST', '/products', { sku: 'MAT-TAKEN', name: 'A product', priceCents: 100 });
    const doc = await uploaded(
      'SKU,Material,Unit cost,Unit\nMAT-1,Birch ply 18mm,42.125,Sheet\nMAT-TAKEN,Clash,1,\n',
      'material',
    );
    expect(doc.mapping).toMatchObject({ sku: 0, name: 1, costCents: 2, unit: 3 });
    const checked = await step(doc, 'check');
    expect(checked.checked).toMatchObject({ rows: 2, created: 1, failed: 1 });
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.items).toEqual([
      { row: 3, column: 'SKU', value: 'MAT-TAKEN', message: 'This SKU belongs to a product.' },
    ]);
    // Without the clashing row, it goes in.
    const fixed = await uploaded('SKU,Material,Unit cost,Unit\nMAT-1,Birch ply 18mm,42.125,Sheet\n', 'material');
    const done = await step(await step(fixed, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    const [row] = await owned(`SELECT name, unit, cost_hc FROM materials WHERE sku = 'MAT-1'`);
    expect(row).toEqual({ name: 'Birch ply 18mm', unit: 'sheet', cost_hc: 421250 });
    expect(await owned(`SELECT count(*)::int AS n FROM skus WHERE sku = 'MAT-1' AND material_id IS NOT NULL`)).toEqual([
      { n: 1 },
    ]);
  });

  it('makes and updates vendors by name, with their terms checked and their phone searchable', async () => {
    const doc = await uploaded(
      'Vendor,Email,Phone,Terms,Lead time\nNorthwind Millwork,orders@northwind.test,(207) 555-0199,45,10\nBad Mail Co,not-an-email,,30.5,\n',
      'vendor',
    );
    expect(doc.mapping).toMatchObject({ name: 0, email: 1, phone: 2, paymentTermsDays: 3, leadTimeDays: 4 });
    const checked = await step(doc, 'check');
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.items.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [3, 'Email'],
      [3, 'Terms'],
    ]);
    expect(checked.checked).toMatchObject({ created: 1, failed: 1 });
    const good = await uploaded(
      'Vendor,Email,Phone,Terms\nNorthwind Millwork,orders@northwind.test,(207) 555-0199,45\n',
      'vendor',
    );
    expect((await step(await step(good, 'check'), 'run')).outcome).toMatchObject({ created: 1 });
    const [vendor] = await owned(
      `SELECT payment_terms_days, lead_time_days, search_text FROM vendors WHERE name = 'Northwind Millwork'`,
    );
    expect(vendor.payment_terms_days).toBe(45);
    expect(vendor.search_text).toContain('2075550199');
    // The same name in other letters updates it; the terms not in the file stay.
    const update = await uploaded('Name,Lead time (days)\nNORTHWIND MILLWORK,21\n', 'vendor');
    expect((await step(await step(update, 'check'), 'run')).outcome).toMatchObject({ created: 0, updated: 1 });
    expect(
      await owned(`SELECT payment_terms_days, lead_time_days FROM vendors WHERE name = 'Northwind Millwork'`),
    ).toEqual([{ payment_terms_days: 45, lead_time_days: 21 }]);
    const found = await api('GET', '/search?q=555-0199&type=vendor');
    expect(found.json().items.map((r: { title: string }) => r.title)).toEqual(['Northwind Millwork']);
  });
});

describe('importing collections', () => {
  it('puts products in hand-picked collections by name, making the ones there are not, after what each has', async () => {
    for (const sku of ['COL-1', 'COL-2', 'COL-3'])
      await api('POST', '/products', { sku, name: `Collected ${sku}`, priceCents: 100 });
    const existing = (await api('POST', '/collections', { name: 'Imported picks', kind: 'manual' })).json();
    const doc = await uploaded(
      'Collection,SKU\nImported picks,COL-2\nNew arrivals,COL-3\nNew arrivals,COL-1\nImported picks,COL-1\nNew arrivals,NOPE-9\n',
      'collection',
    );
    expect(doc.mapping).toMatchObject({ name: 0, sku: 1 });
    const checked = await step(doc, 'check');
    expect(checked.checked).toMatchObject({ rows: 5, created: 1, updated: 1, failed: 1 });
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.items).toEqual([{ row: 6, column: 'SKU', value: 'NOPE-9', message: 'No product has this SKU.' }]);
    const good = await uploaded(
      'Collection,SKU\nImported picks,COL-2\nNew arrivals,COL-3\nNew arrivals,COL-1\nImported picks,COL-1\n',
      'collection',
    );
    const done = await step(await step(good, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toMatchObject({ created: 1, updated: 1 });
    const members = await owned(
      `SELECT c.name, p.sku FROM collection_products cp JOIN collections c ON c.id = cp.collection_id
         JOIN products p ON p.id = cp.product_id WHERE c.name IN ('Imported picks', 'New arrivals')
        ORDER BY c.name, cp.position`,
    );
    expect(members).toEqual([
      { name: 'Imported picks', sku: 'COL-2' },
      { name: 'Imported picks', sku: 'COL-1' },
      { name: 'New arrivals', sku: 'COL-3' },
      { name: 'New arrivals', sku: 'COL-1' },
    ]);
    expect((await api('GET', `/collections/${existing._id}`)).json().version).toBe(existing.version + 1);
  });
});

describe('importing opening stock', () => {
  it('posts opening balances through the ledger at their cost, once per item and warehouse', async () => {
    const product = (
      await api('POST', '/products', { sku: 'OPEN-1', name: 'Opening shelf', priceCents: 900, costCents: 300 })
    ).json();
    await api('POST', '/materials', { sku: 'OPEN-M', name: 'Opening board', unit: 'sheet', costCents: 1200 });
    const [main] = await owned(`SELECT w.name FROM warehouses w JOIN firms f ON f.id = w.firm_id
      WHERE f.name = 'Harbor & Pine Interiors' AND w.is_default`);
    const doc = await uploaded(
      `SKU,Warehouse,Qty,Unit cost\nOPEN-1,,12,2.5\nOPEN-M,${main.name},3.5,\nOPEN-1,${main.name},1,\nOPEN-X,,1,\n`,
      'opening_stock',
    );
    expect(doc.mapping).toMatchObject({ sku: 0, warehouse: 1, quantity: 2, unitCost: 3 });
    const checked = await step(doc, 'check');
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.items.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([
      [4, 'This item is in this warehouse on row 2 of the file too.'],
      [5, 'No product, variant or material has this SKU.'],
    ]);
    expect(checked.checked).toMatchObject({ created: 2, failed: 2 });
    const good = await uploaded(
      `SKU,Warehouse,Qty,Unit cost\nOPEN-1,,12,2.5\nOPEN-M,${main.name},3.5,\n`,
      'opening_stock',
    );
    const done = await step(await step(good, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toMatchObject({ created: 2 });
    const moves = await owned(
      `SELECT COALESCE(p.sku, m.sku) AS sku, s.quantity_e4, s.unit_cost_hc, s.reason, s.source_label FROM stock_movements s
         LEFT JOIN products p ON p.id = s.product_id LEFT JOIN materials m ON m.id = s.material_id
        WHERE s.source_id = $1 ORDER BY 1`,
      [good._id],
    );
    expect(moves).toEqual([
      {
        sku: 'OPEN-1',
        quantity_e4: 120000,
        unit_cost_hc: 25000,
        reason: 'opening',
        source_label: `Import #${good.number}`,
      },
      {
        sku: 'OPEN-M',
        quantity_e4: 35000,
        unit_cost_hc: 120000,
        reason: 'opening',
        source_label: `Import #${good.number}`,
      },
    ]);
    // The stock tab sees it; a second opening balance for the same place is refused.
    const stock = await api('GET', `/stock/products/${product._id}`);
    expect(stock.statusCode).toBe(200);
    expect(JSON.stringify(stock.json())).toContain('"onHand":12');
    const again = await step(await uploaded('SKU,Qty\nOPEN-1,5\n', 'opening_stock'), 'check');
    expect(again.errorCount).toBe(1);
  });
});

describe('importing a vendor price list', () => {
  it('updates what the vendor sells by its SKU and adds new items by ours, for the chosen vendor only', async () => {
    const vendor = (await api('POST', '/vendors', { name: 'Price List Supply' })).json();
    const other = (await api('POST', '/vendors', { name: 'Other Supply' })).json();
    const known = (await api('POST', '/products', { sku: 'PL-KNOWN', name: 'Known', priceCents: 900 })).json();
    await api('POST', '/products', { sku: 'PL-NEW', name: 'Fresh', priceCents: 900 });
    const item = await api('POST', '/vendor-items', {
      vendor: vendor._id,
      product: known._id,
      vendorSku: 'V-100',
      costCents: 300,
    });
    expect(item.statusCode, item.body).toBe(201);
    // The other vendor's item of the same vendor SKU is not touched.
    await api('POST', '/vendor-items', { vendor: other._id, product: known._id, vendorSku: 'V-100', costCents: 300 });

    const doc = await uploaded(
      'Part Number,SKU,Net Price,Case Qty\nV-100,,4.25,6\nV-200,PL-NEW,7.5,\nV-300,PL-NOWHERE,1,\n',
      'price_list',
    );
    expect(doc.mapping).toMatchObject({ vendorSku: 0, sku: 1, costCents: 2, packSize: 3 });
    // Without its vendor, the check says so.
    const unowned = await step(doc, 'check');
    expect(unowned.status).toBe('failed');
    expect(unowned.message).toBe('Choose the vendor whose price list this is.');
    const mapped = await api('PUT', `/imports/${doc._id}/mapping`, {
      version: unowned.version,
      mapping: doc.mapping,
      options: { mode: 'both', numberFormat: 'dot-comma', vendor: vendor._id },
    });
    const checked = await step(mapped.json(), 'check');
    expect(checked.checked).toMatchObject({ rows: 3, created: 1, updated: 1, failed: 1 });
    const errors = (await api('GET', `/imports/${doc._id}/errors`)).json();
    expect(errors.items).toEqual([
      { row: 4, column: 'SKU', value: 'PL-NOWHERE', message: 'No product, variant or material has this SKU.' },
    ]);

    const good = await uploaded('Part Number,SKU,Net Price,Case Qty\nV-100,,4.25,6\nV-200,PL-NEW,7.5,\n', 'price_list');
    const goodMapped = await api('PUT', `/imports/${good._id}/mapping`, {
      version: good.version,
      mapping: good.mapping,
      options: { mode: 'both', numberFormat: 'dot-comma', vendor: vendor._id },
    });
    const done = await step(await step(goodMapped.json(), 'check'), 'run');
    expect(done.outcome).toMatchObject({ created: 1, updated: 1 });
    const rows = await owned(
      `SELECT v.name, i.vendor_sku, i.cost_hc, i.pack_size, p.sku FROM vendor_items i
         JOIN vendors v ON v.id = i.vendor_id JOIN products p ON p.id = i.product_id
        WHERE p.sku IN ('PL-KNOWN', 'PL-NEW') ORDER BY v.name, p.sku`,
    );
    expect(rows).toEqual([
      { name: 'Other Supply', vendor_sku: 'V-100', cost_hc: 30000, pack_size: 1, sku: 'PL-KNOWN' },
      { name: 'Price List Supply', vendor_sku: 'V-100', cost_hc: 42500, pack_size: 6, sku: 'PL-KNOWN' },
      { name: 'Price List Supply', vendor_sku: 'V-200', cost_hc: 75000, pack_size: 1, sku: 'PL-NEW' },
    ]);
  });
});

describe('importer documents', () => {
  it('are listed with their outcome, kept from other firms, and need the codes', async () => {
    const doc = await uploaded('SKU,Name,Price\nDOC-1,Doc,1\n');
    const list = (await api('GET', '/imports?filter[kind][]=product')).json();
    expect(list.items.map((r: { _id: string }) => r._id)).toContain(doc._id);
    expect((await api('GET', `/imports/${doc._id}`, undefined, cedar)).statusCode).toBe(404);
    expect((await upload('SKU\n1\n', 'product', 'x.csv', cedar)).statusCode).toBe(201);
    const check = await api('POST', `/imports/${doc._id}/check`, { version: doc.version }, cedar);
    expect(check.statusCode).toBe(404);
    // Two checks of one kind at once: the second is refused.
    const other = await uploaded('SKU,Name,Price\nDOC-2,Doc,1\n');
    const first = api('POST', `/imports/${doc._id}/check`, { version: doc.version });
    const second = api('POST', `/imports/${other._id}/check`, { version: other.version });
    const codes = (await Promise.all([first, second])).map((r) => r.statusCode).sort();
    await t.app.deps.background.idle();
    expect(codes).toEqual([202, 409]);
  });

  it('refuses files that are not tables, and keeps nothing of them', async () => {
    const before = await owned(`SELECT count(*)::int AS n FROM imports`);
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    const headingsOnly = await upload('SKU,Name,Price\n\n');
    expect(headingsOnly.statusCode).toBe(400);
    expect(headingsOnly.json().error.message).toBe(
      'The file has a row of headings but no rows under it: there is nothing to import.',
    );
    const binary = await upload(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error.fields.file).toBeTruthy();
    expect(await owned(`SELECT count(*)::int AS n FROM imports`)).toEqual(before);
  });
});

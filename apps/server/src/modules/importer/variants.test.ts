import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { importerKit } from './test-kit';

let t: TestApp;
let owner: string;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

const { api, uploaded, step, errorsOf } = importerKit(
  () => t,
  () => owner,
);

const owned = (sql: string, params: unknown[] = []) => db.query(sql, params).then((r) => r.rows);

// As a store exports them: one row per variant, the product's fields on its first row only.
const HEADINGS =
  'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant SKU,Variant Price,Cost per item,Variant Barcode';

describe('products with their variants in one flat file', () => {
  it('makes each product from its rows, its options from their values, and a variant per row', async () => {
    const doc = await uploaded(
      `${HEADINGS}\n` +
        'VAR-DOOR,Shaker door,<p>Solid <script>x</script>maple</p>,Width,12″,Finish,Walnut,VAR-DOOR-12-WAL,120.00,40,0001\n' +
        'VAR-DOOR,,,,12″,,White,,110.00,40,\n' +
        'VAR-DOOR,,,,15″,,Walnut,VAR-DOOR-15-WAL,135.50,45.5,0003\n' +
        'VAR-PULL,Brass pull,,Title,Default Title,,,VAR-PULL,9.00,3,\n',
    );
    expect(doc.mapping).toMatchObject({
      sku: 0,
      name: 1,
      description: 2,
      option1Name: 3,
      option1Value: 4,
      option2Name: 5,
      option2Value: 6,
      variantSku: 7,
      variantPrice: 8,
      variantCost: 9,
      variantBarcode: 10,
    });
    const checked = await step(doc, 'check');
    expect(await errorsOf(checked)).toEqual([]);
    expect(checked.checked).toEqual({ rows: 4, created: 4, updated: 0, skipped: 0, failed: 0 });
    const done = await step(checked, 'run');
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toMatchObject({ rows: 4, created: 4, updated: 0 });

    const [door] = await owned(
      `SELECT id, name, description, price_cents, cost_hc, options FROM products WHERE sku = 'VAR-DOOR'`,
    );
    // The product takes its price from its first variant; its description is cleaned as the API cleans it.
    expect(door).toMatchObject({ name: 'Shaker door', description: '<p>Solid maple</p>', price_cents: 12000 });
    expect(door.options).toEqual([
      { name: 'Width', values: ['12″', '15″'] },
      { name: 'Finish', values: ['Walnut', 'White'] },
    ]);
    const variants = (await api('GET', `/products/${door.id}/variants`)).json();
    expect(
      variants.map((v: { name: string; sku: string; priceCents: number | null; barcode: string }) => [
        v.name,
        v.sku,
        v.priceCents,
        v.barcode,
      ]),
    ).toEqual([
      // A price equal to the product's is the product's (null), so it follows the product's.
      ['12″ / Walnut', 'VAR-DOOR-12-WAL', null, '0001'],
      // A variant without a SKU gets one made from the product's and its values.
      ['12″ / White', 'VAR-DOOR-12-WHI', 11000, ''],
      ['15″ / Walnut', 'VAR-DOOR-15-WAL', 13550, '0003'],
    ]);
    expect(variants[2].costCents).toBe(4550);
    // Every variant SKU is the firm's once, in the registry.
    expect(
      await owned(`SELECT count(*)::int AS n FROM skus WHERE variant_id IS NOT NULL AND sku LIKE 'VAR-DOOR-%'`),
    ).toEqual([{ n: 3 }]);
    // A product written as "Title: Default Title" has no options.
    // Its variant price and cost are the product's.
    const [pull] = await owned(`SELECT price_cents, cost_hc, options FROM products WHERE sku = 'VAR-PULL'`);
    expect(pull).toEqual({ price_cents: 900, cost_hc: 30000, options: [] });
    // Each product the import wrote is its record once, at its first row.
    expect(
      await owned(`SELECT "row", action FROM import_records WHERE import_id = $1 ORDER BY "row"`, [doc._id]),
    ).toEqual([2, 5].map((row) => ({ row, action: 'create' })));
  });

  it('adds new values and variants to a product, and updates the variants it has, each on a new version', async () => {
    const doc = await uploaded(
      `${HEADINGS}\n` +
        // The options' names may be left out: the product's are kept.
        'VAR-DOOR,,,,12″,,walnut,,125.00,,\n' +
        'VAR-DOOR,,,,18″,,Walnut,VAR-DOOR-18,,,\n',
    );
    const [door] = await owned(`SELECT id, version FROM products WHERE sku = 'VAR-DOOR'`);
    const [before] = await owned(`SELECT version FROM product_variants WHERE sku = 'VAR-DOOR-12-WAL'`);
    const checked = await step(doc, 'check');
    expect(await errorsOf(checked)).toEqual([]);
    expect(checked.checked).toMatchObject({ rows: 2, created: 1, updated: 1 });
    const done = await step(checked, 'run');
    expect(done.status, done.message).toBe('done');
    const [after] = await owned(`SELECT version, options, price_cents FROM products WHERE id = $1`, [door.id]);
    expect(after.version).toBe(door.version + 1);
    // The product's own spelling stays; the new value comes after its values.
    expect(after.options).toEqual([
      { name: 'Width', values: ['12″', '15″', '18″'] },
      { name: 'Finish', values: ['Walnut', 'White'] },
    ]);
    const rows = await owned(
      `SELECT sku, "values", price_cents, version FROM product_variants WHERE product_id = $1 ORDER BY position`,
      [door.id],
    );
    expect(rows).toEqual([
      { sku: 'VAR-DOOR-12-WAL', values: ['12″', 'Walnut'], price_cents: 12500, version: before.version + 1 },
      { sku: 'VAR-DOOR-12-WHI', values: ['12″', 'White'], price_cents: 11000, version: 1 },
      { sku: 'VAR-DOOR-15-WAL', values: ['15″', 'Walnut'], price_cents: 13550, version: 1 },
      // A blank price is the product's.
      { sku: 'VAR-DOOR-18', values: ['18″', 'Walnut'], price_cents: null, version: 1 },
    ]);
  });

  it('reports what a flat file gets wrong, row by row, and imports nothing', async () => {
    const taken = await api('POST', '/products', { sku: 'VAR-TAKEN', name: 'Taken', priceCents: 100 });
    expect(taken.statusCode, taken.body).toBe(201);
    const doc = await uploaded(
      `${HEADINGS}\n` +
        'VAR-BAD,Bad door,,Width,12″,Finish,Oak,,10,,\n' +
        'VAR-BAD,Other name,,,15″,,Oak,,10,,\n' +
        'VAR-BAD,,,,15″,,,,10,,\n' +
        'VAR-BAD,,,,12″,,oak,,10,,\n' +
        'VAR-BAD,,,,18″,,Oak,VAR-TAKEN,10,,\n' +
        'VAR-NONAME,Nameless,,,Red,,,,10,,\n' +
        // Existing variants have two options: a row giving one is refused.
        'VAR-DOOR,,,,12″,,,,,,\n',
    );
    const checked = await step(doc, 'check');
    expect(checked.status).toBe('checked');
    const errors = await errorsOf(checked);
    expect(errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'Title', 'Row 2 gives this product another value: leave it blank on its other rows, or the same.'],
      [4, 'Option1 Value', 'This product’s other rows give 2 options: give this row a value of each.'],
      [5, 'Handle', 'This variant is also on row 2 of the file.'],
      [6, 'Variant SKU', 'This SKU belongs to another product, variant or material.'],
      [7, 'Option1 Name', 'Name this option (Option1 Name) on one of the product’s rows.'],
      [8, 'Option1 Value', 'Shaker door has variants of 2 options (Width, Finish): give a value of each on every row.'],
    ]);
    const run = await api('POST', `/imports/${doc._id}/run`, { version: checked.version });
    expect(run.statusCode).toBe(409);
    expect(await owned(`SELECT 1 FROM products WHERE sku IN ('VAR-BAD', 'VAR-NONAME')`)).toEqual([]);
  });

  it('refuses a product that would have more than 2,000 variants, counting the ones it has', async () => {
    const first = await step(
      await step(
        await uploaded(`${HEADINGS}\nVAR-MANY,Many,,Size,S1,Colour,C1,,5,,\nVAR-MANY,,,,S1,,C2,,,,\n`),
        'check',
      ),
      'run',
    );
    expect(first.status, first.message).toBe('done');
    // 40 sizes × 50 colours, none of them the product's: 2,000 new and 2 it has.
    const rows = Array.from({ length: 2000 }, (_, i) => `VAR-MANY,,,,S${2 + Math.floor(i / 50)},,C${1 + (i % 50)},,,,`);
    const checked = await step(await uploaded(`${HEADINGS}\n${rows.join('\n')}\n`), 'check');
    expect((await errorsOf(checked)).map((e) => [e.row, e.column, e.message])).toEqual([
      [2, 'Option1 Value', 'A product has at most 2,000 variants; this one would have 2002.'],
    ]);
  });

  it('refuses a barcode on a product without options, an archived variant, and a name that differs in case', async () => {
    const [door] = await owned(`SELECT id FROM products WHERE sku = 'VAR-DOOR'`);
    const [archived] = await owned(`SELECT id FROM product_variants WHERE sku = 'VAR-DOOR-18'`);
    const off = await api('POST', `/products/${door.id}/variants/archive`, { ids: [archived.id] });
    expect(off.statusCode, off.body).toBe(200);
    const doc = await uploaded(
      `${HEADINGS}\n` +
        'VAR-SIMPLE,Simple,,,,,,,5.00,1,0042\n' +
        'VAR-DOOR,,,,18″,,Walnut,,,,\n' +
        'VAR-CASE,Oak Table,,Size,S,,,,5,,\n' +
        'VAR-CASE,Oak table,,,M,,,,5,,\n',
    );
    const checked = await step(doc, 'check');
    expect((await errorsOf(checked)).map((e) => [e.row, e.column, e.message])).toEqual([
      [
        2,
        'Variant Barcode',
        'A product without options has no barcode of its own: leave Variant barcode blank, or give the row its options.',
      ],
      [3, 'Option1 Value', 'This variant is archived: restore it on the product’s variants page first.'],
      [5, 'Title', 'Row 4 gives this product another value: leave it blank on its other rows, or the same.'],
    ]);
  });

  it('refuses variant columns without the options they are variants of', async () => {
    const doc = await uploaded('SKU,Name,Price,Variant SKU\nV-1,One,1,V-1-A\n');
    // Not mapped by itself without options: chosen by hand, it is refused at the check.
    expect(doc.mapping.variantSku).toBeNull();
    const mapped = await api('PUT', `/imports/${doc._id}/mapping`, {
      version: doc.version,
      mapping: { ...doc.mapping, variantSku: 3 },
      options: { mode: 'both', numberFormat: 'dot-comma' },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const failed = await step(mapped.json(), 'check');
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe(
      'Choose the column for Option1 Value too: variant columns need the options they are variants of.',
    );
  });
});

describe('a products file without options', () => {
  it('maps a store’s variant price and cost to the product’s, and leaves its barcode out', async () => {
    const doc = await uploaded('Handle,Title,Variant Price,Cost per item,Variant Barcode\nPLAIN-1,Plain,9.50,4,0001\n');
    expect(doc.mapping).toMatchObject({
      sku: 0,
      name: 1,
      priceCents: 2,
      costCents: 3,
      variantPrice: null,
      variantCost: null,
      variantBarcode: null,
    });
    const done = await step(await step(doc, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(await owned(`SELECT price_cents, cost_hc FROM products WHERE sku = 'PLAIN-1'`)).toEqual([
      { price_cents: 950, cost_hc: 40000 },
    ]);
  });
});

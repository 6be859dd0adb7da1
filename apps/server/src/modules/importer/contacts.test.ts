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

/** Errors as [row, column, message]. */
const rowsOf = (errors: { row: number; column: string; message: string }[]) =>
  errors.map((e) => [e.row, e.column, e.message]);

const { api, uploaded, step, errorsOf } = importerKit(
  () => t,
  () => owner,
);

const owned = (sql: string, params: unknown[] = []) => db.query(sql, params).then((r) => r.rows);

describe('importing accounts', () => {
  it('makes accounts by name with their address, updates the ones there are, and search finds them', async () => {
    const before = (await api('POST', '/companies', { name: 'Harbor Builders Co', type: 'trade' })).json();
    const doc = await uploaded(
      'Company,Type,Email,Phone,Website,Address,City,State,Zip,Tags\n' +
        'Birchwood Interiors,Contractor,office@birchwood.test,(207) 555-0101,https://birchwood.test,12 Elm St,Portland,ME,04101,"vip, north"\n' +
        'harbor builders co,,billing@harbor.test,,,,,,,\n',
      'company',
    );
    expect(doc.mapping).toMatchObject({
      name: 0,
      type: 1,
      email: 2,
      phone: 3,
      website: 4,
      line1: 5,
      city: 6,
      region: 7,
    });
    const checked = await step(doc, 'check');
    expect(rowsOf(await errorsOf(checked))).toEqual([]);
    expect(checked.checked).toMatchObject({ created: 1, updated: 1 });
    const done = await step(checked, 'run');
    expect(done.status, done.message).toBe('done');
    const [birch] = await owned(
      `SELECT type, email, phone, addresses, tags, payment_terms_days FROM companies WHERE name = 'Birchwood Interiors'`,
    );
    expect(birch).toMatchObject({ type: 'contractor', email: 'office@birchwood.test', tags: ['vip', 'north'] });
    expect(birch.addresses).toEqual([
      {
        kind: 'billing',
        label: '',
        line1: '12 Elm St',
        line2: '',
        city: 'Portland',
        region: 'ME',
        postalCode: '04101',
        country: 'US',
      },
    ]);
    // Updated by its name, case aside: a blank type keeps its own; a new version.
    const after = (await api('GET', `/companies/${before._id}`)).json();
    expect(after).toMatchObject({ type: 'trade', email: 'billing@harbor.test', version: before.version + 1 });
    const found = (await api('GET', '/companies?q=portland')).json();
    expect(found.items.map((c: { name: string }) => c.name)).toContain('Birchwood Interiors');
  });
});

describe('importing customers', () => {
  it('makes customers with their account, splits a full name, and updates the ones found by email', async () => {
    await api('POST', '/companies', { name: 'Cove Kitchens', type: 'retail' });
    const existing = (
      await api('POST', '/customers', {
        firstName: 'Old',
        lastName: 'Name',
        emails: [{ label: 'Work', email: 'mae@cove.test' }],
        phones: [{ label: 'Mobile', number: '(207) 555-0000' }],
      })
    ).json();
    const doc = await uploaded(
      'Name,Email,Phone,Company,City,Street,Zip,Tags\n' +
        'Ana María Ruiz,ana@cove.test,(207) 555-0142,cove kitchens,Portland,1 Main St,04101,referral\n' +
        'Mae Jones,MAE@cove.test,(207) 555-0199,,,,,\n' +
        'Walk In,,,,,,,\n',
      'customer',
    );
    expect(doc.mapping).toMatchObject({ name: 0, email: 1, phone: 2, company: 3, city: 4, line1: 5, postalCode: 6 });
    const done = await step(await step(doc, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toMatchObject({ rows: 3, created: 2, updated: 1 });
    const [ana] = await owned(
      `SELECT c.first_name, c.last_name, c.primary_email, c.phones, c.addresses, a.name AS account, c.search_text
         FROM customers c JOIN companies a ON a.id = c.company_id WHERE c.primary_email = 'ana@cove.test'`,
    );
    expect(ana).toMatchObject({ first_name: 'Ana María', last_name: 'Ruiz', account: 'Cove Kitchens' });
    expect(ana.phones).toEqual([{ label: '', number: '(207) 555-0142' }]);
    expect(ana.addresses[0]).toMatchObject({ kind: 'home', line1: '1 Main St', city: 'Portland', postalCode: '04101' });
    // The search text is the API's: name, email, city and postcode, the phone's digits.
    expect(ana.search_text).toContain('portland 04101');
    // Found by email whatever its case: the name and the first phone change, its label stays.
    const mae = (await api('GET', `/customers/${existing._id}`)).json();
    expect(mae).toMatchObject({ firstName: 'Mae', lastName: 'Jones', version: existing.version + 1 });
    expect(mae.phones).toEqual([{ label: 'Mobile', number: '(207) 555-0199' }]);
    expect(mae.emails).toEqual([{ label: 'Work', email: 'mae@cove.test' }]);
    expect(await owned(`SELECT 1 FROM customers WHERE first_name = 'Walk' AND last_name = 'In'`)).toHaveLength(1);
  });

  it('takes a name as the first name when the file has a last name column', async () => {
    const doc = await uploaded('Name,Last name,Email\nJo Ann,Lee,joann@x.test\n', 'customer');
    const done = await step(await step(doc, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(await owned(`SELECT first_name, last_name FROM customers WHERE primary_email = 'joann@x.test'`)).toEqual([
      { first_name: 'Jo Ann', last_name: 'Lee' },
    ]);
    // Imported again as an update: both columns set, once each.
    const again = await step(
      await step(await uploaded('Name,Last name,Email\nJoan,Lee-Park,joann@x.test\n', 'customer'), 'check'),
      'run',
    );
    expect(again.status, again.message).toBe('done');
    expect(await owned(`SELECT first_name, last_name FROM customers WHERE primary_email = 'joann@x.test'`)).toEqual([
      { first_name: 'Joan', last_name: 'Lee-Park' },
    ]);
  });

  it('reports an unknown account, an email twice and a bad phone, and imports none of it', async () => {
    const doc = await uploaded(
      'First name,Last name,Email,Phone,Account\n' +
        'Ivy,Lee,ivy@x.test,,Nowhere Ltd\n' +
        'Ivy,Again,IVY@x.test,,\n' +
        'Bo,,bo@x.test,not a phone,\n' +
        ',Nobody,,,\n',
      'customer',
    );
    const checked = await step(doc, 'check');
    expect(rowsOf(await errorsOf(checked))).toEqual([
      [2, 'Account', 'There is no account Nowhere Ltd. Add it first, or import accounts.'],
      [3, 'Email', 'This email is also on row 2 of the file.'],
      [4, 'Phone', 'Enter a phone number like (207) 555-0134.'],
      [5, 'First name', 'Enter a first name.'],
    ]);
    expect(await owned(`SELECT 1 FROM customers WHERE primary_email IN ('ivy@x.test', 'bo@x.test')`)).toEqual([]);
  });
});

describe('importing product tags', () => {
  it('adds each row’s tags to the product of its SKU, keeping the tags it has', async () => {
    const shelf = (
      await api('POST', '/products', { sku: 'TAG-1', name: 'Tag shelf', priceCents: 100, tags: ['oak'] })
    ).json();
    const doc = await uploaded('SKU,Tags\nTAG-1,"kitchen, oak"\ntag-1,sale\nNO-SUCH,x\n', 'tag');
    expect(doc.mapping).toMatchObject({ sku: 0, tags: 1 });
    const checked = await step(doc, 'check');
    expect(rowsOf(await errorsOf(checked))).toEqual([[4, 'SKU', 'No product has this SKU.']]);
    const fixed = await uploaded('SKU,Tags\nTAG-1,"kitchen, oak"\ntag-1,sale\n', 'tag');
    const done = await step(await step(fixed, 'check'), 'run');
    expect(done.status, done.message).toBe('done');
    expect(done.outcome).toMatchObject({ created: 0, updated: 2 });
    const after = (await api('GET', `/products/${shelf._id}`)).json();
    expect(after).toMatchObject({ tags: ['oak', 'kitchen', 'sale'], version: shelf.version + 1 });
    const [row] = await owned(`SELECT search_text FROM products WHERE id = $1`, [shelf._id]);
    expect(row.search_text).toBe('tag shelf tag-1 oak kitchen sale');
    const tags = (await api('GET', '/tags')).json();
    expect(tags.find((t: { name: string }) => t.name === 'sale')).toMatchObject({ products: 1 });
  });
});

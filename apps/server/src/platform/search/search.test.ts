import type { RecentSearch, SearchResult } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string; // Harbor & Pine, super admin
let sales: string; // 8 and 13: customers and accounts
let wes: string; // warehouse: products, materials and vendors, no people
let cedar: string; // the other firm's super admin
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  wes = await signIn(t.app, 'warehouse@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}

async function search(cookie: string, q: string, type = 'all'): Promise<SearchResult[]> {
  const r = await api('GET', `/search?q=${encodeURIComponent(q)}&type=${type}`, cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items;
}

describe('GET /search', () => {
  it('finds accounts and customers by name, email and phone, with a link to each', async () => {
    const { rows } = await db.query(
      `SELECT c.id, c.first_name, c.last_name, c.primary_email, c.phones->0->>'number' AS phone
         FROM customers c WHERE c.firm_id = $1 AND c.archived_at IS NULL AND c.phones <> '[]' ORDER BY c.id LIMIT 1`,
      [HARBOR_PINE_ID],
    );
    const person = rows[0];
    for (const q of [`${person.first_name} ${person.last_name}`, person.primary_email, person.phone]) {
      const found = await search(owner, q);
      expect(
        found.map((r) => r._id),
        q,
      ).toContain(person.id);
      const hit = found.find((r) => r._id === person.id)!;
      expect(hit).toMatchObject({ type: 'customer', href: `/u/customers/${person.id}` });
    }
    const digits = (person.phone as string).replace(/\D/g, '');
    expect((await search(owner, digits)).map((r) => r._id)).toContain(person.id);

    const account = (
      await db.query(`SELECT id, name FROM companies WHERE firm_id = $1 ORDER BY name LIMIT 1`, [HARBOR_PINE_ID])
    ).rows[0];
    const accounts = await search(owner, account.name, 'company');
    expect(accounts[0]).toMatchObject({
      _id: account.id,
      type: 'company',
      title: account.name,
      href: `/u/companies/${account.id}`,
    });
    expect(accounts.every((r) => r.type === 'company')).toBe(true);
  });

  it('finds numbers written with separators as typed, and by their digits', async () => {
    const r = await api('POST', '/customers', owner, {
      firstName: 'Haruki',
      lastName: 'Sato',
      addresses: [{ kind: 'home', line1: '1-2-3 Ginza', city: 'Chuo', postalCode: '104-0061', country: 'JP' }],
    });
    expect(r.statusCode, r.body).toBe(201);
    for (const q of ['104-0061', '1040061', '104 0061'])
      expect(
        (await search(owner, q)).map((x) => x._id),
        q,
      ).toContain(r.json()._id);
  });

  it('puts names that start with the text first, and matches one or two letters by name prefix', async () => {
    const found = await search(owner, 'ha');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.title.toLowerCase().startsWith('ha'))).toBe(true);
    const harbor = await search(owner, 'harbor');
    const starts = harbor.map((r) => r.title.toLowerCase().startsWith('harbor'));
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((s) => !s)).toBe(true);
  });

  it('searches only the kinds a person may see', async () => {
    expect((await search(sales, 'a')).length).toBeGreaterThan(0);
    // The warehouse finds the catalog it keeps, and none of the firm's people.
    const kept = await search(wes, 'a');
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((r) => ['product', 'raw_material', 'vendor'].includes(r.type))).toBe(true);
    expect(await search(wes, 'harbor', 'customer')).toEqual([]);
  });

  it('never shows another firm’s records, and each firm finds its own', async () => {
    const r = await api('POST', '/customers', cedar, { firstName: 'Zebulon', lastName: 'Quartzfield' });
    expect(r.statusCode, r.body).toBe(201);
    expect(await search(owner, 'quartzfield')).toEqual([]);
    expect((await search(cedar, 'quartzfield')).map((x) => x._id)).toEqual([r.json()._id]);
    const { rows } = await db.query('SELECT firm_id FROM search_entries WHERE entity_id = $1', [r.json()._id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].firm_id).not.toBe(HARBOR_PINE_ID);
  });

  it('follows each change in the same transaction: create, rename, archive, delete', async () => {
    const created = await api('POST', '/customers', owner, { firstName: 'Petronella', lastName: 'Vantongeren' });
    const id = created.json()._id as string;
    expect((await search(owner, 'vantongeren')).map((r) => r._id)).toEqual([id]);

    const renamed = await api('PUT', `/customers/${id}`, owner, {
      firstName: 'Petronella',
      lastName: 'Okonkwo-Vale',
      version: created.json().version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await search(owner, 'vantongeren')).toEqual([]);
    expect((await search(owner, 'okonkwo-vale'))[0]).toMatchObject({ _id: id, title: 'Petronella Okonkwo-Vale' });

    await api('POST', `/customers/${id}/archive`, owner);
    expect((await search(owner, 'okonkwo-vale'))[0]).toMatchObject({ _id: id, archived: true });
    expect((await api('DELETE', `/customers/${id}`, owner)).statusCode).toBe(204);
    expect(await search(owner, 'okonkwo-vale')).toEqual([]);

    // A refused write leaves the index as it was.
    const before = await db.query(
      "SELECT md5(string_agg(entity_id || title, ',' ORDER BY entity_id)) AS d FROM search_entries",
    );
    expect((await api('POST', '/customers', owner, { firstName: '' })).statusCode).toBe(400);
    const after = await db.query(
      "SELECT md5(string_agg(entity_id || title, ',' ORDER BY entity_id)) AS d FROM search_entries",
    );
    expect(after.rows[0].d).toBe(before.rows[0].d);
  });

  it('answers an unknown type with "Invalid search type"; a category of the spec is valid', async () => {
    for (const type of ['nonsense', 'toString', 'raw material']) {
      const r = await api('GET', `/search?q=oak&type=${type}`, owner);
      expect(r.statusCode, type).toBe(400);
      expect(errorOf(r).message).toBe('Invalid search type');
    }
    const empty = await api('GET', '/search?q=', owner);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields?.q).toBe('Type something to search for.');
    // A known kind whose module is not built yet simply has nothing to find, list page or none.
    for (const type of ['invoice', 'refund', 'return']) expect(await search(owner, 'oak', type)).toEqual([]);
    // Raw Material has no list page: its results open the material.
    const [oak] = await search(owner, 'oak', 'raw_material');
    expect(oak).toMatchObject({ type: 'raw_material', title: 'White oak lumber 4/4' });
    expect(oak!.href).toMatch(/^\/p\/materials\/[0-9a-f-]{36}$/);
  });
});

describe('recent and saved searches', () => {
  it('records searches newest first, moves a repeat to the top and keeps ten', async () => {
    for (let i = 1; i <= 12; i++) {
      const r = await api('PATCH', '/profile/recent-search', sales, {
        name: `term ${i}`,
        search: `term ${i}`,
        type: 'all',
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const again = await api('PATCH', '/profile/recent-search', sales, {
      name: 'term 5',
      search: 'term 5',
      type: 'all',
    });
    const list = again.json() as RecentSearch[];
    expect(list.map((s) => s.search)).toEqual([
      'term 5',
      'term 12',
      'term 11',
      'term 10',
      'term 9',
      'term 8',
      'term 7',
      'term 6',
      'term 4',
      'term 3',
    ]);
    expect(list.every((s) => !s.saved && s._id && s.date)).toBe(true);
    const got = await api('GET', '/profile/recent-search', sales);
    expect(got.json()).toEqual(list);
    const profile = await api('GET', '/auth/', sales);
    expect(profile.json().searches.general).toEqual(list);
  });

  it('saves a search (sent URI-encoded) beyond the ten, and deletes one', async () => {
    const saved = await api('PUT', '/profile/recent-search', sales, {
      name: 'Oak & Birch',
      search: encodeURIComponent('oak & birch/50%'),
      type: 'company',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = (saved.json() as RecentSearch[]).find((s) => s.saved)!;
    expect(kept).toMatchObject({ name: 'Oak & Birch', search: 'oak & birch/50%', type: 'company', saved: true });
    for (let i = 0; i < 11; i++)
      await api('PATCH', '/profile/recent-search', sales, { name: `x${i}`, search: `x${i}`, type: 'all' });
    const list = (await api('GET', '/profile/recent-search', sales)).json() as RecentSearch[];
    expect(list.filter((s) => s.saved)).toHaveLength(1);
    expect(list.filter((s) => !s.saved)).toHaveLength(10);

    const removed = await api('POST', '/profile/recent-search', sales, { _id: kept._id });
    expect((removed.json() as RecentSearch[]).some((s) => s._id === kept._id)).toBe(false);
    // Nobody else's searches: another person's id is "not in your list".
    const other = await api('POST', '/profile/recent-search', owner, { _id: list[0]!._id });
    expect(other.statusCode).toBe(404);
  });

  it('refuses bad searches with a message per field, and keeps nothing', async () => {
    const before = (await api('GET', '/profile/recent-search', owner)).json();
    for (const [body, field, message] of [
      [{ name: 'x', search: 'x', type: 'raw-material' }, 'type', 'Invalid search type'],
      [{ name: 'x', search: '', type: 'all' }, 'search', 'Type something to search for.'],
      [{ name: 'x', search: 'x', type: 'all', search_id: 'nope' }, 'search_id', 'Not a record id.'],
    ] as const) {
      const r = await api('PATCH', '/profile/recent-search', owner, body);
      expect(r.statusCode).toBe(400);
      expect(errorOf(r).fields?.[field]).toBe(message);
    }
    const bad = await api('PUT', '/profile/recent-search', owner, { name: 'x', search: '%E0%A4%A', type: 'all' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.search).toBe('Send the search string URI-encoded.');
    expect((await api('GET', '/profile/recent-search', owner)).json()).toEqual(before);
  });
});

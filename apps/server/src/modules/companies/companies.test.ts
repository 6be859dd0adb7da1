import type { CompanyRow } from '@atelier/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';

type Row = CompanyRow;
type Query = { q?: string; sort?: string; limit?: number | string; cursor?: string; filter?: Record<string, string[]> };

let t: TestApp;
let owner: string; // super admin (100)
let sales: string; // 13 but not 14, 15, 40
let wes: string; // no 13
let ada: string; // no 13
let cedar: string; // super admin of the other firm
let samId: string;
let db: pg.Client; // the owner role: looks past row-level security, for ground truth

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  wes = await signIn(t.app, 'warehouse@demo.test');
  ada = await signIn(t.app, 'accounting@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  samId = (await api('GET', '/auth/', sales)).json()._id;
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}

function listUrl(base: string, query: Query = {}): string {
  const p = new URLSearchParams();
  if (query.q !== undefined) p.append('q', query.q);
  if (query.sort !== undefined) p.append('sort', query.sort);
  for (const [key, values] of Object.entries(query.filter ?? {}))
    for (const v of values) p.append(`filter[${key}][]`, v);
  if (query.limit !== undefined) p.append('limit', String(query.limit));
  if (query.cursor !== undefined) p.append('cursor', query.cursor);
  const s = p.toString();
  return s ? `${base}?${s}` : base;
}

async function list(cookie: string, query: Query = {}) {
  const r = await api('GET', listUrl('/companies', query), cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: Row[]; total: number | string; next: string | null };
}

let seq = 0;
async function newCompany(body: Record<string, unknown> = {}, cookie = owner): Promise<Row & { version: number }> {
  const r = await api('POST', '/companies', cookie, { name: `Test account ${++seq}`, type: 'trade', ...body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

async function newContact(companyId: string, cookie = owner) {
  const r = await api('POST', '/customers', cookie, {
    firstName: 'Contact',
    lastName: `No ${++seq}`,
    company: companyId,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** Everything a refused request could have changed in a firm's accounts. */
async function snapshot(firmId = HARBOR_PINE_ID) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM companies WHERE firm_id = $1)::int AS companies,
            (SELECT count(*) FROM companies WHERE firm_id = $1 AND archived_at IS NULL)::int AS active,
            (SELECT COALESCE(sum(version), 0) FROM companies WHERE firm_id = $1)::int AS versions,
            (SELECT md5(string_agg(id::text || name || COALESCE(assigned_to::text, '') || payment_terms_days, ',' ORDER BY id)) FROM companies WHERE firm_id = $1) AS digest,
            (SELECT count(*) FROM interactions WHERE firm_id = $1)::int AS interactions,
            (SELECT count(*) FROM files WHERE firm_id = $1 AND deleted_at IS NULL)::int AS files,
            (SELECT count(*) FROM audit_log WHERE firm_id = $1 AND action NOT IN ('sign-in', 'sign-out'))::int AS audit`,
    [firmId],
  );
  return rows[0];
}

async function activeIds(firmId: string): Promise<string[]> {
  const { rows } = await db.query('SELECT id::text FROM companies WHERE firm_id = $1 AND archived_at IS NULL', [
    firmId,
  ]);
  return rows.map((r) => r.id).sort();
}

/** A timestamp as microseconds, so text timestamps of any fraction length compare correctly. */
function micros(ts: string): bigint {
  const m = ts.match(/^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/);
  if (!m) throw new Error(`Not a timestamp: ${ts}`);
  return BigInt(Date.parse(`${m[1]}${m[3]}`)) * 1000n + BigInt((m[2] ?? '').padEnd(6, '0').slice(0, 6));
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const CSV_HEADER = [
  'Name',
  'Type',
  'Phone',
  'Email',
  'City',
  'Assigned to',
  'Tags',
  'Contacts',
  'Created',
  'Updated',
  'Archived',
  // Every exporter here holds 15 (financials).
  'Payment terms (days)',
  'Credit limit',
];

// ---------------------------------------------------------------------------------------------

// The standard routes' codes (13, 14, 40) are checked by the conformance suite; these are the
// routes only accounts have.
describe('permissions of the accounts-only routes', () => {
  type Ctx = { base: Row; bulk: Row };
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = {
      base: await newCompany({ name: 'Matrix base' }),
      bulk: await newCompany({ name: 'Matrix bulk' }),
    };
  });

  type AccessRow = {
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: (c: Ctx) => string;
    body?: (c: Ctx) => unknown;
    /** Who lacks the route's code (besides signed-out callers). */
    denied: () => string[];
    allowed: () => string;
    status: number;
  };
  const withoutModify = () => [wes, ada];
  const rows: AccessRow[] = [
    {
      name: 'GET /companies/duplicates (13)',
      method: 'GET',
      url: () => '/companies/duplicates?name=Matrix%20base',
      denied: withoutModify,
      allowed: () => sales,
      status: 200,
    },
    {
      name: 'POST /companies/bulk assign (13)',
      method: 'POST',
      url: () => '/companies/bulk',
      body: (c) => ({ action: 'assign', ids: [c.bulk._id], assignee: samId }),
      denied: withoutModify,
      allowed: () => sales,
      status: 200,
    },
    {
      name: 'POST /companies/bulk restore (14)',
      method: 'POST',
      url: () => '/companies/bulk',
      body: (c) => ({ action: 'restore', ids: [c.bulk._id] }),
      denied: () => [wes, ada, sales],
      allowed: () => owner,
      status: 200,
    },
    {
      name: 'PUT /companies/{id}/financials (15)',
      method: 'PUT',
      url: (c) => `/companies/${c.base._id}/financials`,
      body: () => ({
        paymentTermsDays: 45,
        creditLimitCents: 500000,
        priceLevel: 'Trade',
        taxExempt: false,
        taxCertificate: null,
      }),
      denied: () => [wes, ada, sales],
      allowed: () => owner,
      status: 200,
    },
  ];

  it.each(rows)('$name: 401 signed out, 403 without the code, nothing changed; allowed otherwise', async (row) => {
    // The matrix edits one record many times: each PUT is made on its version as it is now.
    const send = async (cookie?: string) => {
      const url = row.url(ctx);
      if (row.method !== 'PUT') return api(row.method, url, cookie, row.body?.(ctx));
      const { version } = (await api('GET', url.replace(/\/(financials|settings)$/, ''), owner)).json();
      return api(row.method, url, cookie, { ...(row.body?.(ctx) as object), version });
    };
    const before = await snapshot();
    const anonymous = await send();
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('unauthenticated');
    for (const cookie of row.denied()) {
      const refused = await send(cookie);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
    }
    expect(await snapshot()).toEqual(before);
    const allowed = await send(row.allowed());
    expect(allowed.statusCode, allowed.body).toBe(row.status);
  });

  it('shows financials only to those with 15', async () => {
    const asSales = (await api('GET', `/companies/${ctx.base._id}`, sales)).json();
    expect(asSales).not.toHaveProperty('financials');
    const asOwner = (await api('GET', `/companies/${ctx.base._id}`, owner)).json();
    expect(asOwner.financials).toEqual({
      paymentTermsDays: 45,
      creditLimitCents: 500000,
      priceLevel: 'Trade',
      taxExempt: false,
      taxCertificate: null,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('tenant isolation', () => {
  let harbor: Row;
  let harborWithContact: Row;
  beforeAll(async () => {
    harbor = await newCompany({ name: 'Quintessa Harborside Only', phone: '(603) 222-0199' });
    harborWithContact = await newCompany({ name: 'Quintessa Contacted' });
    await newContact(harborWithContact._id);
  });

  it('answers the financials route, and deleting an account with contacts, with 404 for another firm, changing nothing', async () => {
    const before = await snapshot();
    const financials = {
      paymentTermsDays: 1,
      creditLimitCents: 1,
      priceLevel: 'x',
      taxExempt: true,
      taxCertificate: null,
      version: 1,
    };
    const attempts: [string, 'PUT' | 'DELETE', string, unknown?][] = [
      ['financials', 'PUT', `/companies/${harbor._id}/financials`, financials],
      ['financials', 'PUT', `/companies/${harborWithContact._id}/financials`, financials],
      // Not the 409 that would name its contacts.
      ['delete', 'DELETE', `/companies/${harborWithContact._id}`],
    ];
    for (const [label, method, url, body] of attempts) {
      const r = await api(method, url, cedar, body);
      expect(r.statusCode, `${label} ${url}: ${r.body}`).toBe(404);
      expect(errorOf(r).message).toBe('This account does not exist.');
    }
    expect(await snapshot()).toEqual(before);
    const still = (await api('GET', `/companies/${harbor._id}`, owner)).json();
    expect(still).toMatchObject({ name: 'Quintessa Harborside Only', version: 1, archived: false });
  });

  it('makes a bulk assign on another firm’s ids touch nothing', async () => {
    const before = await snapshot();
    const r = await api('POST', '/companies/bulk', cedar, { action: 'assign', ids: [harbor._id], assignee: null });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('never finds another firm’s accounts by the list’s search, its id filter or duplicates', async () => {
    // The Harbor-only name is found by Harbor, not by Cedar.
    expect((await list(owner, { q: 'Quintessa Harborside' })).total).toBe(1);
    expect(await list(cedar, { q: 'Quintessa Harborside' })).toEqual({ items: [], total: 0, next: null });
    expect((await list(cedar, { q: '6032220199' })).total).toBe(0);
    expect((await list(cedar, { q: 'qu' })).items.map((r) => r.name)).not.toContain('Quintessa Harborside Only');
    expect(await list(cedar, { filter: { id: [harbor._id] } })).toEqual({ items: [], total: 0, next: null });

    const dupes = await api(
      'GET',
      '/companies/duplicates?name=Quintessa%20Harborside%20Only&phone=(603)%20222-0199',
      cedar,
    );
    expect(dupes.json()).toEqual([]);
  });

  it('refuses another firm’s user as assignee, and another firm’s file as tax certificate', async () => {
    const before = await snapshot(CEDAR_ROW_ID);
    const r = await api('POST', '/companies', cedar, { name: 'Cedar poach', type: 'trade', assignedTo: samId });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).fields).toEqual({ assignedTo: 'Choose an active member of your firm.' });
    expect(await snapshot(CEDAR_ROW_ID)).toEqual(before);

    const { rows } = await db.query(
      "SELECT id::text FROM files WHERE firm_id = $1 AND entity_type = 'company' AND deleted_at IS NULL LIMIT 1",
      [HARBOR_PINE_ID],
    );
    const [cedarId] = await activeIds(CEDAR_ROW_ID);
    const cert = await api('PUT', `/companies/${cedarId}/financials`, cedar, {
      paymentTermsDays: 30,
      creditLimitCents: 0,
      priceLevel: '',
      taxExempt: true,
      taxCertificate: rows[0].id,
      version: 1,
    });
    expect(cert.statusCode).toBe(400);
    expect(errorOf(cert).fields).toEqual({ taxCertificate: 'Choose one of this account’s files.' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('validation', () => {
  it('refuses a bad new account with a message per field, and creates nothing', async () => {
    const before = await snapshot();
    const r = await api('POST', '/companies', owner, {
      name: '   ',
      type: 'shop',
      phone: 'call me',
      email: 'not-an-email',
      website: 'ftp://example.com',
      addresses: [{ kind: 'moon', line1: '', city: '' }],
      assignedTo: 'sam',
      tags: ['x'.repeat(41)],
      colour: 'red',
    });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).code).toBe('validation');
    expect(errorOf(r).fields).toEqual({
      name: 'Give the account a name.',
      type: 'Choose a type.',
      phone: 'Enter a phone number like (207) 555-0134.',
      email: 'Enter a valid email address.',
      website: 'Enter an address like https://example.com.',
      'addresses.0.kind': 'Choose what this address is for.',
      'addresses.0.line1': 'Enter the street address.',
      'addresses.0.city': 'Enter the city.',
      assignedTo: 'Choose someone from the list.',
      'tags.0': 'Tags are at most 40 characters.',
      colour: '"colour" cannot be set here.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad edits, bad financials and bad JSON, and changes nothing', async () => {
    const c = await newCompany({ name: 'Validation target' });
    const before = await snapshot();
    const edit = await api('PUT', `/companies/${c._id}`, owner, {
      name: 'x'.repeat(161),
      type: 'trade',
      version: 'one',
    });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).fields).toEqual({ name: 'Use at most 160 characters.', version: expect.any(String) });

    const unknownAssignee = await api('PUT', `/companies/${c._id}`, owner, {
      name: 'Validation target',
      type: 'trade',
      assignedTo: '019a0000-0000-7000-8000-00000000abcd',
      version: c.version,
    });
    expect(unknownAssignee.statusCode).toBe(400);
    expect(errorOf(unknownAssignee).fields).toEqual({ assignedTo: 'Choose an active member of your firm.' });

    const money = await api('PUT', `/companies/${c._id}/financials`, owner, {
      paymentTermsDays: -1,
      creditLimitCents: 10_000_000_001,
      priceLevel: 'Trade',
      taxExempt: 'yes',
      taxCertificate: 'cert.pdf',
      version: c.version,
    });
    expect(money.statusCode).toBe(400);
    expect(errorOf(money).fields).toEqual({
      paymentTermsDays: 'Use 0 or more days.',
      creditLimitCents: 'That limit is too large.',
      taxExempt: expect.any(String),
      taxCertificate: 'Upload the certificate again.',
    });

    const json = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/companies/${c._id}`,
      cookie: owner,
      body: '{"name": "Broken',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(errorOf(json).message).toBe('The request body is not valid JSON.');

    const bulk = await api('POST', '/companies/bulk', owner, { action: 'assign', ids: ['nope'], assignee: 'nobody' });
    expect(bulk.statusCode).toBe(400);
    expect(Object.keys(errorOf(bulk).fields ?? {}).sort()).toEqual(['assignee', 'ids.0']);
    const empty = await api('POST', '/companies/bulk', owner, { action: 'archive', ids: [] });
    expect(errorOf(empty).fields).toEqual({ ids: 'Select at least one row.' });
    const bulkAssignee = await api('POST', '/companies/bulk', owner, {
      action: 'assign',
      ids: [c._id],
      assignee: '019a0000-0000-7000-8000-00000000abcd',
    });
    expect(bulkAssignee.statusCode).toBe(400);
    expect(errorOf(bulkAssignee).fields).toEqual({ assignee: 'Choose an active member of your firm.' });
    expect((await api('POST', '/companies/bulk', owner, { action: 'delete', ids: [c._id] })).statusCode).toBe(400);

    expect(await snapshot()).toEqual(before);
    expect((await api('GET', `/companies/${c._id}`, owner)).json()).toMatchObject({
      name: 'Validation target',
      version: 1,
    });
  });

  const cursorFor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
  const someId = '019a0000-0000-7000-8000-00000000abcd';
  it.each<[string, Query, string | RegExp, boolean?]>([
    ['an unknown sort', { sort: 'colour' }, 'sort'],
    ['a customers-only sort', { sort: '-email' }, 'sort'],
    ['an unknown filter', { filter: { colour: ['red'] } }, 'filter.colour'],
    ['a bad status', { filter: { status: ['deleted'] } }, 'filter.status'],
    ['a bad type', { filter: { type: ['shop'] } }, 'filter.type'],
    ['a bad assignee', { filter: { assigned: ['sam'] } }, /^filter\./],
    ['a bad id', { filter: { id: ['123'] } }, /^filter\./],
    ['a zero limit', { limit: 0 }, 'limit'],
    ['a limit over 100', { limit: 101 }, 'limit'],
    ['a text limit', { limit: 'ten' }, 'limit'],
    ['a fractional limit', { limit: '1.5' }, 'limit'],
    ['a garbage cursor', { cursor: 'garbage!' }, 'cursor', false],
    ['a cursor of another sort', { sort: '-name', cursor: cursorFor(['oak', someId, 'name']) }, 'cursor', false],
    [
      'a forged created cursor',
      { sort: 'created', cursor: cursorFor(['not a date', someId, 'created']) },
      'cursor',
      false,
    ],
    ['a forged type cursor', { sort: 'type', cursor: cursorFor(['spaceship', someId, 'type']) }, 'cursor', false],
    ['a search over 200 characters', { q: 'x'.repeat(201) }, 'q'],
  ])('refuses %s with 400 naming the field', async (_label, query, field, exportToo = true) => {
    // Exports take the list's query too (a cursor means nothing to them: they export every page).
    for (const path of exportToo ? ['/companies', '/companies/export'] : ['/companies']) {
      const r = await api('GET', listUrl(path, query), owner);
      expect(r.statusCode, `${path}: ${r.body}`).toBe(400);
      const fields = Object.keys(errorOf(r).fields ?? {});
      expect(fields).toHaveLength(1);
      if (typeof field === 'string') expect(fields[0]).toBe(field);
      else expect(fields[0]).toMatch(field);
    }
  });

  it('refuses an export in another format', async () => {
    const r = await api('GET', '/companies/export?format=pdf', owner);
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).fields).toEqual({ format: 'Exports are CSV or XLSX files.' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('paging, sorting and search', () => {
  beforeAll(async () => {
    // Names that only sort right when compared case-insensitively, a tie, and later creation times.
    for (const name of ['aardvark lowercase', 'ZZYZX UPPER', 'Mid case Test', 'mid CASE test', 'Blaze Works']) {
      await newCompany({ name, type: 'contractor' });
    }
    await newCompany({ name: 'Zephyrine Millworks', phone: '(603) 867-5309', email: 'hello@quillfeather.example' });
    const gone = await newCompany({ name: 'Archived Aardvark' });
    expect((await api('POST', `/companies/${gone._id}/archive`, owner)).statusCode).toBe(200);
  });

  async function walk(query: Query, limit = 7) {
    const rows: Row[] = [];
    const totals = new Set<number | string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      expect(page).toBeLessThan(200);
      const r = await list(owner, { ...query, limit, cursor });
      totals.add(r.total);
      rows.push(...r.items);
      if (!r.next) {
        expect(r.items.length).toBeLessThanOrEqual(limit);
        break;
      }
      expect(r.items).toHaveLength(limit);
      cursor = r.next;
    }
    return { rows, totals: [...totals] };
  }

  const byKey = (key: (r: Row) => string | bigint, desc: boolean) => (a: Row, b: Row) => {
    const [x, y] = [key(a), key(b)];
    const c = x < y ? -1 : x > y ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
    return desc ? -c : c;
  };

  it.each<[string, (r: Row) => string | bigint, boolean]>([
    ['name', (r) => r.name.toLowerCase(), false],
    ['-name', (r) => r.name.toLowerCase(), true],
    ['created', (r) => micros(r.createdAt), false],
    ['-created', (r) => micros(r.createdAt), true],
    ['-updated', (r) => micros(r.updatedAt), true],
  ])('walks every active account once with sort=%s, limit 7, in order', async (sort, key, desc) => {
    const expected = await activeIds(HARBOR_PINE_ID);
    expect(expected.length).toBeGreaterThan(60);
    const { rows, totals } = await walk({ sort });
    const ids = rows.map((r) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(expected);
    expect(totals).toEqual([expected.length]);
    expect(ids).toEqual([...rows].sort(byKey(key, desc)).map((r) => r._id));
    expect(rows.every((r) => !r.archived)).toBe(true);
  });

  it('sorts names case-insensitively: mixed-case names interleave alphabetically', async () => {
    const { rows } = await walk({ sort: 'name' }, 50);
    const names = rows.map((r) => r.name);
    expect(names[0]).toBe('aardvark lowercase');
    expect(names.at(-1)).toBe('ZZYZX UPPER');
    const mid = names.filter((n) => n.toLowerCase() === 'mid case test');
    expect(mid).toHaveLength(2);
    expect(Math.abs(names.indexOf(mid[0]!) - names.indexOf(mid[1]!))).toBe(1);
  });

  it('walks a filtered, type-sorted list consistently, and the total matches', async () => {
    const { rows, totals } = await walk({ sort: 'type', filter: { type: ['contractor', 'trade'] } }, 5);
    const { rows: truth } = await db.query(
      "SELECT id::text FROM companies WHERE firm_id = $1 AND archived_at IS NULL AND type IN ('contractor', 'trade')",
      [HARBOR_PINE_ID],
    );
    expect(rows.map((r) => r._id).sort()).toEqual(truth.map((r) => r.id).sort());
    expect(totals).toEqual([truth.length]);
    // Each type is one contiguous run, ids ascending within it.
    const runs = rows.map((r) => r.type).filter((type, i, all) => i === 0 || all[i - 1] !== type);
    expect(runs.sort()).toEqual(['contractor', 'trade']);
    for (let i = 1; i < rows.length; i++) {
      if (rows[i]!.type === rows[i - 1]!.type) expect(rows[i - 1]!._id < rows[i]!._id).toBe(true);
    }
  });

  it('shows archived accounts only when asked, and both when both are asked for', async () => {
    const archived = await list(owner, { filter: { status: ['archived'] } });
    expect(archived.items.map((r) => r.name)).toContain('Archived Aardvark');
    expect(archived.items.every((r) => r.archived)).toBe(true);
    const active = (await list(owner)).total as number;
    const both = await list(owner, { filter: { status: ['active', 'archived'] } });
    expect(both.total).toBe(active + (archived.total as number));
  });

  it('searches name substrings, emails and phone digits whatever the punctuation', async () => {
    const names = async (q: string) => (await list(owner, { q })).items.map((r) => r.name);
    expect(await names('phyrine mill')).toEqual(['Zephyrine Millworks']);
    expect(await names('ZEPHYRINE')).toEqual(['Zephyrine Millworks']);
    expect(await names('quillfeather.example')).toEqual(['Zephyrine Millworks']);
    for (const phone of ['6038675309', '(603) 867-5309', '603.867.5309', '867 5309', '603 867 5309']) {
      expect(await names(phone), phone).toEqual(['Zephyrine Millworks']);
    }
    // LIKE wildcards are literal.
    expect((await list(owner, { q: '%%%' })).total).toBe(0);
    expect((await list(owner, { q: '___' })).total).toBe(0);

    // A demo account by its phone digits and its email.
    const { rows } = await db.query(
      "SELECT name, phone, email FROM companies WHERE firm_id = $1 AND archived_at IS NULL AND phone <> '' ORDER BY id LIMIT 1",
      [HARBOR_PINE_ID],
    );
    const demo = rows[0];
    const digits = demo.phone.replace(/\D/g, '');
    const byPhone = await list(owner, { q: digits });
    expect(byPhone.items.map((r) => r.name)).toContain(demo.name);
    expect(byPhone.items.every((r) => r.phone.replace(/\D/g, '') === digits)).toBe(true);
    expect((await list(owner, { q: demo.email.toUpperCase() })).items.map((r) => r.name)).toContain(demo.name);
  });

  it('matches one or two characters against the start of the name only', async () => {
    const two = await list(owner, { q: 'ZE', limit: 100 });
    expect(two.items.map((r) => r.name)).toContain('Zephyrine Millworks');
    expect(two.items.map((r) => r.name)).not.toContain('Blaze Works');
    expect(two.items.every((r) => r.name.toLowerCase().startsWith('ze'))).toBe(true);
    const one = await list(owner, { q: 'b', limit: 100 });
    expect(one.items.length).toBeGreaterThan(0);
    expect(one.items.every((r) => r.name.toLowerCase().startsWith('b'))).toBe(true);
    const { rows } = await db.query(
      "SELECT count(*)::int AS n FROM companies WHERE firm_id = $1 AND archived_at IS NULL AND lower(name) LIKE 'b%'",
      [HARBOR_PINE_ID],
    );
    expect(one.total).toBe(rows[0].n);
  });

  it('filters by assignee, none, tag and id', async () => {
    const assigned = await list(owner, { filter: { assigned: [samId] }, limit: 100 });
    expect(assigned.items.length).toBeGreaterThan(0);
    expect(assigned.items.every((r) => r.assignedTo?._id === samId)).toBe(true);
    const none = await list(owner, { filter: { assigned: ['none'] }, limit: 100 });
    expect(none.items.every((r) => r.assignedTo === null)).toBe(true);
    const either = await list(owner, { filter: { assigned: ['none', samId] } });
    expect(either.total).toBe((assigned.total as number) + (none.total as number));

    const tagged = await newCompany({ name: 'Tagged once', tags: ['Glassware'] });
    const byTag = await list(owner, { filter: { tag: ['Glassware'] } });
    expect(byTag.items.map((r) => r._id)).toEqual([tagged._id]);
    expect((await list(owner, { filter: { id: [tagged._id] } })).items.map((r) => r.name)).toEqual(['Tagged once']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('create, edit, archive, restore and delete', () => {
  it('creates an account, reads it back and lists it', async () => {
    const body = {
      name: '  Lantern Joinery ',
      type: 'wholesale',
      phone: '(207) 555-0188',
      email: 'Hello@Lantern.example',
      website: 'https://lantern.example',
      addresses: [{ kind: 'billing', line1: '5 Fore Street', city: 'Portland', region: 'ME', postalCode: '04101' }],
      assignedTo: samId,
      tags: ['VIP'],
      notes: 'Trade account.',
    };
    const r = await api('POST', '/companies', sales, body);
    expect(r.statusCode).toBe(201);
    const c = r.json();
    expect(c).toMatchObject({
      name: 'Lantern Joinery',
      type: 'wholesale',
      email: 'hello@lantern.example',
      addresses: [{ kind: 'billing', label: '', line1: '5 Fore Street', line2: '', city: 'Portland', country: 'US' }],
      assignedTo: { _id: samId, name: 'Sam Reyes' },
      tags: ['VIP'],
      contacts: 0,
      version: 1,
      archived: false,
      updatedBy: { name: 'Sam Reyes' },
    });
    expect((await api('GET', `/companies/${c._id}`, sales)).json()).toEqual(c);
    const listed = await list(sales, { filter: { id: [c._id] } });
    expect(listed.items).toEqual([
      expect.objectContaining({ _id: c._id, name: 'Lantern Joinery', city: 'Portland', contacts: 0, archived: false }),
    ]);
    expect((await api('GET', '/companies/not-a-uuid', sales)).statusCode).toBe(404);
    expect((await api('GET', '/companies/019a0000-0000-7000-8000-00000000abcd', sales)).statusCode).toBe(404);
  });

  it('answers a stale version with 409 naming who changed it, and keeps their change', async () => {
    const c = await newCompany({ name: 'Stale Original' });
    const bySam = await api('PUT', `/companies/${c._id}`, sales, { name: 'Stale by Sam', type: 'retail', version: 1 });
    expect(bySam.statusCode).toBe(200);
    expect(bySam.json()).toMatchObject({ name: 'Stale by Sam', version: 2, updatedBy: { name: 'Sam Reyes' } });

    const byOwner = await api('PUT', `/companies/${c._id}`, owner, {
      name: 'Stale by Olivia',
      type: 'trade',
      version: 1,
    });
    expect(byOwner.statusCode).toBe(409);
    expect(errorOf(byOwner).code).toBe('conflict');
    expect(errorOf(byOwner).message).toContain('Sam Reyes');
    expect(errorOf(byOwner).message).toMatch(/changed this account/);
    expect((await api('GET', `/companies/${c._id}`, owner)).json()).toMatchObject({ name: 'Stale by Sam', version: 2 });

    const money = { paymentTermsDays: 10, creditLimitCents: 0, priceLevel: '', taxExempt: false, taxCertificate: null };
    const staleMoney = await api('PUT', `/companies/${c._id}/financials`, owner, { ...money, version: 1 });
    expect(staleMoney.statusCode).toBe(409);
    expect(errorOf(staleMoney).message).toContain('Sam Reyes');
    const fresh = await api('PUT', `/companies/${c._id}/financials`, owner, { ...money, version: 2 });
    expect(fresh.json()).toMatchObject({ version: 3, financials: { paymentTermsDays: 10 } });
  });

  it('keeps the history of an edit as before → after, with who made it', async () => {
    const c = await newCompany({ name: 'History Before', tags: ['Old'] });
    await api('PUT', `/companies/${c._id}`, sales, { name: 'History After', type: 'trade', tags: ['New'], version: 1 });
    const logs = await api('GET', `/companies/${c._id}/logs`, sales);
    expect(logs.statusCode).toBe(200);
    const page = logs.json();
    expect(page.total).toBe(2);
    expect(page.next).toBeNull();
    expect(page.items[0]).toMatchObject({
      action: 'update',
      actor: { name: 'Sam Reyes' },
      changes: {
        name: { before: 'History Before', after: 'History After' },
        tags: { before: ['Old'], after: ['New'] },
      },
    });
    expect(Object.keys(page.items[0].changes).sort()).toEqual(['name', 'tags']);
    expect(page.items[1]).toMatchObject({ action: 'create', actor: { name: 'Olivia Harbor' } });
  });

  it('archives and restores, hiding archived accounts from the default list', async () => {
    const c = await newCompany({ name: 'Archive Me' });
    const archived = await api('POST', `/companies/${c._id}/archive`, owner);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ archived: true, version: 2 });
    expect((await list(owner, { filter: { id: [c._id] } })).total).toBe(0);
    expect((await list(owner, { filter: { id: [c._id], status: ['archived'] } })).total).toBe(1);
    const restored = await api('POST', `/companies/${c._id}/restore`, owner);
    expect(restored.json()).toMatchObject({ archived: false, version: 3 });
    expect((await list(owner, { filter: { id: [c._id] } })).total).toBe(1);
  });

  it('refuses to delete an account with contacts (409), and deletes one without', async () => {
    const c = await newCompany({ name: 'Has Contacts' });
    const contact = await newContact(c._id);
    expect((await api('GET', `/companies/${c._id}`, owner)).json().contacts).toBe(1);
    const refused = await api('DELETE', `/companies/${c._id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      'Has Contacts has 1 contact. Archive the account instead, or move its contacts first.',
    );
    expect((await api('GET', `/companies/${c._id}`, owner)).statusCode).toBe(200);

    // An archived contact still counts as a contact.
    expect((await api('POST', `/customers/${contact._id}/archive`, owner)).statusCode).toBe(200);
    expect((await api('DELETE', `/companies/${c._id}`, owner)).statusCode).toBe(409);

    const { version } = (await api('GET', `/customers/${contact._id}`, owner)).json();
    const moved = await api('PUT', `/customers/${contact._id}`, owner, {
      firstName: 'Contact',
      company: null,
      version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await api('DELETE', `/companies/${c._id}`, owner)).statusCode).toBe(204);
    expect((await api('GET', `/companies/${c._id}`, owner)).statusCode).toBe(404);
    expect((await api('DELETE', `/companies/${c._id}`, owner)).statusCode).toBe(404);
  });

  it('bulk-assigns, bulk-archives and bulk-restores selected accounts', async () => {
    const a = await newCompany({ name: 'Bulk A' });
    const b = await newCompany({ name: 'Bulk B' });
    const assign = await api('POST', '/companies/bulk', sales, {
      action: 'assign',
      ids: [a._id, b._id, a._id],
      assignee: samId,
    });
    expect(assign.statusCode).toBe(200);
    expect(assign.json()).toEqual({ updated: 2 });
    const mine = await list(sales, { filter: { assigned: [samId], id: [a._id, b._id] } });
    expect(mine.total).toBe(2);
    expect(mine.items.every((r) => r.assignedTo?.name === 'Sam Reyes')).toBe(true);
    const log = (await api('GET', `/companies/${a._id}/logs`, sales)).json().items[0];
    // The history names the assignee rather than showing an id.
    expect(log).toMatchObject({ action: 'update', changes: { assignedTo: { before: null, after: 'Sam Reyes' } } });

    const unassign = await api('POST', '/companies/bulk', sales, { action: 'assign', ids: [b._id], assignee: null });
    expect(unassign.json()).toEqual({ updated: 1 });
    expect((await list(sales, { filter: { assigned: ['none'], id: [a._id, b._id] } })).items.map((r) => r._id)).toEqual(
      [b._id],
    );

    const archive = await api('POST', '/companies/bulk', owner, { action: 'archive', ids: [a._id, b._id] });
    expect(archive.json()).toEqual({ updated: 2 });
    expect((await list(owner, { filter: { id: [a._id, b._id] } })).total).toBe(0);
    expect((await api('POST', '/companies/bulk', owner, { action: 'archive', ids: [a._id] })).json()).toEqual({
      updated: 0,
    });
    const restore = await api('POST', '/companies/bulk', owner, { action: 'restore', ids: [a._id, b._id] });
    expect(restore.json()).toEqual({ updated: 2 });
    expect((await list(owner, { filter: { id: [a._id, b._id] } })).total).toBe(2);
  });

  it('warns about likely duplicates by name, email and phone, without blocking', async () => {
    const c = await newCompany({
      name: 'Tidewater Designs',
      email: 'studio@tidewater.example',
      phone: '(207) 555-7731',
    });
    const dupes = async (query: string) => {
      const r = await api('GET', `/companies/duplicates?${query}`, sales);
      expect(r.statusCode).toBe(200);
      return r.json();
    };
    expect(await dupes('name=%20tidewater%20DESIGNS%20')).toEqual([
      { _id: c._id, name: 'Tidewater Designs', reason: 'same name' },
    ]);
    expect(await dupes('email=STUDIO@tidewater.example')).toEqual([
      { _id: c._id, name: 'Tidewater Designs', reason: 'same email' },
    ]);
    expect(await dupes('phone=207.555.7731')).toEqual([
      { _id: c._id, name: 'Tidewater Designs', reason: 'same phone' },
    ]);
    expect(await dupes('name=Tidewater%20Designs&email=studio@tidewater.example&phone=2075557731')).toEqual([
      { _id: c._id, name: 'Tidewater Designs', reason: 'same name, same email, same phone' },
    ]);
    expect(await dupes(`name=Tidewater%20Designs&exclude=${c._id}`)).toEqual([]);
    expect(await dupes('phone=555-77')).toEqual([]);
    expect(await dupes('')).toEqual([]);
    // A warning, not a block.
    expect((await api('POST', '/companies', sales, { name: 'Tidewater Designs', type: 'trade' })).statusCode).toBe(201);
  });
});

// ---------------------------------------------------------------------------------------------

describe('CSV export', () => {
  let formula: Row;
  let comma: Row;
  beforeAll(async () => {
    formula = await newCompany({ name: '=HYPERLINK("http://x")', email: 'a@exporttest.example' });
    comma = await newCompany({
      name: 'Oak, Ash & Co',
      type: 'retail',
      email: 'b@exporttest.example',
      phone: '+1 207 555 0100',
      tags: ['-urgent', 'Kitchen'],
      assignedTo: samId,
    });
  });

  it('streams the filtered list as CSV with a header row, neutralised formulas and quoting', async () => {
    const r = await api('GET', '/companies/export?format=csv&q=exporttest', owner);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="accounts-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = r.body.replace(/^\uFEFF/, '');
    expect(text.startsWith(`${CSV_HEADER.join(',')}\r\n`)).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain('"Oak, Ash & Co"');
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows.slice(1).map((row) => row.length)).toEqual([CSV_HEADER.length, CSV_HEADER.length]);
    const [first, second] = rows.slice(1) as [string[], string[]];
    expect(first.slice(0, 8)).toEqual([
      '\'=HYPERLINK("http://x")',
      // A type reads as the list shows it.
      'Trade',
      '',
      'a@exporttest.example',
      '',
      '',
      '',
      '0',
    ]);
    // Archived, then the financials: payment terms in days, the credit limit in units.
    expect(first.slice(10)).toEqual(['no', '30', '0.00']);
    expect(second.slice(0, 8)).toEqual([
      'Oak, Ash & Co',
      'Retail',
      "'+1 207 555 0100",
      'b@exporttest.example',
      '',
      'Sam Reyes',
      "'-urgent; Kitchen",
      '0',
    ]);
    // No cell of the file starts with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('streams the same list as an XLSX workbook: the same headings and cells, text never a formula', async () => {
    const csv = parseCsv(
      (await api('GET', '/companies/export?format=csv&q=exporttest', owner)).body.replace(/^\uFEFF/, ''),
    );
    const r = await call(t.app, {
      method: 'GET',
      url: '/api/v1/companies/export?format=xlsx&q=exporttest',
      cookie: owner,
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="accounts-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('accounts');
    const cells: unknown[][] = [];
    sheet.eachRow((row) => {
      const values: unknown[] = [];
      for (let c = 1; c <= csv[0]!.length; c++) values.push(row.getCell(c).value);
      cells.push(values);
    });
    // Each cell is what the CSV says, without the apostrophe the CSV puts before a formula character.
    expect(cells.map((row) => row.map((v) => (v === null ? '' : String(v))))).toEqual(
      csv.map((row) => row.map((v) => v.replace(/^'(?=[=+\-@\t\r])/, ''))),
    );
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) formulas++;
      }),
    );
    expect(formulas).toBe(0);
    expect(sheet.getCell('A2').value).toBe('=HYPERLINK("http://x")');
  });

  it('exports what the list shows: its sort, its filters, archived only when asked', async () => {
    const reversed = parseCsv(
      (await api('GET', '/companies/export?q=exporttest&sort=-name', owner)).body.replace(/^\uFEFF/, ''),
    );
    expect(reversed.slice(1).map((r) => r[0])).toEqual(['Oak, Ash & Co', '\'=HYPERLINK("http://x")']);
    const retail = parseCsv(
      (await api('GET', '/companies/export?q=exporttest&filter[type][]=retail', owner)).body.replace(/^\uFEFF/, ''),
    );
    expect(retail.slice(1).map((r) => r[0])).toEqual(['Oak, Ash & Co']);

    await api('POST', `/companies/${comma._id}/archive`, owner);
    const active = parseCsv((await api('GET', '/companies/export?q=exporttest', owner)).body.replace(/^\uFEFF/, ''));
    expect(active.slice(1).map((r) => r[0])).toEqual(['\'=HYPERLINK("http://x")']);
    const archived = parseCsv(
      (await api('GET', '/companies/export?q=exporttest&filter[status][]=archived', owner)).body.replace(/^\uFEFF/, ''),
    );
    expect(archived.slice(1).map((r) => [r[0], r[10]])).toEqual([['Oak, Ash & Co', 'yes']]);
    await api('POST', `/companies/${comma._id}/restore`, owner);
    expect(formula._id).toBeTruthy();
  });

  it('exports every active account of the firm without a filter', async () => {
    const r = await api('GET', '/companies/export', owner);
    const rows = parseCsv(r.body.replace(/^\uFEFF/, ''));
    expect(rows.length - 1).toBe((await activeIds(HARBOR_PINE_ID)).length);
  });
});

// ---------------------------------------------------------------------------------------------

describe('list totals', () => {
  it('count exactly up to 10,000 within the firm, then say "10,000+"', async () => {
    await db.query(
      `INSERT INTO companies (id, firm_id, name, type)
       SELECT gen_random_uuid(), $1, 'Bulk row ' || g, 'trade' FROM generate_series(1, 10001) g`,
      [CEDAR_ROW_ID],
    );
    const cedarList = await list(cedar, { limit: 1 });
    expect(cedarList.total).toBe('10,000+');
    expect(cedarList.next).not.toBeNull();
    // Harbor's count is unaffected by Cedar's many rows.
    expect((await list(owner, { limit: 1 })).total).toBe((await activeIds(HARBOR_PINE_ID)).length);
  });

  it('starts a new account with the firm’s usual terms and credit limit (account settings, 16); edits keep their own', async () => {
    const saved = await api('PUT', '/settings/companySettings', owner, {
      paymentTermsDays: 45,
      creditLimitCents: 750_000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await api('POST', '/companies', owner, { name: 'Tern & Gable Builders', type: 'contractor' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().financials).toMatchObject({ paymentTermsDays: 45, creditLimitCents: 750_000 });
    // A later change of the defaults leaves existing accounts as they are.
    await api('PUT', '/settings/companySettings', owner, { paymentTermsDays: 30, creditLimitCents: 0 });
    const read = (await api('GET', `/companies/${created.json()._id}`, owner)).json();
    expect(read.financials).toMatchObject({ paymentTermsDays: 45, creditLimitCents: 750_000 });
  });
});

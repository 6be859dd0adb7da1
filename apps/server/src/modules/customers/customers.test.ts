import type { Customer, CustomerRow } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';

type Row = CustomerRow;
type Query = { q?: string; sort?: string; limit?: number | string; cursor?: string; filter?: Record<string, string[]> };

let t: TestApp;
let owner: string; // super admin (100)
let sales: string; // 8 but not 9, 12, 39
let wes: string; // no 8
let ada: string; // no 8
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
  const r = await api('GET', listUrl('/customers', query), cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: Row[]; total: number | string; next: string | null };
}

let seq = 0;
async function newCustomer(body: Record<string, unknown> = {}, cookie = owner): Promise<Customer> {
  const r = await api('POST', '/customers', cookie, { firstName: 'Test', lastName: `Customer ${++seq}`, ...body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** Everything a refused request could have changed in a firm's customers. */
async function snapshot(firmId = HARBOR_PINE_ID) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM customers WHERE firm_id = $1)::int AS customers,
            (SELECT count(*) FROM customers WHERE firm_id = $1 AND archived_at IS NULL)::int AS active,
            (SELECT COALESCE(sum(version), 0) FROM customers WHERE firm_id = $1)::int AS versions,
            (SELECT md5(string_agg(id::text || name || COALESCE(company_id::text, '') || COALESCE(assigned_to::text, '')
               || marketing_consent || COALESCE(user_id::text, ''), ',' ORDER BY id)) FROM customers WHERE firm_id = $1) AS digest,
            (SELECT count(*) FROM users WHERE firm_id = $1)::int AS users,
            (SELECT count(*) FROM users WHERE firm_id = $1 AND active)::int AS active_users,
            (SELECT count(*) FROM password_reset_tokens WHERE firm_id = $1)::int AS tokens,
            (SELECT count(*) FROM email_outbox WHERE firm_id = $1)::int AS emails,
            (SELECT count(*) FROM audit_log WHERE firm_id = $1 AND action NOT IN ('sign-in', 'sign-out'))::int AS audit`,
    [firmId],
  );
  return rows[0];
}

async function activeIds(firmId: string): Promise<string[]> {
  const { rows } = await db.query('SELECT id::text FROM customers WHERE firm_id = $1 AND archived_at IS NULL', [
    firmId,
  ]);
  return rows.map((r) => r.id).sort();
}

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
  'Account',
  'Email',
  'Phone',
  'City',
  'Assigned to',
  'Source',
  'Tags',
  'Marketing consent',
  'Created',
  'Updated',
  'Archived',
];

async function demoCustomerWithLogin(): Promise<Customer> {
  const { rows } = await db.query(
    "SELECT c.id::text FROM customers c JOIN users u ON u.id = c.user_id WHERE u.email = 'customer@demo.test'",
  );
  return (await api('GET', `/customers/${rows[0].id}`, owner)).json();
}

// ---------------------------------------------------------------------------------------------

// The standard routes' codes (8, 9, 39) are checked by the conformance suite; these are the
// routes only customers have.
describe('permissions of the customers-only routes', () => {
  type Ctx = { base: Customer; spare: Customer; bulk: Customer };
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = {
      base: await newCustomer({
        firstName: 'Matrix',
        lastName: 'Base',
        emails: [{ email: 'matrix.base@example.com' }],
      }),
      spare: await newCustomer({ firstName: 'Matrix', lastName: 'Spare' }),
      bulk: await newCustomer({ firstName: 'Matrix', lastName: 'Bulk' }),
    };
  });

  type AccessRow = {
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: (c: Ctx) => string;
    body?: (c: Ctx) => unknown;
    denied: () => string[];
    allowed: () => string;
    status: number;
  };
  const withoutModify = () => [wes, ada];
  const withoutCode = () => [wes, ada, sales];
  const rows: AccessRow[] = [
    {
      name: 'GET /customers/duplicates (8)',
      method: 'GET',
      url: () => '/customers/duplicates?name=Matrix%20Base',
      denied: withoutModify,
      allowed: () => sales,
      status: 200,
    },
    {
      name: 'POST /customers/bulk assign (8)',
      method: 'POST',
      url: () => '/customers/bulk',
      body: (c) => ({ action: 'assign', ids: [c.bulk._id], assignee: samId }),
      denied: withoutModify,
      allowed: () => sales,
      status: 200,
    },
    {
      name: 'POST /customers/bulk restore (9)',
      method: 'POST',
      url: () => '/customers/bulk',
      body: (c) => ({ action: 'restore', ids: [c.bulk._id] }),
      denied: withoutCode,
      allowed: () => owner,
      status: 200,
    },
    {
      name: 'PUT /customers/{id}/settings (12)',
      method: 'PUT',
      url: (c) => `/customers/${c.base._id}/settings`,
      body: () => ({ marketingConsent: true }),
      denied: withoutCode,
      allowed: () => owner,
      status: 200,
    },
    {
      name: 'POST /customers/{id}/login/invite (12)',
      method: 'POST',
      url: (c) => `/customers/${c.base._id}/login/invite`,
      denied: withoutCode,
      allowed: () => owner,
      status: 200,
    },
    {
      name: 'POST /customers/{id}/login/disable (12)',
      method: 'POST',
      url: (c) => `/customers/${c.base._id}/login/disable`,
      denied: withoutCode,
      allowed: () => owner,
      status: 200,
    },
    {
      name: 'POST /customers/{id}/login/enable (12)',
      method: 'POST',
      url: (c) => `/customers/${c.base._id}/login/enable`,
      denied: withoutCode,
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

  it('does not let the details form set what the settings tab (12) guards', async () => {
    const before = await snapshot();
    const r = await api('PUT', `/customers/${ctx.spare._id}`, sales, {
      firstName: 'Matrix',
      marketingConsent: true,
      version: ctx.spare.version,
    });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).fields).toEqual({ marketingConsent: '"marketingConsent" cannot be set here.' });
    expect(await snapshot()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('tenant isolation', () => {
  let harbor: Customer;
  let harborCompany: { _id: string };
  beforeAll(async () => {
    harborCompany = (await api('POST', '/companies', owner, { name: 'Isolated Harbor Account', type: 'trade' })).json();
    harbor = await newCustomer({
      firstName: 'Quillon',
      lastName: 'Harborside',
      company: harborCompany._id,
      emails: [{ email: 'quillon@harbor-only.example' }],
      phones: [{ number: '(603) 444-0177' }],
    });
  });

  it('answers the settings and store-login routes with 404 for another firm’s customer, and changes nothing', async () => {
    const casey = await demoCustomerWithLogin();
    const before = await snapshot();
    for (const target of [harbor, casey]) {
      const id = target._id;
      const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
        ['settings', 'PUT', `/customers/${id}/settings`, { marketingConsent: true, version: target.version }],
        ['invite', 'POST', `/customers/${id}/login/invite`],
        ['disable', 'POST', `/customers/${id}/login/disable`],
        ['enable', 'POST', `/customers/${id}/login/enable`],
        // Not the 409 that would say the customer has a store login.
        ['delete', 'DELETE', `/customers/${id}`],
      ];
      for (const [label, method, url, body] of attempts) {
        const r = await api(method, url, cedar, body);
        expect(r.statusCode, `${label} ${url}: ${r.body}`).toBe(404);
        expect(errorOf(r).message).toBe('This customer does not exist.');
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await api('GET', `/customers/${harbor._id}`, owner)).json()).toMatchObject({
      name: 'Quillon Harborside',
      version: 1,
    });
  });

  it('makes a bulk assign on another firm’s ids touch nothing', async () => {
    const before = await snapshot();
    const r = await api('POST', '/customers/bulk', cedar, { action: 'assign', ids: [harbor._id], assignee: null });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('never finds another firm’s customers by the list’s search, its filters or duplicates', async () => {
    expect((await list(owner, { q: 'quillon' })).total).toBe(1);
    expect(await list(cedar, { q: 'quillon' })).toEqual({ items: [], total: 0, next: null });
    expect((await list(cedar, { q: 'harbor-only.example' })).total).toBe(0);
    expect((await list(cedar, { q: '6034440177' })).total).toBe(0);
    expect(await list(cedar, { filter: { id: [harbor._id] } })).toEqual({ items: [], total: 0, next: null });
    expect(await list(cedar, { filter: { company: [harborCompany._id] } })).toEqual({
      items: [],
      total: 0,
      next: null,
    });

    const dupes = await api(
      'GET',
      '/customers/duplicates?name=Quillon%20Harborside&email=quillon@harbor-only.example',
      cedar,
    );
    expect(dupes.json()).toEqual([]);
  });

  it('refuses another firm’s account or user on a customer', async () => {
    const before = await snapshot(CEDAR_ROW_ID);
    const r = await api('POST', '/customers', cedar, {
      firstName: 'Poacher',
      company: harborCompany._id,
      assignedTo: samId,
    });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).fields).toEqual({ company: 'Choose an account from the list.' });
    const assignee = await api('POST', '/customers', cedar, { firstName: 'Poacher', assignedTo: samId });
    expect(assignee.statusCode).toBe(400);
    expect(errorOf(assignee).fields).toEqual({ assignedTo: 'Choose an active member of your firm.' });
    expect(await snapshot(CEDAR_ROW_ID)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------

describe('validation', () => {
  it('refuses a bad customer with a message per field, and creates nothing', async () => {
    const before = await snapshot();
    const r = await api('POST', '/customers', owner, {
      firstName: ' ',
      lastName: 'x'.repeat(81),
      company: 'acme',
      emails: [{ label: 'Work', email: 'not-an-email' }],
      phones: [{ label: 'Mobile', number: '' }],
      source: 'y'.repeat(61),
      notes: 'z'.repeat(10_001),
    });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).fields).toEqual({
      firstName: 'Enter a first name.',
      lastName: 'Use at most 80 characters.',
      company: 'Choose an account from the list.',
      'emails.0.email': 'Enter a valid email address.',
      'phones.0.number': 'Enter a phone number.',
      source: 'Use at most 60 characters.',
      notes: 'Use at most 10,000 characters.',
    });
    const unknownCompany = await api('POST', '/customers', owner, {
      firstName: 'Nobody',
      company: '019a0000-0000-7000-8000-00000000abcd',
    });
    expect(unknownCompany.statusCode).toBe(400);
    expect(errorOf(unknownCompany).fields).toEqual({ company: 'Choose an account from the list.' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad edits, settings and bulk bodies, and changes nothing', async () => {
    const c = await newCustomer({ firstName: 'Valid', lastName: 'Target' });
    const before = await snapshot();
    const edit = await api('PUT', `/customers/${c._id}`, owner, {
      firstName: '',
      phones: [{ number: 'phone' }],
      version: c.version,
    });
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).fields).toEqual({
      firstName: 'Enter a first name.',
      'phones.0.number': 'Enter a phone number like (207) 555-0134.',
    });
    const settings = await api('PUT', `/customers/${c._id}/settings`, owner, {
      marketingConsent: 'yes',
      version: c.version,
    });
    expect(settings.statusCode).toBe(400);
    expect(Object.keys(errorOf(settings).fields ?? {})).toEqual(['marketingConsent']);
    const missing = await api('PUT', `/customers/${c._id}/settings`, owner, { version: c.version });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(['marketingConsent']);
    const bulk = await api('POST', '/customers/bulk', owner, { action: 'archive', ids: ['x'] });
    expect(bulk.statusCode).toBe(400);
    expect(Object.keys(errorOf(bulk).fields ?? {})).toEqual(['ids.0']);
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/v1/customers',
      cookie: owner,
      body: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await api('GET', `/customers/${c._id}`, owner)).json()).toMatchObject({ name: 'Valid Target', version: 1 });
  });

  const cursorFor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
  const someId = '019a0000-0000-7000-8000-00000000abcd';
  it.each<[string, Query, string | RegExp, boolean?]>([
    ['an unknown sort', { sort: 'phone' }, 'sort'],
    ['an accounts-only sort', { sort: 'type' }, 'sort'],
    ['an unknown filter', { filter: { type: ['trade'] } }, 'filter.type'],
    ['a bad status', { filter: { status: ['gone'] } }, 'filter.status'],
    ['a bad consent', { filter: { consent: ['maybe'] } }, 'filter.consent'],
    ['a bad company', { filter: { company: ['acme'] } }, /^filter\./],
    ['a bad assignee', { filter: { assigned: ['sam'] } }, /^filter\./],
    ['a bad id', { filter: { id: ['42'] } }, /^filter\./],
    ['a negative limit', { limit: -5 }, 'limit'],
    ['a limit over 100', { limit: 500 }, 'limit'],
    ['a garbage cursor', { cursor: '%%%' }, 'cursor', false],
    ['a cursor of another sort', { sort: 'email', cursor: cursorFor(['a', someId, 'name']) }, 'cursor', false],
    [
      'a forged created cursor',
      { sort: '-created', cursor: cursorFor(['yesterday', someId, '-created']) },
      'cursor',
      false,
    ],
  ])('refuses %s with 400 naming the field', async (_label, query, field, exportToo = true) => {
    for (const path of exportToo ? ['/customers', '/customers/export'] : ['/customers']) {
      const r = await api('GET', listUrl(path, query), owner);
      expect(r.statusCode, `${path}: ${r.body}`).toBe(400);
      const fields = Object.keys(errorOf(r).fields ?? {});
      expect(fields).toHaveLength(1);
      if (typeof field === 'string') expect(fields[0]).toBe(field);
      else expect(fields[0]).toMatch(field);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('paging, sorting, filters and search', () => {
  beforeAll(async () => {
    await newCustomer({ firstName: 'aaron', lastName: 'lowercase', emails: [{ email: 'ZZ.last@example.com' }] });
    await newCustomer({ firstName: 'ZOE', lastName: 'UPPERCASE' });
    await newCustomer({
      firstName: 'Persephone',
      lastName: 'Quagmire',
      emails: [{ email: 'persephone@quagmire.example' }, { label: 'Work', email: 'pq@office-only.example' }],
      phones: [{ number: '(603) 555-0142' }, { label: 'Home', number: '+1 (802) 318-7766' }],
    });
  });

  async function walk(query: Query, limit: number) {
    const rows: Row[] = [];
    const totals = new Set<number | string>();
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      expect(page).toBeLessThan(200);
      const r = await list(owner, { ...query, limit, cursor });
      totals.add(r.total);
      rows.push(...r.items);
      if (!r.next) break;
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

  it.each<[string, (r: Row) => string | bigint, boolean, number]>([
    ['name', (r) => r.name.toLowerCase(), false, 23],
    ['-name', (r) => r.name.toLowerCase(), true, 40],
    ['email', (r) => r.email, false, 25],
    ['-email', (r) => r.email, true, 31],
    ['created', (r) => micros(r.createdAt), false, 50],
    ['-updated', (r) => micros(r.updatedAt), true, 50],
  ])('walks every active customer once with sort=%s in order', async (sort, key, desc, limit) => {
    const expected = await activeIds(HARBOR_PINE_ID);
    expect(expected.length).toBeGreaterThanOrEqual(250);
    const { rows, totals } = await walk({ sort }, limit);
    const ids = rows.map((r) => r._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(expected);
    expect(totals).toEqual([expected.length]);
    expect(ids).toEqual([...rows].sort(byKey(key, desc)).map((r) => r._id));
  });

  it('sorts names case-insensitively', async () => {
    const first = await list(owner, { sort: 'name', limit: 1 });
    expect(first.items[0]!.name).toBe('aaron lowercase');
    const last = await list(owner, { sort: '-name', limit: 1 });
    expect(last.items[0]!.name).toBe('ZOE UPPERCASE');
  });

  it('filters by account (or none), consent, source, tag and assignee consistently with the counts', async () => {
    const { rows } = await db.query(
      `SELECT company_id::text AS id, count(*)::int AS n FROM customers
       WHERE firm_id = $1 AND archived_at IS NULL AND company_id IS NOT NULL GROUP BY company_id ORDER BY n DESC LIMIT 1`,
      [HARBOR_PINE_ID],
    );
    const busiest = rows[0];
    const ofCompany = await list(owner, { filter: { company: [busiest.id] }, limit: 100 });
    expect(ofCompany.total).toBe(busiest.n);
    expect(ofCompany.items.every((r) => r.company?._id === busiest.id)).toBe(true);
    expect((await api('GET', `/companies/${busiest.id}`, owner)).json().contacts).toBe(busiest.n);

    const total = (await list(owner)).total as number;
    const none = await list(owner, { filter: { company: ['none'] }, limit: 100 });
    expect(none.items.every((r) => r.company === null)).toBe(true);
    const withAny = await db.query(
      'SELECT count(*)::int AS n FROM customers WHERE firm_id = $1 AND archived_at IS NULL AND company_id IS NOT NULL',
      [HARBOR_PINE_ID],
    );
    expect(none.total).toBe(total - withAny.rows[0].n);

    const yes = await list(owner, { filter: { consent: ['true'] }, limit: 100 });
    const no = await list(owner, { filter: { consent: ['false'] }, limit: 100 });
    expect(yes.items.every((r) => r.marketingConsent)).toBe(true);
    expect(no.items.every((r) => !r.marketingConsent)).toBe(true);
    expect((yes.total as number) + (no.total as number)).toBe(total);
    expect((await list(owner, { filter: { consent: ['true', 'false'] } })).total).toBe(total);

    const referrals = await list(owner, { filter: { source: ['Referral'] }, limit: 100 });
    expect(referrals.total).toBeGreaterThan(0);
    expect(referrals.items.every((r) => r.source === 'Referral')).toBe(true);
    const vip = await list(owner, { filter: { tag: ['VIP', 'Kitchen'] }, limit: 100 });
    expect(vip.items.every((r) => r.tags.includes('VIP') || r.tags.includes('Kitchen'))).toBe(true);
    const sams = await list(owner, { filter: { assigned: [samId] }, limit: 100 });
    expect(sams.items.every((r) => r.assignedTo?.name === 'Sam Reyes')).toBe(true);
  });

  it('searches names, every email and phone digits whatever the punctuation', async () => {
    const names = async (q: string) => (await list(owner, { q })).items.map((r) => r.name);
    expect(await names('persephone quag')).toEqual(['Persephone Quagmire']);
    expect(await names('QUAGMIRE.EXAMPLE')).toEqual(['Persephone Quagmire']);
    expect(await names('office-only')).toEqual(['Persephone Quagmire']);
    for (const phone of ['6035550142', '603-555-0142', '(603) 555 0142', '8023187766', '802.318.7766']) {
      expect(await names(phone), phone).toEqual(['Persephone Quagmire']);
    }
    const two = await list(owner, { q: 'pe', limit: 100 });
    expect(two.items.map((r) => r.name)).toContain('Persephone Quagmire');
    expect(two.items.every((r) => r.name.toLowerCase().startsWith('pe'))).toBe(true);

    // A demo customer, by the digits of their phone and by their email.
    const { rows } = await db.query(
      "SELECT id::text FROM customers WHERE firm_id = $1 AND archived_at IS NULL AND phones <> '[]' ORDER BY id LIMIT 1",
      [HARBOR_PINE_ID],
    );
    const demo = (await list(owner, { filter: { id: [rows[0].id] } })).items[0]!;
    const digits = demo.phone.replace(/\D/g, '');
    expect(digits.length).toBeGreaterThanOrEqual(10);
    expect((await list(owner, { q: digits, limit: 100 })).items.map((r) => r._id)).toContain(demo._id);
    expect((await list(owner, { q: demo.email, limit: 100 })).items.map((r) => r._id)).toContain(demo._id);
  });
});

// ---------------------------------------------------------------------------------------------

describe('create, edit, settings, store login, archive and delete', () => {
  it('creates a customer in an account, reads it back and lists it', async () => {
    const company = (await api('POST', '/companies', owner, { name: 'Customer Home Account', type: 'retail' })).json();
    const r = await api('POST', '/customers', sales, {
      firstName: ' Rosalind ',
      lastName: 'Ferris',
      company: company._id,
      emails: [{ label: 'Personal', email: 'Rosalind.Ferris@Example.com' }],
      phones: [{ label: 'Mobile', number: '(207) 555-0101' }],
      addresses: [{ kind: 'home', line1: '3 Elm Street', city: 'Falmouth' }],
      assignedTo: samId,
      source: 'Website',
      tags: ['Kitchen'],
    });
    expect(r.statusCode).toBe(201);
    const c = r.json();
    expect(c).toMatchObject({
      firstName: 'Rosalind',
      lastName: 'Ferris',
      name: 'Rosalind Ferris',
      company: { _id: company._id, name: 'Customer Home Account' },
      emails: [{ label: 'Personal', email: 'rosalind.ferris@example.com' }],
      assignedTo: { _id: samId, name: 'Sam Reyes' },
      marketingConsent: false,
      consentAt: null,
      login: 'none',
      version: 1,
      archived: false,
    });
    expect((await api('GET', `/customers/${c._id}`, sales)).json()).toEqual(c);
    expect((await list(sales, { filter: { id: [c._id] } })).items).toEqual([
      expect.objectContaining({
        name: 'Rosalind Ferris',
        email: 'rosalind.ferris@example.com',
        phone: '(207) 555-0101',
        city: 'Falmouth',
        company: { _id: company._id, name: 'Customer Home Account' },
      }),
    ]);
    expect((await api('GET', `/companies/${company._id}`, owner)).json().contacts).toBe(1);
    expect((await api('GET', '/customers/nope', sales)).statusCode).toBe(404);
  });

  it('answers a stale version with 409 naming who changed it, and keeps their change', async () => {
    const c = await newCustomer({ firstName: 'Stale', lastName: 'Original' });
    const bySam = await api('PUT', `/customers/${c._id}`, sales, { firstName: 'Stale', lastName: 'BySam', version: 1 });
    expect(bySam.statusCode).toBe(200);
    expect(bySam.json()).toMatchObject({ name: 'Stale BySam', version: 2, updatedBy: { name: 'Sam Reyes' } });
    const byOwner = await api('PUT', `/customers/${c._id}`, owner, {
      firstName: 'Stale',
      lastName: 'ByOlivia',
      version: 1,
    });
    expect(byOwner.statusCode).toBe(409);
    expect(errorOf(byOwner).message).toContain('Sam Reyes');
    expect(errorOf(byOwner).message).toMatch(/changed this customer/);
    const settings = await api('PUT', `/customers/${c._id}/settings`, owner, { marketingConsent: true, version: 1 });
    expect(settings.statusCode).toBe(409);
    expect(errorOf(settings).message).toContain('Sam Reyes');
    expect((await api('GET', `/customers/${c._id}`, owner)).json()).toMatchObject({
      name: 'Stale BySam',
      version: 2,
      marketingConsent: false,
    });
  });

  it('keeps the history of an edit as before → after', async () => {
    const company = (await api('POST', '/companies', owner, { name: 'History Account', type: 'trade' })).json();
    const c = await newCustomer({ firstName: 'Hilda', lastName: 'Before' });
    const edited = await api('PUT', `/customers/${c._id}`, sales, {
      firstName: 'Hilda',
      lastName: 'After',
      company: company._id,
      version: 1,
    });
    expect(edited.json()).toMatchObject({ name: 'Hilda After', company: { _id: company._id } });
    const page = (await api('GET', `/customers/${c._id}/logs`, sales)).json();
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      action: 'update',
      actor: { name: 'Sam Reyes' },
      // The history names the account rather than showing its id.
      changes: { lastName: { before: 'Before', after: 'After' }, company: { before: null, after: 'History Account' } },
    });
    expect(Object.keys(page.items[0].changes).sort()).toEqual(['company', 'lastName']);
  });

  it('records marketing consent with its date, keeping the first date, and clears it', async () => {
    const c = await newCustomer({ firstName: 'Consent', lastName: 'Giver' });
    const given = (
      await api('PUT', `/customers/${c._id}/settings`, owner, { marketingConsent: true, version: 1 })
    ).json();
    expect(given).toMatchObject({ marketingConsent: true, version: 2 });
    expect(Date.now() - Date.parse(given.consentAt)).toBeLessThan(60_000);
    const again = (
      await api('PUT', `/customers/${c._id}/settings`, owner, { marketingConsent: true, version: given.version })
    ).json();
    expect(again.consentAt).toBe(given.consentAt);
    expect((await list(owner, { filter: { id: [c._id], consent: ['true'] } })).total).toBe(1);
    const withdrawn = (
      await api('PUT', `/customers/${c._id}/settings`, owner, { marketingConsent: false, version: again.version })
    ).json();
    expect(withdrawn).toMatchObject({ marketingConsent: false, consentAt: null });
    expect((await list(owner, { filter: { id: [c._id], consent: ['true'] } })).total).toBe(0);
    const log = (await api('GET', `/customers/${c._id}/logs`, owner)).json().items[0];
    expect(log.changes).toEqual({ marketingConsent: { before: true, after: false } });
  });

  it('invites to the store (one live link at a time), disables and enables the login', async () => {
    const c = await newCustomer({
      firstName: 'Store',
      lastName: 'Shopper',
      emails: [{ email: 'store.shopper@example.com' }],
    });
    const invited = await api('POST', `/customers/${c._id}/login/invite`, owner);
    expect(invited.statusCode).toBe(200);
    expect(invited.json().login).toBe('invited');
    const { rows: outbox } = await db.query('SELECT subject FROM email_outbox WHERE to_address = $1', [
      'store.shopper@example.com',
    ]);
    expect(outbox).toHaveLength(1);

    expect((await api('POST', `/customers/${c._id}/login/invite`, owner)).json().login).toBe('invited');
    const { rows: live } = await db.query(
      `SELECT t.id FROM password_reset_tokens t JOIN customers c ON c.user_id = t.user_id
       WHERE c.id = $1 AND t.purpose = 'invitation' AND t.used_at IS NULL`,
      [c._id],
    );
    expect(live).toHaveLength(1);

    expect((await api('POST', `/customers/${c._id}/login/disable`, owner)).json().login).toBe('disabled');
    expect((await api('POST', `/customers/${c._id}/login/enable`, owner)).json().login).toBe('invited');
    const actions = (await api('GET', `/customers/${c._id}/logs`, owner))
      .json()
      .items.map((i: { action: string }) => i.action);
    expect(actions.slice(0, 4)).toEqual([
      'store-login-enable',
      'store-login-disable',
      'store-login-invite',
      'store-login-invite',
    ]);

    // Once the customer has a login, the record cannot be deleted.
    const refused = await api('DELETE', `/customers/${c._id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('Store Shopper has a store login. Archive the customer instead.');
  });

  it('explains what stops an invitation or a login change', async () => {
    const noEmail = await newCustomer({ firstName: 'No', lastName: 'Email' });
    const invite = await api('POST', `/customers/${noEmail._id}/login/invite`, owner);
    expect(invite.statusCode).toBe(400);
    expect(errorOf(invite).fields).toEqual({ emails: 'Add an email address first.' });
    const disable = await api('POST', `/customers/${noEmail._id}/login/disable`, owner);
    expect(disable.statusCode).toBe(409);
    expect(errorOf(disable).message).toBe('No Email has no store login.');

    const casey = await demoCustomerWithLogin();
    expect(casey.login).toBe('active');
    const already = await api('POST', `/customers/${casey._id}/login/invite`, owner);
    expect(already.statusCode).toBe(409);
    expect(errorOf(already).message).toBe('Casey Morgan already has a store login.');

    const twin = await newCustomer({ firstName: 'Casey', lastName: 'Twin', emails: [{ email: 'customer@demo.test' }] });
    const taken = await api('POST', `/customers/${twin._id}/login/invite`, owner);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({
      emails: 'customer@demo.test already has a store login with another customer record.',
    });
    expect((await api('GET', `/customers/${twin._id}`, owner)).json().login).toBe('none');
  });

  it('refuses to delete a customer with a store login, archives and restores instead', async () => {
    const casey = await demoCustomerWithLogin();
    const refused = await api('DELETE', `/customers/${casey._id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('Casey Morgan has a store login. Archive the customer instead.');
    expect((await api('GET', `/customers/${casey._id}`, owner)).statusCode).toBe(200);

    const archived = await api('POST', `/customers/${casey._id}/archive`, owner);
    expect(archived.json()).toMatchObject({ archived: true, version: casey.version + 1 });
    expect((await list(owner, { filter: { id: [casey._id] } })).total).toBe(0);
    expect((await list(owner, { filter: { id: [casey._id], status: ['archived'] } })).total).toBe(1);
    expect((await api('POST', `/customers/${casey._id}/restore`, owner)).json()).toMatchObject({ archived: false });
  });

  it('bulk-assigns, bulk-archives and bulk-restores selected customers', async () => {
    const a = await newCustomer({ firstName: 'Bulk', lastName: 'One' });
    const b = await newCustomer({ firstName: 'Bulk', lastName: 'Two' });
    const assign = await api('POST', '/customers/bulk', sales, {
      action: 'assign',
      ids: [a._id, b._id],
      assignee: samId,
    });
    expect(assign.json()).toEqual({ updated: 2 });
    expect((await list(sales, { filter: { id: [a._id, b._id], assigned: [samId] } })).total).toBe(2);

    expect((await api('POST', '/customers/bulk', owner, { action: 'archive', ids: [a._id, b._id] })).json()).toEqual({
      updated: 2,
    });
    expect((await list(owner, { filter: { id: [a._id, b._id] } })).total).toBe(0);
    expect((await api('POST', '/customers/bulk', owner, { action: 'restore', ids: [a._id, b._id] })).json()).toEqual({
      updated: 2,
    });
  });

  it('warns about likely duplicates by name, any email and phone', async () => {
    const c = await newCustomer({
      firstName: 'Thaddeus',
      lastName: 'Wren',
      emails: [{ email: 'thad@wren.example' }, { label: 'Work', email: 'twren@office.example' }],
      phones: [{ number: '(207) 555-8844' }],
    });
    const dupes = async (query: string) => (await api('GET', `/customers/duplicates?${query}`, sales)).json();
    expect(await dupes('name=thaddeus%20WREN')).toEqual([{ _id: c._id, name: 'Thaddeus Wren', reason: 'same name' }]);
    expect(await dupes('email=TWREN@office.example')).toEqual([
      { _id: c._id, name: 'Thaddeus Wren', reason: 'same email' },
    ]);
    expect(await dupes('phone=207-555-8844')).toEqual([{ _id: c._id, name: 'Thaddeus Wren', reason: 'same phone' }]);
    expect(await dupes(`name=Thaddeus%20Wren&exclude=${c._id}`)).toEqual([]);
    expect(await dupes('email=%25')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('CSV export', () => {
  it('streams the filtered list as CSV with a header row, neutralised formulas and quoting', async () => {
    const account = (await api('POST', '/companies', owner, { name: 'Birch, Fir & Co', type: 'trade' })).json();
    await newCustomer({ firstName: '@SUM(1+1)', lastName: 'Formula', emails: [{ email: 'f@csvcust.example' }] });
    await newCustomer({
      firstName: 'Lee',
      lastName: 'O"Neil, Jr.',
      company: account._id,
      emails: [{ email: 'l@csvcust.example' }],
      source: '=cmd',
      tags: ['VIP', 'Bath'],
    });
    const r = await api('GET', '/customers/export?format=csv&q=csvcust', owner);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = r.body.replace(/^\uFEFF/, '');
    expect(text.startsWith(`${CSV_HEADER.join(',')}\r\n`)).toBe(true);
    expect(text).toContain('"Lee O""Neil, Jr.","Birch, Fir & Co"');
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows[1]!.slice(0, 9)).toEqual(["'@SUM(1+1) Formula", '', 'f@csvcust.example', '', '', '', '', '', 'no']);
    expect(rows[2]!.slice(0, 9)).toEqual([
      'Lee O"Neil, Jr.',
      'Birch, Fir & Co',
      'l@csvcust.example',
      '',
      '',
      '',
      "'=cmd",
      'VIP; Bath',
      'no',
    ]);
    expect(rows[2]![11]).toBe('no');
  });

  it('exports every active customer without a filter, and honours the consent filter', async () => {
    const all = parseCsv((await api('GET', '/customers/export', owner)).body.replace(/^\uFEFF/, ''));
    expect(all.length - 1).toBe((await activeIds(HARBOR_PINE_ID)).length);
    const consenting = parseCsv(
      (await api('GET', '/customers/export?filter[consent][]=true', owner)).body.replace(/^\uFEFF/, ''),
    );
    expect(consenting.length - 1).toBe((await list(owner, { filter: { consent: ['true'] } })).total);
    expect(consenting.slice(1).every((row) => row[8] === 'yes')).toBe(true);
  });

  it('starts new customers consenting when the firm takes consent with their details (customer settings, 12)', async () => {
    const off = await api('POST', '/customers', owner, { firstName: 'Wren', lastName: 'Abbott' });
    expect(off.json().marketingConsent).toBe(false);
    expect((await api('PUT', '/settings/customerSettings', owner, { consentByDefault: true })).statusCode).toBe(200);
    const on = await api('POST', '/customers', owner, { firstName: 'Ines', lastName: 'Abbott' });
    expect(on.statusCode, on.body).toBe(201);
    expect(on.json().marketingConsent).toBe(true);
    // Editing a customer never touches their consent: only their settings tab does.
    const edited = await api('PUT', `/customers/${off.json()._id}`, owner, {
      firstName: 'Wren',
      lastName: 'Abbott-Lee',
      version: off.json().version,
    });
    expect(edited.json().marketingConsent).toBe(false);
    await api('PUT', '/settings/customerSettings', owner, { consentByDefault: false });
  });
});

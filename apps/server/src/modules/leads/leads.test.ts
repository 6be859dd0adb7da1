import { type Lead, type LeadRow, P, type SearchResult } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { explainAsApp, recordStatements } from '../../../test/statements';
import { inScope } from '../../db/tenancy';
import { reassignOpenRecords } from '../../platform/records/assignables';
import { createFirm } from '../firms/firms.service';
import { createRole, createUser } from '../users/users.service';
import { sendDueFollowUps } from './follow-ups';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Query = { q?: string; sort?: string; limit?: number; filter?: Record<string, string[]> };

let t: TestApp;
let owner: string; // super admin (100)
let sales: string; // 164, 8 and 13; not 165, 166, 39 or 88
let wes: string; // no 164
let cedar: string; // super admin of a firm without lead management
let other: string; // super admin of a third firm that has lead management
let leadsOnly: string; // 164 alone
let leadsAndCustomers: string; // 164 and 8, not 13
let samId: string;
let ownerId: string;
let db: pg.Client; // the owner role: looks past row-level security, for ground truth

const HARBOR_ORIGIN = 'https://harborandpine.example';

async function staffWith(email: string, codes: number[]) {
  await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
    const actor = { firmId: HARBOR_PINE_ID, userId: null };
    const role = await createRole(tx, actor, { name: `Role of ${email}`, codes });
    await createUser(tx, actor, {
      kind: 'staff',
      email,
      firstName: 'Test',
      password: 'demo-password',
      roleIds: [role.id],
    });
  });
  return signIn(t.app, email);
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  wes = await signIn(t.app, 'warehouse@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  leadsOnly = await staffWith('leads-only@demo.test', [P.MODIFY_LEADS]);
  leadsAndCustomers = await staffWith('leads-customers@demo.test', [P.MODIFY_LEADS, P.MODIFY_USERS]);
  await inScope(t.database.db, { firmId: null }, async (tx) => {
    const firm = await createFirm(tx, { name: 'Third Firm', features: ['lead_management'] });
    const actor = { firmId: firm.id, userId: null };
    const admin = await createRole(tx, actor, { name: 'Super admin', codes: [P.SUPER_ADMIN] });
    await createUser(tx, actor, {
      kind: 'staff',
      email: 'admin@third.test',
      firstName: 'Tia',
      password: 'demo-password',
      roleIds: [admin.id],
    });
  });
  other = await signIn(t.app, 'admin@third.test');
  samId = (await api('GET', '/auth/', sales)).json()._id;
  ownerId = (await api('GET', '/auth/', owner)).json()._id;
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: Method, url: string, cookie?: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}

function listUrl(query: Query = {}): string {
  const p = new URLSearchParams();
  if (query.q !== undefined) p.append('q', query.q);
  if (query.sort !== undefined) p.append('sort', query.sort);
  for (const [key, values] of Object.entries(query.filter ?? {}))
    for (const v of values) p.append(`filter[${key}][]`, v);
  p.append('limit', String(query.limit ?? 100));
  return `/leads?${p.toString()}`;
}

async function list(query: Query = {}, cookie = owner) {
  const r = await api('GET', listUrl(query), cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: LeadRow[]; total: number | string; next: string | null };
}

let seq = 0;
async function newLead(body: Record<string, unknown> = {}, cookie = owner): Promise<Lead> {
  const r = await api('POST', '/leads', cookie, { firstName: 'Test', lastName: `Lead ${++seq}`, ...body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

/** The lead's version as it is now. */
const versionOf = async (id: string): Promise<number> => (await api('GET', `/leads/${id}`, owner)).json().version;

/** A move on the board: made on the version given, or on the lead as it is now. */
async function move(lead: { _id: string }, body: Record<string, unknown>, cookie = owner) {
  return api('POST', `/leads/${lead._id}/status`, cookie, { version: await versionOf(lead._id), ...body });
}

const count = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0].n as number;
const leadCount = () => count('SELECT count(*)::int AS n FROM leads');

/** Today in a time zone as YYYY-MM-DD, shifted by whole days. */
const dayIn = (timeZone: string, offset = 0, from = Date.now()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(from + offset * 86_400_000));

describe('the demo pipeline', () => {
  it('gives Harbor & Pine leads at every stage, with history and search entries, and Cedar Row none', async () => {
    const { rows } = await db.query(
      'SELECT status, count(*)::int AS n FROM leads WHERE firm_id = $1 GROUP BY status ORDER BY status',
      [HARBOR_PINE_ID],
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, r.n]))).toMatchObject({
      new: expect.any(Number),
      contacted: expect.any(Number),
      qualified: expect.any(Number),
      proposal: expect.any(Number),
      won: expect.any(Number),
      lost: expect.any(Number),
    });
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(40);
    expect(await count("SELECT count(*)::int AS n FROM leads WHERE status = 'lost' AND lost_reason = ''")).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM search_entries WHERE entity_type = 'lead'")).toBeGreaterThan(39);
    expect(await count("SELECT count(*)::int AS n FROM interactions WHERE entity_type = 'lead'")).toBeGreaterThan(1);
    expect(await count('SELECT count(*)::int AS n FROM leads WHERE firm_id = $1', [CEDAR_ROW_ID])).toBe(0);
    expect((await list({ filter: { overdue: ['true'] } })).items.length).toBeGreaterThan(0);
  });
});

describe('pipeline totals', () => {
  it("gives each stage's exact count and value under the board's filters, and only in the caller's firm", async () => {
    const r = await api('GET', '/leads/pipeline', owner);
    expect(r.statusCode, r.body).toBe(200);
    const { rows } = await db.query(
      `SELECT status, count(*)::int AS n, coalesce(sum(estimated_value_cents), 0)::float8 AS v FROM leads
        WHERE firm_id = $1 AND archived_at IS NULL GROUP BY status`,
      [HARBOR_PINE_ID],
    );
    for (const s of r.json() as { stage: string; count: number; valueCents: number }[]) {
      const truth = rows.find((x) => x.status === s.stage);
      expect(s, s.stage).toEqual({ stage: s.stage, count: truth?.n ?? 0, valueCents: truth?.v ?? 0 });
    }
    const mine = await api('GET', `/leads/pipeline?filter[assigned][]=${samId}`, owner);
    const { rows: sams } = await db.query(
      'SELECT count(*)::int AS n FROM leads WHERE firm_id = $1 AND archived_at IS NULL AND assigned_to = $2',
      [HARBOR_PINE_ID, samId],
    );
    expect(mine.json().reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(sams[0].n);
    expect((await api('GET', '/leads/pipeline', wes)).statusCode).toBe(403);
    expect((await api('GET', '/leads/pipeline', cedar)).statusCode).toBe(403);
    const theirs = (await api('GET', '/leads/pipeline', other)).json() as { count: number }[];
    expect(theirs.reduce((n, s) => n + s.count, 0)).toBeLessThan(rows.reduce((n, x) => n + x.n, 0));
  });
});

describe('permissions', () => {
  const routes = () => t.app.routeRegistry.filter((r) => r.url.startsWith('/api/v1/leads') && r.method !== 'HEAD');

  // The standard routes' codes (164, 165, 39) and module are checked by the conformance suite.
  it('declares 164 on the board and conversion routes, 166 for the form, and nothing on the public form', () => {
    const code = (method: string, url: string) => {
      const route = routes().find((r) => r.method === method && r.url === `/api/v1${url}`);
      return route?.access.kind === 'permission' ? [route.access.code, route.access.feature] : route?.access.kind;
    };
    expect(code('POST', '/leads/:id/status')).toEqual([P.MODIFY_LEADS, 'lead_management']);
    expect(code('POST', '/leads/:id/convert')).toEqual([P.MODIFY_LEADS, 'lead_management']);
    expect(code('GET', '/leads/capture')).toEqual([P.LEAD_SETTINGS, 'lead_management']);
    expect(code('POST', '/leads/capture/regenerate')).toEqual([P.LEAD_SETTINGS, 'lead_management']);
    expect(code('POST', '/public/leads/:key')).toBeUndefined();
  });

  it('refuses every lead route to staff without the code, and names the module to a firm without it', async () => {
    const lead = await newLead();
    const gated = routes().filter((r) => r.access.kind === 'permission');
    expect(gated.length).toBeGreaterThan(15);
    for (const route of gated) {
      const url = route.url.replace(/:id/, lead._id).replace(/:\w+/g, '019a0000-0000-7000-8000-00000000abcd');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const refused = await call(t.app, { method: route.method as Method, url, cookie: wes, body });
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
      const off = await call(t.app, { method: route.method as Method, url, cookie: cedar, body });
      expect(off.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(errorOf(off)).toMatchObject({
        code: 'feature_disabled',
        message: expect.stringContaining('lead_management'),
      });
    }
    expect((await api('GET', `/leads/${lead._id}`, owner)).json().version).toBe(lead.version);
  });

  it('lets sales (164) work leads but not bulk-archive them (saying so) or see the form settings', async () => {
    const lead = await newLead({}, sales);
    expect((await api('GET', `/leads/${lead._id}`, sales)).statusCode).toBe(200);
    const bulk = await api('POST', '/leads/bulk', sales, { action: 'archive', ids: [lead._id] });
    expect(bulk.statusCode).toBe(403);
    expect(errorOf(bulk).message).toBe('You do not have permission to archive leads.');
    expect((await api('GET', '/leads/capture', sales)).statusCode).toBe(403);
    expect((await api('POST', '/leads/capture/regenerate', sales)).statusCode).toBe(403);
    expect(await count('SELECT count(*)::int AS n FROM leads WHERE id = $1 AND archived_at IS NULL', [lead._id])).toBe(
      1,
    );
  });

  it('needs 88 to say which ambassador referred a lead, as on customers', async () => {
    const partner = (await db.query('SELECT id FROM ambassadors WHERE firm_id = $1 LIMIT 1', [HARBOR_PINE_ID])).rows[0];
    const refused = await api('POST', '/leads', sales, { firstName: 'Ro', ambassador: partner.id });
    expect(refused.statusCode).toBe(403);
    const lead = await newLead({ ambassador: partner.id });
    expect(lead.ambassador?._id).toBe(partner.id);
    const kept = await api('PUT', `/leads/${lead._id}`, sales, {
      firstName: lead.firstName,
      lastName: lead.lastName,
      ambassador: partner.id,
      version: lead.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const del = await api('DELETE', `/ambassadors/${partner.id}`, owner);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).message).toMatch(/referred .*\d+ leads?\. Archive the ambassador instead\./);
  });
});

describe('with the module turned off', () => {
  it("a lead's files and follow-ups are out of reach too, and come back with the module", async () => {
    const lead = await newLead({ firstName: 'Gated' });
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/v1/leads/${lead._id}/files?name=plan.txt`,
      headers: { cookie: owner, 'content-type': 'text/plain' },
      payload: 'A plan.',
    });
    expect(file.statusCode, file.body).toBe(201);
    const talk = await api('POST', `/leads/${lead._id}/interactions`, owner, {
      kind: 'call',
      occurredAt: new Date().toISOString(),
      summary: 'Call back.',
      followUpOn: new Date().toISOString().slice(0, 10),
    });
    expect(talk.statusCode, talk.body).toBe(201);
    const followUps = async () =>
      ((await api('GET', '/interactions/follow-ups', owner)).json() as { href: string }[]).filter(
        (f) => f.href === `/u/leads/${lead._id}`,
      ).length;
    expect((await api('GET', `/files/${file.json()._id}`, owner)).statusCode).toBe(200);
    expect(await followUps()).toBe(1);

    await db.query("UPDATE firms SET features = array_remove(features, 'lead_management') WHERE id = $1", [
      HARBOR_PINE_ID,
    ]);
    try {
      expect((await api('GET', `/files/${file.json()._id}`, owner)).statusCode).toBe(404);
      expect(await followUps()).toBe(0);
    } finally {
      await db.query("UPDATE firms SET features = array_append(features, 'lead_management') WHERE id = $1", [
        HARBOR_PINE_ID,
      ]);
    }
    expect((await api('GET', `/files/${file.json()._id}`, owner)).statusCode).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('answers another firm’s lead with 404 on the status and convert routes, and changes nothing', async () => {
    const lead = await newLead({ email: 'isolated@mail.example' });
    const attempts: [Method, string, unknown][] = [
      ['POST', `/leads/${lead._id}/status`, { status: 'contacted', version: lead.version }],
      ['POST', `/leads/${lead._id}/convert`, { version: lead.version }],
    ];
    for (const [method, url, body] of attempts) {
      const r = await api(method, url, other, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await list({ q: 'isolated@mail.example' }, other)).items).toEqual([]);
    expect((await api('GET', '/leads/duplicates?email=isolated@mail.example', other)).json()).toEqual([]);
    const after = (await api('GET', `/leads/${lead._id}`, owner)).json();
    expect(after).toMatchObject({ firstName: 'Test', status: 'new', archived: false, version: lead.version });
  });
});

describe('create and edit', () => {
  it('creates a lead with its details and reads it back', async () => {
    const lead = await newLead({
      firstName: 'Marguerite',
      lastName: 'Osei',
      companyName: 'Osei Dental',
      email: 'marguerite@osei.example',
      phone: '(207) 555-0199',
      source: 'Referral',
      estimatedValueCents: 4_250_000,
      assignedTo: samId,
      nextFollowUp: '2099-01-15',
      tags: ['Kitchen'],
      notes: 'Wants walnut.',
    });
    expect(lead).toMatchObject({
      name: 'Marguerite Osei',
      companyName: 'Osei Dental',
      status: 'new',
      lostReason: '',
      source: 'Referral',
      estimatedValueCents: 4_250_000,
      assignedTo: { _id: samId, name: 'Sam Reyes' },
      nextFollowUp: '2099-01-15',
      overdue: false,
      message: '',
      convertedTo: null,
      version: 1,
    });
    const logs = (await api('GET', `/leads/${lead._id}/logs`, owner)).json().items;
    expect(logs[0]).toMatchObject({ action: 'create', changes: { assignedTo: { before: null, after: 'Sam Reyes' } } });
  });

  it('refuses bad details with a message per field, and creates nothing', async () => {
    const before = await leadCount();
    const bad = await api('POST', '/leads', owner, {
      firstName: '',
      email: 'nope',
      phone: 'x',
      estimatedValueCents: -5,
      nextFollowUp: '2026-13-45',
      assignedTo: 'someone',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      firstName: 'Enter a first name.',
      estimatedValueCents: 'Use 0 or more.',
      nextFollowUp: 'Enter a date.',
      assignedTo: 'Choose someone from the list.',
    });
    expect(errorOf(bad).fields).toHaveProperty('email');
    expect(errorOf(bad).fields).toHaveProperty('phone');
    const source = await api('POST', '/leads', owner, { firstName: 'Al', source: 'Carrier pigeon' });
    expect(source.statusCode).toBe(400);
    expect(errorOf(source).fields?.source).toMatch(/^Choose one of your lead sources: Website, Referral/);
    const status = await api('POST', '/leads', owner, { firstName: 'Al', status: 'won' });
    expect(errorOf(status).fields?.status).toBe('"status" cannot be set here.');
    const foreign = (await db.query("SELECT id FROM users WHERE email = 'admin@third.test'")).rows[0].id;
    const stranger = await api('POST', '/leads', owner, { firstName: 'Al', assignedTo: foreign });
    expect(errorOf(stranger).fields?.assignedTo).toBe('Choose an active member of your firm.');
    expect(await leadCount()).toBe(before);
  });

  it('edits details (not the status) with a version check, keeping history by name', async () => {
    const lead = await newLead({ source: 'Website' });
    const edited = await api('PUT', `/leads/${lead._id}`, sales, {
      firstName: 'Renamed',
      source: 'Trade show',
      assignedTo: samId,
      version: lead.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Renamed', source: 'Trade show', version: 2 });
    const stale = await api('PUT', `/leads/${lead._id}`, owner, { firstName: 'Late', version: lead.version });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toMatch(/^Sam Reyes changed this lead at .* since you opened it\./);
    const withStatus = await api('PUT', `/leads/${lead._id}`, owner, { firstName: 'X', status: 'won', version: 2 });
    expect(errorOf(withStatus).fields?.status).toBe('"status" cannot be set here.');
    const logs = (await api('GET', `/leads/${lead._id}/logs`, owner)).json().items;
    expect(logs[0].changes).toMatchObject({
      firstName: { before: 'Test', after: 'Renamed' },
      assignedTo: { before: null, after: 'Sam Reyes' },
    });
    expect((await api('GET', `/leads/${lead._id}`, owner)).json().name).toBe('Renamed');
  });

  it('keeps a source the firm has since dropped, but does not let a new one in', async () => {
    const lead = await newLead({ source: 'Social media' });
    const saved = await api('PUT', '/settings/leadSettings', owner, { sources: ['Website', 'Referral'] });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const kept = await api('PUT', `/leads/${lead._id}`, owner, {
        firstName: 'Kept',
        source: 'Social media',
        version: lead.version,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const dropped = await api('POST', '/leads', owner, { firstName: 'New', source: 'Social media' });
      expect(errorOf(dropped).fields?.source).toBe('Choose one of your lead sources: Website, Referral.');
    } finally {
      await api('PUT', '/settings/leadSettings', owner, {
        sources: ['Website', 'Referral', 'Showroom visit', 'Trade show', 'Social media'],
      });
    }
  });
});

describe('the pipeline', () => {
  it('moves a lead along the board with a version check', async () => {
    const lead = await newLead();
    const moved = await move(lead, { status: 'contacted', version: lead.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'contacted', version: 2 });
    const stale = await move(lead, { status: 'qualified', version: lead.version });
    expect(stale.statusCode).toBe(409);
    expect((await api('GET', `/leads/${lead._id}`, owner)).json().status).toBe('contacted');
    const logs = (await api('GET', `/leads/${lead._id}/logs`, owner)).json().items;
    expect(logs[0].changes).toMatchObject({ status: { before: 'new', after: 'contacted' } });
    const bad = await move(lead, { status: 'maybe' });
    expect(errorOf(bad).fields?.status).toBe('Choose a status.');
  });

  it('needs one of the firm’s lost reasons to lose a lead, and clears it when reopened', async () => {
    const lead = await newLead();
    const none = await move(lead, { status: 'lost' });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).fields?.lostReason).toBe('Choose why the lead was lost.');
    const unknown = await move(lead, { status: 'lost', lostReason: 'Aliens' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields?.lostReason).toBe(
      'Choose one of your lost reasons: Price, Timing, Chose a competitor, No response.',
    );
    expect((await api('GET', `/leads/${lead._id}`, owner)).json()).toMatchObject({ status: 'new', version: 1 });
    const lost = await move(lead, { status: 'lost', lostReason: 'Timing' });
    expect(lost.json()).toMatchObject({ status: 'lost', lostReason: 'Timing' });
    const reopened = await move(lead, { status: 'qualified', lostReason: 'Timing' });
    expect(reopened.json()).toMatchObject({ status: 'qualified', lostReason: '' });
  });

  it('lists, sorts, filters by stage, assignee, source and tag, and searches', async () => {
    const a = await newLead({
      firstName: 'Zephyrine',
      lastName: 'Aldaine',
      email: 'zephyrine@aldaine.example',
      phone: '+1 (207) 555-8123',
      source: 'Trade show',
      estimatedValueCents: 99_999_999_00,
      assignedTo: samId,
      tags: ['Zeta'],
    });
    const b = await newLead({ firstName: 'Zephyrine', lastName: 'Brook', estimatedValueCents: 1, tags: ['Zeta'] });
    await move(b, { status: 'proposal' });
    const byValue = await list({ sort: '-value', limit: 1 });
    expect(byValue.items[0]!._id).toBe(a._id);
    const tagged = await list({ filter: { tag: ['Zeta'] }, sort: 'name' });
    expect(tagged.items.map((r) => r._id)).toEqual([a._id, b._id]);
    expect(tagged.total).toBe(2);
    const proposals = await list({ filter: { tag: ['Zeta'], stage: ['proposal'] } });
    expect(proposals.items.map((r) => r._id)).toEqual([b._id]);
    expect((await list({ filter: { stage: ['proposal'] } })).items.every((r) => r.status === 'proposal')).toBe(true);
    const mine = await list({ filter: { tag: ['Zeta'], assigned: [samId] } });
    expect(mine.items.map((r) => r._id)).toEqual([a._id]);
    expect((await list({ filter: { tag: ['Zeta'], assigned: ['none'] } })).items.map((r) => r._id)).toEqual([b._id]);
    expect((await list({ filter: { tag: ['Zeta'], source: ['Trade show'] } })).items.map((r) => r._id)).toEqual([
      a._id,
    ]);
    for (const q of ['aldaine', 'zephyrine@aldaine', '2075558123', '555-8123', 'ze'])
      expect(
        (await list({ q })).items.map((r) => r._id),
        q,
      ).toContain(a._id);
    const bad = await api('GET', '/leads?filter[stage][]=maybe', owner);
    expect(errorOf(bad).fields?.['filter.stage']).toMatch(/^Choose from: new, contacted/);
    const sort = await api('GET', '/leads?sort=colour', owner);
    expect(errorOf(sort).fields?.sort).toBe('Sort by name, value, followUp, created, updated.');
  });

  it('pages through the follow-up sort, leads without a date last', async () => {
    const seen: LeadRow[] = [];
    let cursor: string | null = null;
    do {
      const r = await api('GET', `/leads?sort=followUp&limit=7${cursor ? `&cursor=${cursor}` : ''}`, owner);
      expect(r.statusCode, r.body).toBe(200);
      seen.push(...r.json().items);
      cursor = r.json().next;
    } while (cursor);
    expect(seen.length).toBe((await list()).total);
    const dates = seen.map((r) => r.nextFollowUp ?? '9999-12-31');
    expect(dates).toEqual([...dates].sort());
    expect(new Set(seen.map((r) => r._id)).size).toBe(seen.length);
  });

  it('marks open leads past their follow-up day (in the firm’s time zone) as overdue, and filters them', async () => {
    const yesterday = dayIn('America/New_York', -1);
    const late = await newLead({ nextFollowUp: yesterday, tags: ['Overdue test'] });
    const today = await newLead({ nextFollowUp: dayIn('America/New_York'), tags: ['Overdue test'] });
    const closed = await newLead({ nextFollowUp: yesterday, tags: ['Overdue test'] });
    await move(closed, { status: 'won' });
    expect(late.overdue).toBe(true);
    expect(today.overdue).toBe(false);
    const rows = (await list({ filter: { tag: ['Overdue test'] } })).items;
    expect(Object.fromEntries(rows.map((r) => [r._id, r.overdue]))).toEqual({
      [late._id]: true,
      [today._id]: false,
      [closed._id]: false,
    });
    const overdue = await list({ filter: { tag: ['Overdue test'], overdue: ['true'] } });
    expect(overdue.items.map((r) => r._id)).toEqual([late._id]);
    const onTime = await list({ filter: { tag: ['Overdue test'], overdue: ['false'] } });
    expect(onTime.items.map((r) => r._id).sort()).toEqual([today._id, closed._id].sort());
    const every = await list({ filter: { overdue: ['true'] } });
    expect(every.items.every((r) => r.overdue && r.nextFollowUp! < dayIn('America/New_York'))).toBe(true);
    expect(errorOf(await api('GET', '/leads?filter[overdue][]=maybe', owner)).fields?.['filter.overdue']).toBe(
      'Use true or false.',
    );
  });

  it('bulk-assigns and archives, and warns about duplicates', async () => {
    const a = await newLead({ email: 'twin@mail.example', phone: '207-555-7777' });
    const b = await newLead();
    const assigned = await api('POST', '/leads/bulk', sales, {
      action: 'assign',
      ids: [a._id, b._id],
      assignee: samId,
    });
    expect(assigned.json()).toEqual({ updated: 2 });
    expect((await api('GET', `/leads/${b._id}`, owner)).json().assignedTo._id).toBe(samId);
    const archived = await api('POST', '/leads/bulk', owner, { action: 'archive', ids: [b._id] });
    expect(archived.json()).toEqual({ updated: 1 });
    expect((await list({ filter: { id: [b._id] } })).items).toEqual([]);
    expect((await list({ filter: { id: [b._id], status: ['archived'] } })).items).toHaveLength(1);

    const dupes = await api('GET', '/leads/duplicates?email=TWIN@mail.example&phone=(207) 555 7777', owner);
    expect(dupes.json()).toEqual([{ _id: a._id, name: a.name, reason: 'same email, same phone' }]);
  });

  it('exports the filtered list as CSV (39)', async () => {
    await newLead({ firstName: '=cmd', lastName: 'Export', estimatedValueCents: 123_456, tags: ['CSV'] });
    const r = await api('GET', '/leads/export?filter[tag][]=CSV', owner);
    expect(r.statusCode, r.body).toBe(200);
    const [header, row] = r.body.trim().split(/\r?\n/);
    // The list's columns, in its order and under its labels (the stage as the list shows it).
    expect(header).toBe(
      'Name,Company,Stage,Value,Assigned to,Next follow-up,Overdue,Source,Email,Phone,Tags,Created,Updated,Archived',
    );
    expect(row).toMatch(/^'=cmd Export,,New,1234\.56,,,no,,,,CSV,/);
  });
});

describe('list plans under row-level security (decision 0006)', () => {
  async function planOf(url: string) {
    const statements = await recordStatements(async () => {
      const response = await api('GET', url, owner);
      expect(response.statusCode, response.body).toBe(200);
    });
    const page = statements.find((s) => s.text.includes('AS sort') && s.text.includes('FROM "leads"'));
    if (!page) throw new Error(`no list statement for ${url}`);
    // Fresh statistics, not whatever autovacuum last gathered: the plan must not depend on its timing.
    await db.query('ANALYZE leads');
    return explainAsApp(t.ownerUrl, HARBOR_PINE_ID, page, { indexesOnly: true });
  }

  it('pages by value and by follow-up date on their (firm, key, id) indexes', async () => {
    for (const [sort, index, key] of [
      ['-value', 'leads_value_idx', 'estimated_value_cents'],
      ['followUp', 'leads_follow_up_idx', 'follow_up_key'],
    ]) {
      const first = (await api('GET', `/leads?limit=3&sort=${sort}`, owner)).json();
      const plan = await planOf(`/leads?limit=3&sort=${sort}&cursor=${first.next}`);
      expect(plan, sort).toMatch(new RegExp(`${index}[\\s\\S]*Index Cond: .*ROW\\(${key}, id\\) [<>] ROW\\(`));
    }
  });

  it('pages a board column (one stage) on the stage indexes', async () => {
    for (const [query, index, key] of [
      ['sort=followUp&filter[stage][]=new', 'leads_stage_follow_up_idx', 'follow_up_key'],
      ['sort=-updated&filter[stage][]=won', 'leads_stage_updated_idx', 'updated_at'],
    ]) {
      const first = (await api('GET', `/leads?limit=2&${query}`, owner)).json();
      expect(first.next, query).not.toBeNull();
      const plan = await planOf(`/leads?limit=2&${query}&cursor=${first.next}`);
      expect(plan, query).toMatch(
        new RegExp(`${index}[\\s\\S]*Index Cond: .*status = .*ROW\\(${key}, id\\) [<>] ROW\\(`),
      );
    }
  });

  it('finds overdue leads by a range on the follow-up key, not a filter over the firm', async () => {
    const plan = await planOf('/leads?sort=followUp&filter[overdue][]=true');
    // Either follow-up index will do (all of them, or the open stages'): the range is in the index condition.
    expect(plan).toMatch(/leads_(stage_)?follow_up_idx[\s\S]*Index Cond: .*follow_up_key < /);
  });
});

describe('conversion to a customer', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

  it('makes a customer and an account, keeping the lead’s interactions and files, and refuses a second time', async () => {
    const partner = (await db.query('SELECT id FROM ambassadors WHERE firm_id = $1 LIMIT 1', [HARBOR_PINE_ID])).rows[0];
    const lead = await newLead({
      firstName: 'Cordelia',
      lastName: 'Vance',
      companyName: 'Vance Architects',
      email: 'cordelia@vance.example',
      phone: '(207) 555-0142',
      source: 'Referral',
      assignedTo: samId,
      ambassador: partner.id,
      notes: 'Two-storey extension.',
    });
    const talk = await api('POST', `/leads/${lead._id}/interactions`, sales, {
      kind: 'call',
      occurredAt: new Date().toISOString(),
      summary: 'Discussed the extension budget.',
    });
    expect(talk.statusCode).toBe(201);
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/v1/leads/${lead._id}/files?name=brief.pdf`,
      headers: { cookie: sales, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(file.statusCode, file.body).toBe(201);

    // Sales (164, 8, 13) converts, carrying over the referral they could not have set (88).
    const r = await api('POST', `/leads/${lead._id}/convert`, sales, { createAccount: true, version: 1 });
    expect(r.statusCode, r.body).toBe(200);
    const { customer, company } = r.json();
    expect(customer.name).toBe('Cordelia Vance');
    expect(company.name).toBe('Vance Architects');

    const made = (await api('GET', `/customers/${customer._id}`, owner)).json();
    expect(made).toMatchObject({
      company: { _id: company._id, name: 'Vance Architects' },
      ambassador: { _id: partner.id },
      emails: [{ email: 'cordelia@vance.example' }],
      phones: [{ number: '(207) 555-0142' }],
      assignedTo: { _id: samId },
      source: 'Referral',
      notes: 'Two-storey extension.',
    });
    const talks = (await api('GET', `/customers/${customer._id}/interactions`, owner)).json();
    expect(talks.map((i: { _id: string }) => i._id)).toEqual([talk.json()._id]);
    const files = (await api('GET', `/customers/${customer._id}/files`, owner)).json();
    expect(files.map((f: { name: string }) => f.name)).toEqual(['brief.pdf']);
    expect((await api('GET', `/leads/${lead._id}/interactions`, owner)).json()).toEqual([]);

    const after = (await api('GET', `/leads/${lead._id}`, owner)).json();
    expect(after).toMatchObject({ status: 'won', convertedTo: { customer, company } });
    expect((await api('GET', `/customers/${customer._id}/logs`, owner)).json().items[0].action).toBe('create');
    const logs = (await api('GET', `/leads/${lead._id}/logs`, owner)).json().items;
    expect(logs[0]).toMatchObject({
      action: 'convert',
      changes: { status: { after: 'won' }, customer: { after: 'Cordelia Vance' } },
    });

    const customers = await count('SELECT count(*)::int AS n FROM customers');
    const again = await api('POST', `/leads/${lead._id}/convert`, owner, {
      createAccount: true,
      version: await versionOf(lead._id),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Cordelia Vance was already converted to the customer Cordelia Vance.');
    const reopen = await move(lead, { status: 'new' });
    expect(reopen.statusCode).toBe(409);
    expect(errorOf(reopen).message).toBe('Cordelia Vance became a customer, so the lead stays won.');
    const del = await api('DELETE', `/leads/${lead._id}`, owner);
    expect(del.statusCode).toBe(409);
    expect(await count('SELECT count(*)::int AS n FROM customers')).toBe(customers);
  });

  it('makes only a customer without an account asked for or named, and keeps the website message', async () => {
    const lead = await newLead({ firstName: 'Solo', email: 'solo@mail.example' });
    await db.query("UPDATE leads SET message = 'Please call after 5.' WHERE id = $1", [lead._id]);
    const r = await api('POST', `/leads/${lead._id}/convert`, leadsAndCustomers, {
      createAccount: true,
      version: lead.version,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().company).toBeNull();
    const made = (await api('GET', `/customers/${r.json().customer._id}`, owner)).json();
    expect(made).toMatchObject({ company: null, notes: 'From the website form:\nPlease call after 5.' });
  });

  it('needs 8 to convert, and 13 to make the account; a refusal changes nothing', async () => {
    const lead = await newLead({ companyName: 'Refused Co' });
    const before = [
      await count('SELECT count(*)::int AS n FROM customers'),
      await count('SELECT count(*)::int AS n FROM companies'),
    ];
    const no8 = await api('POST', `/leads/${lead._id}/convert`, leadsOnly, { version: lead.version });
    expect(no8.statusCode).toBe(403);
    expect(errorOf(no8).message).toMatch(/permission to create customers/);
    const no13 = await api('POST', `/leads/${lead._id}/convert`, leadsAndCustomers, {
      createAccount: true,
      version: lead.version,
    });
    expect(no13.statusCode).toBe(403);
    expect(errorOf(no13).message).toBe('You do not have permission to create accounts. Convert without an account.');
    const stale = await api('POST', `/leads/${lead._id}/convert`, owner, { version: 99 });
    expect(stale.statusCode).toBe(409);
    expect([
      await count('SELECT count(*)::int AS n FROM customers'),
      await count('SELECT count(*)::int AS n FROM companies'),
    ]).toEqual(before);
    expect((await api('GET', `/leads/${lead._id}`, owner)).json()).toMatchObject({ status: 'new', convertedTo: null });
  });
});

describe('follow-up reminders', () => {
  const reminders = (leadId: string) =>
    count("SELECT count(*)::int AS n FROM notifications WHERE link = $1 AND message LIKE 'Follow up with %'", [
      `/u/leads/${leadId}`,
    ]);

  it('tells the assignee on the day (in the firm’s time zone), once per date, only for open leads', async () => {
    // 02:00 UTC on the 15th is still the 14th in New York.
    const now = new Date('2031-06-15T02:00:00Z');
    const due = await newLead({ firstName: 'Due', lastName: 'Today', nextFollowUp: '2031-06-14', assignedTo: samId });
    const utcDay = await newLead({ nextFollowUp: '2031-06-15', assignedTo: samId });
    const lost = await newLead({ nextFollowUp: '2031-06-14', assignedTo: samId });
    await move(lost, { status: 'lost', lostReason: 'Price' });
    const archived = await newLead({ nextFollowUp: '2031-06-14', assignedTo: samId });
    await api('POST', `/leads/${archived._id}/archive`, owner);
    const nobody = await newLead({ nextFollowUp: '2031-06-14' });

    expect(await sendDueFollowUps(t.database.db, now)).toBe(1);
    expect(await reminders(due._id)).toBe(1);
    for (const other of [utcDay, lost, archived, nobody]) expect(await reminders(other._id)).toBe(0);
    const { rows } = await db.query('SELECT user_id, message FROM notifications WHERE link = $1', [
      `/u/leads/${due._id}`,
    ]);
    expect(rows).toEqual([{ user_id: samId, message: 'Follow up with Due Today today' }]);
    // The reminder is bookkeeping: the lead's version (and anyone's open form) stays as it was.
    expect((await api('GET', `/leads/${due._id}`, owner)).json().version).toBe(due.version);

    expect(await sendDueFollowUps(t.database.db, new Date('2031-06-15T03:00:00Z'))).toBe(0);
    expect(await reminders(due._id)).toBe(1);

    // A new date is a new reminder, on that day.
    const moved = await api('PUT', `/leads/${due._id}`, owner, {
      firstName: 'Due',
      lastName: 'Today',
      nextFollowUp: '2031-06-20',
      assignedTo: samId,
      version: await versionOf(due._id),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sendDueFollowUps(t.database.db, new Date('2031-06-20T15:00:00Z'))).toBe(1);
    expect(await reminders(due._id)).toBe(2);
  });

  it('reminds a new assignee even when the last one was told, and never someone deactivated', async () => {
    const lead = await newLead({
      firstName: 'Handed',
      lastName: 'Over',
      nextFollowUp: '2031-08-01',
      assignedTo: samId,
    });
    expect(await sendDueFollowUps(t.database.db, new Date('2031-08-01T15:00:00Z'))).toBe(1);
    const bulk = await api('POST', '/leads/bulk', owner, { action: 'assign', ids: [lead._id], assignee: ownerId });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await sendDueFollowUps(t.database.db, new Date('2031-08-01T16:00:00Z'))).toBe(1);
    const { rows } = await db.query('SELECT user_id FROM notifications WHERE link = $1 ORDER BY created_at', [
      `/u/leads/${lead._id}`,
    ]);
    expect(rows.map((r) => r.user_id)).toEqual([samId, ownerId]);

    const later = await newLead({ nextFollowUp: '2031-08-02', assignedTo: samId });
    await db.query('UPDATE users SET active = false WHERE id = $1', [samId]);
    try {
      expect(await sendDueFollowUps(t.database.db, new Date('2031-08-02T15:00:00Z'))).toBe(0);
    } finally {
      await db.query('UPDATE users SET active = true WHERE id = $1', [samId]);
    }
    expect(await sendDueFollowUps(t.database.db, new Date('2031-08-02T15:30:00Z'))).toBe(1);
    expect(later.assignedTo?._id).toBe(samId);
  });

  it('leaves firms without lead management alone', async () => {
    await db.query(
      `INSERT INTO leads (firm_id, first_name, next_follow_up, assigned_to)
       SELECT $1, 'Cedar', '2031-07-01', id FROM users WHERE email = 'owner@cedar.test'`,
      [CEDAR_ROW_ID],
    );
    expect(await sendDueFollowUps(t.database.db, new Date('2031-07-01T17:00:00Z'))).toBe(0);
    await db.query("DELETE FROM leads WHERE first_name = 'Cedar'");
  });
});

describe('the website form', () => {
  let key: string;
  const post = (body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.1', k = key) =>
    call(t.app, { method: 'POST', url: `/api/v1/public/leads/${k}`, body, headers, ip });

  beforeAll(async () => {
    const r = await api('GET', '/leads/capture', owner);
    expect(r.statusCode, r.body).toBe(200);
    key = r.json().key;
  });

  it('gives the firm one form address with a random key (166), and a new one on demand', async () => {
    const first = (await api('GET', '/leads/capture', owner)).json();
    expect(first).toEqual({
      key,
      endpoint: `http://atelier.test/api/v1/public/leads/${key}`,
      allowedOrigin: HARBOR_ORIGIN,
    });
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const mine = (await api('GET', '/leads/capture', other)).json();
    expect(mine.key).not.toBe(key);
    expect(mine.allowedOrigin).toBeNull();
    const renewed = await api('POST', '/leads/capture/regenerate', owner);
    expect(renewed.json().key).not.toBe(key);
    expect((await post({ firstName: 'Old' }, {}, '203.0.113.9')).statusCode).toBe(404);
    key = renewed.json().key;
  });

  it('creates a lead from the firm’s website, assigned to the web-lead assignee, who is notified', async () => {
    await api('PUT', '/settings/leadSettings', owner, { webLeadAssignee: samId });
    const before = await count('SELECT count(*)::int AS n FROM leads');
    const r = await post(
      {
        firstName: 'Winifred',
        lastName: 'Ashdown',
        email: 'winifred@mail.example',
        phone: '(207) 555-0101',
        companyName: '',
        message: 'A new kitchen before summer, please.',
        website: '',
      },
      { origin: HARBOR_ORIGIN, cookie: owner },
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual({ received: true });
    expect(r.headers['access-control-allow-origin']).toBe(HARBOR_ORIGIN);
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(await count('SELECT count(*)::int AS n FROM leads')).toBe(before + 1);
    const { rows } = await db.query(
      "SELECT id, status, source, message, assigned_to, created_by FROM leads WHERE email = 'winifred@mail.example'",
    );
    expect(rows[0]).toMatchObject({
      status: 'new',
      source: 'Website',
      message: 'A new kitchen before summer, please.',
      assigned_to: samId,
      // The signed-in owner's cookie rode along; the form ignored it.
      created_by: null,
    });
    const audit = await db.query("SELECT actor_id FROM audit_log WHERE entity_id = $1 AND action = 'create'", [
      rows[0].id,
    ]);
    expect(audit.rows).toEqual([{ actor_id: null }]);
    const note = await db.query('SELECT user_id, message FROM notifications WHERE link = $1', [
      `/u/leads/${rows[0].id}`,
    ]);
    expect(note.rows).toEqual([{ user_id: samId, message: 'New web lead: Winifred Ashdown' }]);
    // Only the form is open to the firm's website: the rest of the API still refuses it.
    const riding = await call(t.app, {
      method: 'POST',
      url: '/api/v1/leads',
      cookie: owner,
      body: { firstName: 'Forged' },
      headers: { origin: HARBOR_ORIGIN },
    });
    expect(riding.statusCode).toBe(403);
    expect(errorOf(riding).message).toBe('This request came from another site and was refused.');
    const found = await api('GET', '/search?q=winifred&type=lead', sales);
    expect(found.json().items.map((i: SearchResult) => i._id)).toEqual([rows[0].id]);
  });

  it('takes a server’s post without an Origin, and leaves the source empty when the firm has no "Website"', async () => {
    await api('PUT', '/settings/leadSettings', owner, { sources: ['Referral'] });
    try {
      const r = await post({ firstName: 'Server', lastName: 'Sent', email: 'server@mail.example' }, {}, '203.0.113.2');
      expect(r.statusCode, r.body).toBe(201);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
      const { rows } = await db.query("SELECT source FROM leads WHERE email = 'server@mail.example'");
      expect(rows).toEqual([{ source: '' }]);
    } finally {
      await api('PUT', '/settings/leadSettings', owner, {
        sources: ['Website', 'Referral', 'Showroom visit', 'Trade show', 'Social media'],
      });
    }
  });

  it('answers a browser on another site without CORS headers, and creates nothing', async () => {
    const before = await leadCount();
    const r = await post({ firstName: 'Mallory' }, { origin: 'https://evil.example' }, '203.0.113.3');
    expect(r.statusCode).toBe(403);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    const lookalike = await post({ firstName: 'Mallory' }, { origin: `${HARBOR_ORIGIN}.evil.example` }, '203.0.113.3');
    expect(lookalike.statusCode).toBe(403);
    expect(await leadCount()).toBe(before);
  });

  it('answers the preflight for the firm’s website only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: `/api/v1/public/leads/${key}`,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const ok = await preflight(HARBOR_ORIGIN);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': HARBOR_ORIGIN,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'Content-Type',
    });
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    expect(ok.headers['set-cookie']).toBeUndefined();
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('answers a filled honeypot exactly like success, and keeps nothing', async () => {
    const before = await leadCount();
    const r = await post(
      { firstName: 'Bot', website: 'http://spam.example' },
      { origin: HARBOR_ORIGIN },
      '203.0.113.4',
    );
    expect(r.statusCode).toBe(201);
    expect(r.json()).toEqual({ received: true });
    expect(r.headers['access-control-allow-origin']).toBe(HARBOR_ORIGIN);
    expect(await leadCount()).toBe(before);
  });

  it('refuses bad enquiries per field (readable by the form), unknown keys and firms without the module', async () => {
    const before = await leadCount();
    const bad = await post({ firstName: '', email: 'nope', extra: 1 }, { origin: HARBOR_ORIGIN }, '203.0.113.5');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe(HARBOR_ORIGIN);
    expect(errorOf(bad).fields).toMatchObject({
      firstName: 'Enter your first name.',
      extra: '"extra" cannot be set here.',
    });
    expect(errorOf(bad).fields).toHaveProperty('email');
    const unknown = await post({ firstName: 'Ann' }, {}, '203.0.113.5', 'no-such-key');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('This form address is not valid. Ask the firm for its current one.');
    await db.query("INSERT INTO lead_capture_keys (firm_id, key) VALUES ($1, 'cedar-key-for-test')", [CEDAR_ROW_ID]);
    const off = await post({ firstName: 'Ann' }, {}, '203.0.113.5', 'cedar-key-for-test');
    expect(off.statusCode).toBe(403);
    expect(errorOf(off).code).toBe('feature_disabled');
    expect(await leadCount()).toBe(before);
  });

  it('limits each address to 10 enquiries in ten minutes', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++) {
      const r = await post({ firstName: `Flood ${i}` }, {}, ip);
      expect(r.statusCode, r.body).toBe(201);
    }
    const before = await leadCount();
    const r = await post({ firstName: 'Flood 11' }, {}, ip);
    expect(r.statusCode).toBe(429);
    expect(errorOf(r).message).toMatch(/^Too many enquiries from your address\. Try again in \d+ minutes?\.$/);
    expect(r.headers['retry-after']).toBeDefined();
    expect(await leadCount()).toBe(before);
    expect((await post({ firstName: 'Neighbour' }, {}, '198.51.100.78')).statusCode).toBe(201);
  });
});

describe('global search', () => {
  it('finds leads by name, email and phone for those with 164 in a firm with the module', async () => {
    const lead = await newLead({
      firstName: 'Thaddeus',
      lastName: 'Quillfeather',
      companyName: 'Quill & Co',
      email: 'thaddeus@quill.example',
      phone: '(207) 555-3141',
    });
    for (const q of ['Thaddeus Quill', 'thaddeus@quill.example', '555-3141', '2075553141']) {
      const r = await api('GET', `/search?q=${encodeURIComponent(q)}&type=all`, sales);
      const hit = r.json().items.find((i: SearchResult) => i._id === lead._id);
      expect(hit, q).toMatchObject({
        type: 'lead',
        title: 'Thaddeus Quillfeather',
        subtitle: 'Quill & Co · thaddeus@quill.example · (207) 555-3141',
        href: `/u/leads/${lead._id}`,
      });
    }
    const none = await api('GET', '/search?q=quillfeather&type=all', wes);
    expect(none.json().items).toEqual([]);
    await db.query(
      "INSERT INTO search_entries (firm_id, entity_type, entity_id, title, subtitle, search_text) VALUES ($1, 'lead', gen_random_uuid(), 'Cedar Quillfeather', '', 'cedar quillfeather')",
      [CEDAR_ROW_ID],
    );
    expect((await api('GET', '/search?q=quillfeather&type=all', cedar)).json().items).toEqual([]);
    await api('POST', `/leads/${lead._id}/archive`, owner);
    const archived = (await api('GET', '/search?q=quillfeather&type=lead', owner)).json().items;
    expect(archived).toEqual([expect.objectContaining({ _id: lead._id, archived: true })]);
  });
});

describe('deactivating someone', () => {
  it('hands their open leads to a colleague, leaving won and lost ones', async () => {
    const open = await newLead({ assignedTo: ownerId, tags: ['Handover'] });
    const won = await newLead({ assignedTo: ownerId, tags: ['Handover'] });
    await move(won, { status: 'won' });
    const owner$ = { sessionId: '', firmId: HARBOR_PINE_ID, userId: ownerId, impersonatorId: null };
    await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
      reassignOpenRecords(tx, { ...owner$, kind: 'staff', codes: [P.SUPER_ADMIN], features: [] }, ownerId, samId),
    );
    const rows = (await list({ filter: { tag: ['Handover'] } })).items;
    expect(Object.fromEntries(rows.map((r) => [r._id, r.assignedTo?._id]))).toEqual({
      [open._id]: samId,
      [won._id]: ownerId,
    });
    const logs = (await api('GET', `/leads/${open._id}/logs`, owner)).json().items;
    expect(logs[0].changes).toEqual({ assignedTo: { before: 'Olivia Harbor', after: 'Sam Reyes' } });
  });
});

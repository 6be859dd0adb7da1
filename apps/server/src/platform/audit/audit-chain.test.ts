import { P } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, call, failure, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { createRole, createUser } from '../../modules/users/users.service';
import { sealAuditLog } from './sealer';

let t: TestApp;
let owner: pg.Client;
let harbor: string;
let cedar: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
  await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
    const actor = { firmId: HARBOR_PINE_ID, userId: null };
    // Reads accounts (13) and the firm's log (28), exports accounts (40), but not financials (15).
    const role = await createRole(tx, actor, {
      name: 'Log reader',
      codes: [P.MODIFY_COMPANIES, P.MODIFY_LOGS, P.EXPORT_COMPANIES, P.MODIFY_EMPLOYEES],
    });
    await createUser(tx, actor, {
      kind: 'staff',
      email: 'reader@demo.test',
      firstName: 'Rea',
      lastName: 'Der',
      password: 'demo-password',
      roleIds: [role.id],
    });
  });
  harbor = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
});
afterAll(async () => {
  await owner.end();
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const verify = async (cookie: string) => (await api('GET', '/logs/verify', cookie)).json();

/** Runs SQL as the runtime login in a firm's scope, the way every request does. */
const asApp = (firmId: string, statement: ReturnType<typeof sql>) =>
  inScope(t.database.db, { firmId }, (tx) => tx.execute(statement));

async function newAccount(cookie: string, name: string) {
  const response = await api('POST', '/companies', cookie, {
    name,
    type: 'trade',
    phone: '',
    email: '',
    website: '',
    addresses: [],
    assignedTo: null,
    tags: [],
    notes: '',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; version: number };
}

describe('the audit log is append-only', () => {
  it('refuses the application any change or deletion of its rows, and deleting its firm', async () => {
    for (const statement of [
      sql`UPDATE audit_log SET action = 'rewritten'`,
      sql`DELETE FROM audit_log`,
      sql`TRUNCATE audit_log`,
      sql`UPDATE audit_chain_heads SET seq = 0`,
      sql`DELETE FROM firms`,
    ]) {
      expect(await failure(asApp(HARBOR_PINE_ID, statement))).toMatch(/permission denied/);
    }
  });

  it('refuses even the owner a change to a row (the trigger behind the grants), except sealing it once', async () => {
    await sealAuditLog(t.database.db);
    const sealed = (await owner.query('SELECT id FROM audit_log WHERE seq IS NOT NULL LIMIT 1')).rows[0].id;
    expect(await failure(owner.query(`UPDATE audit_log SET changes = '{}' WHERE id = $1`, [sealed]))).toMatch(
      /append-only/,
    );
    expect(await failure(owner.query('UPDATE audit_log SET seq = seq + 1000 WHERE id = $1', [sealed]))).toMatch(
      /append-only/,
    );
    expect(await failure(owner.query('DELETE FROM audit_log WHERE id = $1', [sealed]))).toMatch(/append-only/);
    expect(await failure(owner.query('TRUNCATE audit_log'))).toMatch(/append-only/);
    await newAccount(harbor, 'Unsealed Oak');
    const unsealed = (await owner.query('SELECT id FROM audit_log WHERE seq IS NULL LIMIT 1')).rows[0].id;
    expect(
      await failure(owner.query(`UPDATE audit_log SET action = 'x', seq = 999999 WHERE id = $1`, [unsealed])),
    ).toMatch(/append-only/);
  });
});

describe('the hash chain', () => {
  it('seals every firm’s rows after they are written, and the firm log says "verified"', async () => {
    await newAccount(harbor, 'Chained Walnut');
    expect((await verify(harbor)).unsealed).toBeGreaterThan(0);
    await sealAuditLog(t.database.db);
    const result = await verify(harbor);
    expect(result).toMatchObject({ verified: true, unsealed: 0, brokenAt: null });
    const { rows } = await owner.query('SELECT count(*)::int AS n FROM audit_log WHERE firm_id = $1', [HARBOR_PINE_ID]);
    expect(result.sealed).toBe(rows[0].n);
    expect(result.lastSealedAt).toMatch(/^\d{4}-/);
    // Cedar Row's chain is its own.
    const other = await verify(cedar);
    expect(other.verified).toBe(true);
    expect(other.sealed).toBeLessThan(result.sealed);
  });

  it('stays whole with writers in two firms and two sealers at once: positions 1…n, no gap, no repeat', async () => {
    const writes = Array.from({ length: 12 }, (_, i) => newAccount(i % 2 ? harbor : cedar, `Parallel Ash ${i}`));
    const sealers = Array.from({ length: 4 }, () => sealAuditLog(t.database.db));
    await Promise.all([...writes, ...sealers]);
    await sealAuditLog(t.database.db);
    for (const firm of [HARBOR_PINE_ID, CEDAR_ROW_ID]) {
      const { rows } = await owner.query(
        `SELECT count(*)::int AS n, count(DISTINCT seq)::int AS distinct_seq, max(seq)::int AS top,
                count(*) FILTER (WHERE seq IS NULL)::int AS unsealed
         FROM audit_log WHERE firm_id = $1`,
        [firm],
      );
      expect(rows[0]).toEqual({ n: rows[0].n, distinct_seq: rows[0].n, top: rows[0].n, unsealed: 0 });
    }
    expect((await verify(harbor)).verified).toBe(true);
    expect((await verify(cedar)).verified).toBe(true);
  });

  it('chains a row that committed after a newer one was sealed at the next position', async () => {
    const latest = (
      await owner.query('SELECT max(seq)::int AS top FROM audit_log WHERE firm_id = $1', [HARBOR_PINE_ID])
    ).rows[0].top;
    // A row whose id is older than everything sealed (a transaction that ran long, then committed).
    const { rows } = await owner.query(
      `INSERT INTO audit_log (id, firm_id, entity_type, entity_id, action)
       VALUES ('00000000-0000-7000-8000-000000000001', $1, 'company', gen_random_uuid(), 'late') RETURNING id`,
      [HARBOR_PINE_ID],
    );
    await sealAuditLog(t.database.db);
    const late = (await owner.query('SELECT seq::int FROM audit_log WHERE id = $1', [rows[0].id])).rows[0].seq;
    expect(late).toBe(latest + 1);
    expect((await verify(harbor)).verified).toBe(true);
  });

  it('names the first entry that was changed, and notices one removed from the middle or the end', async () => {
    await sealAuditLog(t.database.db);
    const tamper = async (statement: string) => {
      await owner.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
      try {
        await owner.query(statement, [CEDAR_ROW_ID]);
      } finally {
        await owner.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
      }
    };
    expect((await verify(cedar)).verified).toBe(true);
    const target = (await owner.query('SELECT id FROM audit_log WHERE firm_id = $1 AND seq = 3', [CEDAR_ROW_ID]))
      .rows[0].id;
    await tamper(`UPDATE audit_log SET action = 'nothing to see' WHERE firm_id = $1 AND seq = 3`);
    expect(await verify(cedar)).toMatchObject({ verified: false, brokenAt: { _id: target, seq: 3 } });

    // Then remove a row from the middle: the first wrong one is still named first…
    const original = await owner.query(`SELECT id FROM audit_log WHERE firm_id = $1 AND seq = 5`, [CEDAR_ROW_ID]);
    await tamper(`DELETE FROM audit_log WHERE firm_id = $1 AND seq = 3`);
    // …and with the changed row gone too, the gap is: the row after it no longer follows its predecessor.
    expect(await verify(cedar)).toMatchObject({ verified: false, brokenAt: { seq: 4 } });
    await tamper(`DELETE FROM audit_log WHERE firm_id = $1 AND seq = 4`);
    expect(await verify(cedar)).toMatchObject({ verified: false, brokenAt: { _id: original.rows[0].id, seq: 5 } });

    // Harbor & Pine's chain is untouched by Cedar Row's; removing its last row is noticed too.
    expect((await verify(harbor)).verified).toBe(true);
    await owner.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
    await owner.query(
      'DELETE FROM audit_log WHERE firm_id = $1 AND seq = (SELECT max(seq) FROM audit_log WHERE firm_id = $1)',
      [HARBOR_PINE_ID],
    );
    await owner.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    expect(await verify(harbor)).toMatchObject({ verified: false, brokenAt: null });
  });

  it('needs 28 to verify, like the log itself', async () => {
    const sales = await signIn(t.app, 'sales@demo.test');
    expect((await api('GET', '/logs/verify', sales)).statusCode).toBe(403);
  });
});

describe('fields a reader may not see elsewhere', () => {
  let account: { _id: string; version: number };
  let reader: string;
  beforeAll(async () => {
    reader = await signIn(t.app, 'reader@demo.test');
    account = await newAccount(harbor, 'Ledger Larch');
    const financials = await api('PUT', `/companies/${account._id}/financials`, harbor, {
      paymentTermsDays: 60,
      creditLimitCents: 7_654_321,
      priceLevel: 'Trade',
      taxExempt: false,
      taxCertificate: null,
      version: account.version,
    });
    expect(financials.statusCode, financials.body).toBe(200);
  });

  const financialIn = (entries: { action: string; changes: Record<string, unknown> }[]) =>
    entries.some((e) => 'creditLimitCents' in e.changes || 'paymentTermsDays' in e.changes);

  it("stay out of a record's logs tab for a reader without 15, and the entry that changed only them is left out", async () => {
    const theirs = (await api('GET', `/companies/${account._id}/logs`, reader)).json().items;
    const owners = (await api('GET', `/companies/${account._id}/logs`, harbor)).json().items;
    expect(financialIn(owners)).toBe(true);
    expect(financialIn(theirs)).toBe(false);
    expect(theirs.length).toBe(owners.length - 1);
    expect(theirs.map((e: { action: string }) => e.action)).toContain('create');
  });

  it('stay out of the firm log (/f/logs) the same way', async () => {
    const query = `/logs?entityType=company&limit=100`;
    const theirs = (await api('GET', query, reader)).json();
    const owners = (await api('GET', query, harbor)).json();
    expect(financialIn(owners.items)).toBe(true);
    expect(financialIn(theirs.items)).toBe(false);
    expect(theirs.total).toBe(owners.total - 1);
  });

  it('stay out of list rows and CSV exports', async () => {
    const list = (await api('GET', `/companies?filter[id][]=${account._id}`, reader)).json().items[0];
    expect(list).not.toHaveProperty('creditLimitCents');
    const ownerList = (await api('GET', `/companies?filter[id][]=${account._id}`, harbor)).json().items[0];
    expect(ownerList.creditLimitCents).toBe(7_654_321);
    const csv = (await api('GET', `/companies/export?format=csv&filter[id][]=${account._id}`, reader)).body;
    expect(csv).not.toContain('Credit limit');
    expect(csv).not.toContain('76543.21');
    const ownerCsv = (await api('GET', `/companies/export?format=csv&filter[id][]=${account._id}`, harbor)).body;
    expect(ownerCsv).toContain('Credit limit');
    expect(ownerCsv).toContain('76543.21');
  });

  it('are never in search documents, so search cannot find or show them', async () => {
    const found = (await api('GET', '/search?q=7654321&type=all', harbor)).json();
    expect(JSON.stringify(found)).not.toContain('Ledger Larch');
  });

  it("stay out of an employee's logs for a reader without 53 (pay)", async () => {
    const samId = (await api('GET', '/auth/', await signIn(t.app, 'sales@demo.test'))).json()._id;
    const sam = (await api('GET', `/employees/${samId}`, harbor)).json();
    const paid = await api('PUT', `/employees/${samId}`, harbor, {
      firstName: sam.firstName,
      lastName: sam.lastName,
      title: sam.title,
      phone: sam.phone,
      departmentId: sam.department?._id ?? null,
      hireDate: sam.hireDate,
      pay: { rateCents: 4321, type: 'hourly' },
      version: sam.version,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const payIn = (entries: { changes: Record<string, unknown> }[]) => entries.some((e) => 'pay' in e.changes);
    expect(payIn((await api('GET', `/employees/${samId}/logs`, harbor)).json().items)).toBe(true);
    expect(payIn((await api('GET', `/employees/${samId}/logs`, reader)).json().items)).toBe(false);
  });
});

describe('deleting a whole firm', () => {
  it('removes its log, through the owner login only', async () => {
    const before = (await owner.query('SELECT count(*)::int AS n FROM audit_log WHERE firm_id = $1', [CEDAR_ROW_ID]))
      .rows[0].n;
    expect(before).toBeGreaterThan(0);
    await owner.query('DELETE FROM firms WHERE id = $1', [CEDAR_ROW_ID]);
    const after = (await owner.query('SELECT count(*)::int AS n FROM audit_log WHERE firm_id = $1', [CEDAR_ROW_ID]))
      .rows[0].n;
    expect(after).toBe(0);
    expect((await owner.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBeGreaterThan(0);
  });
});

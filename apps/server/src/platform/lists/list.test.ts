import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { explainAsApp, recordStatements } from '../../../test/statements';

// Under row-level security PostgreSQL turns only leakproof comparisons into index conditions.
// These tests read the plans of the real list statements, as the app role in a firm, to prove
// that paging and search stay index work rather than filters over the whole firm (decision 0006).

let t: TestApp;
let owner: string;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  // Enough rows that the planner weighs the indexes as it would on a real firm's data.
  await db.query(
    `INSERT INTO customers (firm_id, first_name, last_name, primary_email, search_text)
     SELECT $1, 'Guest' || i, 'Visitor', 'guest' || i || '@walk-in.example',
            'guest' || i || ' visitor guest' || i || '@walk-in.example'
       FROM generate_series(1, 20000) AS i`,
    [HARBOR_PINE_ID],
  );
  await db.query('ANALYZE customers');
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

async function planOf(url: string, table: string) {
  const statements = await recordStatements(async () => {
    const response = await call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: owner });
    expect(response.statusCode, response.body).toBe(200);
  });
  // The statement that chooses the page: the keyset query on the list's own table.
  const list = statements.find((s) => s.text.includes('AS sort') && s.text.includes(`FROM "${table}"`));
  if (!list) throw new Error(`no list statement for ${url}`);
  return explainAsApp(t.ownerUrl, HARBOR_PINE_ID, list, { indexesOnly: true });
}

describe('list plans under row-level security', () => {
  it('a deep page seeks the (firm, key, id) index instead of filtering from the first row', async () => {
    const first = (await call(t.app, { method: 'GET', url: '/api/v1/customers?limit=5', cookie: owner })).json();
    const plan = await planOf(`/customers?limit=5&cursor=${first.next}`, 'customers');
    expect(plan).toMatch(/Index Scan using customers_name_idx[\s\S]*Index Cond: .*ROW\(name_key, id\) > ROW\(/);

    const byType = (
      await call(t.app, { method: 'GET', url: '/api/v1/companies?limit=5&sort=type', cookie: owner })
    ).json();
    const typePlan = await planOf(`/companies?limit=5&sort=type&cursor=${byType.next}`, 'companies');
    expect(typePlan).toMatch(/companies_type_idx[\s\S]*Index Cond: .*ROW\(type, id\) > ROW\(/);
  });

  it('a short search is a range on the name key; a longer one reads the row versions the trigram function found', async () => {
    expect(await planOf('/customers?q=ma', 'customers')).toMatch(
      /Index Cond: .*\(name_key >= 'ma'::text\) AND \(name_key < /,
    );
    const plan = await planOf('/customers?q=harbor', 'customers');
    // Each match is read once, by its row version: no second lookup by id.
    expect(plan).toMatch(/Tid Scan on customers[\s\S]*TID Cond: \(ctid = ANY/);
    expect(plan).not.toMatch(/customers_pkey/);
  });

  it('a search counts its matches in the page query, capped like every total', async () => {
    const get = async (url: string) => {
      let body: { total: number | string; items: unknown[]; next: string | null } | undefined;
      const statements = await recordStatements(async () => {
        body = (await call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie: owner })).json();
      });
      return { body: body!, counted: statements.some((s) => s.text.includes(') capped')) };
    };
    const few = await get('/customers?q=guest19999&limit=5');
    expect(few.body.total).toBe(1);
    expect(few.counted).toBe(false);
    const many = await get('/customers?q=guest1&limit=5'); // guest1, guest10…, guest1000…: 11,111
    expect(many.body.total).toBe('10,000+');
    expect(many.body.items).toHaveLength(5);
    const second = await get(`/customers?q=guest1&limit=5&cursor=${many.body.next}`);
    expect(second.body.total).toBe('10,000+');
    expect(second.counted).toBe(true);
    const prefix = await get('/customers?q=gu&limit=5'); // a name prefix counts the usual way
    expect(prefix.body.total).toBe('10,000+');
    expect(prefix.counted).toBe(true);
  });

  it.each(['firm_rows_matching', 'firm_tids_matching'])(
    '%s answers only for the firm in scope, and only for searchable firm tables',
    async (fn) => {
      const matching = async (firmId: string | null, table: string, pattern: string, kinds: string[] | null = null) => {
        await db.query('BEGIN');
        try {
          await db.query('SET LOCAL ROLE atelier_app');
          if (firmId) await db.query(`SELECT set_config('app.firm_id', $1, true)`, [firmId]);
          const args = [table, [pattern], kinds];
          if (fn === 'firm_rows_matching') {
            const rows = await db.query('SELECT firm_rows_matching($1::regclass, $2::text[], $3::text[]) AS id', args);
            return rows.rows.map((r) => r.id as string);
          }
          const [{ tids }] = (
            await db.query('SELECT firm_tids_matching($1::regclass, $2::text[], $3::text[])::text[] AS tids', args)
          ).rows as [{ tids: string[] }];
          // Which rows those are, read past row-level security: a leak would show here.
          await db.query('RESET ROLE');
          // constant SQL: the table names are the test's own.
          const rows = await db.query(`SELECT id FROM ${table} WHERE ctid = ANY($1::tid[])`, [tids]);
          return rows.rows.map((r) => r.id as string);
        } finally {
          await db.query('ROLLBACK');
        }
      };
      const expected = await db.query(
        `SELECT id FROM customers WHERE firm_id = $1 AND search_text LIKE '%a%' ORDER BY id`,
        [HARBOR_PINE_ID],
      );
      expect((await matching(HARBOR_PINE_ID, 'customers', '%a%')).sort()).toEqual(expected.rows.map((r) => r.id));
      const cedar = await matching(CEDAR_ROW_ID, 'customers', '%a%');
      expect(cedar.length).toBeGreaterThan(0);
      expect(cedar.some((id) => expected.rows.some((r) => r.id === id))).toBe(false);
      expect(await matching(null, 'customers', '%a%')).toEqual([]);
      // A firm table without search text (staff have one since the employee columns came).
      await expect(matching(HARBOR_PINE_ID, 'warehouses', '%a%')).rejects.toThrow(/not a searchable firm table/);
      await expect(matching(HARBOR_PINE_ID, 'auth_throttle', '%a%')).rejects.toThrow(/not a searchable firm table/);
      // Kinds narrow the search index; a table without kinds refuses them.
      const accounts = await matching(HARBOR_PINE_ID, 'search_entries', '%a%', ['company']);
      const { rows: kinds } = await db.query('SELECT DISTINCT entity_type FROM search_entries WHERE id = ANY($1)', [
        accounts,
      ]);
      expect(kinds.map((k) => k.entity_type)).toEqual(['company']);
      await expect(matching(HARBOR_PINE_ID, 'customers', '%a%', ['company'])).rejects.toThrow(
        /not a searchable firm table/,
      );
    },
  );
});

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CEDAR_ROW_ID,
  call,
  errorOf,
  failure,
  HARBOR_PINE_ID,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test/helpers';
import { buildApp } from '../app';
import { connectDatabase } from './client';
import { APP_ROLE } from './columns';
import { runtimeLoginProblem } from './roles';
import { inScope } from './tenancy';

let t: TestApp;
let owner: pg.Client;
let tenantTables: string[];

beforeAll(async () => {
  t = await startTestApp();
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
  // Sign in once in each firm so sessions exist too.
  await signIn(t.app, 'owner@demo.test');
  await signIn(t.app, 'owner@cedar.test');
  tenantTables = (
    await owner.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'firm_id' ORDER BY table_name`,
    )
  ).rows.map((r) => r.table_name);
  // Give every tenant table rows in both firms, so "sees nothing" below means something.
  for (const firm of [HARBOR_PINE_ID, CEDAR_ROW_ID]) {
    const user = (await owner.query('SELECT id FROM users WHERE firm_id = $1 LIMIT 1', [firm])).rows[0].id;
    await owner.query(`INSERT INTO departments (firm_id, name) VALUES ($1, 'Design')`, [firm]);
    await owner.query(`INSERT INTO settings (firm_id, "group") VALUES ($1, 'quoteSettings')`, [firm]);
    await owner.query(`INSERT INTO counters (firm_id, key, value) VALUES ($1, 'tenancy', 7)`, [firm]);
    await owner.query(
      `INSERT INTO email_outbox (firm_id, to_address, subject, text_body, status) VALUES ($1, 'a@b.test', 's', 't', 'sent')`,
      [firm],
    );
    await owner.query(
      `INSERT INTO email_attachments (firm_id, outbox_id, filename, content_type, content)
       SELECT firm_id, id, 'po.pdf', 'application/pdf', '\\x25504446' FROM email_outbox WHERE firm_id = $1 LIMIT 1`,
      [firm],
    );
    await owner.query(
      `INSERT INTO files (firm_id, name, content_type, size, storage_key) VALUES ($1, 'a.pdf', 'application/pdf', 1, gen_random_uuid()::text)`,
      [firm],
    );
    await owner.query(`INSERT INTO audit_chain_heads (firm_id, seq, hash) VALUES ($1, 0, '\\x00')`, [firm]);
    // A store session (decision 0052): a session of the firm's, marked as the store's.
    await owner.query(
      `WITH s AS (INSERT INTO sessions (firm_id, user_id, token_hash, expires_at)
                  VALUES ($1, $2, sha256(gen_random_uuid()::text::bytea), now() + interval '1 day') RETURNING id, firm_id)
       INSERT INTO store_sessions (session_id, firm_id) SELECT id, firm_id FROM s`,
      [firm, user],
    );
    // An importer document with an error, a record it wrote, and a kept mapping.
    await owner.query(
      `WITH f AS (INSERT INTO files (firm_id, name, content_type, size, storage_key)
                  VALUES ($1, 'list.csv', 'text/csv', 1, gen_random_uuid()::text) RETURNING id),
            i AS (INSERT INTO imports (firm_id, number, name, kind, file_id, file_name, file_size, sha256, format,
                    headings, sample, mapping, options)
                  SELECT $1, 1, 'List', 'product', id, 'list.csv', 1, '', 'csv', '{SKU}', '[]', '{}', '{}' FROM f RETURNING id),
            e AS (INSERT INTO import_errors (firm_id, import_id, position, "row", "column", value, message)
                  SELECT $1, id, 1, 2, 'SKU', '', 'Give the product a SKU.' FROM i),
            g AS (INSERT INTO import_images (firm_id, import_id, product_id, "row", position, url)
                  SELECT $1, i.id, p.id, 2, 1, 'https://example.com/a.png' FROM i, products p WHERE p.firm_id = $1 LIMIT 1)
       INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
       SELECT $1, id, 'product', gen_random_uuid(), 2, 'create' FROM i`,
      [firm],
    );
    await owner.query(
      `INSERT INTO import_mappings (firm_id, kind, headings, options) VALUES ($1, 'product', '{}', '{}')`,
      [firm],
    );
    // The email above queued its job (jobs) through the outbox's trigger.
    await owner.query(
      `INSERT INTO api_keys (firm_id, name, prefix, token_hash, created_by) VALUES ($1, 'Sync', 'atk_test', gen_random_uuid()::text::bytea, $2)`,
      [firm, user],
    );
    await owner.query(
      `INSERT INTO file_reservations (firm_id, bytes, expires_at) VALUES ($1, 10, now() + interval '1 hour')`,
      [firm],
    );
    await owner.query(
      `INSERT INTO ambassadors (firm_id, name, kind, referral_code) VALUES ($1, 'Rhea Lindqvist', 'person', 'RHEA-1000')`,
      [firm],
    );
    await owner.query(
      `INSERT INTO idempotency_keys (firm_id, scope, key, request_hash) VALUES ($1, 'order', 'tenancy', 'x')`,
      [firm],
    );
    // A one-to-one message (the demo has none).
    await owner.query(
      `INSERT INTO messages (firm_id, entity_type, entity_id, thread_id, channel, direction, from_address, to_address, body, status)
       VALUES ($1, 'customer', gen_random_uuid(), gen_random_uuid(), 'sms', 'out', '', '555', 'Hi', 'logged')`,
      [firm],
    );
    // A marketing send and its recipient (the demo sends none).
    await owner.query(
      `WITH e AS (INSERT INTO emails (firm_id, name, subject) VALUES ($1, 'Tenancy', 'Hello') RETURNING id),
            s AS (INSERT INTO email_sends (firm_id, email_id, subject, preheader, blocks, segment, rate_per_minute)
              SELECT $1, e.id, 'Hello', '', '[]', '{}', 60 FROM e RETURNING id)
       INSERT INTO email_recipients (firm_id, send_id, to_address, message_id)
       SELECT $1, s.id, 'a@b.test', '<' || gen_random_uuid() || '@tenancy.test>' FROM s`,
      [firm],
    );
    // A coupon redeemed (the demo's orders use none).
    await owner.query(
      `WITH c AS (INSERT INTO coupons (firm_id, code, kind, percent_bp) VALUES ($1, 'TENANCY5', 'percent', 500) RETURNING id)
       INSERT INTO coupon_redemptions (firm_id, coupon_id, reference, discount_cents) SELECT $1, id, 'test', 0 FROM c`,
      [firm],
    );
    await owner.query(
      `INSERT INTO subscriptions (firm_id, user_id, entity_type, entity_id) VALUES ($1, $2, 'company', gen_random_uuid())`,
      [firm, user],
    );
    await owner.query(
      `INSERT INTO recent_searches (firm_id, user_id, name, search, type) VALUES ($1, $2, 'oak', 'oak', 'all')`,
      [firm, user],
    );
    await owner.query(
      `INSERT INTO password_reset_tokens (firm_id, user_id, purpose, token_hash, expires_at)
       VALUES ($1, $2, 'reset_password', decode(md5(random()::text) || md5(random()::text), 'hex'), now())`,
      [firm, user],
    );
  }
});
afterAll(async () => {
  await owner.end();
  await t.close();
});

describe('row-level security', () => {
  it('covers every table that has a firm_id, and the firms table itself', async () => {
    expect(tenantTables.length).toBeGreaterThanOrEqual(13);
    const { rows } = await owner.query<{ relname: string; relrowsecurity: boolean; policies: number }>(
      `SELECT c.relname, c.relrowsecurity, (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname = ANY($1)`,
      [[...tenantTables, 'firms']],
    );
    expect(rows).toHaveLength(tenantTables.length + 1);
    for (const row of rows) expect(row, row.relname).toMatchObject({ relrowsecurity: true, policies: 1 });
  });

  it('gives the application role no rights at all on tables without a firm', async () => {
    const { rows } = await owner.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'firms' AND c.relname <> ALL($1)
         AND (has_table_privilege($2, c.oid, 'SELECT') OR has_table_privilege($2, c.oid, 'INSERT')
           OR has_table_privilege($2, c.oid, 'UPDATE') OR has_table_privilege($2, c.oid, 'DELETE'))`,
      [tenantTables, APP_ROLE],
    );
    const internal = await owner.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname IN ('auth_throttle', 'seed_markers', 'sign_in_addresses')`,
    );
    expect(internal.rows[0].n).toBe(3);
    expect(rows).toEqual([]);
  });

  it('runs requests as a role that is not superuser, not owner and cannot bypass RLS', async () => {
    const { rows } = await t.database.pool.query(
      `SELECT current_user AS role, session_user AS login, r.rolsuper, r.rolbypassrls,
              (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = session_user) AS owned
       FROM pg_roles r WHERE r.rolname = session_user`,
    );
    expect(rows[0]).toMatchObject({ role: APP_ROLE, rolsuper: false, rolbypassrls: false, owned: 0 });
    expect(rows[0].login).not.toBe(new URL(t.ownerUrl).username);
    expect(await runtimeLoginProblem(t.database.pool)).toBeNull();
  });

  it('gives the runtime login no statement that steps out of row-level security', async () => {
    const client = new pg.Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    const ownerLogin = new URL(t.ownerUrl).username;
    const refused = async (statement: string) => {
      await client.query('BEGIN');
      try {
        await client.query(statement);
        return `allowed: ${statement}`;
      } catch (error) {
        return (error as Error).message;
      } finally {
        await client.query('ROLLBACK');
      }
    };
    try {
      // Undoing the role only lands on the login itself, which has no more rights than the role.
      await client.query('RESET ROLE');
      for (const statement of [
        `SET ROLE ${ownerLogin}`,
        `SET SESSION AUTHORIZATION ${ownerLogin}`,
        `SELECT set_config('role', '${ownerLogin}', false)`,
        `GRANT ${ownerLogin} TO ${client.escapeIdentifier(new URL(t.config.databaseUrl!).username)}`,
        'ALTER TABLE customers DISABLE ROW LEVEL SECURITY',
        'ALTER TABLE customers NO FORCE ROW LEVEL SECURITY',
        'DROP POLICY firm_isolation ON customers',
        'CREATE POLICY everything ON customers USING (true)',
        'ALTER ROLE CURRENT_USER BYPASSRLS',
        'CREATE FUNCTION public.escape() RETURNS void LANGUAGE sql SECURITY DEFINER AS $$ SELECT $$',
      ]) {
        expect(await refused(statement), statement).not.toMatch(/^allowed/);
      }
      // row_security = off does not lift the policies: a query they would filter fails instead.
      await client.query('SET row_security = off');
      expect(await refused('SELECT count(*) FROM customers')).toMatch(/row-level security/);
      await client.query('RESET row_security');
      for (const table of [...tenantTables, 'firms']) {
        const seen = (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
        expect(seen, table).toBe(0);
      }
    } finally {
      await client.end();
    }
  });

  it('refuses to start the server on a login that owns the tables', async () => {
    const asOwner = connectDatabase(t.ownerUrl, 1);
    try {
      expect((await runtimeLoginProblem(asOwner.pool))?.reason).toMatch(/owns/);
      await expect(buildApp({ config: t.config, database: asOwner, logger: false })).rejects.toThrow(
        /must be a plain role/,
      );
    } finally {
      await asOwner.close();
    }
  });

  it('shows zero rows of every tenant table to a query with no firm setting', async () => {
    for (const table of [...tenantTables, 'firms']) {
      const total = (await owner.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
      expect(total, `${table} has rows to hide`).toBeGreaterThan(0);
      const seen = (await t.database.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
      expect(seen, table).toBe(0);
      const scoped = await inScope(t.database.db, { firmId: null }, (tx) =>
        tx.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)),
      );
      expect(scoped.rows[0]!.n, table).toBe(0);
    }
  });

  it("shows a firm exactly its own rows of every tenant table, and none of the other firm's", async () => {
    for (const table of tenantTables) {
      const own = (await owner.query(`SELECT count(*)::int AS n FROM ${table} WHERE firm_id = $1`, [CEDAR_ROW_ID]))
        .rows[0].n;
      const seen = await inScope(t.database.db, { firmId: CEDAR_ROW_ID }, (tx) =>
        tx.execute<{ n: number; foreign: number }>(
          sql.raw(
            `SELECT count(*)::int AS n, count(*) FILTER (WHERE firm_id <> '${CEDAR_ROW_ID}')::int AS foreign FROM ${table}`,
          ),
        ),
      );
      expect(seen.rows[0], table).toEqual({ n: own, foreign: 0 });
    }
  });

  it('refuses to write a row into another firm, whatever the code asks', async () => {
    const harborUser = (await owner.query('SELECT id FROM users WHERE firm_id = $1 LIMIT 1', [HARBOR_PINE_ID])).rows[0]
      .id;
    const attempt = inScope(t.database.db, { firmId: CEDAR_ROW_ID }, (tx) =>
      tx.execute(
        sql`INSERT INTO notifications (firm_id, user_id, message) VALUES (${HARBOR_PINE_ID}, ${harborUser}, 'planted')`,
      ),
    );
    expect(await failure(attempt)).toMatch(/row-level security/);
    const moved = inScope(t.database.db, { firmId: CEDAR_ROW_ID }, (tx) =>
      tx.execute(sql`UPDATE notifications SET firm_id = ${HARBOR_PINE_ID}`),
    );
    expect(await failure(moved)).toMatch(/row-level security/);
  });
});

describe('another firm’s record by id', () => {
  it('answers 404 exactly like a missing one, and leaves it untouched', async () => {
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const harborNote = (
      await owner.query('SELECT id FROM notifications WHERE firm_id = $1 AND is_read = false LIMIT 1', [HARBOR_PINE_ID])
    ).rows[0].id;
    const foreign = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/notifications/${harborNote}`,
      cookie: cedar,
      body: { isRead: true },
    });
    const missing = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/notifications/019a0000-0000-7000-8000-00000000ffff',
      cookie: cedar,
      body: { isRead: true },
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual(errorOf(missing));
    const still = (await owner.query('SELECT is_read FROM notifications WHERE id = $1', [harborNote])).rows[0];
    expect(still.is_read).toBe(false);
  });

  it("does not list another firm's rows, nor another user's", async () => {
    const sales = await signIn(t.app, 'sales@demo.test');
    const list = await call(t.app, { method: 'GET', url: '/api/v1/notifications?limit=100', cookie: sales });
    const ids = list.json().map((n: { _id: string }) => n._id);
    const { rows } = await owner.query(
      `SELECT n.id FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'sales@demo.test'`,
    );
    expect(ids.sort()).toEqual(rows.map((r) => r.id).sort());
  });
});

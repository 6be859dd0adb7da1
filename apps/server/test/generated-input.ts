import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app';
import { call, signIn, startTestApp, type TestApp } from './helpers';

/**
 * Generated input against every route of the route table (issue 11, item 9): random strings,
 * numbers, nested objects, reserved keys and bracketed query keys, as a super admin of a demo
 * firm. Whatever arrives, no answer is a 5xx, and an answer of 4xx changed nothing. A fixed
 * seed makes a failure repeatable; the run count keeps each file within a few minutes on two cores
 * (FUZZ_RUNS=100 for a longer hunt). The routes are shared among a few files (`fuzzRoutes(shard)`),
 * each on its own database, so they run side by side.
 */
export const SHARDS = 3;
const SEED = 20261124;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

let t: TestApp;
let owner: pg.Client;
let cookie: string;
let routes: RegisteredRoute[];
const realIds = new Map<string, string[]>();

// The first path segment of a route → the table whose ids its :params take.
const TABLE_OF: Record<string, string> = {
  customers: 'customers',
  companies: 'companies',
  leads: 'leads',
  ambassadors: 'ambassadors',
  employees: 'users',
  staff: 'users',
  users: 'users',
  warehouses: 'warehouses',
  roles: 'roles',
  departments: 'departments',
  notifications: 'notifications',
  files: 'files',
  interactions: 'interactions',
};

// Tables whose changes a refused request may legitimately make: counters of failed attempts and
// the session's last-seen time (kept when a request is refused, by design).
const NOT_FINGERPRINTED = new Set(['auth_throttle', 'sessions', 'seed_markers']);
let fingerprintSql: string;

type Fingerprint = Map<string, string>;

/**
 * Each table's row count, sum of versions and latest change, by table name: compared table by
 * table, since PostgreSQL may answer the UNION's parts in any order (a parallel append).
 */
async function fingerprint(): Promise<Fingerprint> {
  const { rows } = await owner.query<{ t: string; n: string; v: string; u: string }>(fingerprintSql);
  return new Map(rows.map((row) => [row.t, `${row.n} rows, versions ${row.v}, updated ${row.u}`]));
}

/** The tables whose fingerprint moved, with before → after: a failure names what changed. */
function changes(before: Fingerprint, after: Fingerprint): string[] {
  return [...after]
    .filter(([table, now]) => before.get(table) !== now)
    .map(([table, now]) => `${table}: ${before.get(table)} → ${now}`);
}

const edge = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '019a0000-0000-7000-8000-00000000abcd',
  "'; DROP TABLE customers; --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  'x'.repeat(5000),
);
const text = fc.oneof(edge, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'name', 'version', 'email'), text);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));
const queryKey = fc.oneof(
  fc.constantFrom(
    'q',
    'sort',
    'limit',
    'cursor',
    'type',
    'filter[status][]',
    'filter[x][]',
    'filter[__proto__][]',
    'a[b][c]',
    '__proto__[x]',
    'constructor[prototype][x]',
    'x[]',
    '[]',
  ),
  text,
);
const query = fc.array(fc.tuple(queryKey, text), { maxLength: 5 });
const paramChoice = fc.oneof(fc.constant<string | null>(null), text);
const input = fc.record({
  query,
  body: fc.oneof(value, fc.dictionary(key, value, { maxKeys: 6 })),
  params: fc.array(paramChoice, { minLength: 3, maxLength: 3 }),
  pick: fc.nat(),
  // Half the writes start from the record as it is (so they get past the schema's first
  // check) with one field changed to something generated.
  mutate: fc.option(fc.tuple(fc.nat(), value), { freq: 1 }),
});

/** The record a write route would change, as its GET returns it, or nothing. */
async function current(url: string): Promise<Record<string, unknown> | null> {
  const response = await call(t.app, { method: 'GET', url: url.split('?')[0]!, cookie });
  if (response.statusCode !== 200) return null;
  const body = response.json();
  return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
}

function mutated(base: Record<string, unknown>, [at, replacement]: [number, unknown]): Record<string, unknown> {
  const keys = Object.keys(base).filter((k) => k !== '_id');
  const copy: Record<string, unknown> = { ...base };
  delete copy._id;
  if (keys.length > 0) copy[keys[at % keys.length]!] = replacement;
  return copy;
}

function concreteUrl(route: RegisteredRoute, params: (string | null)[], pick: number): string {
  const table = TABLE_OF[route.url.split('/')[3] ?? ''];
  let i = 0;
  return route.url.replace(/:\w+/g, () => {
    const given = params[i++ % params.length];
    const ids = table ? (realIds.get(table) ?? []) : [];
    if (given === null || given === undefined)
      return ids[pick % Math.max(1, ids.length)] ?? '019a0000-0000-7000-8000-00000000abcd';
    return encodeURIComponent(given) || 'x';
  });
}

/** Registers the generated-input test of every SHARDS-th route, from `shard` (0-based). */
export function fuzzRoutes(shard: number): void {
  beforeAll(async () => {
    t = await startTestApp();
    owner = new pg.Client({ connectionString: t.ownerUrl });
    await owner.connect();
    cookie = await signIn(t.app, 'owner@demo.test');
    routes = t.app.routeRegistry.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    for (const table of new Set(Object.values(TABLE_OF))) {
      const { rows } = await owner.query(
        // constant SQL: table names come from the map above.
        `SELECT id::text FROM ${table} WHERE firm_id = (SELECT firm_id FROM users WHERE email = 'owner@demo.test') LIMIT 5`,
      );
      realIds.set(
        table,
        rows.map((r) => r.id),
      );
    }
    const { rows: tables } = await owner.query<{ name: string; versioned: boolean; updated: boolean }>(
      `SELECT c.relname AS name,
              EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'version' AND NOT a.attisdropped) AS versioned,
              EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'updated_at' AND NOT a.attisdropped) AS updated
       FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY c.relname`,
    );
    fingerprintSql = tables
      .filter((table) => !NOT_FINGERPRINTED.has(table.name))
      .map(
        (table) =>
          `SELECT '${table.name}' AS t, count(*)::text AS n, ${table.versioned ? 'sum(version)::text' : "''"} AS v, ${table.updated ? 'max(updated_at)::text' : "''"} AS u FROM "${table.name}"`,
      )
      .join(' UNION ALL ');
  });
  afterAll(async () => {
    await owner.end();
    await t.close();
  });

  describe(`generated input at every route (part ${shard + 1} of ${SHARDS})`, () => {
    it('never answers 5xx, and a 4xx changes nothing', async () => {
      expect(routes.length).toBeGreaterThan(50);
      const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
      const failures: string[] = [];
      let before = await fingerprint();
      let requests = 0;
      for (const [n, route] of routes.entries()) {
        if (n % SHARDS !== shard) continue;
        const samples = fc.sample(input, { seed: SEED + n, numRuns: RUNS_PER_ROUTE });
        for (const sample of samples) {
          const search = new URLSearchParams(sample.query).toString();
          const url = `${concreteUrl(route, sample.params, sample.pick)}${search ? `?${search}` : ''}`;
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const base = hasBody && sample.mutate ? await current(url) : null;
          const body = base && sample.mutate ? mutated(base, sample.mutate) : sample.body;
          if (base) before = await fingerprint(); // reading may refresh a session's last-seen time only
          const response = await call(t.app, {
            method: route.method as 'GET',
            url,
            cookie,
            ...(hasBody ? { body: body as object } : {}),
          });
          requests++;
          const what = `${route.method} ${url.slice(0, 200)} ${hasBody ? JSON.stringify(body).slice(0, 300) : ''}`;
          if (response.statusCode >= 500)
            failures.push(`${response.statusCode} ${what}: ${response.body.slice(0, 200)}`);
          const after = await fingerprint();
          const changed = response.statusCode >= 400 && response.statusCode < 500 ? changes(before, after) : [];
          if (changed.length > 0)
            failures.push(`${response.statusCode} changed the database: ${what} (${changed.join('; ')})`);
          before = after;
          // A request that ended the session (sign-out, say) gets a new one for the next.
          if (response.statusCode === 401 || (route.url === '/api/v1/auth/' && route.method === 'DELETE')) {
            cookie = await signIn(t.app, 'owner@demo.test');
            before = await fingerprint(); // signing in is a change of its own
          }
        }
      }
      expect(requests).toBe(routes.filter((_, n) => n % SHARDS === shard).length * RUNS_PER_ROUTE);
      expect(failures).toEqual([]);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    }, 600_000);
  });
}

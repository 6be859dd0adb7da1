// Orders at scale: the list, a deep page, one order with its lines, the list over HTTP at
// concurrency 8, and confirming a 20-line order (stock committed). Each is measured through the
// service layer on the runtime login (the application role, row-level security on) in the demo
// firm's scope, each call its own transaction (BEGIN, scope, the call, COMMIT), and each against
// the very same statements sent through bare `pg` in the same run (recorded at the driver with
// `recordStatements`): ratio = bare time ÷ our time at p95 (goal ≥ 0.75; for the HTTP load, our
// requests/s ÷ bare pg's).
//
// Loaded as the owner, inside PostgreSQL (INSERT … SELECT over generate_series), with the tables'
// secondary indexes built after the load: BENCH_PRODUCTS generated products (with their SKUs, the
// catalog's counting triggers off and its counts written once), Harbor & Pine filled up to
// BENCH_CUSTOMERS customers (Cedar Row to a tenth), and BENCH_ORDERS orders after the demo's, of
// 1–5 lines each (3 on average: 600,000 lines for 200,000), every line a generated product, the
// order's totals the sums of its lines. The orders are drafts, cancelled, fulfilled (lines
// delivered) or closed, never confirmed, so that nothing loaded holds stock. The firm's `order`
// counter goes on after the last number; then VACUUM ANALYZE, as autovacuum would after a load.
//
// 1. The list, first page: `listPage(orderType.listFor(actor), sort -number, limit 50)`: goal p95
//    ≤ 10 ms. Proof: 50 rows, numbers descending from the highest, total "10,000+", and the
//    cursor of its last row is the one written from SQL (so the deep page's cursor is the app's).
// 2. A deep page: the same with the cursor of the row BENCH_DEEP (100,000) deep, as the Next button
//    would carry it after 2,000 pages: goal ≤ 15 ms. Proof: its first row is the next one down.
// 3. One order with its lines (`orderType.get`): a closed order, and a draft (whose lines' stock
//    is looked up, as its page shows it): goal ≤ 10 ms each. Proof: its lines and totals are the
//    table's.
// 4. GET /api/v1/orders?sort=-number&limit=50 over HTTP (keep-alive, client in-process, one
//    signed-in session allowed 8 at once) by 8 concurrent callers for BENCH_SECONDS, against the
//    statements of one request through bare `pg` by 8 callers: goal ≥ 500 requests/s.
// 5. Confirming an order of 20 stocked lines: BENCH_POOL generated products get an opening
//    balance of 1,000 units in the default warehouse through the ledger (`postMovements`); then
//    2 × (BENCH_CONFIRMS + 2 warm-up) drafts of 20 of them are made with `orderType.create`, in
//    pairs. For each pair, each order's confirm is first run once and rolled back (recorded, so
//    both start alike); then the first is confirmed by replaying its recorded statements through
//    bare `pg` (committed), the second by `orderType.transition(…, 'confirm')`, each in its own
//    transaction: goal p95 ≤ 50 ms. Proof: every order confirmed, every line holding its
//    quantity, the firm's `stock_levels.committed_e4` summing to the confirmed orders' stocked
//    lines' quantities (and growing by this run's), and the nightly drift check clean.
//
// Runs of 1–3 alternate ours and bare pg, BENCH_RUNS each after 10 warm-ups. When a goal is
// missed (or with BENCH_PLANS=1), the plan of the slow statement is printed (EXPLAIN ANALYZE as
// the app role). Timings are printed, never asserted. BENCH_KEEP=1 keeps the database running.

import { type ListQuery, listQuerySchema, orderInputSchema } from '@atelier/contracts';
import { connectDatabase } from '@atelier/server/db/client';
import { inScope } from '@atelier/server/db/tenancy';
import { orderType } from '@atelier/server/modules/orders/orders.service';
import { checkStock } from '@atelier/server/modules/stock/check.service';
import { resolveItems } from '@atelier/server/modules/stock/items';
import { type MovementLine, postMovements } from '@atelier/server/modules/stock/ledger.service';
import type { Actor } from '@atelier/server/platform/http/access';
import { listPage } from '@atelier/server/platform/lists/list';
import { explainAsApp, recordStatements, type Statement } from '@atelier/server/test/statements';
import pg from 'pg';
import { fillCustomers, withIndexesRebuilt } from './lib/customers';
import { assertPlainRuntime, demoFirmIds, keepIfAsked, POOL, recountCatalog, startBenchServer } from './lib/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const DEEP = Math.min(Number(process.env.BENCH_DEEP ?? 100_000), Math.floor(ORDERS / 2));
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARM_RUNS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 8;
const CONFIRMS = Number(process.env.BENCH_CONFIRMS ?? 30);
const WARM_CONFIRMS = 2;
const LINES = 20;
const POOL_PRODUCTS = Math.min(Number(process.env.BENCH_POOL ?? 400), PRODUCTS);
const OPENING_UNITS = 1_000;
const RATIO_GOAL = 0.75;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
/** p50, p95 and max of samples in ms. */
function spread(samples: number[]): { text: string; p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  const p95 = percentile(sorted, 0.95);
  return {
    p50,
    p95,
    text: `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} runs)`,
  };
}

/**
 * A plan, shortly: its first lines, then every node that took at least a tenth of the time
 * (its own time × loops, children included) with its conditions and rows removed, and the
 * execution time. All of it with BENCH_PLANS.
 */
function printPlan(plan: string, what: string) {
  const lines = plan.split('\n');
  const time = lines.find((l) => l.startsWith('Execution Time')) ?? '';
  console.log(`  EXPLAIN ANALYZE of ${what} (as the app role in the firm): ${time}`);
  if (process.env.BENCH_PLANS) {
    for (const l of lines) console.log(`    ${l}`);
    return;
  }
  const total = Number(time.match(/[\d.]+/)?.[0] ?? 0);
  const shown = new Set<number>(lines.slice(0, 4).map((_, i) => i));
  lines.forEach((l, i) => {
    const m = l.match(/actual time=[\d.]+\.\.([\d.]+) rows=[\d.]+ loops=(\d+)/);
    if (!m || Number(m[1]) * Number(m[2]) < total / 10) return;
    shown.add(i);
    for (let j = i + 1; j < lines.length && !/->|SubPlan|InitPlan/.test(lines[j]!); j++)
      if (/Cond|Filter|Removed|Sort Key|Hash Key|Group Key/.test(lines[j]!)) shown.add(j);
  });
  let last = -1;
  for (const i of [...shown].sort((a, b) => a - b)) {
    if (i > last + 1) console.log('    …');
    console.log(`    ${lines[i]}`);
    last = i;
  }
}
const gist = (text: string) => text.trim().replace(/\s+/g, ' ').slice(0, 90);
const isRead = (s: Statement) => /^\s*(select|with)\b/i.test(s.text);

/**
 * Where a call's time goes: the statements of `calls` recorded calls (which send the same
 * statements in the same order), each one's mean time, the slowest three printed. Gives the
 * statements of the last call and its slowest read, for the bare replay and the plan.
 */
async function whereTimeGoes(calls: number, call: () => Promise<unknown>) {
  const recorded: (Statement & { ms: number })[][] = [];
  for (let i = 0; i < calls; i++) recorded.push(await recordStatements(call));
  const last = recorded.at(-1)!;
  const mean = last.map((s, i) => ({
    ...s,
    ms: recorded.reduce((a, r) => a + (r[i]?.ms ?? 0), 0) / recorded.length,
  }));
  const total = mean.reduce((a, s) => a + s.ms, 0);
  console.log(
    `  ${last.length} statements a call, ${total.toFixed(1)} ms in all (mean of ${calls}); the slowest: ` +
      [...mean]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map((s) => `\n    ${s.ms.toFixed(2).padStart(6)} ms  ${gist(s.text)}`)
        .join(''),
  );
  return { statements: last, slowest: [...mean].filter(isRead).sort((a, b) => b.ms - a.ms)[0] };
}

type Result = { label: string; p50: number; p95: number; goal: string; met: boolean; bare: number; ratio: number };
const results: Result[] = [];

// The request path's cost, not the fair-share policy's (fairness.bench.ts measures that): one
// session's eight callers may all run at once, as eight sessions of different firms would.
const server = await startBenchServer({
  MAX_CONCURRENT_PER_SESSION: String(CONCURRENCY),
  MAX_CONCURRENT_PER_FIRM: String(POOL),
});
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
// The runtime login, as the server's requests use it: a pool of POOL, the application role.
const runtime = connectDatabase(server.url, POOL);
// Bare pg on the same login and role, the same pool size.
const bare = new pg.Pool({ connectionString: server.url, max: POOL, options: '-c role=atelier_app' });
/** Sends recorded statements, in turn, on one connection of the bare pool. */
const replay = async (statements: Statement[]) => {
  const client = await bare.connect();
  try {
    for (const s of statements) await client.query(s.text, s.values);
  } finally {
    client.release();
  }
};
try {
  const { harbor, cedar } = await demoFirmIds(owner);
  const staff = (
    await owner.query<{ id: string; email: string; codes: number[]; features: string[] }>(
      `SELECT u.id, u.email, f.features,
              ARRAY(SELECT DISTINCT c FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.codes) AS c
                     WHERE ur.user_id = u.id ORDER BY c) AS codes
         FROM users u JOIN firms f ON f.id = u.firm_id
        WHERE u.firm_id = $1 AND u.kind = 'staff' AND u.deleted_at IS NULL
        ORDER BY u.email <> 'owner@demo.test', u.email LIMIT 1`,
      [harbor],
    )
  ).rows[0]!;
  const actor: Actor = {
    sessionId: '',
    firmId: harbor,
    userId: staff.id,
    impersonatorId: null,
    kind: 'staff',
    codes: staff.codes,
    features: staff.features,
  };
  const scope = { firmId: harbor, userId: staff.id };

  console.log(`Runtime connection: ${await assertPlainRuntime(runtime.db, scope)}; actor ${staff.email}`);

  const home = (
    await owner.query<{ id: string; name: string }>(
      'SELECT id, name FROM warehouses WHERE firm_id = $1 AND is_default',
      [harbor],
    )
  ).rows[0]!;
  // The demo's first customer (with its addresses), for the orders confirmed in 5.
  const buyer = (
    await owner.query<{ id: string; name: string }>(
      'SELECT id, name FROM customers WHERE firm_id = $1 AND archived_at IS NULL ORDER BY created_at, id LIMIT 1',
      [harbor],
    )
  ).rows[0]!;

  // ─── The load ──────────────────────────────────────────────────────────────────────────────
  let started = Date.now();
  // Products and their SKUs, secondary indexes built after the load and the catalog's counting
  // triggers off (the counts written once at its end), as catalog.bench.ts does; kept by number.
  await owner.query(
    'CREATE TEMP TABLE bench_products (i int PRIMARY KEY, id uuid, sku text, name text, price_cents bigint, cost_hc bigint)',
  );
  await owner.query('ALTER TABLE products DISABLE TRIGGER USER');
  await withIndexesRebuilt(owner, 'products', () =>
    withIndexesRebuilt(owner, 'skus', async () => {
      await owner.query(
        `WITH made AS (
           INSERT INTO products (firm_id, sku, name, unit, price_cents, cost_hc, tax_class, search_text)
           SELECT $1, 'OB-' || i, 'Orders bench item ' || i, 'each', 1000 + (i * 37) % 20000, (1000 + (i * 37) % 20000) * 50,
                  'Standard', lower('orders bench item ' || i || ' ob-' || i)
             FROM generate_series(1, $2::int) AS i
           RETURNING id, sku, name, price_cents, cost_hc),
         registered AS (INSERT INTO skus (firm_id, sku, product_id) SELECT $1, sku, id FROM made)
         INSERT INTO bench_products SELECT substr(sku, 4)::int, id, sku, name, price_cents, cost_hc FROM made`,
        [harbor, PRODUCTS],
      );
    }),
  );
  await owner.query('ALTER TABLE products ENABLE TRIGGER USER');
  await recountCatalog(owner, harbor);
  console.log(`Made ${n0(PRODUCTS)} products with their SKUs in ${seconds(started)}`);

  await fillCustomers(owner, harbor, cedar, CUSTOMERS);

  started = Date.now();
  // Orders after the demo's, in its prefix; customers picked by number among the firm's.
  const prefix =
    (await owner.query<{ prefix: string }>('SELECT prefix FROM orders WHERE firm_id = $1 LIMIT 1', [harbor])).rows[0]
      ?.prefix ?? 'SO-';
  const base = Number(
    (
      await owner.query<{ value: number }>('SELECT COALESCE(max(number), 0) AS value FROM orders WHERE firm_id = $1', [
        harbor,
      ])
    ).rows[0]!.value,
  );
  const last = base + ORDERS;
  await owner.query(
    `CREATE TEMP TABLE bench_customers AS
     SELECT row_number() OVER (ORDER BY id)::int AS i, id, name, company_id
       FROM customers WHERE firm_id = $1 AND archived_at IS NULL`,
    [harbor],
  );
  await owner.query('ALTER TABLE bench_customers ADD PRIMARY KEY (i)');
  const buyers = Number(
    (await owner.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_customers')).rows[0]!.n,
  );
  // Order n has 1 + (7n mod 5) lines (3 on average), line p the generated product 1 + (31n + 7919p)
  // mod PRODUCTS (distinct within an order), 1–4 units of it, taxed at 5.5 %.
  await owner.query(
    `CREATE TEMP TABLE bench_lines AS
     SELECT o.n, pos, p.id AS product_id, p.sku, p.name, p.price_cents, p.cost_hc, 1 + (o.n + pos) % 4 AS q
       FROM generate_series($1::int + 1, $2::int) AS o(n)
       CROSS JOIN LATERAL generate_series(0, (o.n * 7) % 5) AS pos
       JOIN bench_products p ON p.i = 1 + (o.n * 31 + pos * 7919) % $3::int`,
    [base, last, PRODUCTS],
  );
  // The state by the number: 7 % drafts, 8 % cancelled, 15 % fulfilled, the rest closed; made
  // 3 minutes apart up to now.
  await withIndexesRebuilt(owner, 'orders', async () => {
    await owner.query(
      `INSERT INTO orders (firm_id, prefix, number, status, customer_id, company_id, warehouse_id, fulfilment,
                           requested_date, subtotal_cents, tax_cents, total_cents, original_total_cents, line_count,
                           search_text, confirmed_at, fulfilled_at, closed_at, cancelled_at, created_by, updated_by,
                           created_at, updated_at)
       SELECT $1, $2, s.n, st.status, c.id, c.company_id, $3, CASE WHEN s.n % 5 < 2 THEN 'pickup' ELSE 'delivery' END,
              (st.t + interval '14 days')::date, s.sub, s.tax, s.sub + s.tax,
              CASE WHEN st.status <> 'draft' THEN s.sub + s.tax END, s.lines,
              lower($2 || s.n || ' ' || c.name || ' ' || s.skus),
              CASE WHEN st.status <> 'draft' THEN st.t + interval '1 day' END,
              CASE WHEN st.status IN ('fulfilled', 'closed') THEN st.t + interval '8 days' END,
              CASE WHEN st.status = 'closed' THEN st.t + interval '11 days' END,
              CASE WHEN st.status = 'cancelled' THEN st.t + interval '3 days' END,
              $4, $4, st.t,
              st.t + CASE st.status WHEN 'draft' THEN interval '0' WHEN 'cancelled' THEN interval '3 days'
                                    WHEN 'fulfilled' THEN interval '8 days' ELSE interval '11 days' END
         FROM (SELECT n, count(*)::int AS lines, sum(q * price_cents) AS sub, sum(round(q * price_cents * 0.055)) AS tax,
                      string_agg(sku, ' ' ORDER BY pos) AS skus
                 FROM bench_lines GROUP BY n) s
         CROSS JOIN LATERAL (
           SELECT CASE WHEN (s.n * 13) % 100 < 7 THEN 'draft' WHEN (s.n * 13) % 100 < 15 THEN 'cancelled'
                       WHEN (s.n * 13) % 100 < 30 THEN 'fulfilled' ELSE 'closed' END AS status,
                  now() - ($5::int - s.n) * interval '3 minutes' AS t) st
         JOIN bench_customers c ON c.i = 1 + (s.n * 17) % $6::int
        ORDER BY s.n`,
      [harbor, prefix, home.id, staff.id, last, buyers],
    );
  });
  await withIndexesRebuilt(owner, 'order_lines', async () => {
    await owner.query(
      `INSERT INTO order_lines (firm_id, order_id, position, kind, product_id, name, sku, unit, pieces_e4, quantity_e4,
                                unit_price_cents, list_price_cents, unit_cost_hc, tax_class, tax_rate_bps,
                                subtotal_cents, net_cents, tax_cents, total_cents, delivered_e4)
       SELECT $1, o.id, l.pos, 'item', l.product_id, l.name, l.sku, 'each', l.q * 10000, l.q * 10000,
              l.price_cents, l.price_cents, l.cost_hc, 'Standard', 550,
              l.q * l.price_cents, l.q * l.price_cents, round(l.q * l.price_cents * 0.055),
              l.q * l.price_cents + round(l.q * l.price_cents * 0.055),
              CASE WHEN o.status IN ('fulfilled', 'closed') THEN l.q * 10000 ELSE 0 END
         FROM bench_lines l JOIN orders o ON o.firm_id = $1 AND o.number = l.n
        ORDER BY l.n, l.pos`,
      [harbor],
    );
  });
  // The numbering goes on after the orders made here.
  await owner.query(
    `INSERT INTO counters (firm_id, key, value)
     SELECT $1, 'order', max(number) FROM orders WHERE firm_id = $1
     ON CONFLICT (firm_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [harbor],
  );
  // As autovacuum would after a load: statistics, and the visibility map for index-only scans.
  for (const table of ['products', 'skus', 'customers', 'orders', 'order_lines'])
    await owner.query(`VACUUM ANALYZE ${table}`);
  const sizes = (
    await owner.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM products WHERE firm_id = $1)::int AS products,
              (SELECT count(*) FROM customers WHERE firm_id = $1)::int AS customers,
              (SELECT count(*) FROM orders WHERE firm_id = $1)::int AS orders,
              (SELECT count(*) FROM order_lines WHERE firm_id = $1)::int AS lines,
              (SELECT value FROM counters WHERE firm_id = $1 AND key = 'order')::int AS counter`,
      [harbor],
    )
  ).rows[0]!;
  console.log(
    `Loaded ${n0(ORDERS)} orders (${prefix}${base + 1}–${prefix}${last}) and their lines in ${seconds(started)} ` +
      `(indexes built after the load); in the firm: ${n0(sizes.products!)} products, ${n0(sizes.customers!)} customers, ${n0(sizes.orders!)} orders, ${n0(sizes.lines!)} order lines; ` +
      `the order counter at ${n0(sizes.counter!)}`,
  );

  // ─── 1–3. The list, a deep page, one order ─────────────────────────────────────────────────
  /** The cursor of the row `offset` deep in the number order, as the list writes it. */
  const cursorAt = async (offset: number) => {
    const row = (
      await owner.query<{ v: string; id: string; number: number }>(
        `SELECT number::text AS v, id, number FROM orders WHERE firm_id = $1 AND archived_at IS NULL
          ORDER BY number DESC, id DESC OFFSET $2 LIMIT 1`,
        [harbor, offset - 1],
      )
    ).rows[0]!;
    return {
      cursor: Buffer.from(JSON.stringify([row.v, row.id, '-number'])).toString('base64url'),
      number: row.number,
    };
  };
  const top = Number(
    (await owner.query<{ n: number }>('SELECT max(number) AS n FROM orders WHERE firm_id = $1', [harbor])).rows[0]!.n,
  );
  const deep = await cursorAt(DEEP);
  const afterFirst = await cursorAt(50);
  const expectedDeepFirst = (
    await owner.query<{ n: number }>(
      `SELECT number AS n FROM orders WHERE firm_id = $1 AND archived_at IS NULL ORDER BY number DESC, id DESC OFFSET $2 LIMIT 1`,
      [harbor, DEEP],
    )
  ).rows[0]!.n;

  const list = (query: ListQuery) => () =>
    inScope(runtime.db, scope, (tx) => listPage(tx, orderType.listFor(actor), query));
  const firstQuery = listQuerySchema.parse({ sort: '-number', limit: 50 });
  const deepQuery = listQuerySchema.parse({ sort: '-number', limit: 50, cursor: deep.cursor });

  const first = await list(firstQuery)();
  const firstNumbers = first.items.map((r) => Number(String(r.number).slice(prefix.length)));
  const firstRight =
    first.items.length === 50 &&
    firstNumbers[0] === top &&
    firstNumbers.every((n, i) => i === 0 || n < firstNumbers[i - 1]!) &&
    first.total === '10,000+' &&
    first.next === afterFirst.cursor;
  console.log(
    `\nFirst page: ${first.items.length} rows, ${first.items[0]?.number} … ${first.items.at(-1)?.number}, total ${first.total}; ` +
      `in order from the highest number and its next cursor the one written from SQL: ${firstRight ? 'yes' : 'NO'}`,
  );
  const deepPage = await list(deepQuery)();
  const deepRight =
    deepPage.items.length === 50 &&
    Number(String(deepPage.items[0]?.number).slice(prefix.length)) === expectedDeepFirst;
  console.log(
    `Deep page (cursor at row ${n0(DEEP)}, ${prefix}${deep.number}): ${deepPage.items.length} rows, ` +
      `${deepPage.items[0]?.number} … ${deepPage.items.at(-1)?.number}; starts at the next one down ` +
      `(${prefix}${expectedDeepFirst}): ${deepRight ? 'yes' : 'NO'}`,
  );

  // One closed order and one draft from the middle of the load, each with its lines.
  const pick = async (status: string) =>
    (
      await owner.query<{ id: string; number: number; line_count: number; total: string; sum: string }>(
        `SELECT o.id, o.number, o.line_count, o.total_cents::text AS total,
                (SELECT sum(total_cents) FROM order_lines l WHERE l.order_id = o.id)::text AS sum
           FROM orders o WHERE o.firm_id = $1 AND o.status = $2 AND o.number >= $3 ORDER BY o.number LIMIT 1`,
        [harbor, status, base + Math.floor(ORDERS / 2)],
      )
    ).rows[0]!;
  const getCases = [
    { label: 'closed', order: await pick('closed') },
    { label: 'draft', order: await pick('draft') },
  ];
  let readRight = firstRight && deepRight;
  for (const { label, order } of getCases) {
    const got = await inScope(runtime.db, scope, (tx) => orderType.get(tx, actor, order.id));
    const right =
      got.lines.length === order.line_count &&
      got.totalCents === Number(order.total) &&
      got.lines.reduce((a, l) => a + l.totalCents, 0) === Number(order.sum) &&
      Number(order.sum) === Number(order.total) &&
      got.lines.every((l) => l.item !== null && (label === 'closed' ? l.stock === null : l.stock !== null));
    readRight &&= right;
    console.log(
      `Order ${got.number} (${got.status}): ${got.lines.length} lines, total ${got.totalCents} cents, ` +
        `lines${label === 'draft' ? ' with their stock' : ''} and totals as the tables say: ${right ? 'yes' : 'NO'}`,
    );
  }
  if (!readRight) {
    console.log('THE READS ARE NOT RIGHT');
    process.exitCode = 1;
  }

  const cases: { label: string; goal: number; call: () => Promise<unknown> }[] = [
    { label: '1. list, first 50 by -number', goal: 10, call: list(firstQuery) },
    { label: `2. list, ${n0(DEEP)} rows deep`, goal: 15, call: list(deepQuery) },
    ...getCases.map(({ label, order }) => ({
      label: `3. one order + ${order.line_count} lines (${label})`,
      goal: 10,
      call: () => inScope(runtime.db, scope, (tx) => orderType.get(tx, actor, order.id)),
    })),
  ];
  for (const c of cases) {
    console.log(`\n${c.label} (goal: p95 ≤ ${c.goal} ms)`);
    for (let i = 0; i < WARM_RUNS; i++) await c.call();
    const { statements, slowest } = await whereTimeGoes(20, c.call);
    for (let i = 0; i < WARM_RUNS; i++) await replay(statements);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = process.hrtime.bigint();
      await c.call();
      ours.push(ms(t));
      t = process.hrtime.bigint();
      await replay(statements);
      theirs.push(ms(t));
    }
    const us = spread(ours);
    const them = spread(theirs);
    console.log(`  ours:    ${us.text}`);
    console.log(`  bare pg: ${them.text}; ratio bare ÷ ours at p95: ${(them.p95 / us.p95).toFixed(2)}`);
    results.push({
      label: c.label,
      p50: us.p50,
      p95: us.p95,
      goal: `p95 ≤ ${c.goal} ms`,
      met: us.p95 <= c.goal,
      bare: them.p95,
      ratio: them.p95 / us.p95,
    });
    if (slowest && (us.p95 > c.goal || process.env.BENCH_PLANS))
      printPlan(await explainAsApp(server.ownerUrl, harbor, slowest, { analyze: true }), 'its slowest read');
  }

  // ─── 4. The list over HTTP, 8 at once ──────────────────────────────────────────────────────
  const RPS_GOAL = 500;
  console.log(`\n4. GET the orders list over HTTP, ${CONCURRENCY} concurrent callers (goal: ≥ ${RPS_GOAL} requests/s)`);
  const cookie = await server.signIn();
  const path = '/api/v1/orders?sort=-number&limit=50';
  const httpStatements = await recordStatements(async () => {
    const response = await fetch(`${server.address}${path}`, { headers: { cookie } });
    const body = (await response.json()) as { items: { number: string }[] };
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    if (body.items[0]?.number !== first.items[0]?.number) throw new Error(`${path}: not the service's first page`);
  });
  console.log(
    `  GET ${path}: ${httpStatements.length} statements (${httpStatements.map((s) => s.text.trim().split(/\s+/).slice(0, 2).join(' ')).join(' | ')})`,
  );
  /** Requests/s of CONCURRENCY callers for SECONDS after a second's warm-up, and each call's time. */
  const load = async (once: () => Promise<void>) => {
    const run = async (duration: number, samples: number[] | null) => {
      const deadline = Date.now() + duration;
      let n = 0;
      while (Date.now() < deadline) {
        const t = process.hrtime.bigint();
        await once();
        samples?.push(ms(t));
        n++;
      }
      return n;
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, () => run(1000, null)));
    const samples: number[] = [];
    const start = Date.now();
    const counts = await Promise.all(Array.from({ length: CONCURRENCY }, () => run(SECONDS * 1000, samples)));
    return { rps: counts.reduce((a, b) => a + b, 0) / ((Date.now() - start) / 1000), ...spread(samples) };
  };
  const http = await load(async () => {
    await (await fetch(`${server.address}${path}`, { headers: { cookie } })).arrayBuffer();
  });
  const viaPg = await load(() => replay(httpStatements));
  console.log(`  over HTTP:    ${n0(http.rps)} requests/s; per request ${http.text}`);
  console.log(`  bare pg:      ${n0(viaPg.rps)} per second; per call ${viaPg.text}`);
  console.log(`  ratio ours ÷ bare pg in requests/s: ${(http.rps / viaPg.rps).toFixed(2)}`);
  results.push({
    label: `4. list over HTTP, ${CONCURRENCY} at once`,
    p50: http.p50,
    p95: http.p95,
    goal: `≥ ${RPS_GOAL} req/s: ${n0(http.rps)}`,
    met: http.rps >= RPS_GOAL,
    bare: viaPg.p95,
    ratio: http.rps / viaPg.rps,
  });
  const httpSlowest = [...httpStatements].filter(isRead).sort((a, b) => b.ms - a.ms)[0];
  if (httpSlowest && (http.rps < RPS_GOAL || process.env.BENCH_PLANS))
    printPlan(await explainAsApp(server.ownerUrl, harbor, httpSlowest, { analyze: true }), 'its slowest read');

  // ─── 5. Confirming 20-line orders ──────────────────────────────────────────────────────────
  const CONFIRM_GOAL = 50;
  console.log(`\n5. Confirming an order of ${LINES} stocked lines (goal: p95 ≤ ${CONFIRM_GOAL} ms)`);
  started = Date.now();
  // The pool: the first generated products, each given an opening balance in the default
  // warehouse through the ledger, 200 lines a document.
  const pool = (
    await owner.query<{ id: string; cost: number }>(
      'SELECT id, cost_hc::int AS cost FROM bench_products WHERE i <= $1 ORDER BY i',
      [POOL_PRODUCTS],
    )
  ).rows;
  for (let i = 0; i < pool.length; i += 200) {
    const batch = pool.slice(i, i + 200);
    await inScope(runtime.db, scope, async (tx) => {
      const resolved = await resolveItems(
        tx,
        batch.map((p) => ({ type: 'product' as const, id: p.id })),
      );
      const lines: MovementLine[] = batch.map((p, j) => ({
        item: resolved[j]!,
        warehouseId: home.id,
        warehouseName: home.name,
        quantityE4: OPENING_UNITS * 10_000,
        reason: 'opening',
        unitCostHc: p.cost,
        note: 'Bench: opening balance',
      }));
      await postMovements(tx, actor, lines);
    });
  }
  await owner.query('ANALYZE stock_items; ANALYZE stock_levels; ANALYZE stock_movements');
  const committedBefore = Number(
    (
      await owner.query<{ q: string }>(
        'SELECT COALESCE(sum(committed_e4), 0)::text AS q FROM stock_levels WHERE firm_id = $1',
        [harbor],
      )
    ).rows[0]!.q,
  );
  // The drafts, in pairs (the first confirmed through bare pg, the second by the service).
  const total = WARM_CONFIRMS + CONFIRMS;
  const makeSamples: number[] = [];
  const drafts: { id: string; number: string; quantityE4: number }[] = [];
  for (let k = 0; k < 2 * total; k++) {
    const t = process.hrtime.bigint();
    const made = await inScope(runtime.db, scope, (tx) =>
      orderType.create(
        tx,
        actor,
        orderInputSchema.parse({
          customer: buyer.id,
          warehouse: home.id,
          notes: `Bench order ${k + 1}`,
          lines: Array.from({ length: LINES }, (_, j) => ({
            item: { type: 'product', id: pool[(k * LINES + j) % pool.length]!.id },
            quantity: 1 + ((k + j) % 5),
          })),
        }),
      ),
    );
    makeSamples.push(ms(t));
    drafts.push({
      id: made._id,
      number: made.number,
      quantityE4: made.lines.reduce((a, l) => a + Math.round(l.quantity * 10_000), 0),
    });
  }
  console.log(
    `Opened ${n0(pool.length)} products × ${OPENING_UNITS} units in ${home.name} through postMovements and made ` +
      `${2 * total} drafts of ${LINES} lines for ${buyer.name} (${2 * WARM_CONFIRMS} to warm up) in ${seconds(started)}; ` +
      `create per order: ${spread(makeSamples).text}`,
  );

  const confirm = (id: string) => inScope(runtime.db, scope, (tx) => orderType.transition(tx, actor, id, 'confirm'));
  const UNDO = new Error('rolled back on purpose');
  /** The statements confirming `id` sends, recorded in a transaction rolled back: nothing stays. */
  const dryRun = (id: string) =>
    recordStatements(async () => {
      try {
        await inScope(runtime.db, scope, async (tx) => {
          await orderType.transition(tx, actor, id, 'confirm');
          throw UNDO;
        });
      } catch (error) {
        if (error !== UNDO) throw error;
      }
    });
  const ours: number[] = [];
  const theirs: number[] = [];
  let spans: (Statement & { ms: number })[] = [];
  for (let k = 0; k < total; k++) {
    const [viaBare, viaService] = [drafts[2 * k]!, drafts[2 * k + 1]!];
    const recorded = await dryRun(viaBare.id);
    if (recorded.at(-1)?.text !== 'ROLLBACK') throw new Error(`Unexpected end of a confirm: ${recorded.at(-1)?.text}`);
    spans = await dryRun(viaService.id);
    // The same statements, committed this time.
    let t = process.hrtime.bigint();
    await replay([...recorded.slice(0, -1), { text: 'COMMIT' }]);
    const bareMs = ms(t);
    t = process.hrtime.bigint();
    await confirm(viaService.id);
    const ourMs = ms(t);
    if (k >= WARM_CONFIRMS) {
      theirs.push(bareMs);
      ours.push(ourMs);
    }
  }
  const us = spread(ours);
  const them = spread(theirs);
  console.log(`  ours (orderType.transition 'confirm'): ${us.text}`);
  console.log(
    `  bare pg (its recorded statements):     ${them.text}; ratio bare ÷ ours at p95: ${(them.p95 / us.p95).toFixed(2)}`,
  );
  const spent = spans.reduce((a, s) => a + s.ms, 0);
  console.log(
    `  one confirm sends ${spans.length} statements taking ${spent.toFixed(1)} ms (a rolled-back run); the slowest: ` +
      [...spans]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((s) => `\n    ${s.ms.toFixed(1).padStart(6)} ms  ${gist(s.text)}`)
        .join(''),
  );
  results.push({
    label: `5. confirm a ${LINES}-line order`,
    p50: us.p50,
    p95: us.p95,
    goal: `p95 ≤ ${CONFIRM_GOAL} ms`,
    met: us.p95 <= CONFIRM_GOAL,
    bare: them.p95,
    ratio: them.p95 / us.p95,
  });
  const confirmSlowest = [...spans].filter(isRead).sort((a, b) => b.ms - a.ms)[0];
  if (confirmSlowest && (us.p95 > CONFIRM_GOAL || process.env.BENCH_PLANS))
    printPlan(await explainAsApp(server.ownerUrl, harbor, confirmSlowest, { analyze: true }), 'its slowest read');

  // The proof: every order confirmed, each line holding its quantity, the levels holding what
  // the confirmed orders' stocked lines do, and the ledger clean.
  const ids = drafts.map((d) => d.id);
  const state = (
    await owner.query<{ confirmed: number; lines: number; held: number; quantity: string }>(
      `SELECT (SELECT count(*) FROM orders WHERE id = ANY($1::uuid[]) AND status = 'confirmed')::int AS confirmed,
              count(*)::int AS lines, count(*) FILTER (WHERE committed_e4 = quantity_e4)::int AS held,
              sum(quantity_e4)::text AS quantity
         FROM order_lines WHERE order_id = ANY($1::uuid[])`,
      [ids],
    )
  ).rows[0]!;
  const held = (
    await owner.query<{ levels: string; lines: string }>(
      `SELECT (SELECT COALESCE(sum(committed_e4), 0) FROM stock_levels WHERE firm_id = $1)::text AS levels,
              (SELECT COALESCE(sum(l.quantity_e4), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
                WHERE o.firm_id = $1 AND o.status = 'confirmed' AND l.kind = 'item' AND l.counted)::text AS lines`,
      [harbor],
    )
  ).rows[0]!;
  const check = await inScope(runtime.db, scope, (tx) => checkStock(tx, harbor));
  const ran = drafts.reduce((a, d) => a + d.quantityE4, 0);
  const units = (e4: number | string) => (Number(e4) / 10_000).toLocaleString('en-US');
  console.log('  after the confirms:');
  console.log(`    orders confirmed: ${state.confirmed} of ${ids.length} (must be all)`);
  console.log(
    `    lines holding their quantity: ${n0(state.held)} of ${n0(state.lines)} (must be ${n0(ids.length * LINES)})`,
  );
  console.log(
    `    stock_levels.committed_e4 in the firm: ${units(held.levels)} units; the confirmed orders' stocked lines: ` +
      `${units(held.lines)} (must be equal); grown by ${units(Number(held.levels) - committedBefore)}, ` +
      `this run's lines ${units(ran)} (must be equal)`,
  );
  console.log(`    checkStock: ${check.levels} summaries, ${check.drift.length} drifted (must be 0)`);
  const confirmedRight =
    state.confirmed === ids.length &&
    state.lines === ids.length * LINES &&
    state.held === state.lines &&
    Number(state.quantity) === ran &&
    held.levels === held.lines &&
    Number(held.levels) - committedBefore === ran &&
    check.drift.length === 0;
  if (!confirmedRight) {
    console.log('    THE CONFIRMS ARE NOT RIGHT');
    process.exitCode = 1;
  }

  // ─── The table ─────────────────────────────────────────────────────────────────────────────
  console.log(
    `\n${n0(sizes.orders!)} orders (${n0(sizes.lines!)} lines), ${n0(sizes.products!)} products, ` +
      `${n0(sizes.customers!)} customers in the firm; times in ms; ratio = bare pg p95 ÷ ours ` +
      `(4: our requests/s ÷ bare pg's), goal ≥ ${RATIO_GOAL}:`,
  );
  console.log(
    `${'workload'.padEnd(36)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}   ${'goal'.padEnd(22)} ${'met'.padEnd(4)}` +
      ` ${'bare p95'.padStart(8)} ${'ratio'.padStart(6)}`,
  );
  for (const r of results)
    console.log(
      `${r.label.padEnd(36)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)}   ${r.goal.padEnd(22)} ` +
        `${(r.met ? 'yes' : 'NO').padEnd(4)} ${r.bare.toFixed(1).padStart(8)} ${r.ratio.toFixed(2).padStart(6)}` +
        `${r.ratio < RATIO_GOAL ? '  (< 0.75)' : ''}`,
    );

  await keepIfAsked(server.ownerUrl);
} finally {
  await bare.end();
  await owner.end();
  await runtime.close();
  await server.stop();
}

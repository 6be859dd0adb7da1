// The stock ledger under sustained load (issue's target: movements through the service layer, each
// with its audit row, in one firm: 1,000 single-line movements/s on this 2-core machine, and the
// ledger stays exact). No HTTP: each movement is what POST /stock/adjustments does in its
// transaction, minus the answer's read: one transaction on the runtime login (the application
// role, row-level security on) in the firm's scope, `resolveItems` of one random item, then
// `postMovements` of one adjustment line (+ and − in turn, with a note, by a staff user).
// The catalog is the demo firm's items (its products without variants, variants and materials)
// and BENCH_PRODUCTS generated products; every item is first given 1,000 units in every
// warehouse (opening balances, through the ledger too), so no − is refused for want of stock.
// Printed: movements/s over BENCH_SECONDS with BENCH_WORKERS concurrent callers, p50/p95/p99 per
// movement, the ratio to the target, and where the two cores went. Then the proof: the nightly
// drift check (`checkStock`), the summaries against the ledger's sums and against what this run
// posted, and one audit row per movement.

import os from 'node:os';
import { connectDatabase } from '@atelier/server/db/client';
import { inScope } from '@atelier/server/db/tenancy';
import { checkStock } from '@atelier/server/modules/stock/check.service';
import { resolveItems } from '@atelier/server/modules/stock/items';
import { type MovementLine, postMovements } from '@atelier/server/modules/stock/ledger.service';
import { recordStatements } from '@atelier/server/test/statements';
import pg from 'pg';
import { assertPlainRuntime, demoFirmIds, keepIfAsked, POOL, startBenchServer } from './lib/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const OPENING_UNITS = 1_000;
const TARGET = 1_000; // movements per second
const NOTE = 'Bench: cycle count correction';

type Ref = Parameters<typeof resolveItems>[1][number];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const n0 = (n: number) => Math.round(n).toLocaleString('en-US');
/** Busy and total CPU time of the machine so far, in ms (all cores). */
const machineCpu = () =>
  os.cpus().reduce(
    (a, c) => {
      const total = c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
      return { busy: a.busy + total - c.times.idle, total: a.total + total };
    },
    { busy: 0, total: 0 },
  );

const server = await startBenchServer();
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
// The runtime login, as the server's requests use it: a pool of POOL, the application role.
const runtime = connectDatabase(server.url, POOL);
try {
  const { harbor } = await demoFirmIds(owner);
  const keeper = (
    await owner.query<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE firm_id = $1 AND kind = 'staff' AND deleted_at IS NULL
        ORDER BY email <> 'warehouse@demo.test', email LIMIT 1`,
      [harbor],
    )
  ).rows[0]!;
  const actor = { firmId: harbor, userId: keeper.id };
  const scope = { firmId: harbor, userId: keeper.id };

  console.log(`Runtime connection: ${await assertPlainRuntime(runtime.db, scope)}; actor ${keeper.email}`);

  // Generated products without variants, each with its SKU registered, made inside PostgreSQL.
  const started = Date.now();
  await owner.query(
    `WITH made AS (
       INSERT INTO products (firm_id, sku, name, unit, price_cents, cost_hc, tax_class, search_text)
       SELECT $1, 'SB-' || i, 'Stock bench item ' || i, 'each', 1000 + (i * 37) % 20000, (1000 + (i * 37) % 20000) * 50,
              'Standard', lower('stock bench item ' || i || ' sb-' || i)
         FROM generate_series(1, $2::int) AS i
       RETURNING id, sku)
     INSERT INTO skus (firm_id, sku, product_id) SELECT $1, sku, id FROM made`,
    [harbor, PRODUCTS],
  );
  await owner.query('ANALYZE products; ANALYZE skus');

  // Every stocked item of the firm: a product without variants, a variant, a material.
  const items = (
    await owner.query<{ type: Ref['type']; id: string; cost: number }>(
      `SELECT 'product' AS type, p.id, p.cost_hc::int AS cost FROM products p
        WHERE p.firm_id = $1 AND p.archived_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
       UNION ALL
       SELECT 'variant', v.id, COALESCE(v.cost_hc, p.cost_hc)::int FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.firm_id = $1 AND v.archived_at IS NULL AND p.archived_at IS NULL
       UNION ALL
       SELECT 'material', m.id, m.cost_hc::int FROM materials m WHERE m.firm_id = $1 AND m.archived_at IS NULL
       ORDER BY 1, 2`,
      [harbor],
    )
  ).rows;
  const warehouses = (
    await owner.query<{ id: string; name: string }>(
      'SELECT id, name FROM warehouses WHERE firm_id = $1 AND archived_at IS NULL ORDER BY is_default DESC, name',
      [harbor],
    )
  ).rows;
  const kinds = (t: string) => items.filter((i) => i.type === t).length;
  console.log(
    `${items.length} stocked items (${kinds('product')} products without variants, ${PRODUCTS} of them generated; ` +
      `${kinds('variant')} variants; ${kinds('material')} materials) in ${warehouses.length} warehouses ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  // What the summaries hold before the run (the demo's stock), kept to check them against what is posted.
  const expected = new Map<string, bigint>(); // `${itemId}|${warehouseId}` → on hand, e4
  for (const r of (
    await owner.query<{ item_id: string; warehouse_id: string; q: string }>(
      'SELECT item_id, warehouse_id, on_hand_e4::text AS q FROM stock_levels WHERE firm_id = $1',
      [harbor],
    )
  ).rows)
    expected.set(`${r.item_id}|${r.warehouse_id}`, BigInt(r.q));
  const add = (itemId: string, warehouseId: string, q: number) => {
    const key = `${itemId}|${warehouseId}`;
    expected.set(key, (expected.get(key) ?? 0n) + BigInt(q));
  };

  // Opening balances through the ledger, 500 lines a document.
  const openStart = Date.now();
  const pairs = items.flatMap((item) => warehouses.map((w) => ({ item, w })));
  for (let i = 0; i < pairs.length; i += 500) {
    const batch = pairs.slice(i, i + 500);
    await inScope(runtime.db, scope, async (tx) => {
      const resolved = await resolveItems(
        tx,
        batch.map(({ item }) => ({ type: item.type, id: item.id })),
      );
      const lines: MovementLine[] = batch.map(({ item, w }, j) => ({
        item: resolved[j]!,
        warehouseId: w.id,
        warehouseName: w.name,
        quantityE4: OPENING_UNITS * 10_000,
        reason: 'opening',
        unitCostHc: item.cost,
        note: 'Bench: opening balance',
      }));
      await postMovements(tx, actor, lines);
    });
    for (const { item, w } of batch) add(item.id, w.id, OPENING_UNITS * 10_000);
  }
  await owner.query('ANALYZE stock_items; ANALYZE stock_levels; ANALYZE stock_movements; ANALYZE audit_log');
  console.log(
    `Opened ${n0(pairs.length)} item × warehouse balances of ${OPENING_UNITS} units through postMovements ` +
      `(documents of 500 lines) in ${((Date.now() - openStart) / 1000).toFixed(1)} s`,
  );

  /** One movement: its own transaction, the item resolved, one adjustment line posted. */
  const moveOnce = async (sign: 1 | -1) => {
    const item = items[Math.floor(Math.random() * items.length)]!;
    const w = warehouses[Math.floor(Math.random() * warehouses.length)]!;
    // A quarter of a unit to 5 units, in quarters: ±0.25 … ±5.
    const quantityE4 = sign * 2_500 * (1 + Math.floor(Math.random() * 20));
    await inScope(runtime.db, scope, async (tx) => {
      const [resolved] = await resolveItems(tx, [{ type: item.type, id: item.id }]);
      await postMovements(tx, actor, [
        { item: resolved!, warehouseId: w.id, warehouseName: w.name, quantityE4, reason: 'adjustment', note: NOTE },
      ]);
    });
    add(item.id, w.id, quantityE4);
  };

  // Every movement from here on is counted against the ledger and the audit log below.
  const runStart = (await owner.query<{ t: Date }>('SELECT now() AS t')).rows[0]!.t;
  let posted = 0;
  let refused = 0;
  const run = async (worker: number, ms: number, samples: number[] | null) => {
    const deadline = Date.now() + ms;
    let sign: 1 | -1 = worker % 2 ? -1 : 1;
    while (Date.now() < deadline) {
      const t = process.hrtime.bigint();
      try {
        await moveOnce(sign);
        posted++;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 409) throw error;
        refused++;
      }
      samples?.push(Number(process.hrtime.bigint() - t) / 1e6);
      sign = sign === 1 ? -1 : 1;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => run(w, 2_000, null))); // warm up
  // The statements one movement sends (the warm-up has named the repeated ones).
  const statements = await recordStatements(() => moveOnce(1));
  posted++;
  console.log(
    `One movement sends ${statements.length} statements: ${statements.map((s) => s.text.trim().split(/\s+/).slice(0, 2).join(' ')).join(' | ')}`,
  );

  // Where one caller's movement spends its time, statement by statement (send to answer), over 200 in turn.
  const spent = new Map<string, number[]>();
  for (let i = 0; i < 200; i++)
    for (const [k, span] of (await recordStatements(() => moveOnce(i % 2 ? -1 : 1))).entries()) {
      const label = `${k + 1}. ${span.text.trim().split(/\s+/).slice(0, 2).join(' ')}`;
      spent.set(label, [...(spent.get(label) ?? []), span.ms]);
    }
  posted += 200;
  console.log(
    `One caller alone, 200 movements, mean per statement: ${[...spent]
      .map(([label, all]) => `${label} ${(all.reduce((a, b) => a + b, 0) / all.length).toFixed(2)} ms`)
      .join(' | ')}`,
  );

  const samples: number[] = [];
  const postedBefore = posted;
  const refusedBefore = refused;
  const cpu0 = process.cpuUsage();
  const machine0 = machineCpu();
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => run(w, SECONDS * 1000, samples)));
  const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const machine = machineCpu();
  const moved = posted - postedBefore;
  const rate = moved / elapsed;
  samples.sort((a, b) => a - b);
  const cores = os.cpus().length;
  const machineBusy = (machine.busy - machine0.busy) / (machine.total - machine0.total);
  const nodeCores = (cpu.user + cpu.system) / 1e6 / elapsed;

  // The proof, after the run: the nightly drift check, as the app runs it…
  const check = await inScope(runtime.db, scope, (tx) => checkStock(tx, harbor));
  // …the summaries against the ledger's sums, per item and per item and warehouse…
  const perItem = (
    await owner.query<{ items: number; off: number; ledger: string; summary: string }>(
      `SELECT count(*)::int AS items, count(*) FILTER (WHERE COALESCE(s.on_hand_e4, 0) <> COALESCE(g.q, 0))::int AS off,
              COALESCE(sum(g.q), 0)::text AS ledger, COALESCE(sum(s.on_hand_e4), 0)::text AS summary
         FROM (SELECT item_id, on_hand_e4 FROM stock_items WHERE firm_id = $1) s
         FULL JOIN (SELECT item_id, sum(quantity_e4) AS q FROM stock_movements WHERE firm_id = $1 GROUP BY item_id) g
           USING (item_id)`,
      [harbor],
    )
  ).rows[0]!;
  const levels = (
    await owner.query<{ item_id: string; warehouse_id: string; summary: string | null; ledger: string | null }>(
      `SELECT item_id, warehouse_id, l.on_hand_e4::text AS summary, g.q::text AS ledger
         FROM (SELECT item_id, warehouse_id, on_hand_e4 FROM stock_levels WHERE firm_id = $1) l
         FULL JOIN (SELECT item_id, warehouse_id, sum(quantity_e4) AS q FROM stock_movements WHERE firm_id = $1
                     GROUP BY item_id, warehouse_id) g USING (item_id, warehouse_id)`,
      [harbor],
    )
  ).rows;
  const levelsOff = levels.filter((r) => BigInt(r.summary ?? 0) !== BigInt(r.ledger ?? 0)).length;
  // …and against what this run posted (the demo's stock before it plus every accepted line).
  const found = new Map(levels.map((r) => [`${r.item_id}|${r.warehouse_id}`, BigInt(r.summary ?? 0)]));
  const keys = new Set([...expected.keys(), ...found.keys()]);
  const postedOff = [...keys].filter((k) => (expected.get(k) ?? 0n) !== (found.get(k) ?? 0n)).length;
  // …and one audit row per movement.
  const audit = (
    await owner.query<{ movements: number; audits: number; orphans: number }>(
      `SELECT (SELECT count(*) FROM stock_movements WHERE firm_id = $1 AND created_at >= $2)::int AS movements,
              (SELECT count(*) FROM audit_log WHERE firm_id = $1 AND entity_type = 'stock_movement' AND created_at >= $2)::int AS audits,
              (SELECT count(*) FROM stock_movements m WHERE m.firm_id = $1 AND NOT EXISTS (
                 SELECT 1 FROM audit_log a WHERE a.firm_id = $1 AND a.entity_type = 'stock_movement' AND a.entity_id = m.id))::int AS orphans`,
      [harbor, runStart],
    )
  ).rows[0]!;

  console.log(
    `\nSustained, ${WORKERS} concurrent callers, pool of ${POOL}, ${elapsed.toFixed(1)} s, ${items.length} items × ${warehouses.length} warehouses:`,
  );
  console.log(
    `  ${n0(moved)} movements (${refused - refusedBefore} refused) = ${n0(rate)} movements/s; ratio to the target of ${n0(TARGET)}/s: ${(rate / TARGET).toFixed(2)}`,
  );
  console.log(
    `  per movement: p50 ${percentile(samples, 0.5).toFixed(1)} ms, p95 ${percentile(samples, 0.95).toFixed(1)} ms, ` +
      `p99 ${percentile(samples, 0.99).toFixed(1)} ms, max ${(samples.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(
    `  CPU: machine ${(machineBusy * 100).toFixed(0)}% busy of ${cores} cores; this Node process ${nodeCores.toFixed(2)} cores ` +
      `(${((cpu.user + cpu.system) / 1e3 / Math.max(1, moved)).toFixed(2)} ms of CPU a movement), ` +
      `everything else (PostgreSQL, mostly) ${(machineBusy * cores - nodeCores).toFixed(2)} cores`,
  );
  console.log('\nThe ledger after the run:');
  console.log(`  checkStock: ${check.levels} summaries, ${check.drift.length} drifted (must be 0)`);
  console.log(
    `  stock_items vs sum(stock_movements.quantity_e4): ${perItem.items} items, ${perItem.off} differ (must be 0); ` +
      `totals ${(Number(perItem.summary) / 10_000).toLocaleString('en-US')} = ${(Number(perItem.ledger) / 10_000).toLocaleString('en-US')} units`,
  );
  console.log(
    `  stock_levels vs the ledger per item and warehouse: ${levels.length} levels, ${levelsOff} differ (must be 0)`,
  );
  console.log(`  stock_levels vs what this run posted: ${postedOff} differ (must be 0)`);
  console.log(
    `  from the warm-up on: ${n0(posted)} movements posted, ${n0(audit.movements)} in stock_movements, ` +
      `${n0(audit.audits)} audit rows (must all be equal); movements of the firm without an audit row: ${audit.orphans} (must be 0)`,
  );
  const exact =
    check.drift.length === 0 &&
    perItem.off === 0 &&
    levelsOff === 0 &&
    postedOff === 0 &&
    audit.movements === posted &&
    audit.audits === posted &&
    audit.orphans === 0;
  if (!exact) {
    console.log('  THE LEDGER IS NOT EXACT');
    process.exitCode = 1;
  }

  await keepIfAsked(server.ownerUrl);
} finally {
  await owner.end();
  await runtime.close();
  await server.stop();
}

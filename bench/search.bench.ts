// Global search at scale: 1,000,000 customers of one firm in the search index (and 100,000 of
// another), then p95 of GET /api/v1/search for names, an email, a phone number and a short
// prefix, through the API and as the same statements through bare `pg`, with the ratios.
import pg from 'pg';
import { fillCustomers, withIndexesRebuilt } from './lib/customers';
import { compareLatency } from './lib/latency';
import { demoFirmIds, startBenchServer } from './lib/server';

const BIG = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);

const server = await startBenchServer();
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
const { harbor, cedar } = await demoFirmIds(owner);

await fillCustomers(owner, harbor, cedar, BIG);
// The bulk fill bypassed the app, so index the new customers the way the migration backfills.
const started = Date.now();
await withIndexesRebuilt(owner, 'search_entries', async () => {
  await owner.query(
    `INSERT INTO search_entries (firm_id, entity_type, entity_id, title, subtitle, search_text, archived)
     SELECT c.firm_id, 'customer', c.id, c.name,
            concat_ws(' · ', NULLIF(c.primary_email, ''), NULLIF(c.phones->0->>'number', '')),
            c.search_text, c.archived_at IS NOT NULL
       FROM customers c
      WHERE NOT EXISTS (SELECT 1 FROM search_entries s WHERE s.entity_id = c.id AND s.entity_type = 'customer')`,
  );
});
const indexed = (await owner.query('SELECT count(*)::int AS n FROM search_entries')).rows[0].n;
console.log(`Indexed ${indexed} records in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

const email = (
  await owner.query<{ e: string }>(
    'SELECT primary_email AS e FROM customers WHERE firm_id = $1 ORDER BY id OFFSET $2 LIMIT 1',
    [harbor, Math.floor(BIG / 3)],
  )
).rows[0]!.e;

await compareLatency({
  server,
  cookie: await server.signIn(),
  firmId: harbor,
  cases: [
    ['surname, all kinds (whitaker)', '/api/v1/search?q=whitaker'],
    ['full name (emma whitaker)', `/api/v1/search?q=${encodeURIComponent('emma whitaker')}`],
    ['an email address', `/api/v1/search?q=${encodeURIComponent(email)}`],
    ['phone (207) 555-0142', `/api/v1/search?q=${encodeURIComponent('(207) 555-0142')}`],
    ['2-letter prefix (ma)', '/api/v1/search?q=ma'],
    ['surname in accounts only', '/api/v1/search?q=whitaker&type=company'],
    ['no match (zzqxv)', '/api/v1/search?q=zzqxv'],
  ],
  pick: (s) => s.text.includes('from "search_entries"'),
  describe: (body) => `${(body as { items: unknown[] }).items.length} results`,
  title: `${indexed.toLocaleString('en-US')} rows in the search index`,
});

await owner.end();
await server.stop();

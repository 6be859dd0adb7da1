// The customers list at scale: 1,000,000 customers in one firm and 100,000 in another, then
// p95 latency of the first page, a deep page (a cursor half-way down) and `q` searches, through
// the API (over HTTP and through app.inject) and through bare `pg` sending the same statements.
// The ratio API / bare pg is what the app adds on top of the SQL it sends.

import pg from 'pg';
import { fillCustomers } from './lib/customers';
import { compareLatency } from './lib/latency';
import { demoFirmIds, startBenchServer } from './lib/server';

const BIG = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);

const server = await startBenchServer();
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
const { harbor, cedar } = await demoFirmIds(owner);

await fillCustomers(owner, harbor, cedar, BIG);

// A cursor half-way down the name order, as the Next button would carry it after 10,000 pages.
const middle = (
  await owner.query<{ v: string; id: string }>(
    `SELECT lower(name) AS v, id FROM customers WHERE firm_id = $1 AND archived_at IS NULL
      ORDER BY lower(name), id OFFSET $2 LIMIT 1`,
    [harbor, Math.floor(BIG / 2)],
  )
).rows[0]!;
const cursor = Buffer.from(JSON.stringify([middle.v, middle.id, 'name'])).toString('base64url');

// One customer's email, as someone would paste it into the search box.
const email = (
  await owner.query<{ e: string }>(
    'SELECT primary_email AS e FROM customers WHERE firm_id = $1 ORDER BY id OFFSET $2 LIMIT 1',
    [harbor, Math.floor(BIG / 3)],
  )
).rows[0]!.e;

const cookie = await server.signIn();
const cases: [string, string][] = [
  ['first page', '/api/v1/customers?limit=50'],
  ['first page, newest first', '/api/v1/customers?limit=50&sort=-created'],
  ['deep page (cursor at row 500,000)', `/api/v1/customers?limit=50&cursor=${cursor}`],
  ['q = surname (whitaker)', '/api/v1/customers?limit=50&q=whitaker'],
  ['q = an email address', `/api/v1/customers?limit=50&q=${encodeURIComponent(email)}`],
  ['q = phone (555-0142)', '/api/v1/customers?limit=50&q=555-0142'],
  ['q = name prefix (ma)', '/api/v1/customers?limit=50&q=ma'],
  ['filter source + sort email', '/api/v1/customers?limit=50&filter[source][]=Houzz&sort=email'],
];

await compareLatency({
  server,
  cookie,
  firmId: harbor,
  cases,
  // The statement that chooses the page: the keyset query on the customers table.
  pick: (s) => s.text.includes('AS sort') && s.text.includes('FROM "customers"'),
  describe: (body) => {
    const page = body as { items: unknown[]; total: number | string };
    return `${page.items.length} rows, total ${page.total}`;
  },
  title: `${BIG.toLocaleString('en-US')} customers in the firm`,
});

await owner.end();
await server.stop();

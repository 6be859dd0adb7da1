// The customers list at scale: 1,000,000 customers in one firm and 100,000 in another, then
// p95 latency of the first page, a deep page (a cursor half-way down) and `q` searches, through
// the API (over HTTP and through app.inject) and through bare `pg` sending the same statements.
// The ratio API / bare pg is what the app adds on top of the SQL it sends.

import { explainAsApp, recordStatements, type Statement } from '@atelier/server/test/statements';
import pg from 'pg';
import { POOL, startBenchServer } from './lib/server';

const BIG = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const OTHER = Math.round(BIG / 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const FIRST = `Ava Liam Mia Noah Emma Owen Zoe Eli Ruby Leo Ivy Jack Nora Finn Iris Cole Lena Hugo Alma Jude
  Cora Milo Ada Rhys Tess Abel June Otis Vera Axel Maya Reid Lily Beau Anna Knox Rosa Dean Jade Wade Elsa Sean Faye
  Troy Gwen Luke Hope Ezra Lucy Omar Sage Ivan Nina Gray Ines Joel Kate Ross Emil Dora`.split(/\s+/);
const LAST = `Abbott Alvarez Archer Bailey Barnes Bennett Bishop Blake Booth Bowen Boyd Brady Briggs Brooks Bryant
  Burke Burton Calder Carver Chandler Chase Clarke Cobb Coleman Conway Cooper Crane Cross Dalton Davies Dawson Dean
  Doyle Drake Dunn Ellis Emerson Farley Fischer Fleming Flynn Ford Foster Fowler Frost Fuller Garner Gibbs Gordon
  Graves Hale Hardy Harlow Hayes Hendrix Hobbs Holt Hood Hopkins Hughes Ingram Jensen Keller Kemp Knight Lambert
  Lane Lawson Lowe Lynch Mackey Marsh Mercer Monroe Morgan Nash Nolan Norris Osborne Palmer Parks Pearce Pierce
  Porter Quinn Ramsey Reeves Rhodes Riley Sawyer Shaw Sloan Stone Sutton Tate Thorne Vance Wade Walsh Whitaker
  Wilder Wolfe Wren Yates York`.split(/\s+/);
const CITIES = `Portland Bangor Camden Rockland Belfast Bath Brunswick Augusta Saco Biddeford Kennebunk Ogunquit
  Yarmouth Freeport Falmouth Gorham Windham Scarborough Westbrook Lewiston`.split(/\s+/);
const SOURCES = ['Referral', 'Website', 'Showroom visit', 'Houzz', 'Trade show', 'Repeat customer', ''];

/** Fills `count` customers into a firm in one statement (the app's own derived columns included). */
async function fill(owner: pg.Client, firmId: string, count: number, offset: number) {
  await owner.query(
    `INSERT INTO customers (firm_id, first_name, last_name, emails, phones, addresses, primary_email, source,
        marketing_consent, search_text, archived_at, created_at, updated_at)
     SELECT $1, fn, ln,
            jsonb_build_array(jsonb_build_object('label', 'Personal', 'email', email)),
            jsonb_build_array(jsonb_build_object('label', 'Mobile', 'number', phone)),
            jsonb_build_array(jsonb_build_object('label', 'Home', 'line1', (i % 900 + 10) || ' Harbor Road',
              'line2', '', 'city', city, 'region', 'ME', 'postalCode', postal, 'country', 'US')),
            email, ($5::text[])[1 + i % array_length($5::text[], 1)], i % 3 = 0,
            lower(fn || ' ' || ln || ' ' || email || ' ' || city || ' ' || postal || ' ' || phone || ' ' ||
                  regexp_replace(phone, '\\D', '', 'g')),
            CASE WHEN i % 50 = 0 THEN now() END,
            now() - (i % 1825) * interval '1 day', now() - (i % 365) * interval '1 day'
       FROM (SELECT i,
                    ($2::text[])[1 + (i * 7) % array_length($2::text[], 1)] AS fn,
                    ($3::text[])[1 + (i / 7) % array_length($3::text[], 1)] AS ln,
                    ($4::text[])[1 + i % array_length($4::text[], 1)] AS city,
                    lpad((4000 + i % 900)::text, 5, '0') AS postal,
                    '(207) 555-' || lpad((i % 10000)::text, 4, '0') AS phone
               FROM generate_series($6::int, $6::int + $7::int - 1) AS i) g,
            LATERAL (SELECT lower(fn || '.' || ln || i || '@mail.example') AS email) e`,
    [firmId, FIRST, LAST, CITIES, SOURCES, offset, count],
  );
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

async function timed(once: () => Promise<void>): Promise<number> {
  for (let i = 0; i < 10; i++) await once(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await once();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return p95(samples);
}

const server = await startBenchServer();
const owner = new pg.Client({ connectionString: server.url });
await owner.connect();
const firmId = async (name: string) =>
  (await owner.query<{ id: string }>('SELECT id FROM firms WHERE name = $1', [name])).rows[0]!.id;
const harbor = await firmId('Harbor & Pine Interiors');
const cedar = await firmId('Cedar Row Kitchens');

// Filling is faster with the secondary indexes built afterwards, as a restore would.
const started = Date.now();
const indexes = (
  await owner.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE tablename = 'customers' AND indexname <> 'customers_pkey' AND indexdef NOT LIKE '%UNIQUE%'`,
  )
).rows;
for (const index of indexes) await owner.query(`DROP INDEX ${index.name}`);
const count = async (firm: string) =>
  Number((await owner.query('SELECT count(*) FROM customers WHERE firm_id = $1', [firm])).rows[0].count);
const step = 250_000;
for (const [firm, target] of [
  [harbor, BIG],
  [cedar, OTHER],
] as const) {
  for (let have = await count(firm); have < target; have = await count(firm)) {
    await fill(owner, firm, Math.min(step, target - have), have + (firm === cedar ? 5_000_000 : 0));
  }
}
await owner.query(`SET maintenance_work_mem = '512MB'`);
for (const index of indexes) await owner.query(index.def);
await owner.query('ANALYZE customers');
console.log(
  `Filled ${await count(harbor)} customers in Harbor & Pine and ${await count(cedar)} in Cedar Row ` +
    `in ${((Date.now() - started) / 1000).toFixed(0)} s (indexes built after the fill).`,
);

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
const bare = new pg.Pool({ connectionString: server.url, max: POOL, options: '-c role=atelier_app' });
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

async function explain(statements: Statement[]) {
  const list = statements.find((s) => s.text.includes('AS sort') && s.text.includes('FROM "customers"'));
  if (!list) return '';
  const plan = await explainAsApp(server.url, harbor, list, { analyze: true });
  if (process.env.BENCH_PLANS) return `\n${plan}`;
  const scans = plan
    .split('\n')
    .filter((l) => /Scan|Execution Time/.test(l))
    .map((l) => l.trim().replace(/\s*\(actual.*$/, ''));
  return [...new Set(scans)].join('; ');
}

const rows: string[] = [];
for (const [label, path] of cases) {
  const statements = await recordStatements(async () => {
    const response = await fetch(`${server.address}${path}`, { headers: { cookie } });
    const body = (await response.json()) as { items: unknown[]; total: number | string };
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    console.log(`${label}: ${body.items.length} rows, total ${body.total}`);
  });
  console.log(`  plan: ${await explain(statements)}`);
  const http = await timed(async () => {
    await (await fetch(`${server.address}${path}`, { headers: { cookie } })).arrayBuffer();
  });
  const injected = await timed(async () => {
    await server.app.inject({ method: 'GET', url: path, headers: { cookie } });
  });
  const sql = await timed(async () => {
    const client = await bare.connect();
    try {
      for (const s of statements) await client.query(s.text, s.values);
    } finally {
      client.release();
    }
  });
  rows.push(
    `${label.padEnd(36)} ${http.toFixed(1).padStart(7)} ${injected.toFixed(1).padStart(7)} ${sql.toFixed(1).padStart(7)}` +
      `   ${(http / sql).toFixed(2).padStart(5)}   ${(injected / sql).toFixed(2).padStart(5)}`,
  );
}

console.log(`\np95 in ms over ${RUNS} sequential calls each (${BIG.toLocaleString('en-US')} customers in the firm):`);
console.log(
  `${'case'.padEnd(36)} ${'HTTP'.padStart(7)} ${'inject'.padStart(7)} ${'bare pg'.padStart(7)}   HTTP/pg  inject/pg`,
);
for (const line of rows) console.log(line);

await bare.end();
await owner.end();
await server.stop();

import type pg from 'pg';

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
async function fillFirm(owner: pg.Client, firmId: string, count: number, offset: number) {
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

/**
 * Runs a bulk load with the table's secondary indexes dropped and rebuilt afterwards, as a
 * restore would: much faster than maintaining a trigram index row by row.
 */
export async function withIndexesRebuilt(owner: pg.Client, table: string, load: () => Promise<void>): Promise<void> {
  const indexes = (
    await owner.query<{ name: string; def: string }>(
      `SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE tablename = $1 AND indexname <> $1 || '_pkey' AND indexdef NOT LIKE '%UNIQUE%'`,
      [table],
    )
  ).rows;
  for (const index of indexes) await owner.query(`DROP INDEX ${index.name}`);
  await load();
  await owner.query(`SET maintenance_work_mem = '512MB'`);
  for (const index of indexes) await owner.query(index.def);
  await owner.query(`ANALYZE ${table}`);
}

/** Fills Harbor & Pine up to `big` customers and Cedar Row up to a tenth of that. */
export async function fillCustomers(owner: pg.Client, harbor: string, cedar: string, big: number): Promise<void> {
  const started = Date.now();
  const count = async (firm: string) =>
    Number((await owner.query('SELECT count(*) FROM customers WHERE firm_id = $1', [firm])).rows[0].count);
  await withIndexesRebuilt(owner, 'customers', async () => {
    for (const [firm, target] of [
      [harbor, big],
      [cedar, Math.round(big / 10)],
    ] as const) {
      for (let have = await count(firm); have < target; have = await count(firm)) {
        await fillFirm(owner, firm, Math.min(250_000, target - have), have + (firm === cedar ? 5_000_000 : 0));
      }
    }
  });
  console.log(
    `Filled ${await count(harbor)} customers in Harbor & Pine and ${await count(cedar)} in Cedar Row ` +
      `in ${((Date.now() - started) / 1000).toFixed(0)} s (indexes built after the fill).`,
  );
}

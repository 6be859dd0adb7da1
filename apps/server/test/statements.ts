import pg from 'pg';

export type Statement = { text: string; values?: unknown[] };

/**
 * The SQL statements sent to PostgreSQL while `call` runs, recorded at the driver: tests explain
 * their plans, benches send the very same statements through bare `pg` for comparison.
 */
export async function recordStatements(call: () => Promise<unknown>): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    recorded.push(
      typeof first === 'string'
        ? { text: first, values: second }
        : { text: first.text, values: first.values ?? second },
    );
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await call();
  } finally {
    pg.Client.prototype.query = original;
  }
  return recorded;
}

/**
 * The plan of a recorded statement as the app role sees it in a firm. Tests price sequential
 * scans out (`indexesOnly`), so the plan shows what the indexes can do under row-level security
 * rather than what small test data favours; benches run it (`analyze`) on real volumes.
 */
export async function explainAsApp(
  ownerUrl: string,
  firmId: string,
  statement: Statement,
  options: { indexesOnly?: boolean; analyze?: boolean } = {},
): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE atelier_app');
    await client.query(`SELECT set_config('app.firm_id', $1, true)`, [firmId]);
    if (options.indexesOnly) await client.query('SET LOCAL enable_seqscan = off');
    const plan = await client.query(
      `EXPLAIN (COSTS OFF${options.analyze ? ', ANALYZE' : ''}) ${statement.text}`,
      statement.values,
    );
    return plan.rows.map((r) => r['QUERY PLAN'] as string).join('\n');
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    await client.end();
  }
}

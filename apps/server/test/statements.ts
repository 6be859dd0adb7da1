import pg from 'pg';

export type Statement = { text: string; values?: unknown[] };

/**
 * The SQL statements sent to PostgreSQL while `call` runs, recorded at the driver, each with the
 * time from sending it to its answer (`ms`): tests explain their plans, benches send the very
 * same statements through bare `pg` for comparison and see where a call's time goes.
 */
export async function recordStatements(call: () => Promise<unknown>): Promise<(Statement & { ms: number })[]> {
  const recorded: (Statement & { ms: number })[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const statement: Statement & { ms: number } =
      typeof first === 'string'
        ? { text: first, values: second, ms: 0 }
        : { text: first.text, values: first.values ?? second, ms: 0 };
    recorded.push(statement);
    const start = process.hrtime.bigint();
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      const done = () => {
        statement.ms = Number(process.hrtime.bigint() - start) / 1e6;
      };
      (result as Promise<unknown>).then(done, done);
    }
    return result;
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

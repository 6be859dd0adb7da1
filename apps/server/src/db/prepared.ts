import type pg from 'pg';

/**
 * Statements the app sends again and again are prepared once per connection (decision 0022).
 *
 * A request's statements are few but long (a list's select names every column and runs under
 * row-level security), and PostgreSQL parses and plans each one afresh when it arrives unnamed:
 * that was half of the database's work for a record's read. A parameterised statement whose
 * exact text has been seen `PREPARE_AFTER` times gets a name; node-postgres then parses it once
 * on each pooled connection and afterwards sends only its values. As pgjdbc's prepareThreshold
 * does, a text seen once (a rare filter combination) never takes a name, and the number of
 * names is capped, so a connection's prepared statements stay bounded.
 *
 * Safe with row-level security: a plan that depends on policies is re-checked by PostgreSQL
 * when the role changes, and the firm scope is read by `current_setting` when the statement
 * runs, not when it is planned.
 */
export const PREPARE_AFTER = 3;
const MAX_NAMED = 500;
const MAX_COUNTED = 5_000;

const names = new Map<string, string>();
const counts = new Map<string, number>();

/** The name a statement's text runs under, once it has been seen often enough (else none). */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const count = (counts.get(text) ?? 0) + 1;
  if (count < PREPARE_AFTER) {
    // Forgetting every count at once is crude but bounded, and only delays naming.
    if (counts.size >= MAX_COUNTED) counts.clear();
    counts.set(text, count);
    return undefined;
  }
  counts.delete(text);
  const name = `atelier_${names.size + 1}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown; rows?: unknown };

/** Makes the pooled connection name the repeated statements it is given (see above). */
export function prepareRepeatedStatements(client: pg.PoolClient): void {
  // The prototype's method is looked up on each call, not kept: a test may wrap it to record
  // what is sent (test/statements.ts).
  const prototype = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.query = function named(this: pg.PoolClient, config: unknown, values?: unknown, ...rest: unknown[]) {
    if (config !== null && typeof config === 'object') {
      const c = config as QueryConfig;
      const params = values ?? c.values;
      // Only a plain parameterised statement: never a cursor or stream (`submit`), a paged
      // portal (`rows`), one already named, or a text without values (which may hold several
      // statements, which PostgreSQL cannot prepare).
      if (
        typeof c.text === 'string' &&
        c.name === undefined &&
        c.submit === undefined &&
        c.rows === undefined &&
        Array.isArray(params) &&
        params.length > 0
      ) {
        const name = statementName(c.text);
        if (name !== undefined) config = { ...c, name };
      }
    }
    return prototype.query.call(this, config, values, ...rest);
  } as typeof client.query;
}

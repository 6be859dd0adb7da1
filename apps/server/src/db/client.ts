import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { APP_ROLE } from './columns';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle; services take it as their `db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

// PostgreSQL bigint (int8) and numeric come back as strings; counts and money in cents fit
// in a JS number for any firm this product serves, so parse int8 as a number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Database = { url: string; pool: pg.Pool; db: Db; close: () => Promise<void> };

/**
 * The pool every request uses. Each connection is the application role from the moment it
 * opens, so even a query run outside a request transaction is subject to row-level security
 * and, with no firm set, sees nothing.
 */
export function connectDatabase(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // When every connection is busy, a request waits this long and then fails with 500
    // instead of hanging forever.
    connectionTimeoutMillis: 10_000,
    application_name: 'atelier',
    // Set at connection start-up: there is no moment at which a pooled connection is the owner.
    options: `-c role=${APP_ROLE}`,
  });
  pool.on('error', () => {
    // An idle connection died (database restart); the pool replaces it on next use.
  });
  const db = drizzle({ client: pool, schema });
  return { url, pool, db, close: () => pool.end() };
}

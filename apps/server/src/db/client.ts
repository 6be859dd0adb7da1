import { drizzle, type NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { APP_ROLE } from './columns';
import { isDatabaseUnavailable } from './faults';
import { prepareRepeatedStatements } from './prepared';

// Untyped by the schema: the code writes queries with the table objects, never `db.query.*`, so
// the client needs no knowledge of the modules' tables (decision 0018: db sits below them).
export type Db = NodePgDatabase;
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
  // A connection that dies while checked out (the database stopped mid-request) emits 'error'
  // too, and the pool listens only to idle ones: without this, Node would exit. The request
  // using it fails with the error instead (503), and the pool drops the connection on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    prepareRepeatedStatements(client);
  });
  const db = drizzle({ client: pool });
  const listeners = new Set<CommitListener>();
  commitListeners.set(db, listeners);
  db.transaction = ((fn: (tx: Tx) => Promise<unknown>) => transaction(pool, listeners, fn)) as Db['transaction'];
  transactionStarters.set(db, (begin, fn) => transaction(pool, listeners, fn, begin));
  return { url, pool, db, close: () => pool.end() };
}

type Starter = <T>(begin: (client: pg.PoolClient) => string, fn: (tx: Tx) => Promise<T>) => Promise<T>;
const transactionStarters = new WeakMap<Db, Starter>();

/**
 * `db.transaction`, with statements of the caller's sent with BEGIN in one round trip (a firm's
 * scope: see `inScope`), or undefined for a database not made by `connectDatabase` (the caller
 * then sends them itself). `begin` gets the connection to escape its literals with; what it
 * returns is sent after BEGIN as a simple query, so it takes no parameters.
 */
export function transactionWith<T>(
  db: Db,
  begin: (client: pg.PoolClient) => string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> | undefined {
  return transactionStarters.get(db)?.(begin, fn);
}

/**
 * What a transaction tells the rest of the process once it has committed, never before: a
 * record changed (for the realtime events), a file's bytes may go (storage).
 */
export type CommitEvent =
  | { type: 'record'; firmId: string; kind: string; id: string; version: number | null; action: string }
  | { type: 'file-removed'; storageKey: string };
export type CommitListener = (events: CommitEvent[]) => void;

const commitListeners = new WeakMap<Db, Set<CommitListener>>();
const pendingEvents = new WeakMap<object, CommitEvent[]>();

/** Listens to what every committed transaction on this database reports (see `afterCommit`). */
export function onCommit(db: Db, listener: CommitListener): () => void {
  const listeners = commitListeners.get(db);
  if (!listeners) throw new Error('onCommit: not a database made by connectDatabase');
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reports `event` when the transaction `db` commits; a rollback drops it. Outside a transaction
 * (a statement that committed on its own) it is reported at once.
 */
export function afterCommit(db: Executor, event: CommitEvent): void {
  const pending = pendingEvents.get(db);
  if (pending) pending.push(event);
  else if (commitListeners.has(db as Db)) dispatch(commitListeners.get(db as Db)!, [event]);
}

function dispatch(listeners: Set<CommitListener>, events: CommitEvent[]): void {
  if (events.length === 0) return;
  for (const listener of listeners) {
    try {
      listener(events);
    } catch {
      // A listener's failure (a closed socket) must not fail a request that has committed.
    }
  }
}

const dialect = new PgDialect();
const connectionSessions = new WeakMap<pg.PoolClient, NodePgSession<Record<string, unknown>, never>>();
const transactionConnections = new WeakMap<object, pg.PoolClient>();

/**
 * The connection a request's transaction runs on, for the statements the request path sends
 * without drizzle's query building (db/compiled.ts); none for the pool or a nested transaction.
 */
export function connectionOf(db: Executor): pg.PoolClient | undefined {
  return transactionConnections.get(db);
}

/**
 * `db.transaction` on the pool, but the connection always goes back. Drizzle's own sends BEGIN
 * before its try/finally, so a connection that dies just then (the database restarting) was
 * never released and the pool shrank for good. Here the connection is released in every case,
 * and destroyed when it broke. Each pooled connection keeps one drizzle session bound to it.
 */
async function transaction<T>(
  pool: pg.Pool,
  listeners: Set<CommitListener>,
  fn: (tx: Tx) => Promise<T>,
  begin?: (client: pg.PoolClient) => string,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    let session = connectionSessions.get(client);
    if (!session) {
      session = new NodePgSession(client, dialect, undefined);
      connectionSessions.set(client, session);
    }
    const events: CommitEvent[] = [];
    // As drizzle's own transaction does (its savepoints for nested ones too), with BEGIN and
    // what comes with it in one simple query.
    const tx = new NodePgTransaction(dialect, session, undefined) as unknown as Tx;
    pendingEvents.set(tx, events);
    transactionConnections.set(tx, client);
    let result: T;
    try {
      // Inside the try: a BEGIN whose scope part failed leaves an aborted transaction to roll back.
      await client.query(begin ? `BEGIN; ${begin(client)}` : 'BEGIN');
      result = await fn(tx);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    dispatch(listeners, events);
    return result;
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

// Any fixed 64-bit number; every instance uses the same one.
const MIGRATION_LOCK = 7_319_004_211;

/**
 * Runs `work` on one owner connection while holding a session advisory lock, so several
 * instances starting at once migrate and seed one after another instead of racing.
 */
export async function withMigrationLock<T>(url: string, work: (owner: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'atelier-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return await work(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** Applies the committed migrations in `dir` that this database has not run yet. */
export async function runMigrations(owner: pg.Client, dir: string): Promise<void> {
  await migrate(drizzle({ client: owner }), { migrationsFolder: dir });
}

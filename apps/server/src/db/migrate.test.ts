import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { runMigrations, withMigrationLock } from './migrate';

const migrationsDir = path.resolve(import.meta.dirname, '../../drizzle');

describe('migrations', () => {
  it('run once when several instances start at the same time', async () => {
    const db = await createTestDatabase(false);
    try {
      // The template is already migrated: wipe the journal and schema to start from nothing.
      const owner = new pg.Client({ connectionString: db.url });
      await owner.connect();
      await owner.query('DROP SCHEMA drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await owner.end();

      await Promise.all(
        [1, 2, 3, 4].map(() => withMigrationLock(db.url, (client) => runMigrations(client, migrationsDir))),
      );

      const check = new pg.Client({ connectionString: db.url });
      await check.connect();
      const journal = await check.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const files = fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'));
      expect(journal.rows[0].n).toBe(files.length);
      const tables = await check.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
      expect(tables.rows[0].n).toBeGreaterThan(10);
      await check.end();
    } finally {
      await db.drop();
    }
  });
});

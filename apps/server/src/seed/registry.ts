import type pg from 'pg';
import type { Db } from '../db/client';
import type { LocalFileStorage } from '../platform/files/storage';

export type SeedContext = { storage: LocalFileStorage };

export type Seed = {
  /** Recorded in seed_markers once it has run; never run twice on one database. */
  name: string;
  run: (db: Db, context: SeedContext) => Promise<void>;
};

/**
 * Runs the seeds that have not run on this database, in order. Each module appends its own
 * seed to the list, so a database seeded before a module existed gets that module's demo data
 * on its next start. The owner connection reads and writes the markers (the application role
 * has no rights on them); the seeds themselves write through the application role.
 */
export async function runSeeds(
  owner: pg.Client,
  db: Db,
  seeds: readonly Seed[],
  context: SeedContext,
  log: (m: string) => void,
) {
  const done = new Set(
    (await owner.query<{ name: string }>('SELECT name FROM seed_markers')).rows.map((row) => row.name),
  );
  for (const seed of seeds) {
    if (done.has(seed.name)) continue;
    log(`Seeding ${seed.name}…`);
    await seed.run(db, context);
    await owner.query('INSERT INTO seed_markers (name) VALUES ($1) ON CONFLICT DO NOTHING', [seed.name]);
  }
}

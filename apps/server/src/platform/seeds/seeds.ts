import { P } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Executor } from '../../db/client';
import type { LocalFileStorage } from '../files/storage';
import type { Actor } from '../http/access';
import { users } from '../identity/users.table';

/** What seeds may use: the files folder, and the app's address (printed on the documents they make). */
export type SeedContext = { storage: LocalFileStorage; appUrl: string };

/**
 * Demo data, declared by the module that owns it (its manifest's `seeds`) and run in the order
 * the modules are listed, after the platform's own (firms, people, roles).
 */
export type Seed = {
  /** Recorded in seed_markers once it has run; never run twice on one database. */
  name: string;
  run: (db: Db, context: SeedContext) => Promise<void>;
};

// Fixed ids, so each module's seed finds the demo firms the platform's seed made.
export const HARBOR_PINE_ID = '019a0000-0000-7000-8000-000000000001';
export const CEDAR_ROW_ID = '019a0000-0000-7000-8000-000000000002';

/**
 * Runs the seeds that have not run on this database, in order. A database seeded before a
 * module existed gets that module's demo data on its next start. The owner connection reads
 * and writes the markers (the application role has no rights on them); the seeds themselves
 * write through the application role.
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

/** A small seeded generator: the same demo data on every machine. */
export function seededRandom(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, int, chance: (p: number) => next() < p };
}

/**
 * The firm's staff, and its owner acting with every code: demo records are made through the
 * same service functions staff use, with their checks and history.
 */
export async function demoStaff(db: Executor, firmId: string) {
  const staff = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.kind, 'staff'));
  const owner = staff.find((s) => s.email?.startsWith('owner@'))!;
  const actor: Actor = {
    sessionId: '',
    firmId,
    userId: owner.id,
    impersonatorId: null,
    kind: 'staff',
    codes: [P.SUPER_ADMIN],
    features: [],
  };
  return { staff, owner, actor };
}

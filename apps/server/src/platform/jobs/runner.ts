import type { FeatureKey } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { APP_ROLE } from '../../db/columns';
import { inScope } from '../../db/tenancy';
import { jobs } from './jobs.table';

/** What a job's `run` is given. */
export type JobContext<P> = {
  /** The job's firm; null for the platform's own jobs. */
  firmId: string | null;
  payload: P;
  /** A transaction in the job's scope: its firm's, under row-level security, whatever the payload says. */
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** 1 for the first try. */
  attempt: number;
  /** Whether a failure now ends the job as failed (no further retry). */
  finalAttempt: boolean;
  config: Config;
  log: JobLog;
};

export type JobLog = {
  info: (msg: string) => void;
  warn: (msg: string) => void;
  error: (obj: unknown, msg: string) => void;
};

/**
 * A kind of background job (decision 0020). A module lists its jobs in its manifest; the runner
 * runs each in its firm's scope, skips it for a firm without the module, retries a failure with
 * doubling delays and ends it as failed after `maxAttempts` tries.
 */
export type JobDefinition<P = Record<string, unknown>> = {
  name: string;
  /** The firm's module the job belongs to: a firm without it has its jobs skipped, not run. */
  feature?: FeatureKey;
  /**
   * A recurring job: run every `everyMs`, once for each firm (with the module, if it has one), or
   * once for the platform (`perFirm: false`) for work across firms through named functions.
   */
  every?: { ms: number; perFirm: boolean };
  run: (context: JobContext<P>) => Promise<void>;
};

/** Any job, its payload's type erased, as manifests list them. */
// biome-ignore lint/suspicious/noExplicitAny: a list holds jobs of any payload.
export type AnyJob = JobDefinition<any>;

export const defineJob = <P = Record<string, unknown>>(job: JobDefinition<P>): JobDefinition<P> => job;

type Claimed = {
  id: string;
  firm_id: string | null;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
};

const BATCH = 10;
const LEASE_SECONDS = 300;
const POLL_MS = 1000;
/** The first retry comes after this; each next one after twice the last. */
export const FIRST_RETRY_SECONDS = 30;

export type JobRunner = {
  /** Arms due recurring jobs and runs every due job, until none is left; gives how many ran. */
  runOnce: () => Promise<number>;
  stop: () => Promise<void>;
};

/** Runs one claimed job and records how it ended. */
async function runJob(db: Db, config: Config, job: JobDefinition<unknown>, row: Claimed, log: JobLog): Promise<void> {
  const scope = { firmId: row.firm_id };
  const scoped = <T>(fn: (tx: Tx) => Promise<T>) => inScope(db, scope, fn);
  const finish = (status: string, error: string | null, runAt: Date | null) =>
    inScope(db, { firmId: null }, (tx) =>
      tx.execute(
        sql`SELECT jobs_finish(${row.id}::uuid, ${status}::text, ${error}::text, ${runAt?.toISOString() ?? null}::timestamptz)`,
      ),
    );
  if (job.feature && row.firm_id) {
    const [firm] = (
      await scoped((tx) =>
        tx.execute<{ on: boolean }>(
          sql`SELECT ${job.feature}::text = ANY (features) AS on FROM firms WHERE id = ${row.firm_id}::uuid`,
        ),
      )
    ).rows;
    if (!firm?.on) return void (await finish('skipped', `The firm does not have the ${job.feature} module.`, null));
  }
  try {
    await job.run({
      firmId: row.firm_id,
      payload: row.payload,
      scoped,
      attempt: row.attempts,
      finalAttempt: row.attempts >= row.max_attempts,
      config,
      log,
    });
    await finish('done', null, null);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'failed';
    const final = row.attempts >= row.max_attempts;
    if (final) log.error({ err: error, job: row.name, id: row.id }, `job ${row.name} failed for good`);
    const retryAt = final ? null : new Date(Date.now() + FIRST_RETRY_SECONDS * 1000 * 2 ** (row.attempts - 1));
    await finish(final ? 'failed' : 'queued', message, retryAt);
  }
}

/**
 * Starts the job runner of this instance: woken by NOTIFY when a job is queued, polling every
 * second for due and recurring ones. Several instances share the work (claims skip each
 * other's jobs), and each runs only the job names it was given.
 */
export function startJobRunner(options: {
  db: Db;
  /** Database URL for the LISTEN connection that wakes the runner when a job is queued. */
  url: string;
  config: Config;
  jobs: readonly AnyJob[];
  log: JobLog;
}): JobRunner {
  const { db, log } = options;
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  // Sent joined: drizzle would spread an array into a list of parameters. Names have no commas.
  const names = [...byName.keys()];
  if (names.some((n) => n.includes(','))) throw new Error('A job name has a comma');
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  const armedAt = new Map<string, number>();
  /** Arms each recurring job a few times a period: often enough, without a write every second per firm. */
  async function arm(): Promise<void> {
    for (const job of options.jobs) {
      if (!job.every || Date.now() - (armedAt.get(job.name) ?? 0) < Math.max(job.every.ms / 4, POLL_MS)) continue;
      armedAt.set(job.name, Date.now());
      await inScope(db, { firmId: null }, (tx) =>
        tx.execute(
          sql`SELECT jobs_schedule(${job.name}::text, ${job.feature ?? null}::text, ${Math.ceil(job.every!.ms / 1000)}::integer, ${job.every!.perFirm}::boolean)`,
        ),
      );
    }
  }

  async function drain(): Promise<number> {
    let ran = 0;
    await arm();
    while (!stopped) {
      const claimed = await inScope(db, { firmId: null }, (tx) =>
        tx.execute<Claimed>(
          sql`SELECT id, firm_id, name, payload, attempts, max_attempts FROM jobs_claim(string_to_array(${names.join(',')}::text, ','), ${BATCH}::integer, ${LEASE_SECONDS}::integer)`,
        ),
      );
      if (claimed.rows.length === 0) break;
      for (const row of claimed.rows) await runJob(db, options.config, byName.get(row.name)!, row, log);
      ran += claimed.rows.length;
    }
    return ran;
  }

  function kick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain().catch((error) => {
          log.error({ err: error }, 'the job runner failed');
          return 0;
        });
      } while (again && !stopped);
      running = null;
      return total;
    })();
    return running;
  }

  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  function listen(): void {
    const client = new pg.Client({ connectionString: options.url, options: `-c role=${APP_ROLE}` });
    client.on('notification', () => void kick());
    client.on('error', () => {
      client.end().catch(() => undefined);
      if (!stopped) reconnect = setTimeout(listen, 5000);
    });
    client
      .connect()
      .then(() => client.query('LISTEN jobs'))
      .then(() => {
        listener = client;
        if (stopped) void client.end();
      })
      .catch(() => client.emit('error', new Error('listen failed')));
  }

  listen();
  const poll = setInterval(() => void kick(), POLL_MS);
  void kick();
  return {
    runOnce: kick,
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      await running;
      await listener?.end().catch(() => undefined);
    },
  };
}

/**
 * Runs `task` for every firm (or every firm with `feature`), each in its own firm's scope and
 * transaction. One firm's failure does not keep the others back: it is thrown after the rest.
 */
export async function forEachFirm<T>(
  db: Db,
  feature: FeatureKey | null,
  task: (tx: Tx, firmId: string) => Promise<T>,
): Promise<T[]> {
  const firms = await inScope(db, { firmId: null }, (tx) =>
    tx.execute<{ id: string }>(sql`SELECT id FROM jobs_firms(${feature}::text) AS id`),
  );
  const results: T[] = [];
  let failed: unknown = null;
  for (const { id } of firms.rows) {
    try {
      results.push(await inScope(db, { firmId: id }, (tx) => task(tx, id)));
    } catch (error) {
      failed ??= error;
    }
  }
  if (failed) throw failed;
  return results;
}

/**
 * Queues a job of the firm whose transaction this is (row-level security refuses any other
 * firm); it runs once the transaction commits, and never if it rolls back.
 */
export async function enqueueJob(
  tx: Executor,
  firmId: string,
  name: string,
  payload: Record<string, unknown> = {},
  options: { runAt?: Date; maxAttempts?: number } = {},
): Promise<string> {
  const [row] = await tx
    .insert(jobs)
    .values({ firmId, name, payload, runAt: options.runAt, maxAttempts: options.maxAttempts })
    .returning({ id: jobs.id });
  return row!.id;
}

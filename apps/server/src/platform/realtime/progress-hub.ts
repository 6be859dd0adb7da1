import type { Progress } from '@atelier/contracts';
import pg from 'pg';
import { APP_ROLE } from '../../db/columns';
import { SESSIONS_ENDED_CHANNEL } from '../auth/sessions';
import { decodeRecordEvents, type FirmRecordEvent, RECORDS_CHANNEL } from './record-events';

const CHANNEL = 'atelier_progress';
const MIN_INTERVAL_MS = 50;
const KEEP_FINISHED_MS = 5_000;

export const NO_PROGRESS: Progress = { current: 0, total: 0, label: '', stages: [], stage: 0 };

export type SessionsEnded = { user: string; keep: string | null };

/**
 * Each user's latest upload progress. Publishing goes through PostgreSQL NOTIFY, and every
 * server instance LISTENs, so a socket on any instance sees progress made on any other.
 * The same connection hears of ended sessions, so their sockets close at once everywhere, and
 * of committed record changes (realtime/record-events), which the events sockets pass on.
 */
export class ProgressHub {
  private readonly latest = new Map<string, Progress>();
  private readonly endedListeners = new Set<(ended: SessionsEnded) => void>();
  private readonly recordListeners = new Set<(events: FirmRecordEvent[]) => void>();
  private readonly lastSent = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, options: `-c role=${APP_ROLE}` });
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === SESSIONS_ENDED_CHANNEL) {
        const ended = JSON.parse(message.payload) as SessionsEnded;
        for (const listener of this.endedListeners) listener(ended);
        return;
      }
      if (message.channel === RECORDS_CHANNEL) {
        const events = decodeRecordEvents(message.payload);
        for (const listener of this.recordListeners) listener(events);
        return;
      }
      const { user, progress } = JSON.parse(message.payload) as { user: string; progress: Progress };
      this.remember(user, progress);
    });
    client.on('error', () => {
      this.listener = null;
      client.end().catch(() => undefined);
      if (!this.closed) this.later(() => void this.restart(), 5000);
    });
    await client.connect();
    // constant SQL: channel names are constants of this file.
    await client.query(`LISTEN ${CHANNEL}`);
    // constant SQL: as above.
    await client.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`);
    // constant SQL: as above.
    await client.query(`LISTEN ${RECORDS_CHANNEL}`);
    this.listener = client;
  }

  /** Reconnects after the database went away; a failed attempt tries again later. */
  private async restart(): Promise<void> {
    await this.start().catch(() => {
      if (!this.closed) this.later(() => void this.restart(), 5000);
    });
  }

  /** Calls `listener` whenever some user's sessions end (on any instance); returns the unsubscribe. */
  onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /** Calls `listener` with every committed batch of record changes (on any instance); returns the unsubscribe. */
  onRecords(listener: (events: FirmRecordEvent[]) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  /** Progress of the user's upload, or the empty progress when none runs. */
  get(userId: string): Progress {
    return this.latest.get(userId) ?? NO_PROGRESS;
  }

  /** Publishes progress; intermediate steps at most every 50 ms, the final one (or a reset) always. */
  async publish(userId: string, progress: Progress): Promise<void> {
    const finished = progress.total <= 0 || progress.current >= progress.total;
    const now = Date.now();
    if (!finished && now - (this.lastSent.get(userId) ?? 0) < MIN_INTERVAL_MS) return;
    this.lastSent.set(userId, now);
    this.remember(userId, progress);
    await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ user: userId, progress })]);
  }

  private remember(userId: string, progress: Progress): void {
    if (progress.total <= 0) {
      this.latest.delete(userId);
      return;
    }
    this.latest.set(userId, progress);
    if (progress.total > 0 && progress.current >= progress.total) {
      // Clients close their socket and reset when they see the end; forget it a little later.
      this.later(() => {
        if (this.latest.get(userId) === progress) this.latest.delete(userId);
      }, KEEP_FINISHED_MS);
    }
  }

  private later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.listener?.end().catch(() => undefined);
  }
}

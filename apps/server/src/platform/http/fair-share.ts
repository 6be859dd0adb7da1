import { hashToken } from '../auth/tokens';
import { HttpError } from './errors';

const REMEMBERED_SESSIONS = 50_000;
const BUSY_WINDOW_MS = 1000;

export type FairShareLimits = {
  /** Requests of one session running at once. */
  perSession: number;
  /**
   * Requests of one firm running at once while it is the only busy one: its share of this
   * process's database pool. With n firms busy, each gets perFirm / n (at least one). Requests
   * without a session (sign-in, public forms) get perFirm per client address.
   */
  perFirm: number;
  /** How long a request may wait for a slot before it is refused with 429. */
  maxWaitMs: number;
};

type Waiter = { keys: string[]; admit: () => void; timer: NodeJS.Timeout };

/**
 * Fairness between firms in front of the database pool (decision 0016). Each request takes a
 * slot under its session's key and its firm's key before it takes a connection; when either
 * is full it waits in line (first come, first served) for up to `maxWaitMs`, then gets 429 with
 * Retry-After. So one firm, however busy, holds at most `perFirm` of the pool, and one browser
 * at most `perSession`. The counts live in this process's memory because the pool they guard
 * does: the one exception to "limits are atomic in PostgreSQL".
 */
export class FairShare {
  private readonly running = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  /** The firm of each session seen lately, so its next requests count against the firm too. */
  private readonly firmOfSession = new Map<string, string>();
  private readonly lastBusy = new Map<string, number>();
  private busyCount = 1;
  private countedAt = 0;

  constructor(readonly limits: FairShareLimits) {}

  /** The keys a request counts under: its session and its firm, or its client address. */
  keysFor(sessionToken: string | undefined, ip: string): string[] {
    if (!sessionToken) return [addressKey(ip)];
    const session = hashToken(sessionToken).toString('base64url');
    const firm = this.firmOfSession.get(session);
    return firm ? [sessionKey(session), firmKey(firm)] : [sessionKey(session)];
  }

  /** Learns a session's firm once the session is restored. */
  remember(sessionToken: string, firmId: string): void {
    const session = hashToken(sessionToken).toString('base64url');
    if (this.firmOfSession.get(session) === firmId) return;
    if (this.firmOfSession.size >= REMEMBERED_SESSIONS) {
      const oldest = this.firmOfSession.keys().next().value;
      if (oldest !== undefined) this.firmOfSession.delete(oldest);
    }
    this.firmOfSession.set(session, firmId);
  }

  /** A session gets a browser's share; a client address without a session, a firm's. */
  private limitOf(key: string): number {
    if (key.startsWith('session:')) return this.limits.perSession;
    if (!key.startsWith('firm:')) return this.limits.perFirm;
    return Math.max(1, Math.floor(this.limits.perFirm / this.busyFirms()));
  }

  /**
   * Firms with a request running or finished within the last second. The database's and this
   * process's CPU are what firms really share: a quiet firm's requests slow down with every
   * request of a busy one that runs beside them, so a busy firm's share shrinks while others
   * are busy too, and grows back when it is alone. Counted at most every 100 ms.
   */
  private busyFirms(): number {
    const now = Date.now();
    if (now - this.countedAt < 100) return this.busyCount;
    for (const [firm, at] of this.lastBusy) {
      if (now - at > BUSY_WINDOW_MS && !this.running.has(firm)) this.lastBusy.delete(firm);
    }
    this.countedAt = now;
    this.busyCount = Math.max(1, this.lastBusy.size);
    return this.busyCount;
  }

  private markBusy(keys: string[]): void {
    for (const key of keys) {
      if (!key.startsWith('firm:')) continue;
      if (!this.lastBusy.has(key)) this.countedAt = 0; // a newcomer changes everyone's share now
      this.lastBusy.set(key, Date.now());
    }
  }

  private fits(keys: string[]): boolean {
    return keys.every((key) => (this.running.get(key) ?? 0) < this.limitOf(key));
  }

  private take(keys: string[]): () => void {
    for (const key of keys) this.running.set(key, (this.running.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.markBusy(keys);
      for (const key of keys) {
        const left = (this.running.get(key) ?? 1) - 1;
        if (left > 0) this.running.set(key, left);
        else this.running.delete(key);
      }
      this.admitWaiting();
    };
  }

  /** Waiters in arrival order; one that cannot run yet does not block others that can. */
  private admitWaiting(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const waiter = this.waiting[i]!;
      if (this.fits(waiter.keys)) {
        this.waiting.splice(i, 1);
        clearTimeout(waiter.timer);
        waiter.admit();
      } else i++;
    }
  }

  /**
   * Waits for a slot under every key; resolves with the function that gives it back. Nobody
   * overtakes an earlier waiter of the same keys.
   */
  acquire(keys: string[]): Promise<() => void> {
    this.markBusy(keys);
    const queued = this.waiting.some((w) => w.keys.some((key) => keys.includes(key)));
    if (!queued && this.fits(keys)) return Promise.resolve(this.take(keys));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        keys,
        admit: () => resolve(this.take(keys)),
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(busy(keys));
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Requests running under a key (tests, and the benchmark's report). */
  runningUnder(key: string): number {
    return this.running.get(key) ?? 0;
  }
}

export const firmKey = (firmId: string) => `firm:${firmId}`;
export const sessionKey = (tokenHash: string) => `session:${tokenHash}`;
export const addressKey = (ip: string) => `address:${ip}`;

function busy(keys: string[]): HttpError {
  const session = keys.some((key) => key.startsWith('session:'));
  const firm = keys.some((key) => key.startsWith('firm:'));
  return new HttpError(
    429,
    'rate_limited',
    firm || !session
      ? 'There are many requests running at once; this one could not start. Try again in a moment.'
      : 'Too many requests at once from this browser; this one could not start. Try again in a moment.',
    undefined,
    { 'Retry-After': '1' },
  );
}

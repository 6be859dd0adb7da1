/**
 * Work a request starts and answers before it ends (an import's check and run): kept track of
 * here so that closing the app stops it and waits for it, rather than leaving it writing to a
 * closed pool. Work that must survive a restart is a job (runner.ts), not this.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Runs `work` now; its signal aborts when the app closes. */
  start(work: (signal: AbortSignal) => Promise<void>): void {
    const promise = work(this.stop.signal)
      .catch(this.onError)
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  /** Reports a failure the work handled but someone should see (the server's log). */
  report(error: unknown): void {
    this.onError(error);
  }

  /** Resolves once nothing runs (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** Asks everything running to stop, and waits for it. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.idle();
  }
}

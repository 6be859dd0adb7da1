export type PeriodicTask = { runOnce: () => Promise<number>; stop: () => Promise<void> };

/**
 * Runs `task` at start and every `everyMs` until stopped, one run at a time (a run asked for
 * while one is going joins it). A failed run is logged and the next one comes as usual. The
 * background work of each instance until the job runner of the layers issue replaces it.
 */
export function startPeriodic(options: {
  task: () => Promise<number>;
  everyMs: number;
  /** What failed, for the log: "sealing the audit log". */
  what: string;
  log: { error: (obj: unknown, msg: string) => void };
}): PeriodicTask {
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = () => {
    if (stopped) return Promise.resolve(0);
    running ??= options
      .task()
      .catch((error) => {
        options.log.error({ err: error }, `${options.what} failed`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.everyMs);
  void runOnce();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

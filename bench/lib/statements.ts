import type { Statement } from '@atelier/server/test/statements';
import pg from 'pg';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** The statements `call` sends, each with the time from sending it to its answer (one connection: in turn). */
export async function profileStatements(call: () => Promise<unknown>): Promise<(Statement & { ms: number })[]> {
  const spans: (Statement & { ms: number })[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const statement =
      typeof first === 'string'
        ? { text: first, values: second }
        : { text: first.text, values: first.values ?? second };
    const start = process.hrtime.bigint();
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      const done = () => spans.push({ ...statement, ms: ms(start) });
      (result as Promise<unknown>).then(done, done);
    }
    return result;
  } as typeof pg.Client.prototype.query;
  try {
    await call();
  } finally {
    pg.Client.prototype.query = original;
  }
  return spans;
}

import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value as COPY's text format writes it: \N for null; backslash, tab and line breaks escaped. */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r\0]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '',
  );
}

/**
 * A COPY … FROM STDIN on the transaction's connection, written a line at a time with the
 * stream's backpressure respected: a file of any size goes through in constant memory.
 */
export function copyInto(client: pg.PoolClient, statement: string) {
  const stream = client.query(copyFrom(statement));
  let failed: Error | null = null;
  stream.on('error', (error: Error) => {
    failed = error;
  });
  let buffered: string[] = [];
  let size = 0;
  const flush = async () => {
    if (failed) throw failed;
    if (!buffered.length) return;
    const chunk = buffered.join('');
    buffered = [];
    size = 0;
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), once(stream, 'error')]);
    if (failed) throw failed;
  };
  return {
    /** Adds a row (its fields already in COPY text form); resolves when it may go on. */
    async row(fields: string[]): Promise<void> {
      const line = `${fields.join('\t')}\n`;
      buffered.push(line);
      size += line.length;
      // Lines go out in chunks of about 64 kB: one write per line costs more than the copy.
      if (size >= 65_536) await flush();
    },
    /**
     * Stops the copy half-way (the file was refused, the import cancelled): the connection leaves
     * COPY, so its transaction can roll back; left running, the ROLLBACK would wait behind it for ever.
     */
    async abort(reason: Error): Promise<void> {
      buffered = [];
      if (stream.destroyed) return;
      const closed = new Promise((resolve) => stream.once('close', resolve));
      stream.destroy(reason);
      await closed;
    },
    async end(): Promise<void> {
      await flush();
      stream.end();
      await finished(stream);
      if (failed) throw failed;
    },
  };
}

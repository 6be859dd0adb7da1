import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file bytes live: a local folder by default, under generated names only. */
export class LocalFileStorage {
  constructor(readonly root: string) {}

  private path(key: string): string {
    if (!/^[a-z0-9-]+\/[a-z0-9-]+$/i.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.root, key);
  }

  /** Streams into a temporary file; `onChunk` may throw to abort (size limits). Returns the bytes written. */
  async write(key: string, source: Readable, onChunk: (bytes: number, chunk: Buffer) => void): Promise<number> {
    const target = this.path(key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    let bytes = 0;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            bytes += chunk.length;
            onChunk(bytes, chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(partial),
      );
      fs.renameSync(partial, target);
      return bytes;
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
  }

  /** Where a stored file is on this machine, for readers that need a path (the importer's). */
  localPath(key: string): string {
    return this.path(key);
  }

  read(key: string): fs.ReadStream {
    return fs.createReadStream(this.path(key));
  }

  remove(key: string): void {
    fs.rmSync(this.path(key), { force: true });
  }
}

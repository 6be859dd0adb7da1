import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sniffImageType } from '../../platform/files/files.service';
import { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { HttpError } from '../../platform/http/errors';
import { fetchPublic, OutboundError } from '../../platform/http/outbound';
import { defineJob, enqueueJob } from '../../platform/jobs/runner';
import { addProductImage } from '../products';
import { FETCH_IMAGES_JOB } from './kinds/images';

/** Limits of one image fetched: as an uploaded image's. */
const FETCH = { timeoutMs: 20_000, maxBytes: 5 * 1024 * 1024 };
/** One run's share: well inside the runner's lease, the rest queued as a job of its own. */
const RUN_MS = 60_000;

type Pending = { id: string; product_id: string; url: string };

/**
 * Fetches an import's image URLs after its commit, one after another, through the guarded
 * client; each is added to its product as an upload would be (checked as an image, cleaned,
 * counted against the firm's storage, in its history). A failure is kept on the document with
 * its reason and never stops the others; a database failure retries the job, and what was
 * fetched stays fetched.
 */
export const fetchImagesJob = defineJob<{ importId: string }>({
  name: FETCH_IMAGES_JOB,
  run: async ({ firmId, payload, scoped, config, log }) => {
    if (!firmId) return;
    const [doc] = (
      await scoped((tx) =>
        tx.execute<{ created_by: string | null }>(sql`SELECT created_by FROM imports WHERE id = ${payload.importId}`),
      )
    ).rows;
    if (!doc?.created_by) return;
    // As the person who ran the import: the images are theirs, in each product's history.
    const actor: Actor = {
      sessionId: '',
      firmId,
      userId: doc.created_by,
      impersonatorId: null,
      kind: 'staff',
      codes: [],
      features: [],
    };
    const deps = {
      storage: new LocalFileStorage(config.filesDir),
      // Nobody watches a job's upload bar.
      progress: { publish: async () => undefined },
      quotaBytes: config.filesQuotaBytes,
    };
    const started = Date.now();
    for (;;) {
      if (Date.now() - started > RUN_MS) {
        await scoped((tx) => enqueueJob(tx, firmId, FETCH_IMAGES_JOB, payload));
        return;
      }
      const [next] = (
        await scoped((tx) =>
          tx.execute<Pending>(sql`SELECT id, product_id, url FROM import_images
            WHERE import_id = ${payload.importId} AND status = 'pending' ORDER BY "row", position LIMIT 1`),
        )
      ).rows;
      if (!next) return;
      const failed = await fetchOne(next, actor, deps, config.outboundAllow, scoped).catch((error: unknown) => {
        // Storing it failed (the disk, say): this image fails with a reason, the others go on.
        log.error(error, `importer: image ${next.id} could not be stored`);
        return 'The image could not be stored. Import the file again to try once more.';
      });
      await scoped((tx) =>
        tx.execute(sql`UPDATE import_images SET status = ${failed === null ? 'done' : 'failed'},
          message = ${failed ?? ''}, finished_at = now() WHERE id = ${next.id}`),
      );
    }
  },
});

/** Fetches and adds one image: null when it was added, else why not, in words a person understands. */
async function fetchOne(
  image: Pending,
  actor: Actor,
  deps: Parameters<typeof addProductImage>[2],
  allow: readonly string[],
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
): Promise<string | null> {
  try {
    const fetched = await fetchPublic(image.url, { ...FETCH, allow });
    const type = sniffImageType(fetched.bytes.subarray(0, 64));
    if (!type) return 'This is not an image we can read: use a PNG, JPEG, WebP or GIF image.';
    const name = decodeURIComponent(new URL(fetched.url).pathname.split('/').pop() || 'image').slice(0, 200);
    await addProductImage(scoped, actor, deps, image.product_id, {
      name,
      contentType: type,
      body: Readable.from([fetched.bytes]),
      uploadId: '',
    });
    return null;
  } catch (error) {
    if (error instanceof OutboundError || error instanceof HttpError) return error.message;
    if (error instanceof URIError) return 'The address’s file name cannot be read.';
    throw error;
  }
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { enqueueJob } from '../../../platform/jobs/runner';

/** The job that fetches an import's images once it has committed. */
export const FETCH_IMAGES_JOB = 'importer.fetch-images';

/**
 * How a staged row's product is found: its row's record (`import_records`, a row per product),
 * or, in a file of products with variants, its product's group (`import_products`).
 */
type ProductOfRow = 'recorded' | 'grouped';

/**
 * Lists the image URLs of the rows just written (each product's once, in the file's order; a URL
 * a product already got from an earlier import is not fetched again) and queues their fetching:
 * the job runs once this transaction commits, and never if it rolls back.
 */
export async function queueImages(tx: Tx, firm: string, importId: string, rows: ProductOfRow): Promise<void> {
  const productOf =
    rows === 'recorded'
      ? sql`import_stage s JOIN import_records r ON r.import_id = ${importId} AND r."row" = s.row_no`
      : sql`import_stage s JOIN import_products r ON r.sku_key = s.sku_key`;
  const product = rows === 'recorded' ? sql`r.entity_id` : sql`r.product_id`;
  const queued = await tx.execute(sql`
    INSERT INTO import_images (firm_id, import_id, product_id, "row", position, url)
    SELECT DISTINCT ON (${product}, u.url) ${firm}, ${importId}, ${product}, s.row_no, u.n, u.url
    FROM ${productOf}, jsonb_array_elements_text(s.image_urls) WITH ORDINALITY u(url, n)
    WHERE s.image_urls IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM import_images i WHERE i.product_id = ${product} AND i.url = u.url AND i.status = 'done')
    ORDER BY ${product}, u.url, s.row_no, u.n`);
  if (queued.rowCount) await enqueueJob(tx, firm, FETCH_IMAGES_JOB, { importId });
}

import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { afterCommit, type Executor } from '../../db/client';
import { files } from '../../platform/files/files.table';

/** An image's two files (the image and its thumbnail) are attached to the image, not the product. */
export const IMAGE_ENTITY = 'product_image';

/**
 * Marks the files of these images deleted and removes their bytes once the transaction commits:
 * when a product goes (its images cascade), or when an upload fails before its image row exists.
 * Only the images named: another upload in progress keeps its files.
 */
export async function removeImageFiles(db: Executor, imageIds: SQL | string[]) {
  if (Array.isArray(imageIds) && imageIds.length === 0) return;
  const ids = Array.isArray(imageIds) ? inArray(files.entityId, imageIds) : sql`${files.entityId} IN (${imageIds})`;
  const gone = await db
    .update(files)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(files.entityType, IMAGE_ENTITY), isNull(files.deletedAt), ids))
    .returning({ storageKey: files.storageKey });
  for (const { storageKey } of gone) afterCommit(db, { type: 'file-removed', storageKey });
}

import { and, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { afterCommit, type Executor } from '../../db/client';
import { files } from '../../platform/files/files.table';

/** An image's two files (the image and its thumbnail) are attached to the image, not the product. */
export const IMAGE_ENTITY = 'product_image';

/** A product's 3D model file is attached to the product under this type, apart from its other files. */
export const MODEL_ENTITY = 'product_model';

/**
 * Marks the files of these records (of `entityType`) deleted and removes their bytes once the
 * transaction commits, but those in `keep`: when a product goes (its images cascade), when an
 * upload fails before its image row exists, when a new 3D model replaces the one before. Only the
 * records named: another upload in progress keeps its files. The names of the files gone.
 */
export async function removeEntityFiles(
  db: Executor,
  entityType: string,
  entityIds: SQL | string[],
  keep: string[] = [],
): Promise<string[]> {
  if (Array.isArray(entityIds) && entityIds.length === 0) return [];
  const ids = Array.isArray(entityIds) ? inArray(files.entityId, entityIds) : sql`${files.entityId} IN (${entityIds})`;
  const gone = await db
    .update(files)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(files.entityType, entityType),
        isNull(files.deletedAt),
        ids,
        keep.length ? notInArray(files.id, keep) : undefined,
      ),
    )
    .returning({ storageKey: files.storageKey, name: files.name });
  for (const { storageKey } of gone) afterCommit(db, { type: 'file-removed', storageKey });
  return gone.map((f) => f.name);
}

/** The files of these images (see removeEntityFiles). */
export const removeImageFiles = (db: Executor, imageIds: SQL | string[]) =>
  removeEntityFiles(db, IMAGE_ENTITY, imageIds);

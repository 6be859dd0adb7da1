import type { Readable } from 'node:stream';
import type { StoredFile } from '@atelier/contracts';
import type { Executor, Tx } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { type FileDeps, listFiles, uploadFile } from '../../platform/files/files.service';
import type { Actor } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { MODEL_ENTITY, removeEntityFiles } from './image-files';
import { productType } from './products.service';

/** GET /products/{id}/model: the product's 3D model (a GLB file), or null. */
export async function getProductModel(db: Executor, productId: string): Promise<StoredFile | null> {
  await productType.findRow(db, productId);
  return (await listFiles(db, MODEL_ENTITY, productId))[0] ?? null;
}

/**
 * PUT /products/{id}/model: stores a GLB file (checked by its content) as the product's 3D model,
 * in place of the one before. Two at once both store theirs; the product's lock then lets the
 * newest stay, so the product always has one model.
 */
export async function putProductModel(
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  actor: Actor,
  deps: FileDeps,
  productId: string,
  upload: { name: string; contentType: string; declaredSize: number | null; body: Readable; uploadId: string },
): Promise<StoredFile> {
  await scoped((tx) => productType.findRow(tx, productId, true));
  const stored = await uploadFile(scoped, actor, deps, {
    ...upload,
    policy: 'model',
    entity: { type: MODEL_ENTITY, id: productId },
  });
  return scoped(async (tx) => {
    await productType.findRow(tx, productId, true);
    const [newest] = await listFiles(tx, MODEL_ENTITY, productId);
    // The upload's own entry says what came (attach-file, in the product's logs); this, what went.
    const replaced = await removeEntityFiles(tx, MODEL_ENTITY, [productId], [newest?._id ?? stored._id]);
    if (replaced.length) await removed(tx, actor, productId, replaced);
    return stored;
  });
}

/** DELETE /products/{id}/model. */
export async function deleteProductModel(db: Executor, actor: Actor, productId: string): Promise<void> {
  await productType.findRow(db, productId, true);
  const gone = await removeEntityFiles(db, MODEL_ENTITY, [productId]);
  if (!gone.length) throw notFound('This product has no 3D model.');
  await removed(db, actor, productId, gone);
}

const removed = (db: Executor, actor: Actor, productId: string, names: string[]) =>
  recordAudit(db, actor, {
    entityType: MODEL_ENTITY,
    entityId: productId,
    action: 'remove-file',
    before: { file: names.join(', ') },
  });

import { Readable } from 'node:stream';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  type ProductImage,
  type productImagesEditSchema,
} from '@atelier/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import { deleteFile, type FileDeps, fileUrl, sniffImageType, uploadFile } from '../../platform/files/files.service';
import { files } from '../../platform/files/files.table';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors';
import { IMAGE_ENTITY, removeImageFiles } from './image-files';
import { productType } from './products.service';
import { productImages } from './products.table';

type Row = typeof productImages.$inferSelect;
/** The thumbnail's longest side: a list row, a grid tile, the store's product card. */
export const THUMB_PX = 480;
/** Decoding is refused beyond this many pixels (a small file can claim a huge image). */
const MAX_PIXELS = 60_000_000;

const view = (r: Row): ProductImage => ({
  _id: r.id,
  url: fileUrl(r.fileId),
  thumbUrl: fileUrl(r.thumbFileId),
  name: r.name,
  alt: r.alt,
  width: r.width,
  height: r.height,
});

export async function listProductImages(db: Executor, productId: string): Promise<ProductImage[]> {
  await productType.findRow(db, productId);
  const rows = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
  return rows.map(view);
}

/** The request body, whole, refused past the image limit. */
async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_IMAGE_BYTES) throw new HttpError(413, 'too_large', 'Images can be at most 5 MB.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const NOT_AN_IMAGE = 'This file is not an image we can read: upload a PNG, JPEG, WebP or GIF image.';

/**
 * The image decoded and written again, the way it shows: turned upright by its orientation tag,
 * every other tag (camera, GPS, dates) left out, in its own format; and a WebP thumbnail. What
 * cannot be decoded is refused, whatever its name or declared type.
 */
async function clean(bytes: Buffer, contentType: string) {
  const sniffed = sniffImageType(bytes.subarray(0, 64));
  if (!sniffed || sniffed !== contentType) throw badRequest(NOT_AN_IMAGE, { file: NOT_AN_IMAGE });
  try {
    const input = () =>
      sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: sniffed === 'image/gif' });
    const upright = input().rotate();
    const encoded =
      sniffed === 'image/png'
        ? upright.png()
        : sniffed === 'image/webp'
          ? upright.webp({ quality: 90 })
          : sniffed === 'image/gif'
            ? upright.gif()
            : upright.jpeg({ quality: 88, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await input()
      .rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { data, thumb, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(NOT_AN_IMAGE, { file: NOT_AN_IMAGE });
  }
}

/**
 * POST /products/{id}/images: an uploaded image, cleaned and thumbnailed, added after the
 * product's others. Both files count against the firm's storage like any upload.
 */
export async function addProductImage(
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  actor: Actor,
  deps: FileDeps,
  productId: string,
  upload: { name: string; contentType: string; body: Readable; uploadId: string },
): Promise<ProductImage[]> {
  if (!(IMAGE_TYPES as readonly string[]).includes(upload.contentType))
    throw new HttpError(415, 'unprocessable', 'Upload a PNG, JPEG, WebP or GIF image.');
  const product = await scoped((tx) => productType.findRow(tx, productId, true));
  const count = async (tx: Executor) =>
    (
      await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(productImages)
        .where(eq(productImages.productId, productId))
    )[0]!.n;
  if ((await scoped(count)) >= MAX_PRODUCT_IMAGES)
    throw conflict(`A product has at most ${MAX_PRODUCT_IMAGES} images: delete one first.`);
  const { data, thumb, width, height } = await clean(await readAll(upload.body), upload.contentType);
  const id = newId();
  const entity = { type: IMAGE_ENTITY, id };
  try {
    return await storeUpload();
  } catch (error) {
    // Nothing half-made stays: files stored before the failure go (the bytes after commit).
    await scoped((tx) => removeImageFiles(tx, [id])).catch(() => undefined);
    throw error;
  }

  async function storeUpload() {
    const stored = await uploadFile(scoped, actor, deps, {
      policy: 'image',
      uploadId: upload.uploadId,
      name: upload.name,
      contentType: upload.contentType,
      declaredSize: data.length,
      body: Readable.from([data]),
      entity,
    });
    const small = await uploadFile(scoped, actor, deps, {
      policy: 'image',
      uploadId: '',
      name: `${upload.name.replace(/\.[^.]*$/, '')} (thumbnail).webp`,
      contentType: 'image/webp',
      declaredSize: thumb.length,
      body: Readable.from([thumb]),
      entity,
    });
    return scoped(async (tx) => {
      // The product is locked while the image takes the next place, so two uploads do not share one.
      await productType.findRow(tx, productId, true);
      if ((await count(tx)) >= MAX_PRODUCT_IMAGES)
        throw conflict(`A product has at most ${MAX_PRODUCT_IMAGES} images: delete one first.`);
      const [{ next }] = (await tx
        .select({ next: sql<number>`COALESCE(max(${productImages.position}) + 1, 0)::int` })
        .from(productImages)
        .where(eq(productImages.productId, productId))) as [{ next: number }];
      await tx.insert(productImages).values({
        id,
        firmId: actor.firmId,
        productId,
        fileId: stored._id,
        thumbFileId: small._id,
        name: upload.name,
        width,
        height,
        position: next,
      });
      await recordAudit(tx, actor, {
        entityType: 'product',
        entityId: product.id,
        action: 'image-add',
        after: { image: upload.name, size: `${width} × ${height}` },
      });
      return listProductImages(tx, productId);
    });
  }
}

/** PUT /products/{id}/images: the order (the first is primary) and alt texts, all of them at once. */
export async function editProductImages(
  db: Executor,
  actor: Actor,
  productId: string,
  body: z.output<typeof productImagesEditSchema>,
): Promise<ProductImage[]> {
  await productType.findRow(db, productId, true);
  const rows = await db.select().from(productImages).where(eq(productImages.productId, productId));
  const sent = body.images.map((i) => i._id);
  if (sent.length !== rows.length || new Set(sent).size !== sent.length || rows.some((r) => !sent.includes(r.id)))
    throw conflict('The images changed since you opened them: reload and try again.');
  for (const [position, image] of body.images.entries())
    await db.update(productImages).set({ position, alt: image.alt }).where(eq(productImages.id, image._id));
  const before = rows.sort((a, b) => a.position - b.position);
  await recordAudit(db, actor, {
    entityType: 'product',
    entityId: productId,
    action: 'images-edit',
    before: { images: before.map((r) => r.name).join(', ') },
    after: { images: body.images.map((i) => rows.find((r) => r.id === i._id)!.name).join(', ') },
  });
  return listProductImages(db, productId);
}

/** DELETE /products/{id}/images/{imageId}: the image and its thumbnail (their bytes after commit). */
export async function deleteProductImage(db: Executor, actor: Actor, productId: string, imageId: string) {
  await productType.findRow(db, productId, true);
  const [row] = await db
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.id, imageId)))
    .returning();
  if (!row) throw notFound('This image does not exist.');
  for (const file of [row.fileId, row.thumbFileId])
    await deleteFile(db, actor, { type: IMAGE_ENTITY, id: row.id }, file);
  await recordAudit(db, actor, {
    entityType: 'product',
    entityId: productId,
    action: 'image-remove',
    before: { image: row.name },
  });
  return listProductImages(db, productId);
}

/**
 * Stores an image the app made itself (the demo's swatches) the way an upload is stored:
 * cleaned, thumbnailed, its two files written and the image added after the product's others.
 */
export async function storeMadeImage(
  db: Executor,
  storage: LocalFileStorage,
  actor: Actor,
  productId: string,
  image: { bytes: Buffer; name: string; contentType: string; alt: string },
) {
  const { data, thumb, width, height } = await clean(image.bytes, image.contentType);
  const id = newId();
  const write = async (bytes: Buffer, name: string, contentType: string) => {
    const fileId = newId();
    const storageKey = `${actor.firmId}/${fileId}`;
    await storage.write(storageKey, Readable.from([bytes]), () => {});
    await db.insert(files).values({
      id: fileId,
      firmId: actor.firmId,
      entityType: IMAGE_ENTITY,
      entityId: id,
      name,
      contentType,
      size: bytes.length,
      storageKey,
      uploadedBy: actor.userId,
    });
    return fileId;
  };
  const [{ next }] = (await db
    .select({ next: sql<number>`COALESCE(max(${productImages.position}) + 1, 0)::int` })
    .from(productImages)
    .where(eq(productImages.productId, productId))) as [{ next: number }];
  await db.insert(productImages).values({
    id,
    firmId: actor.firmId,
    productId,
    fileId: await write(data, image.name, image.contentType),
    thumbFileId: await write(thumb, `${image.name.replace(/\.[^.]*$/, '')} (thumbnail).webp`, 'image/webp'),
    name: image.name,
    alt: image.alt,
    width,
    height,
    position: next,
  });
  return id;
}

import type { Product, ProductImage, Variant } from '@atelier/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let product: Product;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  product = (
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/products',
      cookie: owner,
      body: { name: 'Photo vanity', priceCents: 1 },
    })
  ).json();
});
afterAll(() => t.close());

const upload = (bytes: Buffer, type: string, name: string, cookie = owner, id = product._id) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/products/${id}/images?name=${encodeURIComponent(name)}`,
    headers: { cookie, 'content-type': type },
    payload: bytes,
  });
const bytesOf = async (url: string) => (await call(t.app, { method: 'GET', url, cookie: owner })).rawPayload;

/** A camera's photo: 1600 × 1200, turned (orientation 6), with its maker and place in the tags. */
const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#8a6' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SecretCam', Copyright: 'Someone' } } })
    .toBuffer();

describe('product images', () => {
  it('are decoded, turned upright, stripped of their metadata and thumbnailed', async () => {
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const r = await upload(original, 'image/jpeg', 'vanity.jpg');
    expect(r.statusCode, r.body).toBe(201);
    const [image] = r.json() as ProductImage[];
    // Orientation 6 is a quarter turn: the stored image is upright, 1200 × 1600.
    expect([image!.width, image!.height]).toEqual([1200, 1600]);
    const stored = await sharp(await bytesOf(image!.url)).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([1200, 1600]);
    const thumb = await sharp(await bytesOf(image!.thumbUrl)).metadata();
    expect(thumb.format).toBe('webp');
    expect([thumb.width, thumb.height]).toEqual([360, 480]);
    // Its files are not the product's attachments.
    const attached = await call(t.app, { method: 'GET', url: `/api/v1/products/${product._id}/files`, cookie: owner });
    expect(attached.json()).toEqual([]);
  });

  it('refuses what is not an image by its content, whatever its name or type, and changes nothing', async () => {
    const text = await upload(Buffer.from('just some text, not a picture'), 'image/png', 'fake.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(
      'This file is not an image we can read: upload a PNG, JPEG, WebP or GIF image.',
    );
    // A PNG's signature on bytes that are not a PNG.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await upload(broken, 'image/png', 'broken.png')).statusCode).toBe(400);
    const pdf = await upload(Buffer.from('%PDF-1.7'), 'application/pdf', 'doc.pdf');
    expect(pdf.statusCode).toBe(415);
    const images = await call(t.app, { method: 'GET', url: `/api/v1/products/${product._id}/images`, cookie: owner });
    expect(images.json()).toHaveLength(1);
  });

  it('are ordered (the first is primary) and described all at once, and deleted with their files', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const added: ProductImage[] = (await upload(png, 'image/png', 'swatch.png')).json();
    expect(added.map((i) => i.name)).toEqual(['vanity.jpg', 'swatch.png']);
    const reordered = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/products/${product._id}/images`,
      cookie: owner,
      body: {
        images: [
          { _id: added[1]!._id, alt: 'The walnut swatch' },
          { _id: added[0]!._id, alt: '' },
        ],
      },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().map((i: ProductImage) => [i.name, i.alt])).toEqual([
      ['swatch.png', 'The walnut swatch'],
      ['vanity.jpg', ''],
    ]);
    // An edit that leaves one out is from a stale page.
    const stale = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/products/${product._id}/images`,
      cookie: owner,
      body: { images: [{ _id: added[1]!._id, alt: '' }] },
    });
    expect(stale.statusCode).toBe(409);
    // Another firm sees no product here.
    expect((await upload(png, 'image/png', 'x.png', cedar)).statusCode).toBe(404);
    const gone = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/products/${product._id}/images/${added[1]!._id}`,
      cookie: owner,
    });
    expect(gone.json()).toHaveLength(1);
    expect((await call(t.app, { method: 'GET', url: added[1]!.url, cookie: owner })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: added[1]!.thumbUrl, cookie: owner })).statusCode).toBe(404);
  });

  it('go with their product, files too', async () => {
    const p: Product = (
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/products',
        cookie: owner,
        body: { name: 'Short-lived', priceCents: 1 },
      })
    ).json();
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const [image]: ProductImage[] = (await upload(png, 'image/png', 'a.png', owner, p._id)).json();
    const list = await call(t.app, { method: 'GET', url: `/api/v1/products/${product._id}/images`, cookie: owner });
    const kept = (list.json() as ProductImage[])[0]!;
    expect((await call(t.app, { method: 'DELETE', url: `/api/v1/products/${p._id}`, cookie: owner })).statusCode).toBe(
      204,
    );
    expect((await call(t.app, { method: 'GET', url: image!.url, cookie: owner })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: image!.thumbUrl, cookie: owner })).statusCode).toBe(404);
    // Another product's images keep their files.
    expect((await call(t.app, { method: 'GET', url: kept.url, cookie: owner })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: kept.thumbUrl, cookie: owner })).statusCode).toBe(200);
  });

  it('show for the variants they are chosen for, only the product’s own, and leave them when deleted', async () => {
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
    const vanity = (await api('POST', '/products', { name: 'Swatch vanity', priceCents: 1 })).json() as Product;
    await api('PUT', `/products/${vanity._id}/options`, {
      options: [{ name: 'Finish', values: ['Walnut', 'Sage'] }],
      version: vanity.version,
    });
    const made = await api('POST', `/products/${vanity._id}/variants`, { combinations: [['Walnut'], ['Sage']] });
    expect(made.statusCode, made.body).toBe(201);
    const [walnut, sage] = made.json() as Variant[];
    const swatch = (
      await upload(await photo(), 'image/jpeg', 'walnut.jpg', owner, vanity._id)
    ).json()[0] as ProductImage;
    const elsewhere = (await api('GET', `/products/${product._id}/images`)).json()[0] as ProductImage;

    const set = await api('POST', `/products/${vanity._id}/variants/image`, { ids: [walnut!._id], image: swatch._id });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as Variant[]).map((v) => v.image)).toEqual([swatch._id, null]);
    // Another product's image, another firm's product: refused, nothing changed.
    const foreign = await api('POST', `/products/${vanity._id}/variants/image`, {
      ids: [sage!._id],
      image: elsewhere._id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ image: 'Not an image of this product.' });
    const theirs = await call(t.app, {
      method: 'POST',
      url: `/api/v1/products/${vanity._id}/variants/image`,
      cookie: cedar,
      body: { ids: [sage!._id], image: swatch._id },
    });
    expect(theirs.statusCode).toBe(404);
    expect(((await api('GET', `/products/${vanity._id}/variants`)).json() as Variant[])[1]!.image).toBeNull();

    // Deleting the image leaves the variant without one of its own.
    expect((await api('DELETE', `/products/${vanity._id}/images/${swatch._id}`)).statusCode).toBe(200);
    expect(((await api('GET', `/products/${vanity._id}/variants`)).json() as Variant[])[0]!.image).toBeNull();
  });
});

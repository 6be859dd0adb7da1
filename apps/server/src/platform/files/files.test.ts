import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp, TINY_PNG, upload } from '../../../test/helpers';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(() => t.close());

describe('image uploads', () => {
  it('stores an image under a generated name and serves it back as an attachment', async () => {
    const response = await upload(t.app, owner, 'Our logo.png', TINY_PNG);
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({
      name: 'Our logo.png',
      contentType: 'image/png',
      size: TINY_PNG.length,
      url: `/api/v1/files/${file._id}`,
    });

    const served = await call(t.app, { method: 'GET', url: file.url, cookie: owner });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Our logo.png"; filename*=UTF-8''Our%20logo.png`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const progress = t.app.deps.progress.get(
      (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: owner })).json()._id,
    );
    expect(progress).toMatchObject({
      current: TINY_PNG.length,
      total: TINY_PNG.length,
      label: 'Uploading Our logo.png',
    });
  });

  it('echoes the upload id in progress, and clears progress when an upload fails', async () => {
    const me = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: owner })).json()._id;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?name=a.png&upload=u-1',
      headers: { cookie: owner, 'content-type': 'image/png' },
      payload: TINY_PNG,
    });
    expect(t.app.deps.progress.get(me).id).toBe('u-1');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?name=b.png&upload=u-2',
      headers: { cookie: owner, 'content-type': 'image/png' },
      payload: Buffer.from('not a png'),
    });
    expect(t.app.deps.progress.get(me)).toMatchObject({ total: 0 });
  });

  it('checks the content against the declared type', async () => {
    const fake = await upload(t.app, owner, 'evil.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(400);
    expect(errorOf(fake).message).toBe('This file is not a PNG image.');
    const jpegAsPng = await upload(t.app, owner, 'photo.png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]));
    expect(jpegAsPng.statusCode).toBe(400);
  });

  it('refuses other types (415) and files over 5 MB (413)', async () => {
    expect((await upload(t.app, owner, 'a.pdf', Buffer.from('%PDF-1.7'), 'application/pdf')).statusCode).toBe(415);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(t.app, owner, 'big.png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).message).toBe('Images can be at most 5 MB.');
  });

  it("answers another firm's file with 404", async () => {
    const file = (await upload(t.app, owner, 'mine.png', TINY_PNG)).json();
    const cedar = await signIn(t.app, 'owner@cedar.test');
    expect((await call(t.app, { method: 'GET', url: file.url, cookie: cedar })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: file.url })).statusCode).toBe(401);
  });

  it('becomes the firm logo and the user photo; a foreign file cannot', async () => {
    const file = (await upload(t.app, owner, 'logo.png', TINY_PNG)).json();
    const settings = (await call(t.app, { method: 'GET', url: '/api/v1/settings/', cookie: owner })).json();
    const { features: _f, ...firm } = settings.firmSettings;
    const saved = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/settings/firmSettings',
      cookie: owner,
      body: { ...firm, logo: file.url },
    });
    expect(saved.json().logo).toBe(file.url);
    const photo = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/',
      cookie: owner,
      body: { image: file.url },
    });
    expect(photo.json().image).toBe(file.url);

    const cedar = await signIn(t.app, 'owner@cedar.test');
    const cedarFirm = (await call(t.app, { method: 'GET', url: '/api/v1/settings/', cookie: cedar })).json()
      .firmSettings;
    const { features: _g, ...cf } = cedarFirm;
    const foreign = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/settings/firmSettings',
      cookie: cedar,
      body: { ...cf, logo: file.url },
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/v1/profile/', cookie: cedar, body: { image: file.url } }))
        .statusCode,
    ).toBe(400);
  });
});

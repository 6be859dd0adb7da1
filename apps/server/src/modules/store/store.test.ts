import type { PublicStore, Settings } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let cedar: string;

const api = (method: string, url: string, body?: unknown, cookie?: string) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const store = async (slug: string) => {
  const r = await api('GET', `/public/store/${slug}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as PublicStore;
};
const settings = async (cookie: string) => (await api('GET', '/settings/', undefined, cookie)).json() as Settings;

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe("a firm's public address", () => {
  it('is made from its name when the firm is made, and opens its store without signing in', async () => {
    expect((await settings(owner)).firmSettings.slug).toBe('harbor-and-pine-interiors');
    expect((await settings(cedar)).firmSettings.slug).toBe('cedar-row-kitchens');
    expect(await store('harbor-and-pine-interiors')).toEqual({
      slug: 'harbor-and-pine-interiors',
      name: 'Harbor & Pine Interiors',
      logoUrl: null,
      banner: '',
      currency: 'USD',
      showsPrices: true,
    });
    // Addresses are case-blind.
    expect((await store('Harbor-And-Pine-Interiors')).slug).toBe('harbor-and-pine-interiors');
  });

  it('changes, and the old address keeps leading to the firm; no other firm can take it', async () => {
    const changed = await api('PUT', '/settings/firmSettings', { slug: 'Harbor-Pine' }, owner);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().slug).toBe('harbor-pine');
    // The old address answers with the new one, for the page to move to.
    expect((await store('harbor-and-pine-interiors')).slug).toBe('harbor-pine');
    expect((await store('harbor-pine')).slug).toBe('harbor-pine');

    const taken = await api('PUT', '/settings/firmSettings', { slug: 'harbor-and-pine-interiors' }, cedar);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({ slug: 'That address is taken: choose another.' });
    expect((await settings(cedar)).firmSettings.slug).toBe('cedar-row-kitchens');

    // Going back to an address it had is the firm's right.
    const back = await api('PUT', '/settings/firmSettings', { slug: 'harbor-and-pine-interiors' }, owner);
    expect(back.statusCode, back.body).toBe(200);
    expect((await store('harbor-pine')).slug).toBe('harbor-and-pine-interiors');
    const { rows } = await db.query('SELECT slug, current FROM firm_slugs WHERE firm_id = $1 ORDER BY slug', [
      HARBOR_PINE_ID,
    ]);
    expect(rows).toEqual([
      { slug: 'harbor-and-pine-interiors', current: true },
      { slug: 'harbor-pine', current: false },
    ]);
  });

  it('refuses an address that is malformed, reserved or removed, and changes nothing', async () => {
    for (const [slug, message] of [
      ['a b!', 'Use letters, digits and single hyphens, starting and ending with a letter or digit.'],
      ['-harbor', 'Use letters, digits and single hyphens, starting and ending with a letter or digit.'],
      ['hp', 'Use at least 3 characters.'],
      ['store', 'That address is reserved: choose another.'],
    ] as const) {
      const r = await api('PUT', '/settings/firmSettings', { slug }, owner);
      expect(r.statusCode, slug).toBe(400);
      expect(errorOf(r).fields?.slug, slug).toBe(message);
    }
    const removed = await api('PUT', '/settings/firmSettings', { slug: null }, owner);
    expect(removed.statusCode).toBe(400);
    expect(errorOf(removed).fields).toEqual({ slug: 'Change the address rather than remove it.' });
    expect((await settings(owner)).firmSettings.slug).toBe('harbor-and-pine-interiors');
  });
});

describe('GET /public/store/{slug}', () => {
  it('shows the store’s own name and banner, and hides prices when they are for customers signed in', async () => {
    const saved = await api(
      'PUT',
      '/settings/storeSettings',
      { name: 'Harbor & Pine Showroom', banner: 'Open Saturdays 10–4', prices: 'signed_in' },
      owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await store('harbor-and-pine-interiors')).toMatchObject({
      name: 'Harbor & Pine Showroom',
      banner: 'Open Saturdays 10–4',
      showsPrices: false,
    });
    await api('PUT', '/settings/storeSettings', { name: '', banner: '', prices: 'everyone' }, owner);
  });

  it('answers a plain 404 for an address no firm has, and for a firm whose store module is off', async () => {
    for (const slug of ['no-such-firm', 'x'.repeat(61), '%3Cscript%3E']) {
      const r = await api('GET', `/public/store/${slug}`);
      expect(r.statusCode, slug).toBe(404);
      expect(errorOf(r).message).toBe('There is no store at this address. Check the link, or ask the firm for theirs.');
    }
    await db.query("UPDATE firms SET features = array_remove(features, 'product_store') WHERE id = $1", [
      HARBOR_PINE_ID,
    ]);
    try {
      expect((await api('GET', '/public/store/harbor-and-pine-interiors')).statusCode).toBe(404);
    } finally {
      await db.query("UPDATE firms SET features = array_append(features, 'product_store') WHERE id = $1", [
        HARBOR_PINE_ID,
      ]);
    }
  });

  it('serves the firm’s own logo, and nothing when it has none', async () => {
    expect((await api('GET', '/public/store/harbor-and-pine-interiors/logo')).statusCode).toBe(404);
  });
});

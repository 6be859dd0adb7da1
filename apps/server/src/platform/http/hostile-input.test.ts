import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { encodeCursor } from './list';
import { parseQueryString } from './querystring';

let t: TestApp;
let owner: pg.Client;
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
let cleanPrototype: string[];

beforeAll(async () => {
  cleanPrototype = prototypeKeys();
  t = await startTestApp();
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
  await t.close();
});

const get = (url: string, cookie?: string) => call(t.app, { method: 'GET', url, cookie });

describe('keys that reach a prototype', () => {
  it('runs under --disable-proto=throw, as the server does', () => {
    // biome-ignore lint/suspicious/noProto: the point is that this accessor throws here
    expect(() => (({}) as { __proto__: unknown }).__proto__).toThrow();
  });

  it('answer 400 in a query string, signed in or not, and pollute nothing for anyone', async () => {
    const harbor = await signIn(t.app, 'owner@demo.test');
    for (const query of [
      '__proto__[polluted]=yes',
      '__proto__=yes',
      'constructor[prototype][polluted]=yes',
      'prototype[polluted]=yes',
      'a[__proto__]=yes',
      'filter[__proto__][]=yes',
      'filter[constructor][]=yes',
      'q=oak&__proto__[polluted]=yes',
    ]) {
      for (const [url, cookie] of [
        [`/api/v1/auth/?${query}`, undefined],
        [`/api/v1/customers?${query}`, harbor],
        [`/healthz?${query}`, undefined],
      ] as const) {
        const response = await get(url, cookie);
        expect(response.statusCode, url).toBe(400);
        expect(errorOf(response).message, url).toMatch(/cannot be used as a field name/);
      }
    }
    expect(prototypeKeys()).toEqual(cleanPrototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Another firm signs in and reads its records as if nothing happened.
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const list = await get('/api/v1/customers?limit=5', cedar);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.length).toBeGreaterThan(0);
    for (const item of list.json().items) expect(item).not.toHaveProperty('polluted');
  });

  it('never find an inherited sort or filter (toString, hasOwnProperty…): 400, not 500', async () => {
    const harbor = await signIn(t.app, 'owner@demo.test');
    for (const url of [
      '/api/v1/customers?sort=toString',
      '/api/v1/customers?sort=-hasOwnProperty',
      '/api/v1/companies?filter[toString][]=x',
      '/api/v1/leads?filter[valueOf][]=x',
    ]) {
      const response = await get(url, harbor);
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('answer 400 naming the field in a JSON body, and change nothing', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const before = (
      await owner.query(`SELECT list_settings, kanban, fields, version FROM users WHERE email = 'owner@demo.test'`)
    ).rows[0];
    for (const [body, field] of [
      ['{"list_settings": {"__proto__": {"polluted": true}}}', 'list_settings.__proto__'],
      [
        '{"list_settings": {"customers": [{"name": "x", "query": "", "__proto__": {"polluted": true}}]}}',
        'list_settings.customers.0.__proto__',
      ],
      [
        '{"kanban": {"colors": {"constructor": {"prototype": {"polluted": true}}}, "view": "list"}}',
        'kanban.colors.constructor',
      ],
      ['{"fields": [{"label": "a", "values": [], "prototype": 1}]}', 'fields.0.prototype'],
      ['{"__proto__": {"first_name": "Mallory"}}', '__proto__'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/',
        headers: { cookie, 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode, body).toBe(400);
      expect(errorOf(response).fields, body).toHaveProperty([field]);
    }
    const after = (
      await owner.query(`SELECT list_settings, kanban, fields, version FROM users WHERE email = 'owner@demo.test'`)
    ).rows[0];
    expect(after).toEqual(before);
    expect(prototypeKeys()).toEqual(cleanPrototype);
  });

  it('build query objects without a prototype', () => {
    const parsed = parseQueryString('__proto__[x]=1&filter[__proto__][]=2');
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.keys(parsed)).toEqual(['__proto__', 'filter']);
    expect(Object.getPrototypeOf(parsed.filter)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('NUL characters', () => {
  it('answer 400 naming the field, in a body, a query and a path, and change nothing', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const customer = (await get('/api/v1/customers?limit=1', cookie)).json().items[0];
    const before = (await owner.query('SELECT first_name, version FROM customers WHERE id = $1', [customer._id]))
      .rows[0];
    const put = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/customers/${customer._id}`,
      cookie,
      body: { firstName: 'Ada\u0000', version: before.version },
    });
    expect(put.statusCode).toBe(400);
    expect(errorOf(put)).toMatchObject({ message: 'This text contains a character that is not allowed (NUL).' });
    expect(errorOf(put).fields).toHaveProperty(['firstName']);
    expect(
      (await owner.query('SELECT first_name, version FROM customers WHERE id = $1', [customer._id])).rows[0],
    ).toEqual(before);
    for (const url of [
      '/api/v1/customers?q=oak%00',
      '/api/v1/search?q=%00&type=all',
      '/api/v1/customers?filter[status][]=%00',
    ]) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(400);
    }
    // The router leaves %00 in a path undecoded: an id that cannot exist, not a NUL.
    expect((await get('/api/v1/customers/a%00b', cookie)).statusCode).toBe(404);
    const signInWithNul = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'owner@demo.test\u0000', password: 'x\u0000' },
    });
    expect(signInWithNul.statusCode).toBe(400);
  });

  it('answers 400 for a body nested too deeply, before anything walks it', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/',
      headers: { cookie, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/nested too deeply/);
  });
});

describe('forged and truncated list cursors', () => {
  it('answer 400 with the same clear message on every list, never 500', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const uuid = '019a0000-0000-7000-8000-000000000001';
    const forged = [
      'x',
      '!!!',
      encodeCursor(['Oak\u0000', uuid, 'name']).slice(0, 10), // truncated
      encodeCursor(['Oak\u0000', uuid, 'name']),
      encodeCursor(['Oak\u0000', uuid, '-createdAt']),
      encodeCursor(['2026-01-01 00:00:00+00\u0000', uuid]),
      encodeCursor(['a'.repeat(5000), uuid, 'name']),
      Buffer.from(JSON.stringify([{ a: 1 }, uuid, 'name'])).toString('base64url'),
      encodeCursor(['not a date', 'not a uuid']),
      Buffer.from('[1e999, null]').toString('base64url'),
      Buffer.from('{"__proto__": 1}').toString('base64url'),
    ];
    for (const list of [
      '/api/v1/customers',
      '/api/v1/companies',
      '/api/v1/leads',
      '/api/v1/logs',
      '/api/v1/employees',
    ]) {
      for (const cursor of forged) {
        const response = await get(`${list}?cursor=${encodeURIComponent(cursor)}`, cookie);
        expect(response.statusCode, `${list} ${cursor}`).toBe(400);
        expect(errorOf(response).message).toBe('This page link is no longer valid. Start again from the first page.');
      }
    }
  });
});

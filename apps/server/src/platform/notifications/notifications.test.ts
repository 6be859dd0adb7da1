import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { notify } from './notifications.service';

let t: TestApp;
let cookie: string;
let userId: string;
beforeAll(async () => {
  t = await startTestApp();
  cookie = await signIn(t.app, 'accounting@demo.test');
  userId = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).json()._id;
  await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
    for (let i = 1; i <= 14; i++)
      await notify(tx, HARBOR_PINE_ID, userId, `Invoice INV-${i} is overdue.`, `/a/invoices`);
  });
});
afterAll(() => t.close());

const list = (query: string) => call(t.app, { method: 'GET', url: `/api/v1/notifications?${query}`, cookie });

describe('notifications', () => {
  it('lists unread ones newest first, limit 10, as an array', async () => {
    const response = await list('isRead=false&limit=10');
    expect(response.statusCode).toBe(200);
    const items = response.json();
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({ message: 'Invoice INV-14 is overdue.', isRead: false, link: '/a/invoices' });
    expect(Object.keys(items[0]).sort()).toEqual(['_id', 'createdAt', 'isRead', 'link', 'message']);
  });

  it('pages through the whole history with `before`', async () => {
    const seen: string[] = [];
    let before = '';
    for (let page = 0; page < 5; page++) {
      const items = (await list(`limit=5${before ? `&before=${before}` : ''}`)).json();
      if (items.length === 0) break;
      seen.push(...items.map((n: { _id: string }) => n._id));
      before = items.at(-1)._id;
    }
    expect(seen).toHaveLength(16); // 14 here and the 2 demo ones
    expect(new Set(seen).size).toBe(16);
  });

  it('marks one read, then all', async () => {
    const [first] = (await list('isRead=false&limit=1')).json();
    const read = await call(t.app, { method: 'PUT', url: `/api/v1/notifications/${first._id}`, cookie, body: {} });
    expect(read.json()).toMatchObject({ _id: first._id, isRead: true });
    const all = await call(t.app, { method: 'POST', url: '/api/v1/notifications/mark-all-read', cookie });
    expect(all.json()).toEqual({ updated: 15 });
    expect((await list('isRead=false')).json()).toEqual([]);
  });

  it('validates the query', async () => {
    const response = await list('isRead=maybe&limit=0');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields!).sort()).toEqual(['isRead', 'limit']);
  });
});

import { type CalendarFeed, type CalendarFeedMade, P, type Task } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';
import { requestForLog } from '../../app';

let t: TestApp;
let db: pg.Client;
let owner: string;
let ownerId: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
/** Reads a feed as a calendar app does: its address, no cookie. */
const read = (url: string) => call(t.app, { method: 'GET', url: new URL(url).pathname, ip: '10.9.0.1' });
async function task(name: string, assignee: string, dueDate = day(2)): Promise<Task> {
  const r = await api('POST', '/project-management', owner, { name, assignee, dueDate });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
async function makeFeed(cookie: string): Promise<CalendarFeedMade> {
  const r = await api('POST', '/calendar/feed', cookie);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  ownerId = (await db.query("SELECT id FROM users WHERE email = 'owner@demo.test'")).rows[0].id;
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('a private calendar feed', () => {
  it("serves the person's own items as iCalendar until replaced or turned off", async () => {
    expect((await api('GET', '/calendar/feed', owner)).json()).toEqual({
      active: false,
      createdAt: null,
      lastUsedAt: null,
    });
    const mine = await task('Check the delivery van', ownerId, day(3));
    const salesId = (await db.query("SELECT id FROM users WHERE email = 'sales@demo.test'")).rows[0].id;
    const theirs = await task('Visit the Morgans', salesId);

    const made = await makeFeed(owner);
    expect(made.url).toMatch(/^http:\/\/atelier\.test\/api\/v1\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(made).toMatchObject({ active: true, lastUsedAt: null });
    // Only the token's SHA-256 is kept.
    const token = made.url.split('/').pop()!.replace('.ics', '');
    const { rows } = await db.query('SELECT token_hash FROM calendar_feeds WHERE user_id = $1', [ownerId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    const ics = await read(made.url);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // The address must not travel on in a Referer.
    expect(ics.headers['referrer-policy']).toBe('no-referrer');
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics.body).toContain('SUMMARY:Check the delivery van');
    expect(ics.body).toContain(`DTSTART;VALUE=DATE:${day(3).replaceAll('-', '')}`);
    expect(ics.body).toContain(`DTEND;VALUE=DATE:${day(4).replaceAll('-', '')}`);
    expect(ics.body).toContain(`UID:task-${mine._id}@atelier.test`);
    expect(ics.body).not.toContain('Visit the Morgans');
    expect(ics.body).not.toContain(theirs._id);
    const status = (await api('GET', '/calendar/feed', owner)).json() as CalendarFeed;
    expect(status.lastUsedAt).not.toBeNull();

    // A new address replaces the old one.
    const again = await makeFeed(owner);
    expect(again.url).not.toBe(made.url);
    const old = await read(made.url);
    expect(old.statusCode).toBe(404);
    expect(errorOf(old).message).toBe('There is no calendar at this address. It may have been replaced or turned off.');
    expect((await read(again.url)).statusCode).toBe(200);

    // Turned off: the address answers 404, and the history keeps who did it.
    expect((await api('DELETE', '/calendar/feed', owner)).statusCode).toBe(204);
    expect((await read(again.url)).statusCode).toBe(404);
    expect((await api('GET', '/calendar/feed', owner)).json()).toMatchObject({ active: false });
    const audit = await db.query(
      "SELECT action FROM audit_log WHERE entity_type = 'calendar_feed' AND actor_id = $1 ORDER BY created_at",
      [ownerId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'create', 'revoke']);
  });

  it("holds only what the person may see now, and nobody else's", async () => {
    const member = await staffMember(t, owner, db, 'feeder@demo.test', [P.MODIFY_QUOTES]);
    await task('Bring the tile samples', member.id);
    const feed = await makeFeed(member.cookie);
    const ics = await read(feed.url);
    expect(ics.statusCode).toBe(200);
    // A task is given to them, but tasks are not theirs to see (code 200).
    expect(ics.body).not.toContain('Bring the tile samples');
    // Deactivated, their feed stops.
    await db.query('UPDATE users SET active = false WHERE id = $1', [member.id]);
    expect((await read(feed.url)).statusCode).toBe(404);
  });

  it('answers a made-up address with a plain 404 and leaves its token out of the log', async () => {
    for (const token of ['x', 'A'.repeat(43), '../../etc']) {
      const r = await call(t.app, { method: 'GET', url: `/api/v1/public/calendar/${token}.ics` });
      expect(r.statusCode, token).toBe(404);
    }
    const secret = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
    expect(requestForLog({ method: 'GET', url: `/api/v1/public/calendar/${secret}.ics` }).url).toBe(
      '/api/v1/public/calendar/[token]',
    );
  });

  it('is the signed-in person’s own to manage', async () => {
    expect((await api('POST', '/calendar/feed')).statusCode).toBe(401);
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const theirs = await makeFeed(cedar);
    const ics = await read(theirs.url);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    // Another firm's owner turning theirs off leaves Harbor's alone.
    const ours = await makeFeed(owner);
    expect((await api('DELETE', '/calendar/feed', cedar)).statusCode).toBe(204);
    expect((await read(ours.url)).statusCode).toBe(200);
    expect((await read(theirs.url)).statusCode).toBe(404);
  });
});

import { calendarAddDays, type Lien } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, HARBOR_PINE_ID, signIn, startTestApp, startTestJobs, type TestApp } from '../../../test/helpers';
import { startMailCatcher } from '../../../test/mail-catcher';
import { sendEmailJob } from '../../platform/email/email-job';
import { remindLiensEverywhere } from './lien-reminders';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let ownerId: string;
let today: string;

const api = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
const remind = () => remindLiensEverywhere(t.database.db, t.config.appUrl);

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  ownerId = (await db.query("SELECT id FROM users WHERE email = 'owner@demo.test'")).rows[0].id;
  today = (
    await db.query('SELECT (now() AT TIME ZONE time_zone)::date::text AS d FROM firms WHERE id = $1', [HARBOR_PINE_ID])
  ).rows[0].d;
});
afterAll(async () => {
  await db.end();
  await t.close();
});

async function lienOn(job: string, facts: Record<string, unknown>): Promise<Lien> {
  const made = await api('POST', '/customer-jobs', { name: job });
  expect(made.statusCode, made.body).toBe(201);
  const lien = await api('POST', '/liens', { customerJob: made.json()._id, responsible: ownerId, ...facts });
  expect(lien.statusCode, lien.body).toBe(201);
  return lien.json() as Lien;
}

describe('lien reminders', () => {
  it('reminds the responsible person a week before a deadline, in the app and by email, once', async () => {
    // Georgia's notice: 30 days after first furnishing, kept where it falls; 23 days ago makes it 7 days ahead.
    const lien = await lienOn('Reminder test: Savannah porch', {
      state: 'GA',
      role: 'subcontractor',
      projectType: 'residential',
      firstFurnishingDate: calendarAddDays(today, -23),
    });
    const mail = await startMailCatcher();
    const runner = startTestJobs(t, { jobs: [sendEmailJob], config: { smtpUrl: mail.url } });
    try {
      expect(await remind()).toBe(1);
      // The demo firm's outbox holds other mail for its owner: this one is about the porch.
      const message = await mail.waitFor('owner@demo.test', 30_000, (m) => m.text.includes('Savannah porch'));
      // Headers fold long lines: read them unfolded.
      const text = message.text.replace(/\r?\n[ \t]+/g, ' ');
      expect(text).toContain('Subject: Preliminary notice on Reminder test: Savannah porch is due');
      expect(text).toContain('Reminder only, not legal advice');
      expect(text).toContain(`/a/liens/${lien._id}`);
    } finally {
      await runner.stop();
      await mail.close();
    }
    const notes = (await api('GET', '/notifications?limit=100')).json() as { message: string; link: string }[];
    expect(notes.filter((n) => n.link === `/a/liens/${lien._id}`).map((n) => n.message)).toEqual([
      expect.stringMatching(/^Preliminary notice on Reminder test: Savannah porch is due \d{4}-\d{2}-\d{2}/),
    ]);
    // The same day again: nothing new, and the lien is not even written (its row version stays).
    const xmin = async () => (await db.query('SELECT xmin::text AS x FROM liens WHERE id = $1', [lien._id])).rows[0].x;
    const before = await xmin();
    expect(await remind()).toBe(0);
    expect(await xmin()).toBe(before);
  });

  it('expires a lien whose recording deadline passed undone, in its history', async () => {
    const lien = await lienOn('Reminder test: Orlando bath', {
      state: 'FL',
      role: 'prime',
      projectType: 'residential',
      firstFurnishingDate: calendarAddDays(today, -30),
      lastFurnishingDate: calendarAddDays(today, -10),
    });
    expect(lien.status).toBe('notice_due');
    // Time passes: the last day of work was long ago (as if the lien had sat untouched since).
    await db.query(
      'UPDATE liens SET first_furnishing_on = first_furnishing_on - 200, last_furnishing_on = last_furnishing_on - 200 WHERE id = $1',
      [lien._id],
    );
    await remind();
    const after = (await api('GET', `/liens/${lien._id}`)).json() as Lien;
    expect([after.status, after.version]).toEqual(['expired', lien.version + 1]);
    const log = (await api('GET', `/liens/${lien._id}/logs`)).json().items as { action: string }[];
    expect(log.map((l) => l.action)).toContain('expire');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Lien, type LienDeadlineResult, type LienDeadlines, type LienRow, P } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;

const get = (url: string, cookie = owner) => call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie });

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('GET /liens/deadlines, the quick calculator', () => {
  it('computes a lien’s deadlines from a query, each with its rule', async () => {
    const res = await get(
      '/liens/deadlines?state=ca&role=subcontractor&projectType=residential&flags=owner_occupied&firstFurnishingDate=2026-01-05&completionDate=2026-03-31&noticeOfCompletionDate=2026-04-10',
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as LienDeadlineResult;
    expect(result).toMatchObject({ rulesVersion: '2026-11-24', status: 'ok', message: null });
    expect(result.deadlines.map((d) => [d.kind, d.trigger, d.state, d.date, d.superseded, d.rule.citation])).toEqual([
      ['preliminary_notice', 'first_furnishing', 'due', '2026-01-26', false, 'Cal. Civ. Code §§ 8200, 8204(a)'],
      ['lien_recording', 'notice_of_completion', 'due', '2026-05-11', false, 'Cal. Civ. Code §§ 8414(b)(2), 8190'],
      ['lien_recording', 'completion', 'due', '2026-06-29', true, 'Cal. Civ. Code § 8414(b)(1)'],
      ['enforcement', 'recording', 'needs', null, false, 'Cal. Civ. Code § 8460'],
    ]);
    expect(result.deadlines[3]!.needs).toEqual(['lien recording date']);
  });

  it('answers "no rule for this state" for a state the file does not cover', async () => {
    const res = await get('/liens/deadlines?state=OR&role=prime&projectType=commercial');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'no_rule', message: 'no rule for this state', deadlines: [] });
  });

  it('refuses dates out of order and unknown values, per field', async () => {
    const res = await get(
      '/liens/deadlines?state=CA&role=prime&projectType=commercial&firstFurnishingDate=2026-03-01&lastFurnishingDate=2026-02-01',
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ lastFurnishingDate: 'The last furnishing date cannot be before the first.' });
    const wrong = await get('/liens/deadlines?state=California&role=architect&projectType=commercial&flags=castle');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(errorOf(wrong).fields ?? {}).sort()).toEqual(['flags.0', 'role', 'state']);
  });

  it('needs the liens code and the Mechanic liens module', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/liens/deadlines?state=CA' })).statusCode).toBe(401);
    const clerk = await staffMember(t, owner, db, 'lien-clerk@demo.test', [P.MODIFY_ORDERS]);
    expect((await get('/liens/deadlines?state=CA&role=prime&projectType=commercial', clerk.cookie)).statusCode).toBe(
      403,
    );
    await db.query("UPDATE firms SET features = array_remove(features, 'mechanic_leins') WHERE id = $1", [
      HARBOR_PINE_ID,
    ]);
    try {
      expect((await get('/liens/deadlines?state=CA&role=prime&projectType=commercial')).statusCode).toBe(403);
    } finally {
      await db.query("UPDATE firms SET features = array_append(features, 'mechanic_leins') WHERE id = $1", [
        HARBOR_PINE_ID,
      ]);
    }
  });
});

describe('lien records', () => {
  const post = (url: string, body: unknown, cookie = owner) =>
    call(t.app, { method: 'POST', url: `/api/v1${url}`, cookie, body });
  const put = (url: string, body: unknown, cookie = owner) =>
    call(t.app, { method: 'PUT', url: `/api/v1${url}`, cookie, body });
  const newJob = async (name: string) => {
    const res = await post('/customer-jobs', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };

  it('lists the demo liens, soonest deadline first, with what they claim', async () => {
    const res = await get('/liens');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().items as LienRow[];
    expect(rows.map((r) => [r.state, r.status])).toEqual([
      ['FL', 'notice_due'],
      ['ME', 'notice_due'],
    ]);
    expect(rows[0]!.nextDeadlineOn).not.toBeNull();
    expect(rows[1]!.nextDeadlineOn).toBeNull(); // no rule for Maine: no deadline is guessed
  });

  it('keeps one lien per job, computes its deadlines, and marks a missed one', async () => {
    const job = await newJob('Lien test: Pasadena addition');
    const body = {
      customerJob: job,
      state: 'CA',
      role: 'subcontractor',
      projectType: 'residential',
      firstFurnishingDate: '2026-01-05',
      lastFurnishingDate: '2026-03-20',
      completionDate: '2026-03-31',
    };
    const made = await post('/liens', body);
    expect(made.statusCode, made.body).toBe(201);
    const lien = made.json() as Lien;
    expect(lien).toMatchObject({ name: 'Lien · Lien test: Pasadena addition', owedCents: 0 });
    const again = await post('/liens', body);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).fields).toEqual({ customerJob: 'This job already has a lien record.' });

    const res = await get(`/liens/${lien._id}/deadlines`);
    expect(res.statusCode, res.body).toBe(200);
    const { deadlines } = res.json() as LienDeadlines;
    // Today is after Jan 26 (the notice) and after June 29 (recording): both missed, nothing done for either.
    const notice = deadlines.find((d) => d.kind === 'preliminary_notice')!;
    const recording = deadlines.find((d) => d.kind === 'lien_recording' && !d.superseded)!;
    expect([notice.date, notice.missed]).toEqual(['2026-01-26', true]);
    expect([recording.date, recording.missed]).toEqual(['2026-06-29', true]);
    // A missed recording deadline ends the lien; only the server sets expired.
    expect(lien.status).toBe('expired');
  });

  it('counts a notice sent as done, and refuses dates out of order and a proof before the lien is saved', async () => {
    const job = await newJob('Lien test: Tampa kitchen');
    const late = await post('/liens', {
      customerJob: job,
      state: 'FL',
      role: 'subcontractor',
      projectType: 'residential',
      firstFurnishingDate: '2026-03-01',
      lastFurnishingDate: '2026-02-01',
    });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).fields).toEqual({
      lastFurnishingDate: 'The last furnishing date cannot be before the first.',
    });
    const early = await post('/liens', {
      customerJob: job,
      state: 'FL',
      role: 'subcontractor',
      projectType: 'residential',
      documents: [{ kind: 'notice', title: 'Notice to owner', proof: '019a0000-0000-7000-8000-00000000abcd' }],
    });
    expect(early.statusCode).toBe(400);
    expect(Object.keys(errorOf(early).fields ?? {})).toEqual(['documents.0.proof']);
    const expired = await post('/liens', {
      customerJob: job,
      state: 'FL',
      role: 'subcontractor',
      projectType: 'residential',
      status: 'expired',
    });
    expect(expired.statusCode).toBe(400);
    expect(Object.keys(errorOf(expired).fields ?? {})).toEqual(['status']);

    const made = await post('/liens', {
      customerJob: job,
      state: 'FL',
      role: 'subcontractor',
      projectType: 'residential',
      firstFurnishingDate: '2026-11-01',
    });
    expect(made.statusCode, made.body).toBe(201);
    const lien = made.json() as Lien;
    expect(lien.nextDeadline).toEqual({ kind: 'preliminary_notice', date: '2026-12-16' });
    const sent = await put(`/liens/${lien._id}`, {
      customerJob: job,
      state: 'FL',
      role: 'subcontractor',
      projectType: 'residential',
      firstFurnishingDate: '2026-11-01',
      documents: [{ kind: 'notice', title: 'Notice to owner', sentOn: '2026-11-20' }],
      version: lien.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The notice is done; what is next needs the last furnishing date, so nothing is dated ahead.
    expect((sent.json() as Lien).nextDeadline).toBeNull();
  });

  it('answers another firm’s lien as not found, and refuses another firm’s job', async () => {
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const mine = (await get('/liens')).json().items[0] as LienRow;
    expect((await get(`/liens/${mine._id}`, cedar)).statusCode).toBe(404);
    expect((await get(`/liens/${mine._id}/deadlines`, cedar)).statusCode).toBe(404);
    const theirs = await post(
      '/liens',
      { customerJob: mine.customerJob._id, state: 'CA', role: 'prime', projectType: 'commercial' },
      cedar,
    );
    expect(theirs.statusCode).toBe(400);
    expect(errorOf(theirs).fields).toEqual({ customerJob: 'Choose a job from the list.' });
  });
});

describe('a rules file that fails its schema', () => {
  it('stops the server, naming the bad row', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lien-rules-'));
    const file = path.join(dir, 'lien-rules.json');
    const rules = JSON.parse(fs.readFileSync(t.config.lienRulesFile, 'utf8'));
    rules.rules[7].trigger = 'whenever';
    fs.writeFileSync(file, JSON.stringify(rules));
    try {
      await expect(startTestApp({ env: { LIEN_RULES_FILE: file } })).rejects.toThrow(
        `The lien rules file ${file} is not valid:\n  rule 7 (CA supplier lien_recording whenever): trigger`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

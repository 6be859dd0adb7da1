import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { HttpError } from './errors';
import { FairShare, firmKey } from './fair-share';

const limits = { perSession: 2, perFirm: 3, maxWaitMs: 200 };

describe('FairShare', () => {
  it('lets a firm run at most its share at once; the next one waits its turn and runs when a slot frees', async () => {
    const fair = new FairShare(limits);
    const firm = (session: string) => [`session:${session}`, firmKey('a')];
    const held = await Promise.all([fair.acquire(firm('1')), fair.acquire(firm('2')), fair.acquire(firm('3'))]);
    expect(fair.runningUnder(firmKey('a'))).toBe(3);
    let started = false;
    const next = fair.acquire(firm('4')).then((release) => {
      started = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toBe(false);
    held[0]!();
    (await next)();
    expect(started).toBe(true);
    for (const release of held) release(); // giving a slot back twice changes nothing
    expect(fair.runningUnder(firmKey('a'))).toBe(0);
  });

  it('refuses with 429 and Retry-After when the wait runs out, and never blocks another firm', async () => {
    const fair = new FairShare(limits);
    for (let i = 0; i < 3; i++) await fair.acquire([`session:${i}`, firmKey('noisy')]);
    const other = await fair.acquire(['session:q', firmKey('quiet')]);
    other();
    const refused = await fair.acquire(['session:9', firmKey('noisy')]).catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', headers: { 'Retry-After': '1' } });
  });

  it("shrinks a busy firm's share while another firm is busy too, and gives it back when it is alone", async () => {
    const fair = new FairShare({ perSession: 10, perFirm: 4, maxWaitMs: 100 });
    const a = (n: number) => [`session:a${n}`, firmKey('a')];
    const held = await Promise.all([1, 2, 3, 4].map((n) => fair.acquire(a(n))));
    expect(fair.runningUnder(firmKey('a'))).toBe(4); // alone: the whole share
    for (const release of held) release();
    const b = await fair.acquire(['session:b', firmKey('b')]); // a second firm gets busy
    const [first, second] = [await fair.acquire(a(1)), await fair.acquire(a(2))];
    expect(await fair.acquire(a(3)).catch((e) => e.status)).toBe(429); // half of 4 each now
    for (const release of [b, first, second]) release();
  });

  it('limits one session on its own, and serves waiters first come, first served', async () => {
    const fair = new FairShare({ ...limits, maxWaitMs: 1000 });
    const keys = ['session:s', firmKey('a')];
    const first = await fair.acquire(keys);
    const second = await fair.acquire(keys);
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) =>
      fair.acquire(keys).then((release) => {
        order.push(n);
        release();
      }),
    );
    first();
    second();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
  });
});

describe('fair share of the database pool, over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { MAX_CONCURRENT_PER_FIRM: '2', FAIR_SHARE_WAIT_MS: '300' } });
  });
  afterAll(() => t.close());

  it("holds a busy firm's extra requests, answers 429 once they waited too long, and lets the other firm through", async () => {
    const harbor = await signIn(t.app, 'owner@demo.test');
    const cedar = await signIn(t.app, 'owner@cedar.test');
    // One request each so the limiter learns which firm each session belongs to.
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: harbor })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: cedar })).statusCode).toBe(200);
    const profile = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: harbor })).json();

    // Harbor & Pine's two slots are taken (as by two long requests).
    const fair = t.app.deps.fairShare;
    const busy = [
      await fair.acquire(['session:x', firmKey(profile.firm._id)]),
      await fair.acquire(['session:y', firmKey(profile.firm._id)]),
    ];
    try {
      const [refused, other] = await Promise.all([
        call(t.app, { method: 'GET', url: '/api/v1/customers', cookie: harbor }),
        call(t.app, { method: 'GET', url: '/api/v1/customers', cookie: cedar }),
      ]);
      expect(other.statusCode).toBe(200);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(errorOf(refused).message).toMatch(/many requests running at once/);

      // A request that finds its firm's slots freed while it waits simply runs.
      const waiting = call(t.app, { method: 'GET', url: '/api/v1/customers', cookie: harbor });
      setTimeout(() => {
        for (const release of busy) release();
      }, 50);
      expect((await waiting).statusCode).toBe(200);
    } finally {
      for (const release of busy) release();
    }
  });
});

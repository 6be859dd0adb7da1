import { INVALID_CREDENTIALS_MESSAGE, SESSION_EXPIRED_MESSAGE } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, sessionCookie, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3', SIGN_IN_MAX_FAILURES_PER_ADDRESS: '6' } });
});
afterAll(() => t.close());

async function ownerQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: t.ownerUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('PUT /api/v1/auth/ (sign in)', () => {
  it('returns the profile with every section 3 field and sets an httpOnly session cookie', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'Sales@Demo.test ', password: 'demo-password' },
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      first_name: 'Sam',
      last_name: 'Reyes',
      image: null,
      fields: [],
      list_settings: {},
      kanban: { view: 'kanban', colors: {} },
      currentTask: null,
      clocked_in: false,
      subscriptions: [],
      searches: { general: [] },
      firm: { name: 'Harbor & Pine Interiors' },
    });
    expect(profile._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.warehouse).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.permissions).toEqual([
      { _id: expect.any(String), name: 'Sales', permissions: [6, 8, 13, 21, 85, 164, 200] },
    ]);

    const session = response.cookies.find((c) => c.name === 'atelier_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    expect(response.cookies.find((c) => c.name === 'atelier_signed_in')?.httpOnly).toBeFalsy();
  });

  it('stores only a hash of the token, and issues a fresh token at every sign-in', async () => {
    const first = await signIn(t.app, 'accounting@demo.test');
    const second = await signIn(t.app, 'accounting@demo.test');
    expect(first).not.toBe(second);
    const token = first.split('=')[1]!;
    const rows = await ownerQuery<{ hex: string }>("SELECT encode(token_hash, 'hex') AS hex FROM sessions");
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.hex.includes(Buffer.from(token).toString('hex')))).toBe(false);
    expect(rows.every((r) => r.hex.length === 64)).toBe(true);
  });

  it('refuses a wrong password with a message for the red toast', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'owner@demo.test', password: 'wrong-password' },
      ip: '10.0.0.1',
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: INVALID_CREDENTIALS_MESSAGE });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers an unknown address exactly like a wrong password', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'nobody@demo.test', password: 'demo-password' },
      ip: '10.0.0.2',
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(INVALID_CREDENTIALS_MESSAGE);
  });

  it('refuses customers on the staff sign-in', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'customer@demo.test', password: 'demo-password' },
      ip: '10.0.0.3',
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{}, { email: 'Enter your email address.', password: 'Enter your password.' }],
    [{ email: 'not-an-email', password: 'x' }, { email: 'Enter a valid email address.' }],
    [{ email: 'owner@demo.test', password: '' }, { password: 'Enter your password.' }],
    [{ email: 'owner@demo.test', password: 'demo-password', firm: 'x' }, { firm: '"firm" cannot be set here.' }],
    [
      { email: 42, password: ['a'] },
      { email: 'Enter your email address.', password: 'Enter your password.' },
    ],
  ])('answers a malformed body %j with 400 and per-field messages', async (body, fields) => {
    const response = await call(t.app, { method: 'PUT', url: '/api/v1/auth/', body, ip: '10.0.0.4' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation');
    expect(errorOf(response).fields).toEqual(fields);
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('The request body is not valid JSON.');
  });
});

describe('GET /api/v1/auth/ (session restore)', () => {
  it('restores a session from its cookie', async () => {
    const cookie = await signIn(t.app, 'warehouse@demo.test');
    const response = await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().first_name).toBe('Wes');
  });

  it('answers an unknown token with "Failed to authenticate token." and clears the cookies', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: 'atelier_session=forged' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'session_expired', message: SESSION_EXPIRED_MESSAGE });
    const cleared = response.cookies.find((c) => c.name === 'atelier_session');
    expect(cleared?.value).toBe('');
  });

  it('answers an expired session the same way', async () => {
    const cookie = await signIn(t.app, 'owner@cedar.test');
    await ownerQuery("UPDATE sessions SET expires_at = now() - interval '1 second'");
    const response = await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('answers a session idle for longer than the idle limit the same way', async () => {
    const cookie = await signIn(t.app, 'owner@cedar.test');
    await ownerQuery(
      `UPDATE sessions SET last_seen_at = now() - make_interval(secs => $1::int + 1) WHERE expires_at > now()`,
      [t.config.session.idleSeconds],
    );
    const response = await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it('answers no cookie at all with 401 "Sign in to continue."', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/v1/auth/' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: 'unauthenticated', message: 'Sign in to continue.' });
  });
});

describe('DELETE /api/v1/auth/ (sign out)', () => {
  it('ends the session so the cookie no longer works', async () => {
    const cookie = await signIn(t.app, 'sales@demo.test');
    const out = await call(t.app, { method: 'DELETE', url: '/api/v1/auth/', cookie });
    expect(out.statusCode).toBe(204);
    const again = await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie });
    expect(again.statusCode).toBe(401);
  });

  it('succeeds without a session too (the client signs out regardless)', async () => {
    const out = await call(t.app, { method: 'DELETE', url: '/api/v1/auth/' });
    expect(out.statusCode).toBe(204);
  });
});

describe('throttling failed sign-ins', () => {
  it('locks an account after too many failures, from any address, with 429 and Retry-After', async () => {
    const attempt = (password: string, ip: string) =>
      call(t.app, { method: 'PUT', url: '/api/v1/auth/', body: { email: 'accounting@demo.test', password }, ip });
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3'])
      expect((await attempt('wrong-password', ip)).statusCode).toBe(401);

    const blocked = await attempt('demo-password', '10.1.0.4');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toEqual({
      code: 'rate_limited',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Other accounts are not affected.
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: '/api/v1/auth/',
          body: { email: 'sales@demo.test', password: 'demo-password' },
          ip: '10.1.0.4',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('never blocks a sign-in from an address the account used before, whatever failed elsewhere', async () => {
    const attempt = (password: string, ip: string) =>
      call(t.app, { method: 'PUT', url: '/api/v1/auth/', body: { email: 'owner@cedar.test', password }, ip });
    expect((await attempt('demo-password', '10.5.0.1')).statusCode).toBe(200); // the owner's office
    for (const ip of ['10.5.0.2', '10.5.0.3', '10.5.0.4'])
      expect((await attempt('wrong-password', ip)).statusCode).toBe(401);
    const stranger = await attempt('demo-password', '10.5.0.9');
    expect(stranger.statusCode).toBe(429);
    expect(errorOf(stranger).message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect((await attempt('demo-password', '10.5.0.1')).statusCode).toBe(200);
  });

  it('locks a client address that fails on many accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 6; i++) {
      const response = await call(t.app, {
        method: 'PUT',
        url: '/api/v1/auth/',
        body: { email: `guess${i}@demo.test`, password: 'wrong-password' },
        ip,
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'owner@demo.test', password: 'demo-password' },
      ip,
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'owner@demo.test', password: 'demo-password' },
      ip: '10.2.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('requests from other sites', () => {
  it('refuses a state-changing request with our cookie and a foreign Origin, and changes nothing', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/',
      cookie,
      body: { first_name: 'Mallory' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe('This request came from another site and was refused.');
    const profile = await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie });
    expect(profile.json().first_name).toBe('Olivia');
  });

  it('refuses a cross-site fetch (Sec-Fetch-Site) even without an Origin header', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const response = await call(t.app, {
      method: 'DELETE',
      url: '/api/v1/auth/',
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts our own origin and the configured APP_URL', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    for (const origin of ['http://localhost:80', 'http://atelier.test']) {
      const response = await call(t.app, {
        method: 'PUT',
        url: '/api/v1/profile/',
        cookie,
        body: { last_name: 'Harbor' },
        headers: { origin, host: 'localhost:80' },
      });
      expect(response.statusCode, origin).toBe(200);
    }
  });

  it('does not apply to a request without our cookie (nothing to forge)', async () => {
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'owner@demo.test', password: 'demo-password' },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)).toBeTruthy();
  });
});

describe('sign-in limits under parallel attempts (defaults: 5 per account and address, 100 per account)', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await startTestApp();
  });
  afterAll(() => d.close());

  it('check exactly 5 of 50 wrong passwords fired at once for one account from one address', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(d.app, {
          method: 'PUT',
          url: '/api/v1/auth/',
          body: { email: 'warehouse@demo.test', password: 'wrong-password' },
          ip: '10.7.0.1',
        }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    // The right password from there is refused too, until the window ends; from elsewhere it works.
    const right = (ip: string) =>
      call(d.app, {
        method: 'PUT',
        url: '/api/v1/auth/',
        body: { email: 'warehouse@demo.test', password: 'demo-password' },
        ip,
      });
    expect((await right('10.7.0.1')).statusCode).toBe(429);
    expect((await right('10.7.0.2')).statusCode).toBe(200);
  });

  it('answer every concurrent attempt properly, with more attempts than pool connections', async () => {
    // Each request holds one connection and reserves its attempt on another, briefly, before it
    // takes its own: a burst larger than the pool (5 in tests) must not leave requests waiting.
    const attempts = Array.from({ length: 16 }, (_, i) =>
      call(d.app, {
        method: 'PUT',
        url: '/api/v1/auth/',
        body: { email: i % 2 ? 'owner@cedar.test' : `load${i}@demo.test`, password: 'demo-password' },
        ip: `10.9.${i}.1`,
      }),
    );
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
  });
});

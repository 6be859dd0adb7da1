import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, sessionCookie, signIn, startTestApp, startTestJobs, type TestApp } from '../../../test/helpers';
import { startMailCatcher } from '../../../test/mail-catcher';
import { sendEmailJob } from '../../platform/email/email-job';
import type { JobRunner } from '../../platform/jobs/runner';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let worker: JobRunner;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startTestApp({ env: { SMTP_URL: mail.url } });
  worker = startTestJobs(t, { jobs: [sendEmailJob] });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await mail.close();
});

const tokenIn = (text: string) => text.match(/\/reset-password#invitation=([A-Za-z0-9_-]{43})/)?.[1] ?? '';

describe('invitations', () => {
  it('emails a single-use link; the invitee sets a password, is signed in, and the inviter is told', async () => {
    const owner = await signIn(t.app, 'owner@demo.test');
    const roles = (await call(t.app, { method: 'GET', url: '/api/v1/roles', cookie: owner })).json();
    const sales = roles.find((r: { name: string }) => r.name === 'Sales')._id;
    const invited = await call(t.app, {
      method: 'POST',
      url: '/api/v1/invitations',
      cookie: owner,
      body: { email: 'Nia@Demo.test', first_name: 'Nia', last_name: 'Ortiz', roles: [sales] },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ email: 'nia@demo.test', invited: true, roles: [{ name: 'Sales' }] });

    const email = await mail.waitFor('nia@demo.test');
    expect(email.text).toContain('Olivia Harbor invited you to Harbor & Pine Interiors on Atelier');
    const token = tokenIn(email.text);
    const check = await call(t.app, { method: 'POST', url: '/api/v1/auth/invitation/check', body: { token } });
    expect(check.json()).toEqual({ email: 'nia@demo.test', first_name: 'Nia', firm_name: 'Harbor & Pine Interiors' });

    // Not signed in before accepting: no password yet.
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: '/api/v1/auth/',
          body: { email: 'nia@demo.test', password: 'whatever-long' },
        })
      ).statusCode,
    ).toBe(401);

    const accepted = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/invitation/accept',
      body: { token, password: 'nia-chooses-this' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ first_name: 'Nia', permissions: [{ name: 'Sales' }] });
    expect(
      (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: sessionCookie(accepted) })).statusCode,
    ).toBe(200);

    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/invitation/accept',
      body: { token, password: 'another-password' },
    });
    expect(again.statusCode).toBe(400);

    const notes = (
      await call(t.app, { method: 'GET', url: '/api/v1/notifications?isRead=false&limit=10', cookie: owner })
    ).json();
    expect(notes[0]).toMatchObject({
      message: 'Nia Ortiz accepted your invitation and joined Harbor & Pine Interiors.',
      link: '/s/manage',
    });
  });

  it('gives only roles the inviter could grant, and refuses an address already in use', async () => {
    const owner = await signIn(t.app, 'owner@demo.test');
    const taken = await call(t.app, {
      method: 'POST',
      url: '/api/v1/invitations',
      cookie: owner,
      body: { email: 'sales@demo.test', first_name: 'Sam' },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe('sales@demo.test already has an Atelier account.');
    const wes = await signIn(t.app, 'warehouse@demo.test');
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/invitations',
          cookie: wes,
          body: { email: 'z@z.test', first_name: 'Z' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('resends a fresh link and retires the old one', async () => {
    const owner = await signIn(t.app, 'owner@demo.test');
    const invited = (
      await call(t.app, {
        method: 'POST',
        url: '/api/v1/invitations',
        cookie: owner,
        body: { email: 'kai@demo.test', first_name: 'Kai' },
      })
    ).json();
    const first = tokenIn((await mail.waitFor('kai@demo.test')).text);
    const resent = await call(t.app, {
      method: 'POST',
      url: `/api/v1/invitations/${invited._id}/resend`,
      cookie: owner,
    });
    expect(resent.statusCode).toBe(204);
    await worker.runOnce();
    const links = mail.messages.filter((m) => m.to.includes('kai@demo.test')).map((m) => tokenIn(m.text));
    expect(links).toHaveLength(2);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/auth/invitation/check', body: { token: first } })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/auth/invitation/check', body: { token: links[1] } }))
        .statusCode,
    ).toBe(200);
  });
});

import type { Invoice, Lien, LienWaiver, LienWaiverDue, LienWaiverRow, Payment } from '@atelier/contracts';
import { P } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';
import { pagesText } from '../../../test/pdf-text';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let cedar: string;

const api = (method: string, url: string, payload?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body: payload });
async function ok<T>(res: Promise<Awaited<ReturnType<typeof api>>>, status = 200): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}

/** A customer's job with an open California lien (the firm the prime contractor) and two sent invoices. */
async function lienedJob(name: string) {
  const customer = await ok<{ _id: string }>(api('POST', '/customers', { firstName: 'Wendy', lastName: name }), 201);
  const job = await ok<{ _id: string }>(api('POST', '/customer-jobs', { customer: customer._id, name }), 201);
  const lien = await ok<Lien>(
    api('POST', '/liens', {
      customerJob: job._id,
      state: 'CA',
      role: 'prime',
      projectType: 'residential',
      firstFurnishingDate: '2026-03-02',
      hiringParty: 'Wendy and Sam Ortiz',
    }),
    201,
  );
  const invoice = async (cents: number) => {
    const inv = await ok<Invoice>(
      api('POST', '/invoices', {
        customer: customer._id,
        customerJob: job._id,
        lines: [{ name: 'Cabinet work', quantity: 1, unitPriceCents: cents, taxClass: 'Labour' }],
      }),
      201,
    );
    await ok(api('POST', `/invoices/${inv._id}/mark-sent`));
    return inv;
  };
  return {
    customer: customer._id,
    job: job._id,
    lien,
    first: await invoice(30_000_00),
    second: await invoice(20_000_00),
  };
}

const pay = (customer: string, invoice: string, cents: number, receivedOn = '2026-11-20') =>
  ok<Payment>(
    api('POST', '/payments', {
      customer,
      method: 'check',
      amountCents: cents,
      receivedOn,
      reference: 'Check 2044',
      applications: [{ invoice, amountCents: cents }],
    }),
    201,
  );

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

describe('a payment on a job with an open lien', () => {
  it('says which waiver is now due, tells the lien’s responsible, and knows the one recorded for it', async () => {
    const { customer, lien, first, second } = await lienedJob('Ortiz kitchen');
    const clerk = await staffMember(t, owner, db, 'waiver-clerk@demo.test', [
      P.MODIFY_MECHANIC_LIENS,
      P.MODIFY_PAYMENTS,
    ]);
    await changeLien(lien._id, { responsible: clerk.id });

    const payment = await pay(customer, first._id, 30_000_00);
    const { due } = await ok<LienWaiverDue>(api('GET', `/lien-waivers/due?payment=${payment._id}`));
    expect(due).toEqual([
      {
        lien: { _id: lien._id, name: 'Lien · Ortiz kitchen' },
        customerJob: { _id: lien.customerJob._id, name: 'Ortiz kitchen' },
        condition: 'unconditional',
        scope: 'progress',
        amountCents: 30_000_00,
        throughDate: '2026-11-20',
        party: 'Wendy and Sam Ortiz',
        recorded: null,
        message: `Payment ${payment.number} put $30,000.00 on Ortiz kitchen, which has an open lien record: an unconditional progress waiver for that amount through Nov 20, 2026 is now due to Wendy and Sam Ortiz.`,
      },
    ]);
    // The responsible staff member and whoever recorded it are told, in the app.
    const told = await db.query<{ user_id: string; link: string }>(
      'SELECT user_id, link FROM notifications WHERE message = $1 ORDER BY user_id',
      [due[0]!.message],
    );
    expect(told.rows.map((r) => r.user_id).sort()).toEqual(
      [clerk.id, (await db.query("SELECT id FROM users WHERE email = 'owner@demo.test'")).rows[0].id].sort(),
    );
    expect(told.rows[0]!.link).toBe(`/a/payments/${payment._id}`);

    // Recorded with the payment it answers, the waiver shows as done.
    const waiver = await ok<LienWaiver>(
      api('POST', '/lien-waivers', {
        lien: lien._id,
        condition: 'unconditional',
        scope: 'progress',
        party: due[0]!.party,
        amountCents: due[0]!.amountCents,
        throughDate: due[0]!.throughDate,
        payment: payment._id,
      }),
      201,
    );
    expect(waiver).toMatchObject({
      name: 'Unconditional progress waiver · Ortiz kitchen',
      direction: 'given',
      payment: { _id: payment._id, name: `Payment ${payment.number}` },
      customerJob: { name: 'Ortiz kitchen' },
      hasTemplate: false,
    });
    const again = await ok<LienWaiverDue>(api('GET', `/lien-waivers/due?payment=${payment._id}`));
    expect(again.due[0]!.recorded).toEqual({ _id: waiver._id, name: 'Unconditional progress waiver' });
    const listed = await ok<{ items: LienWaiverRow[] }>(api('GET', `/lien-waivers?filter[lien][]=${lien._id}`));
    expect(listed.items.map((w) => w._id)).toEqual([waiver._id]);

    // The last of the money, once the work is done: a final waiver.
    await changeLien(lien._id, { lastFurnishingDate: '2026-11-02' });
    const last = await pay(customer, second._id, 20_000_00, '2026-11-25');
    const final = await ok<LienWaiverDue>(api('GET', `/lien-waivers/due?payment=${last._id}`));
    expect(final.due).toMatchObject([{ scope: 'final', condition: 'unconditional', amountCents: 20_000_00 }]);
    expect(final.due[0]!.message).toBe(
      `Payment ${last.number} paid Ortiz kitchen in full and it has an open lien record: an unconditional final waiver for $20,000.00 is now due to Wendy and Sam Ortiz.`,
    );
  });

  it('calls for nothing on a job without an open lien, and only for those who may see payments', async () => {
    const { customer, lien, first } = await lienedJob('Released porch');
    await changeLien(lien._id, { status: 'released' });
    const payment = await pay(customer, first._id, 1_000_00);
    expect((await ok<LienWaiverDue>(api('GET', `/lien-waivers/due?payment=${payment._id}`))).due).toEqual([]);
    const lienOnly = await staffMember(t, owner, db, 'lien-only@demo.test', [P.MODIFY_MECHANIC_LIENS]);
    const refused = await api('GET', `/lien-waivers/due?payment=${payment._id}`, undefined, lienOnly.cookie);
    expect(refused.statusCode).toBe(403);
    // Another firm's payment reads as none.
    expect(
      (await ok<LienWaiverDue>(api('GET', `/lien-waivers/due?payment=${payment._id}`, undefined, cedar))).due,
    ).toEqual([]);
  });
});

describe('bad waivers', () => {
  it('refuses each with a message on its field, and changes nothing', async () => {
    const { lien } = await lienedJob('Refusals den');
    const other = await lienedJob('Someone else’s');
    const payment = await pay(other.customer, other.first._id, 500_00);
    const base = { lien: lien._id, condition: 'conditional', scope: 'progress', party: 'Owner', amountCents: 100 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base }, 'throughDate'],
      [{ ...base, throughDate: '2026-05-01', payment: payment._id }, 'payment'],
      [{ ...base, throughDate: '2026-05-01', direction: 'received', payment: payment._id }, 'payment'],
      [{ ...base, throughDate: '2026-05-01', signedCopy: payment._id, signedOn: '2026-05-02' }, 'signedCopy'],
      [{ ...base, throughDate: '2026-05-01', party: '  ' }, 'party'],
      [{ ...base, throughDate: '2026-05-01', lien: '00000000-0000-4000-8000-000000000000' }, 'lien'],
    ];
    const before = (await db.query('SELECT count(*)::int AS n FROM lien_waivers')).rows[0].n;
    for (const [body, field] of cases) {
      const r = await api('POST', '/lien-waivers', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(errorOf(r).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    // Another firm's lien is not on its list.
    const theirs = await api('POST', '/lien-waivers', { ...base, throughDate: '2026-05-01' }, cedar);
    expect(theirs.statusCode).toBe(400);
    expect(errorOf(theirs).fields).toEqual({ lien: 'Choose a lien from the list.' });
    expect((await db.query('SELECT count(*)::int AS n FROM lien_waivers')).rows[0].n).toBe(before);
  });
});

describe('GET /lien-waivers/{id}/pdf', () => {
  it('is made only from the firm’s own template, its merge fields filled in as text', async () => {
    const { lien } = await lienedJob('Template bath');
    const waiver = await ok<LienWaiver>(
      api('POST', '/lien-waivers', {
        lien: lien._id,
        condition: 'conditional',
        scope: 'progress',
        party: 'Wendy <b>Ortiz</b>',
        amountCents: 12_500_00,
        throughDate: '2026-10-31',
      }),
      201,
    );
    const none = await api('GET', `/lien-waivers/${waiver._id}/pdf`);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).message).toBe(
      'Add your own text for the conditional progress waiver in Settings › Documents first: the product ships no statutory form text.',
    );

    const unknown = await api('PUT', '/settings/lienWaiverSettings', {
      conditional_progress: 'Pay {{amount}} {{ssn}}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual({
      conditional_progress: '{{ssn}} is not a merge field: use one from the list.',
    });
    await ok(
      api('PUT', '/settings/lienWaiverSettings', {
        conditional_progress:
          'On receipt of {{amount}} for {{job}}, {{party}} releases its lien through {{throughDate}}. {{nothing at all}',
      }),
    );
    expect((await ok<LienWaiver>(api('GET', `/lien-waivers/${waiver._id}`))).hasTemplate).toBe(true);
    const pdf = await api('GET', `/lien-waivers/${waiver._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pagesText(pdf.rawPayload).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Conditional progress waiver');
    expect(text).toContain(
      'On receipt of $12,500.00 for Template bath, Wendy <b>Ortiz</b> releases its lien through Oct 31, 2026.',
    );
  });
});

/** A lien changed as its form would: its values read back, some of them changed, at its version. */
async function changeLien(id: string, changes: Record<string, unknown>) {
  const lien = await ok<Lien>(api('GET', `/liens/${id}`));
  await ok(
    api('PUT', `/liens/${id}`, {
      customerJob: lien.customerJob._id,
      state: lien.state,
      role: lien.role,
      projectType: lien.projectType,
      firstFurnishingDate: lien.firstFurnishingDate,
      lastFurnishingDate: lien.lastFurnishingDate,
      hiringParty: lien.hiringParty,
      responsible: lien.responsible?._id ?? null,
      status: lien.status,
      version: lien.version,
      ...changes,
    }),
  );
}

import type {
  Ambassador,
  CommissionPage,
  CommissionPayoutResult,
  Customer,
  Expense,
  Invoice,
  MoneyAccount,
  Payment,
} from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let bank: MoneyAccount;

type Res = { statusCode: number; body: string; json: () => unknown };
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const ok = async <T>(r: Promise<Res>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const commissionsOf = (ambassador: string) => ok<CommissionPage>(api('GET', `/commissions?ambassador=${ambassador}`));

let n = 0;
/** An ambassador at `percent`, a customer they referred, and a sent invoice of `cents` (+ tax) for them. */
async function referredInvoice(percent: number, cents: number) {
  n += 1;
  const ambassador = await ok<Ambassador>(
    api('POST', '/ambassadors', { name: `Realtor ${n}`, kind: 'person', commissionPercent: percent }),
    201,
  );
  const customer = await ok<Customer>(
    api('POST', '/customers', {
      firstName: 'Referred',
      lastName: `Client ${n}`,
      emails: [{ label: 'Home', email: `referred${n}@customer.test` }],
      ambassador: ambassador._id,
    }),
    201,
  );
  const draft = await ok<Invoice>(
    api('POST', '/invoices', {
      customer: customer._id,
      lines: [{ name: 'Design work', quantity: 1, unitPriceCents: cents, taxClass: 'Standard' }],
    }),
    201,
  );
  const invoice = await ok<Invoice>(api('POST', `/invoices/${draft._id}/mark-sent`));
  return { ambassador, customer, invoice };
}
const pay = (customer: string, invoice: string, cents: number) =>
  ok<Payment>(
    api('POST', '/payments', {
      customer,
      method: 'check',
      amountCents: cents,
      applications: [{ invoice, amountCents: cents }],
    }),
    201,
  );

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  bank = (await ok<MoneyAccount[]>(api('GET', '/money-accounts'))).find((a) => a.type === 'bank')!;
});
afterAll(() => t?.close());

describe('commissions', () => {
  it('are earned only once a referred customer’s invoice is paid, at the rate, on what it bills before tax', async () => {
    const { ambassador, customer, invoice } = await referredInvoice(12.5, 1_000_03);
    const base = invoice.totalCents - invoice.taxCents;
    expect(base).toBe(1_000_03);
    await pay(customer._id, invoice._id, 50_00);
    expect((await commissionsOf(ambassador._id)).items).toEqual([]);
    await pay(customer._id, invoice._id, invoice.totalCents - 50_00);
    const earned = await commissionsOf(ambassador._id);
    // 12.5 % of 1,000.03 is 125.00375: half up to the cent.
    expect(earned.items).toEqual([
      expect.objectContaining({
        invoice: { _id: invoice._id, name: invoice.number },
        customer: { _id: customer._id, name: customer.name },
        baseCents: 1_000_03,
        percent: 12.5,
        amountCents: 125_00,
        status: 'owed',
        payout: null,
        invoicePaid: true,
      }),
    ]);
    expect(earned.totals).toEqual({ earnedCents: 125_00, paidCents: 0, owedCents: 125_00 });
  });

  it('are taken back while owed when the invoice is no longer paid, and earned again when it is', async () => {
    const { ambassador, customer, invoice } = await referredInvoice(10, 2_000_00);
    const payment = await pay(customer._id, invoice._id, invoice.totalCents);
    expect((await commissionsOf(ambassador._id)).items).toHaveLength(1);
    await ok(api('POST', `/payments/${payment._id}/unapply`, { invoice: invoice._id }));
    expect((await commissionsOf(ambassador._id)).items).toEqual([]);
    await ok(
      api('POST', `/payments/${payment._id}/apply`, {
        applications: [{ invoice: invoice._id, amountCents: invoice.totalCents }],
      }),
    );
    const again = await commissionsOf(ambassador._id);
    expect(again.items.map((c) => c.amountCents)).toEqual([200_00]);
  });

  it('are paid out as one expense from a money account, once, whatever the number of payouts at once', async () => {
    const first = await referredInvoice(5, 400_00);
    await pay(first.customer._id, first.invoice._id, first.invoice.totalCents);
    const body = { ambassador: first.ambassador._id, paidFrom: bank._id, reference: 'Transfer 88' };
    const tries = await Promise.all([1, 2, 3].map(() => api('POST', '/commissions/payout', body)));
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(errorOf(tries.find((r) => r.statusCode === 409)!).message).toContain('Nothing is owed to Realtor');
    const result = tries.find((r) => r.statusCode === 201)!.json() as CommissionPayoutResult;
    expect(result).toMatchObject({ paidCents: 20_00, commissions: 1 });
    const expense = await ok<Expense>(api('GET', `/expenses/${result.expense._id}`));
    expect(expense).toMatchObject({
      category: 'Commissions',
      payee: first.ambassador.name,
      vendor: null,
      amountCents: 20_00,
      totalCents: 20_00,
      paidFrom: { _id: bank._id },
      reference: 'Transfer 88',
      commissionPayout: { _id: first.ambassador._id },
    });
    const after = await commissionsOf(first.ambassador._id);
    expect(after.totals).toEqual({ earnedCents: 20_00, paidCents: 20_00, owedCents: 0 });
    expect(after.items[0]).toMatchObject({ status: 'paid', payout: { _id: expense._id }, paidOn: expense.date });
    // The payout's money and its record stay.
    expect((await api('DELETE', `/expenses/${expense._id}`)).statusCode).toBe(409);
    const edited = await api('PUT', `/expenses/${expense._id}`, {
      payee: expense.payee,
      category: 'Commissions',
      amountCents: 1,
      paidFrom: bank._id,
      version: expense.version,
    });
    expect(edited.statusCode).toBe(409);
  });

  it('stay paid when a paid-out invoice loses its payment, and the invoice reads as no longer paid', async () => {
    const { ambassador, customer, invoice } = await referredInvoice(10, 300_00);
    const payment = await pay(customer._id, invoice._id, invoice.totalCents);
    await ok(api('POST', '/commissions/payout', { ambassador: ambassador._id, paidFrom: bank._id }), 201);
    await ok(api('POST', `/payments/${payment._id}/unapply`, { invoice: invoice._id }));
    const after = await commissionsOf(ambassador._id);
    expect(after.items).toEqual([expect.objectContaining({ status: 'paid', invoicePaid: false, amountCents: 30_00 })]);
    // Paid again: no second commission for the same invoice.
    await ok(
      api('POST', `/payments/${payment._id}/apply`, {
        applications: [{ invoice: invoice._id, amountCents: invoice.totalCents }],
      }),
    );
    expect((await commissionsOf(ambassador._id)).items).toHaveLength(1);
  });

  it('earn nothing for a customer nobody referred, nor at a 0 % rate', async () => {
    const { ambassador, customer, invoice } = await referredInvoice(0, 100_00);
    await pay(customer._id, invoice._id, invoice.totalCents);
    expect((await commissionsOf(ambassador._id)).items).toEqual([]);
    const nothing = await api('POST', '/commissions/payout', { ambassador: ambassador._id, paidFrom: bank._id });
    expect(nothing.statusCode).toBe(409);
  });

  it("are another firm's to read and pay out only, and refuse its money account", async () => {
    const { ambassador, customer, invoice } = await referredInvoice(10, 100_00);
    await pay(customer._id, invoice._id, invoice.totalCents);
    const theirs = await ok<CommissionPage>(api('GET', `/commissions?ambassador=${ambassador._id}`, undefined, cedar));
    expect(theirs.items).toEqual([]);
    const refused = await api('POST', '/commissions/payout', { ambassador: ambassador._id, paidFrom: bank._id }, cedar);
    expect(refused.statusCode).toBe(400);
    const cedarAccount = await ok<MoneyAccount>(
      api('POST', '/money-accounts', { name: 'Cedar bank', type: 'bank' }, cedar),
      201,
    );
    const wrongAccount = await api('POST', '/commissions/payout', {
      ambassador: ambassador._id,
      paidFrom: cedarAccount._id,
    });
    expect(wrongAccount.statusCode).toBe(400);
    expect(Object.keys(errorOf(wrongAccount).fields ?? {})).toEqual(['paidFrom']);
  });

  it('are in the demo: earned on referred customers’ paid invoices, one ambassador paid out', async () => {
    const all = await ok<CommissionPage>(api('GET', '/commissions?limit=500'));
    const demo = all.items.filter((c) => !c.ambassador.name.startsWith('Realtor'));
    expect(demo.some((c) => c.status === 'paid')).toBe(true);
    const paged = await ok<CommissionPage>(api('GET', '/commissions?limit=1'));
    expect(paged.items).toHaveLength(1);
    if (paged.next) {
      const next = await ok<CommissionPage>(api('GET', `/commissions?limit=1&cursor=${paged.next}`));
      expect(next.items[0]!._id).not.toBe(paged.items[0]!._id);
    }
  });
});

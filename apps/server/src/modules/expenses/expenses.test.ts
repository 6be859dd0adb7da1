import {
  type BillableExpense,
  type Expense,
  type Invoice,
  type JobCosts,
  type MoneyAccount,
  P,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;
let card: MoneyAccount;
let job: { _id: string; customer: string };

type Res = { statusCode: number; body: string; json: () => unknown };
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const ok = async <T>(r: Promise<Res>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const spend = (body: Record<string, unknown>, cookie = owner) =>
  api('POST', '/expenses', { category: 'Materials', paidFrom: card._id, ...body }, cookie);
/** An expense's body for an edit: as it is, with `changes`. */
const bodyOf = (e: Expense, changes: Record<string, unknown> = {}) => ({
  vendor: e.vendor?._id ?? null,
  payee: e.payee,
  category: e.category,
  amountCents: e.amountCents,
  taxCents: e.taxCents,
  date: e.date,
  paidFrom: e.paidFrom._id,
  reference: e.reference,
  notes: e.notes,
  receipt: e.receipt?._id ?? null,
  customerJob: e.customerJob?._id ?? null,
  billable: e.billable,
  version: e.version,
  ...changes,
});

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  const accounts = await ok<MoneyAccount[]>(api('GET', '/money-accounts'));
  card = accounts.find((a) => a.type === 'card')!;
  const jobs = await ok<{ items: { _id: string; customer: { _id: string } | null }[] }>(
    api('GET', '/customer-jobs?limit=50'),
  );
  const found = jobs.items.find((j) => j.customer)!;
  job = { _id: found._id, customer: found.customer!._id };
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('the demo firm', () => {
  it('has its three money accounts and expenses on its jobs, one with its receipt', async () => {
    const accounts = await ok<MoneyAccount[]>(api('GET', '/money-accounts'));
    expect(accounts.map((a) => [a.name, a.type])).toEqual(
      expect.arrayContaining([
        ['Operating account', 'bank'],
        ['Company card', 'card'],
        ['Petty cash', 'cash'],
      ]),
    );
    const list = await ok<{ items: { _id: string; customerJob: unknown; billing: string }[] }>(
      api('GET', '/expenses?limit=50'),
    );
    expect(list.items.length).toBeGreaterThanOrEqual(5);
    expect(list.items.some((e) => e.customerJob && e.billing === 'unbilled')).toBe(true);
    const withReceipt = (await db.query('SELECT id FROM expenses WHERE receipt_file_id IS NOT NULL')).rows;
    expect(withReceipt.length).toBe(1);
    const expense = await ok<Expense>(api('GET', `/expenses/${withReceipt[0].id}`));
    expect(expense.receipt).toMatchObject({ contentType: 'application/pdf' });
    const file = await api('GET', expense.receipt!.url.replace('/api/v1', ''));
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('%PDF-')).toBe(true);
  });
});

describe('money accounts', () => {
  it('are read by whoever pays from them (172, 57, 81), and changed only with 81', async () => {
    const spender = await staffMember(t, owner, db, 'spender@demo.test', [P.MODIFY_EXPENSES]);
    const buyer = await staffMember(t, owner, db, 'buyer@demo.test', [P.MODIFY_PURCHASE_ORDERS]);
    const seller = await staffMember(t, owner, db, 'seller@demo.test', [P.MODIFY_ORDERS]);
    expect((await api('GET', '/money-accounts', undefined, spender.cookie)).statusCode).toBe(200);
    expect((await api('GET', '/money-accounts', undefined, buyer.cookie)).statusCode).toBe(200);
    expect((await api('GET', '/money-accounts', undefined, seller.cookie)).statusCode).toBe(403);
    const add = await api('POST', '/money-accounts', { name: 'Side card', type: 'card' }, spender.cookie);
    expect(add.statusCode).toBe(403);
    // Another firm reads its own, never these.
    const theirs = await ok<MoneyAccount[]>(api('GET', '/money-accounts', undefined, cedar));
    expect(theirs.some((a) => a._id === card._id)).toBe(false);
  });

  it('refuses to remove one an expense was paid from, saying so', async () => {
    const account = await ok<MoneyAccount>(api('POST', '/money-accounts', { name: 'Old card', type: 'card' }), 201);
    await ok(spend({ payee: 'Gas station', category: 'Fuel', amountCents: 3_000, paidFrom: account._id }), 201);
    const refused = await api('DELETE', `/money-accounts/${account._id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('Old card was used to pay 1 expense: it stays, so their records keep it.');
    const unused = await ok<MoneyAccount>(api('POST', '/money-accounts', { name: 'Spare cash', type: 'cash' }), 201);
    expect((await api('DELETE', `/money-accounts/${unused._id}`)).statusCode).toBe(204);
  });

  it('refuses a name the firm already has, whatever its case', async () => {
    const taken = await api('POST', '/money-accounts', { name: 'company CARD', type: 'card' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toMatchObject({ name: 'An account named "company CARD" already exists.' });
  });

  it("refuses another firm's account for an expense, as one not on the list", async () => {
    const [theirs] = await ok<MoneyAccount[]>(
      api('POST', '/money-accounts', { name: 'Cedar checking', type: 'bank' }, cedar).then(async (r) => {
        expect(r.statusCode, r.body).toBe(201);
        return api('GET', '/money-accounts', undefined, cedar);
      }),
    );
    const refused = await spend({ payee: 'Harbor Fuel', amountCents: 1_000, paidFrom: theirs!._id });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(errorOf(refused).fields ?? {})).toEqual(['paidFrom']);
    expect(refused.body).not.toContain('Cedar');
  });
});

describe('expenses', () => {
  it('keep amount and tax apart, total them, and date themselves on the firm’s today', async () => {
    const made = await ok<Expense>(spend({ payee: 'Tile Depot', amountCents: 10_000, taxCents: 825 }), 201);
    expect(made).toMatchObject({ amountCents: 10_000, taxCents: 825, totalCents: 10_825, paidTo: 'Tile Depot' });
    const [{ today }] = (
      await db.query("SELECT (now() AT TIME ZONE time_zone)::date::text AS today FROM firms WHERE name LIKE 'Harbor%'")
    ).rows;
    expect(made.date).toBe(today);
    expect(made.billing).toBe('not_billable');
  });

  it('refuse a category the settings do not offer, a vendor or payee missing, and billing without a job', async () => {
    const bad = await spend({ payee: 'Someone', category: 'Yachts', amountCents: 100 });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields?.category).toContain('Materials');
    const nobody = await spend({ amountCents: 100 });
    expect(errorOf(nobody).fields?.payee).toBe('Choose a vendor, or say who was paid.');
    const unbillable = await spend({ payee: 'Someone', amountCents: 100, billable: true });
    expect(errorOf(unbillable).fields?.customerJob).toBe('Choose the customer’s job to bill it to.');
  });

  it("refuses another firm's job without saying whose it is", async () => {
    await db.query(
      "UPDATE firms SET features = array_append(features, 'project_management') WHERE name LIKE 'Cedar%' AND NOT 'project_management' = ANY(features)",
    );
    const theirs = await ok<{ _id: string }>(
      api(
        'POST',
        '/customer-jobs',
        {
          name: 'Cedar secret loft',
          site: { line1: '1 Elm Street', city: 'Bath', region: 'ME', postalCode: '04530', country: 'US' },
        },
        cedar,
      ),
      201,
    );
    const refused = await spend({ payee: 'Someone', amountCents: 100, customerJob: theirs._id });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ customerJob: 'Choose a job from the list.' });
    expect(refused.body).not.toContain('Cedar');
    // Their job's costs are not ours to read either.
    expect((await api('GET', `/customer-jobs/${theirs._id}/costs`)).statusCode).toBe(404);
  });

  it('show their receipt: an image or a PDF of their own files', async () => {
    const made = await ok<Expense>(spend({ payee: 'Dockside Deli', category: 'Meals', amountCents: 2_400 }), 201);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/expenses/${made._id}/files?name=lunch.pdf`,
      headers: { cookie: owner, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const withReceipt = await ok<Expense>(
      api('PUT', `/expenses/${made._id}`, bodyOf(made, { receipt: uploaded.json()._id })),
    );
    expect(withReceipt.receipt).toMatchObject({ name: 'lunch.pdf', contentType: 'application/pdf' });
    // Another expense's file is not this one's receipt.
    const other = await ok<Expense>(spend({ payee: 'Harbor Fuel', category: 'Fuel', amountCents: 900 }), 201);
    const refused = await api('PUT', `/expenses/${other._id}`, bodyOf(other, { receipt: uploaded.json()._id }));
    expect(errorOf(refused).fields?.receipt).toBe('Choose one of its files.');
  });
});

describe('job costing and billing', () => {
  it("counts a job's expenses in its cost and bills the billable ones once, on the customer's next invoice", async () => {
    const before = await ok<JobCosts>(api('GET', `/customer-jobs/${job._id}/costs`));
    const billable = await ok<Expense>(
      spend({
        payee: 'Reyes Electric',
        category: 'Subcontractors',
        amountCents: 50_000,
        taxCents: 0,
        customerJob: job._id,
        billable: true,
      }),
      201,
    );
    const cost = await ok<Expense>(
      spend({ payee: 'Coastal Lumber', amountCents: 20_000, taxCents: 1_000, customerJob: job._id }),
      201,
    );
    expect(billable).toMatchObject({ billing: 'unbilled', customer: { _id: job.customer } });
    const after = await ok<JobCosts>(api('GET', `/customer-jobs/${job._id}/costs`));
    expect(after.expensesCents - before.expensesCents).toBe(71_000);
    expect(after.actualCostCents - before.actualCostCents).toBe(71_000);
    expect(after.unbilledCents - before.unbilledCents).toBe(50_000);
    expect(after.profitCents).toBe(after.invoicedRevenueCents - after.actualCostCents);

    const offered = await ok<BillableExpense[]>(api('GET', `/expenses/billable?customer=${job.customer}`));
    expect(offered.map((e) => e._id)).toContain(billable._id);
    expect(offered.map((e) => e._id)).not.toContain(cost._id);

    // Two invoices made at once for the same expense: one bills it, the other is told.
    const tries = await Promise.all(
      [1, 2].map(() => api('POST', '/invoices', { customer: job.customer, expenses: [billable._id] })),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const invoice = tries.find((r) => r.statusCode === 201)!.json() as Invoice;
    expect(errorOf(tries.find((r) => r.statusCode === 409)!).message).toContain(`already billed on ${invoice.number}`);
    const line = invoice.lines.find((l) => l.expense === billable._id)!;
    // Billing one job's expenses, the invoice is the job's: its revenue.
    expect(invoice.customerJob?._id).toBe(job._id);
    expect(line).toMatchObject({ name: 'Subcontractors: Reyes Electric', unitPriceCents: 50_000 });
    const billed = await ok<Expense>(api('GET', `/expenses/${billable._id}`));
    expect(billed).toMatchObject({ billing: 'billed', invoice: { _id: invoice._id, name: invoice.number } });
    expect(
      (await ok<BillableExpense[]>(api('GET', `/expenses/billable?customer=${job.customer}`))).map((e) => e._id),
    ).not.toContain(billable._id);

    // Billed: its money and its billing stay, and it is not deleted.
    const changed = await api('PUT', `/expenses/${billable._id}`, bodyOf(billed, { amountCents: 60_000 }));
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed).message).toContain(`billed on ${invoice.number}`);
    expect((await api('PUT', `/expenses/${billable._id}`, bodyOf(billed, { notes: 'Panel upgrade' }))).statusCode).toBe(
      200,
    );
    expect((await api('DELETE', `/expenses/${billable._id}`)).statusCode).toBe(409);

    // Editing the draft keeps the expense through `expenses`; naming its line among the lines is refused.
    const again = await api('PUT', `/invoices/${invoice._id}`, {
      customer: job.customer,
      expenses: [billable._id],
      lines: [{ id: line.id, name: line.name, quantity: 1, unitPriceCents: 50_000 }],
      version: invoice.version,
    });
    expect(again.statusCode).toBe(400);
    const kept = await ok<Invoice>(
      api('PUT', `/invoices/${invoice._id}`, {
        customer: job.customer,
        expenses: [billable._id],
        lines: [{ name: 'Site visit', quantity: 1, unitPriceCents: 9_000, taxClass: 'Labour' }],
        version: invoice.version,
      }),
    );
    expect(kept.lines.filter((l) => l.expense === billable._id)).toHaveLength(1);
    expect(kept.lines).toHaveLength(2);

    // Voided, the invoice lets the expense go: it is billable again.
    await ok(api('POST', `/invoices/${invoice._id}/mark-sent`));
    await ok(api('POST', `/invoices/${invoice._id}/void`, { reason: 'Wrong customer address' }));
    const freed = await ok<Expense>(api('GET', `/expenses/${billable._id}`));
    expect(freed).toMatchObject({ billing: 'unbilled', invoice: null });
    await ok(api('POST', '/invoices', { customer: job.customer, expenses: [billable._id] }), 201);
  });

  it("refuses to bill another customer's expense, or one that is not billable", async () => {
    const plain = await ok<Expense>(spend({ payee: 'Coastal Lumber', amountCents: 5_000, customerJob: job._id }), 201);
    const refused = await api('POST', '/invoices', { customer: job.customer, expenses: [plain._id] });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields?.['expenses.0']).toContain('is not billable');
    const customers = await ok<{ items: { _id: string }[] }>(api('GET', '/customers?limit=20'));
    const someoneElse = customers.items.find((c) => c._id !== job.customer)!;
    const billable = await ok<Expense>(
      spend({ payee: 'Reyes Electric', amountCents: 5_000, customerJob: job._id, billable: true }),
      201,
    );
    const wrong = await api('POST', '/invoices', { customer: someoneElse._id, expenses: [billable._id] });
    expect(errorOf(wrong).fields?.['expenses.0']).toContain('another customer’s job');
  });
});

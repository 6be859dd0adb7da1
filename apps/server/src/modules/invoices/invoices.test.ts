import type { Aging, Customer, Invoice, InvoiceRow, Order, OrderBilling, Payment } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let customer: Customer;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner, headers = {}) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body, headers });
const ok = async <T>(r: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
/** A confirmed order of free lines (no stock to hold), no tax. */
const confirmed = async (lines: { name: string; cents: number; taxClass?: string }[], extra = {}) => {
  const made = await ok<Order>(
    api('POST', '/orders', {
      customer: customer._id,
      lines: lines.map((l) => ({
        name: l.name,
        quantity: 1,
        unitPriceCents: l.cents,
        taxClass: l.taxClass ?? 'Labour',
      })),
      ...extra,
    }),
    201,
  );
  return ok<Order>(api('POST', `/orders/${made._id}/confirm`));
};
const invoice = (body: Record<string, unknown>) => api('POST', '/invoices', body);
const send = (inv: { _id: string }) => ok<Invoice>(api('POST', `/invoices/${inv._id}/mark-sent`));
const pay = (amountCents: number, applications: { invoice: string; amountCents: number }[] = [], headers = {}) =>
  api('POST', '/payments', { customer: customer._id, method: 'check', amountCents, applications }, owner, headers);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  customer = await ok<Customer>(
    api('POST', '/customers', {
      firstName: 'Kitchen',
      lastName: 'Client',
      emails: [{ label: 'Home', email: 'kitchen@customer.test' }],
    }),
    201,
  );
});
afterAll(() => t?.close());

describe('the demo firm', () => {
  // Before any test adds its own: the demo's receivables reconcile with its aging.
  it('has invoices paid, part paid, owed and drafted, and its aging adds them up', async () => {
    const { items } = await ok<{ items: InvoiceRow[] }>(api('GET', '/invoices?limit=100'));
    const statuses = new Set(items.map((i) => i.status));
    for (const s of ['paid', 'partially_paid', 'sent', 'draft']) expect(statuses).toContain(s);
    expect(items.some((i) => i.billing === 'progress')).toBe(true);
    const aging = await ok<Aging>(api('GET', '/receivables/aging'));
    const open = items.filter((i) => i.status === 'sent' || i.status === 'partially_paid');
    expect(aging.totals.openCents).toBe(open.reduce((s, i) => s + i.balanceCents, 0));
    expect(aging.totals.balanceCents).toBe(aging.totals.openCents - aging.totals.creditCents);
    // The overdue filter reads the firm's today, and says what it takes.
    const overdue = await ok<{ items: InvoiceRow[] }>(api('GET', '/invoices?filter[overdue][]=true&limit=100'));
    expect(overdue.items.length).toBe(items.filter((i) => i.overdue).length);
    expect(overdue.items.length).toBeGreaterThan(0);
    expect((await api('GET', '/invoices?filter[overdue][]=soon')).statusCode).toBe(400);
  });
});

describe('progress billing', () => {
  // The worked example, through the API, with exactly its figures.
  it('bills a $48,000.00 kitchen: 30 % deposit, 10 % retention, progress at 40, 75 and 100 %', async () => {
    const order = await confirmed([{ name: 'Kitchen', cents: 4_800_000 }], {
      deposit: { kind: 'percent', percent: 30 },
    });
    const deposit = await ok<Invoice>(invoice({ order: order._id, billing: 'deposit' }), 201);
    expect(deposit).toMatchObject({ billing: 'deposit', totalCents: 1_440_000, taxCents: 0 });
    await send(deposit);
    const step = async (percent: number) =>
      ok<Invoice>(invoice({ order: order._id, billing: 'progress', percent, retentionPercent: 10 }), 201);
    expect(await step(40)).toMatchObject({
      workCents: 1_920_000,
      retentionCents: 192_000,
      depositRecoveredCents: 576_000,
      totalCents: 1_152_000,
    });
    // The same percentage again, and beyond 100 %, are refused and change nothing.
    const again = await invoice({ order: order._id, billing: 'progress', percent: 40 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toMatch(/already bills .* to 40 %/);
    expect((await invoice({ order: order._id, billing: 'progress', percent: 100.5 })).statusCode).toBe(400);
    // The rate is the order's from its first progress invoice on.
    expect(await ok<Invoice>(invoice({ order: order._id, billing: 'progress', percent: 75 }), 201)).toMatchObject({
      workCents: 1_680_000,
      retentionCents: 168_000,
      depositRecoveredCents: 504_000,
      totalCents: 1_008_000,
    });
    expect(await step(100)).toMatchObject({
      workCents: 1_200_000,
      retentionCents: 120_000,
      depositRecoveredCents: 360_000,
      totalCents: 720_000,
    });
    const release = await ok<Invoice>(invoice({ order: order._id, billing: 'retention' }), 201);
    expect(release).toMatchObject({ billing: 'retention', totalCents: 480_000, taxCents: 0 });
    const billing = await ok<OrderBilling>(api('GET', `/orders/${order._id}/billing`));
    expect(billing).toMatchObject({
      contractCents: 4_800_000,
      billedCents: 4_800_000,
      remainingCents: 0,
      retainedCents: 0,
      retentionReleasedCents: 480_000,
      depositInvoicedCents: 1_440_000,
      depositRecoveredCents: 1_440_000,
      mode: 'progress',
      percentBilled: 100,
    });
    const total = billing.invoices.reduce((s, i) => s + i.totalCents, 0);
    expect(total).toBe(4_800_000);
    // Nothing more to release; lines cannot be billed on an order billed by progress.
    expect((await invoice({ order: order._id, billing: 'retention' })).statusCode).toBe(409);
    expect((await invoice({ order: order._id, billing: 'lines' })).statusCode).toBe(409);
  });

  it('taxes W per line and bills a change order from its approval on', async () => {
    const order = await confirmed([{ name: 'Cabinets', cents: 1_000_000, taxClass: 'Standard' }]);
    const first = await ok<Invoice>(invoice({ order: order._id, billing: 'progress', percent: 50 }), 201);
    expect(first.workCents).toBe(500_000);
    // The order grows by a change order: the next invoice bills against the new contract value.
    const co = await ok<{ _id: string }>(
      api('POST', '/change-orders', {
        order: order._id,
        reason: 'More cabinets',
        lines: [
          { id: order.lines[0]!.id, name: 'Cabinets', quantity: 1, unitPriceCents: 1_200_000, taxClass: 'Standard' },
        ],
      }),
      201,
    );
    await ok(api('POST', `/change-orders/${co._id}/approve`, { approvedBy: 'Kitchen Client', method: 'phone' }));
    const last = await ok<Invoice>(invoice({ order: order._id, billing: 'progress', percent: 100 }), 201);
    expect(first.workCents + last.workCents).toBe(1_200_000);
  });
});

describe('invoices of lines', () => {
  it('bills chosen lines, then the rest, never a line twice', async () => {
    const order = await confirmed([
      { name: 'Vanity', cents: 80_000 },
      { name: 'Mirror', cents: 20_000 },
    ]);
    const one = await ok<Invoice>(invoice({ order: order._id, orderLines: [order.lines[1]!.id] }), 201);
    expect(one.totalCents).toBe(20_000);
    expect(one.lines[0]).toMatchObject({ name: 'Mirror', orderLine: order.lines[1]!.id });
    const twice = await invoice({ order: order._id, orderLines: [order.lines[1]!.id] });
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).fields?.['orderLines.0']).toMatch(/Already on/);
    const rest = await ok<Invoice>(invoice({ order: order._id }), 201);
    expect(rest.lines.map((l) => l.name)).toEqual(['Vanity']);
    expect((await invoice({ order: order._id })).statusCode).toBe(409);
  });

  it('edits the dates and notes of an order’s draft without working it out again', async () => {
    const order = await confirmed([{ name: 'Island', cents: 300_000 }], { deposit: { kind: 'percent', percent: 20 } });
    const deposit = await ok<Invoice>(invoice({ order: order._id, billing: 'deposit' }), 201);
    // The work is billed since: worked out again, the deposit would now be refused.
    const lines = await ok<Invoice>(invoice({ order: order._id }), 201);
    expect(lines.depositRecoveredCents).toBe(60_000);
    const edited = await ok<Invoice>(
      api('PUT', `/invoices/${deposit._id}`, {
        order: order._id,
        billing: 'deposit',
        dueDate: '2031-01-31',
        notes: 'Thank you',
        version: deposit.version,
      }),
    );
    expect(edited).toMatchObject({ dueDate: '2031-01-31', notes: 'Thank you', totalCents: 60_000 });
    const changed = await api('PUT', `/invoices/${deposit._id}`, {
      order: order._id,
      billing: 'deposit',
      deposit: { kind: 'percent', percent: 30 },
      version: edited.version,
    });
    expect(changed.statusCode).toBe(409);
  });

  it('refuses a draft order, another firm’s order, and progress beyond 100 %', async () => {
    const draft = await ok<Order>(
      api('POST', '/orders', {
        customer: customer._id,
        lines: [{ name: 'x', quantity: 1, unitPriceCents: 100, taxClass: 'Labour' }],
      }),
      201,
    );
    expect((await invoice({ order: draft._id })).statusCode).toBe(409);
    expect((await api('POST', '/invoices', { order: draft._id }, cedar)).statusCode).toBe(400);
  });
});

describe('payments', () => {
  it('applies a payment, keeps the excess as credit, and voids only once unapplied', async () => {
    const inv = await send(
      await ok<Invoice>(
        invoice({
          customer: customer._id,
          lines: [{ name: 'Design', quantity: 1, unitPriceCents: 50_000, taxClass: 'Labour' }],
        }),
        201,
      ),
    );
    const p = await ok<Payment>(pay(70_000, [{ invoice: inv._id, amountCents: 70_000 }]), 201);
    expect(p).toMatchObject({ appliedCents: 50_000, unappliedCents: 20_000 });
    const paid = await ok<Invoice>(api('GET', `/invoices/${inv._id}`));
    expect(paid).toMatchObject({ status: 'paid', balanceCents: 0, paidCents: 50_000 });
    const voided = await api('POST', `/invoices/${inv._id}/void`, { reason: 'Wrong customer' });
    expect(voided.statusCode).toBe(409);
    expect(errorOf(voided).message).toMatch(/unapply them first/);
    await ok(api('POST', `/payments/${p._id}/unapply`, { invoice: inv._id }));
    expect(await ok<Invoice>(api('GET', `/invoices/${inv._id}`))).toMatchObject({
      status: 'sent',
      balanceCents: 50_000,
    });
    expect(await ok<Invoice>(api('POST', `/invoices/${inv._id}/void`, { reason: 'Wrong customer' }))).toMatchObject({
      status: 'void',
    });
    // A sent invoice is never deleted.
    expect((await api('DELETE', `/invoices/${inv._id}`)).statusCode).toBe(409);
  });

  it('gives one payment for 50 parallel requests with one Idempotency-Key, and 422 for another body', async () => {
    const key = `pay-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(12_345, [], { 'idempotency-key': key })));
    const ids = new Set(answers.map((a) => (a.json() as Payment)._id));
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    const other = await pay(12_346, [], { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
  });

  it('never takes a balance below zero with 50 parallel payments on one invoice', async () => {
    const inv = await send(
      await ok<Invoice>(
        invoice({
          customer: customer._id,
          lines: [{ name: 'Install', quantity: 1, unitPriceCents: 100_000, taxClass: 'Labour' }],
        }),
        201,
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => pay(3_000, [{ invoice: inv._id, amountCents: 3_000 }])),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const after = await ok<Invoice>(api('GET', `/invoices/${inv._id}`));
    expect(after).toMatchObject({ balanceCents: 0, paidCents: 100_000, status: 'paid' });
    const unapplied = answers.reduce((s, a) => s + (a.json() as Payment).unappliedCents, 0);
    expect(unapplied).toBe(50 * 3_000 - 100_000);
  });

  it('refunds a credit memo, and ages what is owed', async () => {
    const memo = await ok<{ _id: string; remainingCents: number }>(
      api('POST', '/credit-memos', { customer: customer._id, amountCents: 10_000, reason: 'Scratched door' }),
      201,
    );
    const refund = await api('POST', '/payments', {
      customer: customer._id,
      method: 'check',
      amountCents: 12_000,
      refund: memo._id,
    });
    expect(refund.statusCode).toBe(400);
    expect(errorOf(refund).fields?.amountCents).toMatch(/At most 100.00/);
    const done = await ok<Payment>(
      api('POST', '/payments', { customer: customer._id, method: 'check', amountCents: 4_000, refund: memo._id }),
      201,
    );
    expect(done.amountCents).toBe(-4_000);
    expect(await ok<{ remainingCents: number }>(api('GET', `/credit-memos/${memo._id}`))).toMatchObject({
      remainingCents: 6_000,
    });
    // Refunding is its own code (54), deleting a refund too (55): keeping payments is not enough.
    const role = await ok<{ _id: string }>(
      api('POST', '/roles', { name: 'Payments only', permissions: [64, 65, 67, 60] }),
      201,
    );
    const member = await signIn(t.app, 'sales@demo.test');
    const clerk = await ok<{ _id: string }>(api('GET', '/auth/', undefined, member));
    await ok(api('PUT', `/staff/${clerk._id}/roles`, { roles: [role._id] }));
    const refused = await api(
      'POST',
      '/payments',
      { customer: customer._id, method: 'check', amountCents: 1_000, refund: memo._id },
      member,
    );
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('You do not have permission to refund customers.');
    const kept = await api('DELETE', `/payments/${done._id}`, undefined, member);
    expect(errorOf(kept).message).toBe('You do not have permission to delete refunds.');
    // A payment they may record (64).
    const received = await api(
      'POST',
      '/payments',
      { customer: customer._id, method: 'cash', amountCents: 500 },
      member,
    );
    expect(received.statusCode, received.body).toBe(201);
    expect(await ok<{ remainingCents: number }>(api('GET', `/credit-memos/${memo._id}`))).toMatchObject({
      remainingCents: 6_000,
    });
    const aging = await ok<Aging>(api('GET', `/receivables/aging?customer=${customer._id}`));
    expect(aging.rows).toHaveLength(1);
    const row = aging.rows[0]!;
    expect(row.balanceCents).toBe(row.openCents - row.creditCents);
    const csv = await api('GET', `/receivables/aging/export?customer=${customer._id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Kitchen Client');
  });
});

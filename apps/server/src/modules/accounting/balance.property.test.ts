import type { AccountingExport, Customer, Invoice, Order } from '@atelier/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { byEntry, parseCsv, parseIif } from './test-files';

/**
 * Debits equal credits in every export, whatever was sold and paid: random orders (lines,
 * discounts, tax, shipping, a deposit) billed by their lines or by progress with retention,
 * paid in part, in full or beyond, then exported as a journal CSV and as IIF.
 */

let t: TestApp;
let owner: string;
let customer: Customer;

const api = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
};
const json = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) =>
  (await api(method, url, body)).json() as T;

const line = fc.record({
  cents: fc.integer({ min: 1, max: 250_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  taxed: fc.boolean(),
  discount: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
});
const sale = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
  shippingCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 9_000 })),
  deposit: fc.option(fc.integer({ min: 5, max: 50 }), { nil: null }),
  billing: fc.oneof(
    fc.constant({ kind: 'lines' as const }),
    fc.record({
      kind: fc.constant('progress' as const),
      percents: fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }),
      retention: fc.integer({ min: 0, max: 15 }),
    }),
  ),
  // What is paid of each invoice, in hundredths, and how much more (left as the customer's credit).
  paid: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 4, maxLength: 4 }),
  extra: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })),
});

type Sale = typeof sale extends fc.Arbitrary<infer T> ? T : never;

async function sell(s: Sale): Promise<Invoice[]> {
  const made = await json<Order>('POST', '/orders', {
    customer: customer._id,
    shippingCents: s.shippingCents,
    deposit: s.deposit ? { kind: 'percent', percent: s.deposit } : null,
    lines: s.lines.map((l, i) => ({
      name: `Line ${i + 1}`,
      quantity: l.quantity,
      unitPriceCents: l.cents,
      taxClass: l.taxed ? 'Standard' : 'Labour',
      discount: l.discount ? { kind: 'percent', percent: l.discount } : null,
    })),
  });
  const order = await json<Order>('POST', `/orders/${made._id}/confirm`);
  const bills: Record<string, unknown>[] = [];
  if (s.deposit && order.depositCents > 0) bills.push({ billing: 'deposit' });
  if (s.billing.kind === 'lines') bills.push({ billing: 'lines' });
  else {
    const percents = [...s.billing.percents].sort((a, b) => a - b);
    for (const percent of percents) bills.push({ billing: 'progress', percent, retentionPercent: s.billing.retention });
    if (percents.at(-1) === 100 && s.billing.retention > 0) bills.push({ billing: 'retention' });
  }
  const invoices: Invoice[] = [];
  for (const body of bills) {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/invoices',
      cookie: owner,
      body: { order: order._id, ...body },
    });
    // Progress that bills nothing more (a rounding step too small) is refused: nothing to export.
    if (res.statusCode === 409) continue;
    if (res.statusCode !== 201) throw new Error(res.body);
    invoices.push(await json<Invoice>('POST', `/invoices/${res.json()._id}/mark-sent`));
  }
  for (const [i, inv] of invoices.entries()) {
    const applied = Math.floor((inv.totalCents * (s.paid[i % s.paid.length] ?? 0)) / 100);
    const amount = applied + (i === 0 ? s.extra : 0);
    if (amount > 0)
      await api('POST', '/payments', {
        customer: customer._id,
        method: i % 2 ? 'card' : 'check',
        amountCents: amount,
        applications: applied > 0 ? [{ invoice: inv._id, amountCents: applied }] : [],
      });
  }
  return invoices;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  customer = (await api('POST', '/customers', { firstName: 'Random', lastName: 'Buyer' })).json() as Customer;
});
afterAll(() => t?.close());

describe('every export balances', () => {
  it('over random sales, billings and payments: each entry and the whole file, in CSV and IIF', async () => {
    await fc.assert(
      fc.asyncProperty(sale, fc.boolean(), async (s, iif) => {
        const invoices = await sell(s);
        const res = await call(t.app, {
          method: 'POST',
          url: '/api/v1/accounting/export',
          cookie: owner,
          body: { adapter: iif ? 'quickbooks_iif' : 'journal_csv', ...recent() },
        });
        expect(res.statusCode, res.body).toBe(201);
        const run = res.json() as AccountingExport;
        const bytes = (await api('GET', `/accounting/exports/${run._id}/file`)).rawPayload;
        if (iif) {
          const { entries } = parseIif(bytes);
          for (const e of entries) expect(e.sum).toBe(0);
          const debit = entries.flatMap((e) => e.lines).reduce((a, l) => a + Math.max(0, l.cents), 0);
          expect(run.file).toMatchObject({ debitCents: debit, creditCents: debit });
          const receivable = entries
            .filter((e) => invoices.some((i) => i.number === e.docnum))
            .flatMap((e) => e.lines)
            .filter((l) => l.account === 'Accounts Receivable' && l.cents > 0)
            .reduce((a, l) => a + l.cents, 0);
          expect(receivable).toBe(invoices.reduce((a, i) => a + i.totalCents, 0));
        } else {
          const entries = byEntry(parseCsv(bytes));
          for (const e of entries) expect(e.debit, e.document).toBe(e.credit);
          const debit = entries.reduce((a, e) => a + e.debit, 0);
          expect(run.file).toMatchObject({ debitCents: debit, creditCents: debit, entries: entries.length });
          const receivable = entries
            .filter((e) => invoices.some((i) => i.number === e.document))
            .flatMap((e) => e.rows)
            .filter((r) => r.account === 'Accounts Receivable')
            .reduce((a, r) => a + r.debit, 0);
          expect(receivable).toBe(invoices.reduce((a, i) => a + i.totalCents, 0));
        }
        // Sent once: the same period again sends nothing.
        const again = await json<AccountingExport>('POST', '/accounting/export', {
          adapter: 'journal_csv',
          ...recent(),
        });
        expect(again).toMatchObject({ sent: 0, changed: 0, reversed: 0 });
      }),
      // Each run makes real records: a failure is reported as found, not shrunk.
      { numRuns: 15, endOnFailure: true },
    );
  });
});

/** The last days (the firm's today may differ from UTC's): this test's documents, and none of the demo's older ones. */
function recent() {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-2), to: day(2) };
}

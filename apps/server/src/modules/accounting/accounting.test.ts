import {
  type AccountingExport,
  type AccountingExportDetail,
  type AccountingExportPage,
  type AccountingMapping,
  type Customer,
  calendarAddDays,
  type Invoice,
  type Order,
  P,
  type Payment,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';
import { byEntry, parseCsv, parseIif } from './test-files';

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;
let customer: Customer;
let today: string;

type Res = Awaited<ReturnType<typeof call>>;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const ok = async <T>(r: Promise<Res>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};
const exportRun = (body: { adapter?: string; from: string; to: string }, cookie = owner) =>
  api('POST', '/accounting/export', { adapter: 'journal_csv', ...body }, cookie);
const exported = (body: { adapter?: string; from: string; to: string }, cookie = owner) =>
  ok<AccountingExport>(exportRun(body, cookie), 201);
const detail = (run: { _id: string }, cookie = owner) =>
  ok<AccountingExportDetail>(api('GET', `/accounting/exports/${run._id}`, undefined, cookie));
const file = async (run: { _id: string }) => {
  const res = await api('GET', `/accounting/exports/${run._id}/file`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const csvOf = async (run: AccountingExport) => parseCsv((await file(run)).rawPayload);
/** Today only: what a test made, and nothing of the demo's. */
const todayOnly = () => ({ from: today, to: today });

/** An issued stand-alone invoice of the test customer. */
async function issued(lines: { name: string; cents: number; quantity?: number; taxClass?: string }[]) {
  const made = await ok<Invoice>(
    api('POST', '/invoices', {
      customer: customer._id,
      lines: lines.map((l) => ({
        name: l.name,
        quantity: l.quantity ?? 1,
        unitPriceCents: l.cents,
        taxClass: l.taxClass ?? 'Labour',
      })),
    }),
    201,
  );
  return ok<Invoice>(api('POST', `/invoices/${made._id}/mark-sent`));
}
const pay = (amountCents: number, applications: { invoice: string; amountCents: number }[] = [], method = 'check') =>
  ok<Payment>(api('POST', '/payments', { customer: customer._id, method, amountCents, applications }), 201);

/** Every entry balances and the file's totals are the run's. */
function expectBalanced(entries: ReturnType<typeof byEntry>, run: AccountingExport) {
  for (const e of entries) expect(e.debit, `${e.document} balances`).toBe(e.credit);
  const debit = entries.reduce((s, e) => s + e.debit, 0);
  expect(debit).toBe(entries.reduce((s, e) => s + e.credit, 0));
  expect(run.file).toMatchObject({ debitCents: debit, creditCents: debit, entries: entries.length });
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  today = (
    await db.query<{ d: string }>(
      `SELECT (now() AT TIME ZONE time_zone)::date::text AS d FROM firms WHERE id = '019a0000-0000-7000-8000-000000000001'`,
    )
  ).rows[0]!.d;
  customer = await ok<Customer>(api('POST', '/customers', { firstName: 'Ledger', lastName: 'Client' }), 201);
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('the demo firm', () => {
  it('exported everything up to last month to QuickBooks, and that file balances', async () => {
    const page = await ok<AccountingExportPage>(api('GET', '/accounting/exports'));
    const demo = page.items.find((r) => r.number === 1)!;
    expect(demo).toMatchObject({ adapter: 'quickbooks_iif', status: 'done', changed: 0, reversed: 0, leftOut: [] });
    expect(demo.sent).toBeGreaterThan(0);
    expect(demo.kinds.find((k) => k.key === 'invoice')!.sent).toBeGreaterThan(0);
    expect(demo.kinds.find((k) => k.key === 'payment')!.sent).toBeGreaterThan(0);
    const res = await file(demo);
    expect(String(res.headers['content-disposition'])).toContain('.iif');
    const iif = parseIif(res.rawPayload);
    expect(iif.accounts.get('Sales:Product Sales')).toBe('INC');
    expect(iif.accounts.get('Accounts Receivable')).toBe('AR');
    for (const e of iif.entries) expect(e.sum, `${e.docnum} sums to zero`).toBe(0);
    const debit = iif.entries.flatMap((e) => e.lines).reduce((s, l) => s + Math.max(0, l.cents), 0);
    expect(demo.file).toMatchObject({ debitCents: debit, creditCents: debit, entries: iif.entries.length });
    // Every account a line uses is declared in !ACCNT, and each document's history names the export.
    for (const e of iif.entries) for (const l of e.lines) expect(iif.accounts.has(l.account)).toBe(true);
    const sent = await detail(demo);
    const invoice = sent.documents.find((d) => d.kind === 'invoice')!;
    const logs = await ok<{ items: { entityType: string; action: string; entity: string }[] }>(
      api('GET', `/invoices/${invoice.record._id}/logs`),
    );
    expect(logs.items).toContainEqual(
      expect.objectContaining({ entityType: 'accounting_export', action: 'export', entity: demo._id }),
    );
  });

  it('exports the demo month: this month’s documents, balanced; the month again sends nothing new', async () => {
    const month = { from: `${today.slice(0, 7)}-01`, to: today };
    const first = await exported(month);
    expectBalanced(byEntry(await csvOf(first)), first);
    const again = await exported(month);
    expect(again).toMatchObject({ sent: 0, changed: 0, reversed: 0, skipped: first.sent + first.skipped });
    expect(again.file!.entries).toBe(0);
    // Last month again: all of it was sent by the demo's export, as it is.
    const last = calendarAddDays(month.from, -1);
    const before = await exported({ from: `${last.slice(0, 7)}-01`, to: last, adapter: 'quickbooks_iif' });
    expect(before).toMatchObject({ sent: 0, changed: 0, reversed: 0 });
  });
});

describe('journal entries', () => {
  it('an invoice owes its total, earns its lines by kind and owes its tax; a payment settles it; both balance', async () => {
    const invoice = await issued([
      { name: 'Design', cents: 40_000 },
      { name: 'Hardware', cents: 12_345, quantity: 3, taxClass: 'Standard' },
    ]);
    const payment = await pay(invoice.totalCents + 5_000, [{ invoice: invoice._id, amountCents: invoice.totalCents }]);
    const run = await exported(todayOnly());
    const entries = byEntry(await csvOf(run));
    expectBalanced(entries, run);
    const inv = entries.find((e) => e.document === invoice.number)!;
    expect(inv.rows).toContainEqual(
      expect.objectContaining({ account: 'Accounts Receivable', debit: invoice.totalCents }),
    );
    expect(inv.rows).toContainEqual(
      expect.objectContaining({
        account: 'Sales:Design and Installation',
        credit: invoice.totalCents - invoice.taxCents,
      }),
    );
    if (invoice.taxCents)
      expect(inv.rows).toContainEqual(
        expect.objectContaining({ account: 'Sales Tax Payable', credit: invoice.taxCents }),
      );
    const paid = entries.find((e) => e.document === payment.name)!;
    expect(paid.rows).toEqual([
      expect.objectContaining({ account: 'Undeposited Funds', debit: invoice.totalCents + 5_000 }),
      expect.objectContaining({ account: 'Accounts Receivable', credit: invoice.totalCents }),
      expect.objectContaining({ account: 'Customer Credits', credit: 5_000, name: 'Ledger Client' }),
    ]);
  });

  it('a progress-billed kitchen: the deposit is held, recovered as the work is billed, retention owed apart', async () => {
    const made = await ok<Order>(
      api('POST', '/orders', {
        customer: customer._id,
        lines: [{ name: 'Kitchen', quantity: 1, unitPriceCents: 4_800_000, taxClass: 'Labour' }],
        deposit: { kind: 'percent', percent: 30 },
      }),
      201,
    );
    const order = await ok<Order>(api('POST', `/orders/${made._id}/confirm`));
    const bill = async (body: Record<string, unknown>) => {
      const inv = await ok<Invoice>(api('POST', '/invoices', { order: order._id, ...body }), 201);
      return ok<Invoice>(api('POST', `/invoices/${inv._id}/mark-sent`));
    };
    const deposit = await bill({ billing: 'deposit' });
    const progress = await bill({ billing: 'progress', percent: 40, retentionPercent: 10 });
    const rest = await bill({ billing: 'progress', percent: 100 });
    const release = await bill({ billing: 'retention' });
    const entries = byEntry(await csvOf(await exported(todayOnly())));
    const rows = (inv: Invoice) => entries.find((e) => e.document === inv.number)!.rows;
    expect(rows(deposit)).toEqual([
      expect.objectContaining({ account: 'Accounts Receivable', debit: 1_440_000 }),
      expect.objectContaining({ account: 'Customer Deposits', credit: 1_440_000 }),
    ]);
    expect(rows(progress)).toEqual([
      expect.objectContaining({ account: 'Accounts Receivable', debit: 1_152_000 }),
      expect.objectContaining({ account: 'Retention Receivable', debit: 192_000 }),
      expect.objectContaining({ account: 'Customer Deposits', debit: 576_000 }),
      expect.objectContaining({ account: 'Sales:Design and Installation', credit: 1_920_000 }),
    ]);
    // The whole deposit is recovered and the whole retention released by the end.
    const sum = (account: string, side: 'debit' | 'credit') =>
      [deposit, progress, rest, release]
        .flatMap(rows)
        .filter((r) => r.account === account)
        .reduce((s, r) => s + r[side], 0);
    expect(sum('Customer Deposits', 'debit')).toBe(sum('Customer Deposits', 'credit'));
    expect(sum('Retention Receivable', 'debit')).toBe(sum('Retention Receivable', 'credit'));
    expect(sum('Sales:Design and Installation', 'credit')).toBe(4_800_000);
  });

  it('a credit memo is a sales return; its refund pays the customer’s credit out of the bank', async () => {
    const memo = await ok<{ _id: string; number: string }>(
      api('POST', '/credit-memos', { customer: customer._id, amountCents: 2_500, reason: 'A scratched door' }),
      201,
    );
    const refund = await ok<Payment>(
      api('POST', '/payments', { customer: customer._id, method: 'card', amountCents: 2_500, refund: memo._id }),
      201,
    );
    const entries = byEntry(await csvOf(await exported(todayOnly())));
    expect(entries.find((e) => e.document === memo.number)!.rows).toEqual([
      expect.objectContaining({ account: 'Sales Returns and Allowances', debit: 2_500 }),
      expect.objectContaining({ account: 'Customer Credits', credit: 2_500 }),
    ]);
    expect(entries.find((e) => e.document === refund.name)!.rows).toEqual([
      expect.objectContaining({ account: 'Customer Credits', debit: 2_500 }),
      expect.objectContaining({ account: 'Checking', credit: 2_500 }),
    ]);
  });
});

describe('sending each document once', () => {
  it('sends a changed invoice again as a change: the old amounts reversed, then the new', async () => {
    const invoice = await issued([{ name: 'Survey', cents: 30_000 }]);
    const first = await exported(todayOnly());
    expect((await detail(first)).documents).toContainEqual(
      expect.objectContaining({ kind: 'invoice', change: 'new', record: { _id: invoice._id, name: invoice.number } }),
    );
    // A correction (shipping added) as a later version.
    await db.query(
      'UPDATE invoices SET shipping_cents = 1000, total_cents = total_cents + 1000, version = version + 1 WHERE id = $1',
      [invoice._id],
    );
    const second = await exported(todayOnly());
    expect(second.changed).toBe(1);
    expect((await detail(second)).documents).toEqual([
      expect.objectContaining({ kind: 'invoice', change: 'change', version: invoice.version + 1 }),
    ]);
    const entries = byEntry(await csvOf(second));
    expectBalanced(entries, second);
    expect(entries.map((e) => [e.document, e.change])).toEqual([
      [invoice.number, 'reversal'],
      [invoice.number, 'replacement'],
    ]);
    expect(entries[0]!.rows).toContainEqual(
      expect.objectContaining({ account: 'Accounts Receivable', credit: 30_000 }),
    );
    expect(entries[1]!.rows).toContainEqual(expect.objectContaining({ account: 'Accounts Receivable', debit: 31_000 }));
    expect(entries[1]!.rows).toContainEqual(expect.objectContaining({ account: 'Shipping Income', credit: 1_000 }));
    // Nothing more to send; the history of the invoice names both exports.
    expect(await exported(todayOnly())).toMatchObject({ sent: 0, changed: 0, reversed: 0 });
    const logs = await ok<{ items: { entity: string }[] }>(api('GET', `/invoices/${invoice._id}/logs`));
    expect(logs.items.map((l) => l.entity)).toEqual(expect.arrayContaining([first._id, second._id]));
  });

  it('a payment applied later is sent as a change; a deleted one and a voided invoice are reversed', async () => {
    const invoice = await issued([{ name: 'Consultation', cents: 9_000 }]);
    const payment = await pay(9_000);
    await exported(todayOnly());
    await ok(
      api('POST', `/payments/${payment._id}/apply`, { applications: [{ invoice: invoice._id, amountCents: 9_000 }] }),
    );
    const applied = await exported(todayOnly());
    const entries = byEntry(await csvOf(applied));
    expect(entries.find((e) => e.change === 'replacement' && e.document === payment.name)!.rows).toContainEqual(
      expect.objectContaining({ account: 'Accounts Receivable', credit: 9_000 }),
    );
    expect((await api('DELETE', `/payments/${payment._id}`)).statusCode).toBe(204);
    await ok(api('POST', `/invoices/${invoice._id}/void`, { reason: 'Billed twice' }));
    const gone = await exported(todayOnly());
    expect(gone).toMatchObject({ sent: 0, changed: 0, reversed: 2 });
    const reversals = byEntry(await csvOf(gone));
    expectBalanced(reversals, gone);
    expect(reversals.map((e) => e.change)).toEqual(['reversal', 'reversal']);
    expect(await exported(todayOnly())).toMatchObject({ reversed: 0 });
  });

  it('two exports at once: the second waits for the first, and between them each document is sent once', async () => {
    const invoices = [await issued([{ name: 'One', cents: 1_000 }]), await issued([{ name: 'Two', cents: 2_000 }])];
    const [a, b] = await Promise.all([exported(todayOnly()), exported(todayOnly())]);
    // The first sent both; the second, having waited, found nothing left to send.
    expect(Math.max(a!.sent, b!.sent)).toBe(2);
    expect(Math.min(a!.sent, b!.sent)).toBe(0);
    const { rows } = await db.query(
      `SELECT record_id, count(*)::int AS n FROM accounting_export_documents WHERE record_id = ANY($1) GROUP BY 1`,
      [invoices.map((i) => i._id)],
    );
    expect(rows).toEqual(expect.arrayContaining(invoices.map((i) => ({ record_id: i._id, n: 1 }))));
    expect(Math.abs(a!.number - b!.number)).toBe(1);
  });

  it('refuses, with a 409 naming it, a document that does not balance, and logs the failure', async () => {
    const invoice = await issued([{ name: 'Odd', cents: 5_000 }]);
    await db.query('UPDATE invoices SET total_cents = total_cents + 1 WHERE id = $1', [invoice._id]);
    try {
      const res = await exportRun(todayOnly());
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toContain(`Invoice ${invoice.number} does not balance`);
      expect(res.json()).toMatchObject({ error: { link: { href: `/a/invoices/${invoice._id}` } } });
      const log = await ok<AccountingExportPage>(api('GET', '/accounting/exports?limit=1'));
      expect(log.items[0]).toMatchObject({ status: 'failed', file: null, sent: 0 });
      expect(log.items[0]!.error).toContain(invoice.number);
      expect((await api('GET', `/accounting/exports/${log.items[0]!._id}/file`)).statusCode).toBe(404);
    } finally {
      await db.query('UPDATE invoices SET total_cents = total_cents - 1 WHERE id = $1', [invoice._id]);
    }
    expect(await exported(todayOnly())).toMatchObject({ sent: 1 });
  });
});

describe('who may export what', () => {
  it('needs 159 to export and read the log, and a document type’s sync code to include it', async () => {
    const none = await staffMember(t, owner, db, 'no-accounting@demo.test', [P.MODIFY_INVOICES]);
    expect((await exportRun(todayOnly(), none.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/accounting/exports', undefined, none.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/accounting/mapping', undefined, none.cookie)).statusCode).toBe(403);
    const noSync = await staffMember(t, owner, db, 'no-sync@demo.test', [P.ACCESS_ACCOUNTING_SOFTWARE]);
    expect(errorOf(await exportRun(todayOnly(), noSync.cookie)).message).toMatch(/sync permission/);

    const invoice = await issued([{ name: 'Left out', cents: 7_000 }]);
    const payment = await pay(7_000, [{ invoice: invoice._id, amountCents: 7_000 }]);
    const payments = await staffMember(t, owner, db, 'payments-sync@demo.test', [
      P.ACCESS_ACCOUNTING_SOFTWARE,
      P.SYNC_PAYMENTS,
    ]);
    const run = await exported(todayOnly(), payments.cookie);
    expect(run.leftOut.map((k) => k.key)).toEqual(expect.arrayContaining(['invoice', 'credit_memo', 'refund']));
    expect(run.leftOut).toContainEqual({ key: 'invoice', label: 'Invoices', code: P.SYNC_INVOICES });
    expect(run.kinds.map((k) => k.key)).toContain('payment');
    expect(run.kinds.map((k) => k.key)).not.toContain('invoice');
    const sent = (await detail(run, payments.cookie)).documents.map((d) => d.record._id);
    expect(sent).toContain(payment._id);
    expect(sent).not.toContain(invoice._id);
    // The invoice waits for someone who may send it.
    const later = await detail(await exported(todayOnly()));
    expect(later.documents.map((d) => d.record._id)).toContain(invoice._id);
    expect(later.documents.map((d) => d.record._id)).not.toContain(payment._id);
    // The mapping is read with 159, changed only with 104.
    expect((await api('GET', '/accounting/mapping', undefined, payments.cookie)).statusCode).toBe(200);
    expect((await api('PUT', '/accounting/mapping', { accounts: [] }, payments.cookie)).statusCode).toBe(403);
  });

  it('never shows or sends another firm’s documents', async () => {
    const harbor = await ok<AccountingExportPage>(api('GET', '/accounting/exports?limit=100'));
    const theirs = await exported(todayOnly(), cedar);
    expect(theirs.number).toBe(1);
    expect((await detail(theirs, cedar)).documents).toEqual([]);
    const seen = await ok<AccountingExportPage>(api('GET', '/accounting/exports?limit=100', undefined, cedar));
    expect(seen.items.map((r) => r._id)).toEqual([theirs._id]);
    const ours = harbor.items[0]!;
    expect((await api('GET', `/accounting/exports/${ours._id}`, undefined, cedar)).statusCode).toBe(404);
    expect((await api('GET', `/accounting/exports/${ours._id}/file`, undefined, cedar)).statusCode).toBe(404);
    expect((await api('GET', '/accounting/exports/not-an-id', undefined, cedar)).statusCode).toBe(404);
    const mapping = await ok<AccountingMapping>(api('GET', '/accounting/mapping', undefined, cedar));
    expect(mapping.system).toBe('');
    expect(mapping.accounts.every((a) => !a.mapped)).toBe(true);
  });
});

describe('the account mapping', () => {
  it('maps a role or one of its keys, says what is wrong per field, and goes back to the default when emptied', async () => {
    const bad = await api('PUT', '/accounting/mapping', {
      accounts: [
        { role: 'accounts_receivable', account: 'Bad\tname' },
        { role: 'nonsense', account: 'X' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields!)).toEqual(['accounts.0.account', 'accounts.1.role']);
    const keyed = await api('PUT', '/accounting/mapping', {
      accounts: [{ role: 'accounts_receivable', key: 'card', account: 'AR 2' }],
    });
    expect(errorOf(keyed).fields).toHaveProperty(['accounts.0.key']);
    const twice = await api('PUT', '/accounting/mapping', {
      accounts: [
        { role: 'bank', account: 'A' },
        { role: 'bank', account: 'B' },
      ],
    });
    expect(errorOf(twice).fields).toHaveProperty(['accounts.1.role']);

    const mapping = await ok<AccountingMapping>(
      api('PUT', '/accounting/mapping', {
        system: 'xero',
        accounts: [
          { role: 'undeposited_funds', key: 'check', account: 'Checks to Deposit' },
          { role: 'accounts_receivable', account: 'Trade Debtors' },
        ],
      }),
    );
    expect(mapping).toMatchObject({ system: 'xero', adapter: 'journal_csv' });
    expect(mapping.accounts).toContainEqual(
      expect.objectContaining({ role: 'undeposited_funds', key: 'check', account: 'Checks to Deposit', mapped: true }),
    );
    // The demo's card mapping stays: a PUT changes only what it names.
    expect(mapping.accounts).toContainEqual(
      expect.objectContaining({ role: 'undeposited_funds', key: 'card', account: 'Card Clearing' }),
    );
    const invoice = await issued([{ name: 'Mapped', cents: 3_000 }]);
    const payment = await pay(3_000, [{ invoice: invoice._id, amountCents: 3_000 }]);
    const entries = byEntry(await csvOf(await exported(todayOnly())));
    expect(entries.find((e) => e.document === payment.name)!.rows.map((r) => r.account)).toEqual([
      'Checks to Deposit',
      'Trade Debtors',
    ]);
    const reset = await ok<AccountingMapping>(
      api('PUT', '/accounting/mapping', {
        system: 'quickbooks',
        accounts: [
          { role: 'undeposited_funds', key: 'check', account: '' },
          { role: 'accounts_receivable', account: '' },
        ],
      }),
    );
    expect(reset.accounts.find((a) => a.role === 'accounts_receivable' && !a.key)).toMatchObject({
      account: 'Accounts Receivable',
      mapped: false,
    });
  });
});

describe('the vendor’s sync tab', () => {
  it('lists only the exports that sent a document of that vendor', async () => {
    const [vendor] = (await db.query<{ id: string }>('SELECT id FROM vendors LIMIT 1')).rows;
    const page = await ok<AccountingExportPage>(api('GET', `/accounting/exports?vendor=${vendor!.id}`));
    const { rows } = await db.query(
      `SELECT DISTINCT export_id FROM accounting_export_documents WHERE party_type = 'vendor' AND party_id = $1`,
      [vendor!.id],
    );
    expect(page.items.map((r) => r._id).sort()).toEqual(rows.map((r) => r.export_id).sort());
    expect((await api('GET', '/accounting/exports?vendor=nope')).statusCode).toBe(400);
  });
});

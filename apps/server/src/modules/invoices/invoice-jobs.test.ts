import type { Customer, Invoice, RecurringInvoice } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { LocalFileStorage } from '../../platform/files/storage';
import { runInvoiceJobsEverywhere } from './invoice-jobs';

let t: TestApp;
let owner: string;
let customer: Customer;
let sql: pg.Client;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
const today = () => new Date().toISOString().slice(0, 10);
const run = () => runInvoiceJobsEverywhere(t.database.db, new LocalFileStorage(t.config.filesDir));
const outbox = async (subject: string) =>
  (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE subject LIKE $1', [subject]))
    .rows[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sql = new pg.Client({ connectionString: t.ownerUrl });
  await sql.connect();
  customer = (
    await api('POST', '/customers', {
      firstName: 'Plan',
      lastName: 'Holder',
      emails: [{ label: 'Home', email: 'plan@customer.test' }],
    })
  ).json();
});
afterAll(async () => {
  await sql?.end();
  await t?.close();
});

describe('recurring invoices', () => {
  it('makes the invoice of a plan that is due, once, and moves it to its next day', async () => {
    const body = {
      name: 'Monthly showroom maintenance',
      customer: customer._id,
      frequency: 'monthly',
      dayOfMonth: 1,
      startOn: today(),
      action: 'send',
      lines: [{ name: 'Maintenance visit', quantity: 1, unitPriceCents: 15_000, taxClass: 'Labour' }],
    };
    const made = await api('POST', '/recurring-invoices', body);
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json() as RecurringInvoice;
    expect(plan).toMatchObject({ status: 'active', totalCents: 15_000 });
    expect(plan.nextRunOn! >= today()).toBe(true);
    // Its day has come (the server was down a while: one invoice, not one per missed month).
    await sql.query(`UPDATE recurring_invoices SET next_run_on = current_date - 65 WHERE id = $1`, [plan._id]);
    expect((await run()).made).toBeGreaterThanOrEqual(1);
    const after = (await api('GET', `/recurring-invoices/${plan._id}`)).json() as RecurringInvoice;
    expect(after.invoices).toHaveLength(1);
    expect(after.nextRunOn! > today()).toBe(true);
    const invoice = (await api('GET', `/invoices/${after.invoices[0]!._id}`)).json() as Invoice;
    expect(invoice).toMatchObject({ status: 'sent', totalCents: 15_000, recurringInvoice: { _id: plan._id } });
    expect(await outbox(`Invoice ${invoice.number} %`)).toBe(1);
    // Nothing more is due today.
    await run();
    expect(((await api('GET', `/recurring-invoices/${plan._id}`)).json() as RecurringInvoice).invoices).toHaveLength(1);
    // An edit that keeps the schedule keeps its next day; moving the day never lands on the day it ran.
    const kept = await api('PUT', `/recurring-invoices/${plan._id}`, {
      ...body,
      notes: 'Hinges and drawers.',
      version: after.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as RecurringInvoice).nextRunOn).toBe(after.nextRunOn);
    const moved = await api('PUT', `/recurring-invoices/${plan._id}`, {
      ...body,
      dayOfMonth: Number(today().slice(8)) <= 28 ? Number(today().slice(8)) : 28,
      version: (kept.json() as RecurringInvoice).version,
    });
    expect((moved.json() as RecurringInvoice).nextRunOn! > today()).toBe(true);
  });

  it('names the catalog items its lines bill', async () => {
    const product = ((await api('GET', '/products?limit=1')).json() as { items: { _id: string; name: string }[] })
      .items[0]!;
    const plan = await api('POST', '/recurring-invoices', {
      name: 'Display rental',
      customer: customer._id,
      frequency: 'yearly',
      dayOfMonth: 5,
      startOn: today(),
      lines: [{ item: { type: 'product', id: product._id }, quantity: 1 }],
    });
    expect(plan.statusCode, plan.body).toBe(201);
    expect((plan.json() as RecurringInvoice).items).toMatchObject([{ _id: product._id, type: 'product' }]);
  });

  it('refuses an end before the start, and a paused plan makes nothing', async () => {
    const bad = await api('POST', '/recurring-invoices', {
      name: 'Rental',
      customer: customer._id,
      frequency: 'quarterly',
      dayOfMonth: 31,
      startOn: today(),
      endOn: '2020-01-01',
      lines: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['dayOfMonth', 'endOn', 'lines']);
    const plan = (
      await api('POST', '/recurring-invoices', {
        name: 'Display rental',
        customer: customer._id,
        frequency: 'quarterly',
        dayOfMonth: 15,
        startOn: today(),
        lines: [{ name: 'Display rental', quantity: 1, unitPriceCents: 30_000, taxClass: 'Labour' }],
      })
    ).json() as RecurringInvoice;
    expect((await api('POST', `/recurring-invoices/${plan._id}/pause`)).statusCode).toBe(200);
    await sql.query(`UPDATE recurring_invoices SET next_run_on = current_date WHERE id = $1`, [plan._id]);
    await run();
    expect(((await api('GET', `/recurring-invoices/${plan._id}`)).json() as RecurringInvoice).invoices).toEqual([]);
  });
});

describe('reminders', () => {
  it('reminds an overdue invoice once per reminder day, with its PDF', async () => {
    const inv = (
      await api('POST', '/invoices', {
        customer: customer._id,
        issueDate: '2026-01-05',
        dueDate: '2026-01-10',
        lines: [{ name: 'Late work', quantity: 1, unitPriceCents: 20_000, taxClass: 'Labour' }],
      })
    ).json() as Invoice;
    await api('POST', `/invoices/${inv._id}/mark-sent`);
    // Far past due: the latest reminder (30 days) is sent, once.
    const before = await outbox(`Reminder: invoice ${inv.number} %`);
    await run();
    await run();
    expect(await outbox(`Reminder: invoice ${inv.number} %`)).toBe(before + 1);
    const { rows } = await sql.query('SELECT reminded_days FROM invoices WHERE id = $1', [inv._id]);
    expect(rows[0].reminded_days).toEqual([7, 30]);
  });
});

import type { Customer, Invoice } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../../test/helpers';
import { pagesText } from '../../../../test/pdf-text';
import { storeVisitor } from '../../../../test/store-visitor';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let cedar: string;
const slug = 'harbor-and-pine-interiors';
const at = (path: string) => `/store/${slug}/${path}`;

const api = (method: string, url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const ok = async <T>(r: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

/** A customer login of Harbor & Pine with the demo password, made straight in the database. */
async function customerLogin(email: string, first: string) {
  const user = (
    await db.query(
      `INSERT INTO users (firm_id, kind, email, first_name, last_name, password_hash)
       VALUES ($1, 'customer', $2, $3, 'Tester', (SELECT password_hash FROM users WHERE email = 'owner@demo.test'))
       RETURNING id`,
      [HARBOR_PINE_ID, email, first],
    )
  ).rows[0] as { id: string };
  const customer = (
    await db.query(
      `INSERT INTO customers (firm_id, first_name, last_name, user_id, emails, primary_email)
       VALUES ($1, $2, 'Tester', $3, $4::jsonb, $5) RETURNING id`,
      [HARBOR_PINE_ID, first, user.id, JSON.stringify([{ label: 'Personal', email }]), email],
    )
  ).rows[0] as { id: string };
  return customer.id;
}

/** A browser signed in at the store as this customer: its GET. */
async function storeCustomerAt(email: string, ip: string) {
  const v = await storeVisitor(t.app, slug, ip).signIn(email);
  return v.get;
}

const invoiceOf = (customer: string, cents: number, extra: Record<string, unknown> = {}, cookie = owner) =>
  ok<Invoice>(
    api(
      'POST',
      '/invoices',
      { customer, lines: [{ name: 'Design', quantity: 1, unitPriceCents: cents, taxClass: 'Labour' }], ...extra },
      cookie,
    ),
    201,
  );
const send = (inv: { _id: string }, cookie = owner) =>
  ok<Invoice>(api('POST', `/invoices/${inv._id}/mark-sent`, undefined, cookie));
const pay = (customer: string, amountCents: number, invoice: string, applied: number) =>
  ok(
    api('POST', '/payments', {
      customer,
      method: 'check',
      amountCents,
      applications: [{ invoice, amountCents: applied }],
    }),
    201,
  );

let dana: string; // a customer of an account (a company), with a store login
let eli: string; // another customer of the same firm, no account
let partPaid: Invoice;
let overdue: Invoice;
let paid: Invoice;
let draft: Invoice;
let voided: Invoice;
let elis: Invoice;
let cedarInvoice: Invoice;
let account: { _id: string; name: string };

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  account = await ok(api('POST', '/companies', { name: 'Hale Street Builders', type: 'trade' }), 201);
  dana = await customerLogin('dana@portal.test', 'Dana');
  eli = await customerLogin('eli@portal.test', 'Eli');
  await db.query('UPDATE customers SET company_id = $1 WHERE id = $2', [account._id, dana]);

  partPaid = await send(await invoiceOf(dana, 50_000, { notes: '<b>Hale St.</b> kitchen' }));
  await pay(dana, 20_000, partPaid._id, 20_000);
  overdue = await send(await invoiceOf(dana, 12_345, { issueDate: '2024-01-02', dueDate: '2024-01-10' }));
  paid = await send(await invoiceOf(dana, 8_000));
  // Paid with $100.00: $20.00 is the customer's credit, not yet used.
  await pay(dana, 10_000, paid._id, 8_000);
  draft = await invoiceOf(dana, 99_999);
  voided = await send(await invoiceOf(dana, 4_400));
  await ok(api('POST', `/invoices/${voided._id}/void`, { reason: 'Billed twice' }));
  elis = await send(await invoiceOf(eli, 7_777));

  const cedarCustomer = await ok<Customer>(
    api('POST', '/customers', { firstName: 'Cedar', lastName: 'Client' }, cedar),
    201,
  );
  cedarInvoice = await send(await invoiceOf(cedarCustomer._id, 3_300, {}, cedar), cedar);

  await ok(
    api('PUT', '/settings/firmSettings', {
      payments: {
        acceptedMethods: ['check', 'bank_transfer'],
        instructions: 'Checks to <i>Harbor & Pine</i>\nACH routing 011000015',
      },
    }),
  );
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

/** The page's table rows, as their cells' text. */
const rowsOf = (body: string) =>
  [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) =>
    [...m[1]!.matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map((c) =>
      c[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );

describe('the customer portal’s invoices', () => {
  it('lists the customer’s issued invoices, newest first, with their balances, what they owe and how to pay', async () => {
    const get = await storeCustomerAt('dana@portal.test', '198.51.100.60');
    const page = await get('account/invoices');
    expect(page.statusCode, page.body.slice(0, 500)).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const rows = rowsOf(page.body);
    const line = (inv: Invoice) => rows.find((r) => r[0] === inv.number || r[0]?.startsWith(`${inv.number} `));
    expect(line(partPaid)?.slice(3)).toEqual(['Partially paid', '$500.00', '$300.00']);
    expect(line(overdue)?.slice(1)).toEqual(['Jan 2, 2024', 'Jan 10, 2024', 'Overdue (sent)', '$123.45', '$123.45']);
    expect(line(paid)?.slice(3)).toEqual(['Paid', '$80.00', '$0.00']);
    expect(line(voided)?.slice(3)).toEqual(['Void', '$44.00', '—']);
    // Never a draft, nor another customer's.
    expect(page.body).not.toContain(draft.number);
    expect(page.body).not.toContain(elis.number);
    // Newest first: the one issued in 2024 comes last.
    expect(rows.filter((r) => r.length === 6 && r[0] !== 'Invoice').at(-1)?.[0]).toBe(overdue.number);
    // What they owe: $300.00 + $123.45; their credit: the $20.00 paid over.
    expect(rows.find((r) => r[0] === 'Total owed')).toEqual(['Total owed', '$423.45']);
    expect(rows.find((r) => r[0] === 'Your credit not yet used')).toEqual(['Your credit not yet used', '$20.00']);
    // Each invoice links to its PDF; the account's statement is offered.
    expect(page.body).toContain(`href="/store/${slug}/account/invoices/${partPaid._id}/pdf"`);
    expect(page.body).toContain(`href="/store/${slug}/account/statement.pdf"`);
    // How to pay, once, from the firm's settings.
    expect(page.body).toContain('We accept check, bank transfer.');
    expect(page.body.split('How to pay').length).toBe(2);
    // What people wrote (a note, the firm's instructions) is text, never markup.
    expect(page.body).toContain('&lt;b&gt;Hale St.&lt;/b&gt; kitchen');
    expect(page.body).toContain('Checks to &lt;i&gt;Harbor &amp; Pine&lt;/i&gt;');
    expect(page.body).not.toContain('<b>Hale');
  });

  it('answers the customer’s own invoice as a PDF, and 404 for a draft, another customer’s, another firm’s or no id', async () => {
    const get = await storeCustomerAt('dana@portal.test', '198.51.100.61');
    const pdf = await get(`account/invoices/${partPaid._id}/pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pagesText(pdf.rawPayload).join('\n');
    expect(text).toContain(partPaid.number);
    expect(text).toContain('300.00');
    for (const id of [draft._id, elis._id, cedarInvoice._id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const refused = await get(`account/invoices/${id}/pdf`);
      expect([id, refused.statusCode]).toEqual([id, 404]);
      expect(refused.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('keeps customers of the same firm apart: another sees only their own, and no statement without an account', async () => {
    const get = await storeCustomerAt('eli@portal.test', '198.51.100.62');
    const page = await get('account/invoices');
    expect(page.statusCode).toBe(200);
    const rows = rowsOf(page.body);
    expect(rows.find((r) => r[0] === elis.number)?.slice(3)).toEqual(['Sent', '$77.77', '$77.77']);
    for (const inv of [partPaid, overdue, paid, voided]) expect(page.body).not.toContain(inv.number);
    expect(rows.find((r) => r[0] === 'Total owed')).toEqual(['Total owed', '$77.77']);
    expect(page.body).not.toContain('credit not yet used');
    expect(page.body).not.toContain('statement.pdf');
    expect((await get(`account/invoices/${partPaid._id}/pdf`)).statusCode).toBe(404);
    expect((await get('account/statement.pdf')).statusCode).toBe(404);
    expect((await get(`account/invoices/${elis._id}/pdf`)).statusCode).toBe(200);
  });

  it('gives an account’s customer its statement as a PDF', async () => {
    const get = await storeCustomerAt('dana@portal.test', '198.51.100.63');
    const pdf = await get('account/statement.pdf');
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pagesText(pdf.rawPayload).join('\n');
    expect(text).toContain('Statement');
    expect(text).toContain(account.name);
    // The open invoices, and the balance: $423.45 owed less $20.00 credit.
    expect(text).toContain(partPaid.number);
    expect(text).toContain(overdue.number);
    expect(text).not.toContain(paid.number);
    expect(text).toContain('403.45');
  });

  it('sends a visitor signed out to sign in', async () => {
    for (const path of ['account/invoices', `account/invoices/${partPaid._id}/pdf`, 'account/statement.pdf']) {
      const r = await t.app.inject({ method: 'GET', url: at(path), remoteAddress: '198.51.100.64' });
      expect([path, r.statusCode, r.headers.location]).toEqual([path, 303, at('account')]);
    }
  });
});

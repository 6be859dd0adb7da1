import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Json } from '../../../test/api-client';
import { signIn, startTestApp, type TestApp } from '../../../test/helpers';

/**
 * The money invariant of decision 0043, held under generated sequences of everything that moves
 * money: after every step, read past the API as the database's owner, each invoice's balance is
 * its total less what its applications put on it (0 ≤ balance ≤ total), no payment or credit
 * memo gives more than it has, the stored sums are the applications' own, and the customer's
 * aging balance is their open balances less their credit. A refused step changes nothing.
 */

let t: TestApp;
let owner: string;
let db: pg.Client;
const api = apiClient(
  () => t.app,
  () => owner,
);
const sql = async <R = Json>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as R[];

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

let customers = 0;
/** A customer of their own for one run: their aging row is theirs alone. */
async function freshCustomer(): Promise<string> {
  customers += 1;
  const r = await api('POST', '/customers', { firstName: 'Invariant', lastName: `Client ${customers}` });
  expect(r.status, r.text).toBe(201);
  return r.body._id as string;
}

/** Everything money touches, in the whole database: what a refused step must leave as it was. */
async function snapshot() {
  const [row] = await sql<{ s: Json }>(`
    SELECT json_build_object(
      'invoices', (SELECT json_agg(x ORDER BY x.id) FROM (
        SELECT id, status, version, total_cents, paid_cents, credited_cents FROM invoices) x),
      'payments', (SELECT json_agg(x ORDER BY x.id) FROM (
        SELECT id, version, amount_cents, applied_cents, credit_memo_id FROM payments) x),
      'memos', (SELECT json_agg(x ORDER BY x.id) FROM (
        SELECT id, status, version, amount_cents, applied_cents, refunded_cents FROM credit_memos) x),
      'applications', (SELECT json_agg(x ORDER BY x.id) FROM (
        SELECT id, invoice_id, payment_id, credit_memo_id, amount_cents FROM invoice_applications) x),
      'audit', (SELECT count(*) FROM audit_log)) AS s`);
  return row!.s;
}

type InvoiceFigures = { id: string; status: string; total: number; balance: number };
/** The customer's invoices' balances as the stored row has them (checked against the applications). */
async function balances(customer: string): Promise<Map<string, InvoiceFigures>> {
  const rows = await sql<InvoiceFigures>(
    'SELECT id, status, total_cents::float8 AS total, balance_cents::float8 AS balance FROM invoices WHERE customer_id = $1',
    [customer],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The invariant, for one customer, recomputed from the applications and refunds themselves. */
async function checkInvariant(customer: string, step: string) {
  const invoices = await sql<{
    id: string;
    status: string;
    total: number;
    paid: number;
    credited: number;
    balance: number;
    by_payments: number;
    by_credits: number;
  }>(
    `SELECT i.id, i.status, i.total_cents::float8 AS total, i.paid_cents::float8 AS paid,
            i.credited_cents::float8 AS credited, i.balance_cents::float8 AS balance,
            COALESCE((SELECT sum(a.amount_cents) FROM invoice_applications a
                       WHERE a.invoice_id = i.id AND a.payment_id IS NOT NULL), 0)::float8 AS by_payments,
            COALESCE((SELECT sum(a.amount_cents) FROM invoice_applications a
                       WHERE a.invoice_id = i.id AND a.credit_memo_id IS NOT NULL), 0)::float8 AS by_credits
       FROM invoices i WHERE i.customer_id = $1`,
    [customer],
  );
  for (const i of invoices) {
    const at = `${step}: invoice ${i.id} (${i.status})`;
    expect(i.balance, at).toBe(i.total - i.by_payments - i.by_credits);
    expect(i.balance, at).toBeGreaterThanOrEqual(0);
    expect(i.balance, at).toBeLessThanOrEqual(i.total);
    expect([i.paid, i.credited], at).toEqual([i.by_payments, i.by_credits]);
    // Its state follows its money: nothing on a draft or a void one; paid when nothing is owed.
    if (['draft', 'void', 'sent'].includes(i.status)) expect(i.by_payments + i.by_credits, at).toBe(0);
    if (i.status === 'paid') expect(i.balance, at).toBe(0);
    if (i.status === 'partially_paid') expect(i.balance > 0 && i.balance < i.total, at).toBe(true);
  }

  const payments = await sql<{ id: string; amount: number; applied: number; sum: number; n: number }>(
    `SELECT p.id, p.amount_cents::float8 AS amount, p.applied_cents::float8 AS applied,
            COALESCE(sum(a.amount_cents), 0)::float8 AS sum, count(a.id)::int AS n
       FROM payments p LEFT JOIN invoice_applications a ON a.payment_id = p.id
      WHERE p.customer_id = $1 GROUP BY p.id`,
    [customer],
  );
  for (const p of payments) {
    const at = `${step}: payment ${p.id}`;
    expect(p.applied, at).toBe(p.sum);
    if (p.amount > 0) expect(p.sum, at).toBeLessThanOrEqual(p.amount);
    // A refund pays money back: it goes on no invoice.
    else expect([p.n, p.applied], at).toEqual([0, 0]);
  }

  const memos = await sql<{
    id: string;
    status: string;
    amount: number;
    applied: number;
    refunded: number;
    by_applications: number;
    by_refunds: number;
  }>(
    `SELECT m.id, m.status, m.amount_cents::float8 AS amount, m.applied_cents::float8 AS applied,
            m.refunded_cents::float8 AS refunded,
            COALESCE((SELECT sum(a.amount_cents) FROM invoice_applications a WHERE a.credit_memo_id = m.id), 0)::float8
              AS by_applications,
            COALESCE((SELECT -sum(p.amount_cents) FROM payments p WHERE p.credit_memo_id = m.id), 0)::float8 AS by_refunds
       FROM credit_memos m WHERE m.customer_id = $1`,
    [customer],
  );
  for (const m of memos) {
    const at = `${step}: credit memo ${m.id} (${m.status})`;
    expect([m.applied, m.refunded], at).toEqual([m.by_applications, m.by_refunds]);
    expect(m.by_applications + m.by_refunds, at).toBeLessThanOrEqual(m.amount);
    if (m.status === 'void') expect(m.by_applications + m.by_refunds, at).toBe(0);
    else expect(m.status, at).toBe(m.by_applications + m.by_refunds === m.amount ? 'applied' : 'open');
  }

  // What the customer owes: open balances less their credit (payments not applied, memos not used).
  const open = invoices
    .filter((i) => i.status === 'sent' || i.status === 'partially_paid')
    .reduce((s, i) => s + (i.total - i.by_payments - i.by_credits), 0);
  const credit =
    payments.filter((p) => p.amount > 0).reduce((s, p) => s + p.amount - p.sum, 0) +
    memos.filter((m) => m.status !== 'void').reduce((s, m) => s + m.amount - m.by_applications - m.by_refunds, 0);
  const aging = await api('GET', `/receivables/aging?customer=${customer}`);
  expect(aging.status, aging.text).toBe(200);
  const row = (aging.body.rows as Json[])[0] ?? { openCents: 0, creditCents: 0, balanceCents: 0 };
  expect(
    { open: row.openCents, credit: row.creditCents, balance: row.balanceCents },
    `${step}: aging of the customer`,
  ).toEqual({ open, credit, balance: open - credit });
}

// The steps. Records are named by `pick`, modulo what exists when the step runs.
const cents = fc.integer({ min: 1, max: 40_000 });
const pick = fc.nat({ max: 1_000 });
const applications = fc.array(fc.record({ pick, amountCents: cents }), { minLength: 1, maxLength: 3 });
// A payment's amount: what its applications ask and `extra` more (less: the request is refused).
const extra = fc.oneof({ weight: 5, arbitrary: fc.nat({ max: 40_000 }) }, fc.integer({ min: -5_000, max: -1 }));
const amountOf = (step: { applications: { amountCents: number }[]; extra: number }) =>
  Math.max(1, step.applications.reduce((s, a) => s + a.amountCents, 0) + step.extra);
const mostly = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false));
const stepArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('invoice' as const), cents, send: mostly }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), applications, extra }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('memo' as const), amountCents: cents }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      source: fc.constantFrom('payments', 'credit-memos'),
      pick,
      applications,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick, amountCents: cents }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unapply' as const), pick, existing: mostly }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void-invoice' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void-memo' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete-payment' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('edit-payment' as const), pick, applications, extra }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('progress' as const),
      percent: fc.integer({ min: 1, max: 100 }),
      retention: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('release-retention' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('change-order' as const),
      cents: fc.integer({ min: 20_000, max: 80_000 }),
    }),
  },
);
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

/** One run's records, as the steps made them. */
type Run = {
  customer: string;
  order: string;
  line: string;
  invoices: string[];
  payments: string[];
  memos: string[];
};
type Answer = { status: number; text: string; body: Json };
/** What a step did: its deciding answer (none: nothing to do it to), and, for money put on invoices, what was asked. */
type Outcome = {
  answer: Answer | null;
  asked?: { left: number; applications: { invoice: string; amountCents: number }[] };
};

const of = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
/** Applications to the run's invoices, each named once (naming one twice is only the schema's refusal). */
const onInvoices = (run: Run, list: { pick: number; amountCents: number }[]) => {
  const wanted = new Map<string, number>();
  for (const a of list) {
    const invoice = of(run.invoices, a.pick);
    if (invoice && !wanted.has(invoice)) wanted.set(invoice, a.amountCents);
  }
  return [...wanted].map(([invoice, amountCents]) => ({ invoice, amountCents }));
};
const ok = (answer: Answer, status = 200) => {
  expect(answer.status, answer.text).toBe(status);
  return answer;
};

async function perform(run: Run, step: Step): Promise<Outcome> {
  switch (step.kind) {
    case 'invoice': {
      const made = ok(
        await api('POST', '/invoices', {
          customer: run.customer,
          lines: [{ name: 'Work', quantity: 1, unitPriceCents: step.cents, taxClass: 'Labour' }],
        }),
        201,
      );
      run.invoices.push(made.body._id as string);
      if (step.send) ok(await api('POST', `/invoices/${made.body._id}/mark-sent`));
      return { answer: made };
    }
    case 'pay': {
      const wanted = onInvoices(run, step.applications);
      const answer = await api('POST', '/payments', {
        customer: run.customer,
        method: 'check',
        amountCents: amountOf(step),
        applications: wanted,
      });
      if (answer.status === 201) run.payments.push(answer.body._id as string);
      return { answer, asked: { left: amountOf(step), applications: wanted } };
    }
    case 'memo': {
      const answer = ok(
        await api('POST', '/credit-memos', {
          customer: run.customer,
          amountCents: step.amountCents,
          reason: 'Goodwill',
        }),
        201,
      );
      run.memos.push(answer.body._id as string);
      return { answer };
    }
    case 'apply': {
      const id = of(step.source === 'payments' ? run.payments : run.memos, step.pick);
      const wanted = onInvoices(run, step.applications);
      if (!id || !wanted.length) return { answer: null };
      const [source] = await sql<{ left: number }>(
        step.source === 'payments'
          ? 'SELECT (amount_cents - applied_cents)::float8 AS left FROM payments WHERE id = $1'
          : `SELECT (CASE WHEN status = 'void' THEN 0 ELSE amount_cents - applied_cents - refunded_cents END)::float8
                    AS left FROM credit_memos WHERE id = $1`,
        [id],
      );
      const answer = await api('POST', `/${step.source}/${id}/apply`, { applications: wanted });
      return { answer, asked: { left: source!.left, applications: wanted } };
    }
    case 'refund': {
      const memo = of(run.memos, step.pick);
      if (!memo) return { answer: null };
      const answer = await api('POST', '/payments', {
        customer: run.customer,
        method: 'check',
        amountCents: step.amountCents,
        refund: memo,
      });
      if (answer.status === 201) run.payments.push(answer.body._id as string);
      return { answer };
    }
    case 'unapply': {
      // An application that exists, or any source and invoice (most of which have none).
      const existing = await sql<{ invoice_id: string; payment_id: string | null; credit_memo_id: string | null }>(
        `SELECT a.invoice_id, a.payment_id, a.credit_memo_id FROM invoice_applications a
           JOIN invoices i ON i.id = a.invoice_id WHERE i.customer_id = $1 ORDER BY a.id`,
        [run.customer],
      );
      const chosen = step.existing ? of(existing, step.pick) : undefined;
      if (chosen) {
        const [source, id] = chosen.payment_id
          ? ['payments', chosen.payment_id]
          : ['credit-memos', chosen.credit_memo_id];
        return { answer: await api('POST', `/${source}/${id}/unapply`, { invoice: chosen.invoice_id }) };
      }
      const sources = [...run.payments.map((id) => `payments/${id}`), ...run.memos.map((id) => `credit-memos/${id}`)];
      const source = of(sources, step.pick);
      const invoice = of(run.invoices, Math.floor(step.pick / 7));
      if (!source || !invoice) return { answer: null };
      return { answer: await api('POST', `/${source}/unapply`, { invoice }) };
    }
    case 'void-invoice': {
      const invoice = of(run.invoices, step.pick);
      if (!invoice) return { answer: null };
      return { answer: await api('POST', `/invoices/${invoice}/void`, { reason: 'Billed in error' }) };
    }
    case 'void-memo': {
      const memo = of(run.memos, step.pick);
      if (!memo) return { answer: null };
      return { answer: await api('POST', `/credit-memos/${memo}/void`, { reason: 'Given in error' }) };
    }
    case 'delete-payment': {
      const payment = of(run.payments, step.pick);
      if (!payment) return { answer: null };
      const answer = await api('DELETE', `/payments/${payment}`);
      if (answer.status === 204) run.payments.splice(run.payments.indexOf(payment), 1);
      return { answer };
    }
    case 'edit-payment': {
      const payment = of(run.payments, step.pick);
      if (!payment) return { answer: null };
      const before = ok(await api('GET', `/payments/${payment}`)).body;
      const refund = (before.refund as { _id: string } | null)?._id ?? null;
      const wanted = refund ? [] : onInvoices(run, step.applications);
      const answer = await api('PUT', `/payments/${payment}`, {
        customer: run.customer,
        method: 'card',
        amountCents: amountOf(step),
        refund,
        applications: wanted,
        version: before.version,
      });
      // An edit rewrites where the money went: from none of it on invoices.
      return { answer, asked: refund ? undefined : { left: amountOf(step), applications: wanted } };
    }
    case 'progress': {
      const answer = await api('POST', '/invoices', {
        order: run.order,
        billing: 'progress',
        percent: step.percent,
        ...(step.retention ? { retentionPercent: 10 } : {}),
      });
      if (answer.status === 201) {
        run.invoices.push(answer.body._id as string);
        ok(await api('POST', `/invoices/${answer.body._id}/mark-sent`));
      }
      return { answer };
    }
    case 'release-retention': {
      const answer = await api('POST', '/invoices', { order: run.order, billing: 'retention' });
      if (answer.status === 201) {
        run.invoices.push(answer.body._id as string);
        ok(await api('POST', `/invoices/${answer.body._id}/mark-sent`));
      }
      return { answer };
    }
    case 'change-order': {
      const made = await api('POST', '/change-orders', {
        order: run.order,
        reason: 'The customer changed the kitchen',
        lines: [{ id: run.line, name: 'Kitchen', quantity: 1, unitPriceCents: step.cents, taxClass: 'Labour' }],
      });
      if (made.status !== 201) return { answer: made };
      return {
        answer: await api('POST', `/change-orders/${made.body._id}/approve`, {
          approvedBy: 'Invariant Client',
          method: 'phone',
        }),
      };
    }
  }
}

/**
 * Money put on invoices went where it was asked, in order, each invoice getting what was asked
 * but never more than its balance or than the source had left.
 */
function checkApplied(
  asked: NonNullable<Outcome['asked']>,
  before: Map<string, InvoiceFigures>,
  after: Map<string, InvoiceFigures>,
  step: string,
) {
  let left = asked.left;
  const expected = new Map<string, number>();
  for (const a of asked.applications) {
    const balance = before.get(a.invoice)!.balance;
    const take = Math.max(0, Math.min(a.amountCents, left, balance));
    left -= take;
    expected.set(a.invoice, take);
  }
  for (const [invoice, take] of expected)
    expect(before.get(invoice)!.balance - after.get(invoice)!.balance, `${step}: applied to ${invoice}`).toBe(take);
}

describe('the money invariant', () => {
  it('holds after every step of generated sequences of invoices, payments, credit memos and progress billing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 6, maxLength: 12 }), async (steps) => {
        const customer = await freshCustomer();
        const order = ok(
          await api('POST', '/orders', {
            customer,
            lines: [{ name: 'Kitchen', quantity: 1, unitPriceCents: 50_000, taxClass: 'Labour' }],
          }),
          201,
        ).body as { _id: string; lines: { id: string }[] };
        ok(await api('POST', `/orders/${order._id}/confirm`));
        const run: Run = {
          customer,
          order: order._id,
          line: order.lines[0]!.id,
          invoices: [],
          payments: [],
          memos: [],
        };
        // One invoice owed from the start, so that money has somewhere to go from the first step.
        await perform(run, { kind: 'invoice', cents: 30_000, send: true });
        await checkInvariant(customer, 'the first invoice');
        for (const [i, step] of steps.entries()) {
          const label = `step ${i} ${JSON.stringify(step)}`;
          const before = await snapshot();
          const balancesBefore = await balances(customer);
          const { answer, asked } = await perform(run, step);
          if (answer && answer.status >= 400) {
            // Refused as the client's mistake (never a server error), and nothing changed.
            expect(answer.status, `${label}: ${answer.text}`).toBeLessThan(500);
            expect(await snapshot(), `${label}: refused with ${answer.status}, yet something changed`).toEqual(before);
          } else if (answer && asked) {
            // Edits start from nothing on invoices: the balances before are the ones without the payment.
            const from =
              step.kind === 'edit-payment'
                ? withoutPayment(balancesBefore, before, answer.body._id as string)
                : balancesBefore;
            checkApplied(asked, from, await balances(customer), label);
          }
          await checkInvariant(customer, label);
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);

  it('never over-applies one credit memo with 50 parallel applications to one invoice', async () => {
    const customer = await freshCustomer();
    const made = ok(
      await api('POST', '/invoices', {
        customer,
        lines: [{ name: 'Cabinets', quantity: 1, unitPriceCents: 100_000, taxClass: 'Labour' }],
      }),
      201,
    );
    const invoice = made.body._id as string;
    ok(await api('POST', `/invoices/${invoice}/mark-sent`));
    const race = async (memoCents: number) => {
      const memo = ok(
        await api('POST', '/credit-memos', { customer, amountCents: memoCents, reason: 'Late delivery' }),
        201,
      ).body._id as string;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          api('POST', `/credit-memos/${memo}/apply`, { applications: [{ invoice, amountCents: 300 }] }),
        ),
      );
      // Each one applied, or was told there was nothing left (never a server error).
      for (const a of answers) expect([200, 409], a.text).toContain(a.status);
      const [row] = await sql<{ amount: number; applied: number; status: string }>(
        'SELECT amount_cents::float8 AS amount, applied_cents::float8 AS applied, status FROM credit_memos WHERE id = $1',
        [memo],
      );
      return { answers, memo: row! };
    };
    // The memo runs out first: 33 applications of 300 and one of the 100 left.
    const small = await race(10_000);
    expect(small.memo).toEqual({ amount: 10_000, applied: 10_000, status: 'applied' });
    expect(small.answers.filter((a) => a.status === 200)).toHaveLength(34);
    // Then the invoice does: 90,000 left to owe, 50 × 300 asked of a memo of 1,000,000.
    const large = await race(1_000_000);
    expect(large.memo).toEqual({ amount: 1_000_000, applied: 15_000, status: 'open' });
    const other = ok(
      await api('POST', '/credit-memos', { customer, amountCents: 80_000, reason: 'Discount agreed' }),
      201,
    ).body._id as string;
    const last = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', `/credit-memos/${other}/apply`, { applications: [{ invoice, amountCents: 3_000 }] }),
      ),
    );
    for (const a of last) expect([200, 409], a.text).toContain(a.status);
    const [after] = await sql<{ balance: number; credited: number; status: string }>(
      'SELECT balance_cents::float8 AS balance, credited_cents::float8 AS credited, status FROM invoices WHERE id = $1',
      [invoice],
    );
    expect(after).toEqual({ balance: 0, credited: 100_000, status: 'paid' });
    await checkInvariant(customer, 'after the races');
  });
});

type SnapshotApplication = { invoice_id: string; payment_id: string | null; amount_cents: number };
/** The balances as they would be without `payment`'s applications (what an edit of it starts from). */
function withoutPayment(balances: Map<string, InvoiceFigures>, snap: Json, payment: string) {
  const out = new Map([...balances].map(([id, f]) => [id, { ...f }]));
  for (const a of (snap.applications ?? []) as SnapshotApplication[])
    if (a.payment_id === payment && out.has(a.invoice_id)) out.get(a.invoice_id)!.balance += Number(a.amount_cents);
  return out;
}

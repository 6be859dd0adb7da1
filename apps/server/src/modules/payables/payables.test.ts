import type { PayablesAging, PurchaseOrder, VendorBill, Warehouse } from '@atelier/contracts';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Json } from '../../../test/api-client';
import { signIn, startTestApp, type TestApp } from '../../../test/helpers';

/**
 * Payables (decision 0046) over HTTP against a real database: matching to received lines and
 * its flags, approval, the refusal of another vendor's or another firm's line, money on bills
 * under concurrency, and the invariant that every bill's balance is its total less what its
 * applications put on it, held through generated sequences of payments, credits and edits.
 */

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;
let home: Warehouse;
const api = apiClient(
  () => t.app,
  () => owner,
);
const sql = async <R = Json>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as R[];

let n = 0;
async function newVendor(terms = 30, cookie = owner): Promise<string> {
  n += 1;
  const r = await api('POST', '/vendors', { name: `Payables Supply ${n}`, paymentTermsDays: terms }, cookie);
  expect(r.status, r.text).toBe(201);
  return r.body._id as string;
}

/** A sent order of special-order lines (`[quantity, cost]`), with `received` of each arrived. */
async function receivedOrder(
  vendor: string,
  lines: [number, number][],
  received: number[],
  cookie = owner,
): Promise<PurchaseOrder> {
  const warehouse =
    cookie === owner
      ? home._id
      : ((await api('GET', '/warehouses', undefined, cookie)).body as unknown as Warehouse[])[0]!._id;
  const made = await api(
    'POST',
    '/purchase-orders',
    {
      vendor,
      warehouse,
      lines: lines.map(([quantity, unitCost], i) => ({ name: `Walnut slab ${i + 1}`, quantity, unitCost })),
    },
    cookie,
  );
  expect(made.status, made.text).toBe(201);
  const po = made.body as unknown as PurchaseOrder;
  expect((await api('POST', `/purchase-orders/${po._id}/mark-sent`, undefined, cookie)).status).toBe(200);
  const arrived = po.lines.flatMap((l, i) => (received[i] ? [{ line: l.id, quantity: received[i] }] : []));
  if (arrived.length) {
    const r = await api('POST', `/purchase-orders/${po._id}/receive`, { lines: arrived }, cookie);
    expect(r.status, r.text).toBe(200);
  }
  return (await api('GET', `/purchase-orders/${po._id}`, undefined, cookie)).body as unknown as PurchaseOrder;
}

async function bill(body: Json): Promise<VendorBill> {
  n += 1;
  const r = await api('POST', '/vendor-bills', { billNumber: `T-${n}`, ...body });
  expect(r.status, r.text).toBe(201);
  return r.body as unknown as VendorBill;
}
async function enteredBill(vendor: string, cents: number): Promise<VendorBill> {
  const made = await bill({ vendor, lines: [{ description: 'Freight', quantity: 1, unitCost: cents }] });
  const r = await api('POST', `/vendor-bills/${made._id}/enter`);
  expect(r.status, r.text).toBe(200);
  return r.body as unknown as VendorBill;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  home = ((await api('GET', '/warehouses')).body as unknown as Warehouse[]).find((w) => w.isDefault)!;
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('vendor bills', () => {
  it('come in the demo for its received orders: one partly paid and credited, one past due, one awaiting approval', async () => {
    const bills = (await api('GET', '/vendor-bills?limit=100&sort=number')).body.items as Json[];
    const by = (n: string) => bills.find((b) => b.billNumber === n)!;
    expect([by('BT-40718').status, by('BT-40802').overdue, by('PH-11893').needsApproval]).toEqual([
      'partially_paid',
      true,
      true,
    ]);
    const tile = (await api('GET', `/vendor-bills/${by('BT-40718')._id}`)).body as unknown as VendorBill;
    expect(tile.applications.map((a) => a.sourceType).sort()).toEqual(['bill_payment', 'vendor_credit']);
    expect(tile.balanceCents).toBe(tile.totalCents - tile.paidCents - tile.creditedCents);
  });

  it('match received lines at the order’s cost, fall due by the vendor’s terms, and total to the cent', async () => {
    const vendor = await newVendor(45);
    const po = await receivedOrder(
      vendor,
      [
        [3, 1_250.5],
        [2, 999],
      ],
      [3, 2],
    );
    const made = await bill({
      vendor,
      billDate: '2026-03-01',
      taxCents: 321,
      lines: [
        { purchaseOrderLine: po.lines[0]!.id, quantity: 3 },
        { purchaseOrderLine: po.lines[1]!.id, quantity: 2, unitCost: 999 },
        { description: 'Freight', quantity: 1, unitCost: 4_500 },
      ],
    });
    // 3 × $12.505 = $37.515 → $37.52 (half up); 2 × $9.99; freight $45.
    expect(made.lines.map((l) => [l.totalCents, l.overBilled, l.costDiffers])).toEqual([
      [3_752, false, false],
      [1_998, false, false],
      [4_500, false, false],
    ]);
    expect([made.subtotalCents, made.taxCents, made.totalCents, made.balanceCents]).toEqual([
      10_250, 321, 10_571, 10_571,
    ]);
    expect([made.dueDate, made.paymentTermsDays, made.status, made.needsApproval]).toEqual([
      '2026-04-15',
      45,
      'draft',
      false,
    ]);
    expect(made.purchaseOrders.map((p) => p._id)).toEqual([po._id]);
    const entered = await api('POST', `/vendor-bills/${made._id}/enter`);
    expect([entered.status, entered.body.status]).toEqual([200, 'open']);
    // The order's Bills tab lists it; the billable lines count it as billed.
    const ofOrder = await api('GET', `/vendor-bills?filter[purchaseOrder][]=${po._id}`);
    expect((ofOrder.body.items as Json[]).map((b) => b._id)).toEqual([made._id]);
    const billable = await api('GET', `/vendor-bills/billable?vendor=${vendor}`);
    expect((billable.body as unknown as Json[]).map((l) => [l.received, l.billed, l.billable])).toEqual([
      [3, 3, 0],
      [2, 2, 0],
    ]);
  });

  it('flags a line billed beyond what arrived, or at another cost, and needs approval (59) before it is owed', async () => {
    const vendor = await newVendor();
    const po = await receivedOrder(
      vendor,
      [
        [10, 500],
        [4, 200],
      ],
      [4, 4],
    );
    // One bill takes 3 of the 4 that arrived; the next asks for 2 more: one beyond what is left.
    await bill({ vendor, lines: [{ purchaseOrderLine: po.lines[0]!.id, quantity: 3 }] });
    const over = await bill({
      vendor,
      lines: [
        { purchaseOrderLine: po.lines[0]!.id, quantity: 2 },
        { purchaseOrderLine: po.lines[1]!.id, quantity: 4, unitCost: 210 },
      ],
    });
    expect(over.lines.map((l) => [l.received, l.billedElsewhere, l.overBilled, l.costDiffers])).toEqual([
      [4, 3, true, false],
      [4, 0, false, true],
    ]);
    expect([over.flagged, over.needsApproval]).toEqual([true, true]);
    const listed = await api('GET', `/vendor-bills?filter[vendor][]=${vendor}&filter[approval][]=true`);
    expect((listed.body.items as Json[]).map((b) => b._id)).toEqual([over._id]);

    // Not owed yet: it cannot be entered, nor paid.
    const entered = await api('POST', `/vendor-bills/${over._id}/enter`);
    expect(entered.status).toBe(409);
    expect(String((entered.body.error as Json).message)).toMatch(/needs approval/);
    const paid = await api('POST', '/bill-payments', {
      vendor,
      method: 'check',
      amountCents: 100,
      applications: [{ bill: over._id, amountCents: 100 }],
    });
    expect(paid.status).toBe(400);
    expect(JSON.stringify(paid.body)).toMatch(/draft/);

    // Someone without the purchase-order settings code may keep bills, not approve them.
    const role = await api('POST', '/roles', { name: 'Bills clerk', permissions: [57, 58] });
    const clerk = await signIn(t.app, 'sales@demo.test');
    const clerkId = (await api('GET', '/auth/', undefined, clerk)).body._id;
    expect((await api('PUT', `/staff/${clerkId}/roles`, { roles: [role.body._id] })).status).toBe(200);
    const refused = await api('POST', `/vendor-bills/${over._id}/approve`, undefined, clerk);
    expect(refused.status).toBe(403);
    const approved = await api('POST', `/vendor-bills/${over._id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect([approved.body.status, approved.body.needsApproval, (approved.body.approvedBy as Json).name]).toEqual([
      'open',
      false,
      expect.any(String),
    ]);
    const payment = await api('POST', '/bill-payments', {
      vendor,
      method: 'check',
      amountCents: 100,
      applications: [{ bill: over._id, amountCents: 100 }],
    });
    expect(payment.status, payment.text).toBe(201);
  });

  it('refuses a line of another vendor’s order (400, saying whose) and of another firm’s (as no line at all)', async () => {
    const mine = await newVendor();
    const theirs = await newVendor();
    const po = await receivedOrder(theirs, [[2, 100]], [2]);
    const before = Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM vendor_bills'))[0]!.n);
    const other = await api('POST', '/vendor-bills', {
      vendor: mine,
      billNumber: 'X-1',
      lines: [{ purchaseOrderLine: po.lines[0]!.id, quantity: 1 }],
    });
    expect(other.status).toBe(400);
    const message = ((other.body.error as Json).fields as Json)['lines.0.purchaseOrderLine'];
    expect(message).toMatch(new RegExp(`${po.number}, an order to Payables Supply`));

    const cedarVendor = await newVendor(30, cedar);
    const cedarPo = await receivedOrder(cedarVendor, [[2, 100]], [2], cedar);
    const foreign = await api('POST', '/vendor-bills', {
      vendor: mine,
      billNumber: 'X-2',
      lines: [{ purchaseOrderLine: cedarPo.lines[0]!.id, quantity: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(((foreign.body.error as Json).fields as Json)['lines.0.purchaseOrderLine']).toBe(
      'Choose a line of one of the vendor’s purchase orders.',
    );
    expect(JSON.stringify(foreign.body)).not.toMatch(/Payables Supply/);
    expect(Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM vendor_bills'))[0]!.n)).toBe(before);
  });

  it('takes one bill per vendor and number (409 pointing at the first)', async () => {
    const vendor = await newVendor();
    const first = await bill({
      vendor,
      billNumber: 'INV-77',
      lines: [{ description: 'Freight', quantity: 1, unitCost: 10 }],
    });
    const again = await api('POST', '/vendor-bills', {
      vendor,
      billNumber: 'inv-77',
      lines: [{ description: 'Freight', quantity: 1, unitCost: 10 }],
    });
    expect(again.status).toBe(409);
    expect((again.body.error as Json).link).toMatchObject({ href: `/p/vendor-bills/${first._id}` });
    // Another vendor may use the same number.
    await bill({
      vendor: await newVendor(),
      billNumber: 'INV-77',
      lines: [{ description: 'Freight', quantity: 1, unitCost: 10 }],
    });
  });

  it('never overpays a bill under twenty parallel payments: the rest stays the vendor’s credit', async () => {
    const vendor = await newVendor();
    const owed = await enteredBill(vendor, 10_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('POST', '/bill-payments', {
          vendor,
          method: 'bank_transfer',
          amountCents: 1_000 + i,
          applications: [{ bill: owed._id, amountCents: 1_000 + i }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const [row] = await sql<{ paid: number; balance: number; status: string; by: number }>(
      `SELECT paid_cents::float8 AS paid, balance_cents::float8 AS balance, status,
              (SELECT sum(amount_cents) FROM bill_applications WHERE bill_id = $1)::float8 AS by
         FROM vendor_bills WHERE id = $1`,
      [owed._id],
    );
    expect(row).toEqual({ paid: 10_000, balance: 0, status: 'paid', by: 10_000 });
    const aging = (await api('GET', `/payables/aging?vendor=${vendor}`)).body as unknown as PayablesAging;
    const paid = results.reduce((s, r) => s + Number(r.body.amountCents), 0);
    expect([aging.totals.openCents, aging.totals.creditCents, aging.totals.balanceCents]).toEqual([
      0,
      paid - 10_000,
      10_000 - paid,
    ]);
  });

  it('records a payment once per Idempotency-Key, and pays from one of the firm’s accounts only', async () => {
    const vendor = await newVendor();
    const owed = await enteredBill(vendor, 5_000);
    const body = {
      vendor,
      method: 'check',
      amountCents: 2_000,
      applications: [{ bill: owed._id, amountCents: 2_000 }],
    };
    const first = await api('POST', '/bill-payments', body, owner, { 'idempotency-key': 'pay-once-1' });
    const again = await api('POST', '/bill-payments', body, owner, { 'idempotency-key': 'pay-once-1' });
    expect([first.status, again.status, again.body._id]).toEqual([201, 201, first.body._id]);
    expect((await api('GET', `/vendor-bills/${owed._id}`)).body.balanceCents).toBe(3_000);
    const other = await api('POST', '/bill-payments', { ...body, amountCents: 2_500 }, owner, {
      'idempotency-key': 'pay-once-1',
    });
    expect(other.status).toBe(422);
    const foreign = await api('POST', '/bill-payments', {
      ...body,
      moneyAccount: '019a0000-0000-7000-8000-00000000ffff',
    });
    expect(foreign.status).toBe(400);
    expect((foreign.body.error as Json).fields).toHaveProperty('moneyAccount');
  });

  it('applies and unapplies a vendor credit, and voids only a bill nothing is applied to', async () => {
    const vendor = await newVendor();
    const owed = await enteredBill(vendor, 8_000);
    const credit = await api('POST', '/vendor-credits', { vendor, amountCents: 3_000, reason: 'Cracked tiles' });
    expect(credit.status, credit.text).toBe(201);
    const applied = await api('POST', `/vendor-credits/${credit.body._id}/apply`, {
      applications: [{ bill: owed._id, amountCents: 5_000 }],
    });
    expect([applied.status, applied.body.remainingCents, applied.body.status]).toEqual([200, 0, 'applied']);
    const after = (await api('GET', `/vendor-bills/${owed._id}`)).body;
    expect([after.creditedCents, after.balanceCents, after.status]).toEqual([3_000, 5_000, 'partially_paid']);
    const voided = await api('POST', `/vendor-bills/${owed._id}/void`, { reason: 'Billed twice' });
    expect(voided.status).toBe(409);
    const off = await api('POST', `/vendor-credits/${credit.body._id}/unapply`, { bill: owed._id });
    expect([off.status, off.body.remainingCents]).toEqual([200, 3_000]);
    const now = await api('POST', `/vendor-bills/${owed._id}/void`, { reason: 'Billed twice' });
    expect([now.status, now.body.status, now.body.balanceCents]).toEqual([200, 'void', 8_000]);
    // A void bill takes no money.
    const late = await api('POST', `/vendor-credits/${credit.body._id}/apply`, {
      applications: [{ bill: owed._id, amountCents: 100 }],
    });
    expect(late.status).toBe(400);
  });
});

/** The invariant for one vendor, recomputed from the applications themselves. */
async function checkInvariant(vendor: string, step: string) {
  const bills = await sql<{
    id: string;
    status: string;
    total: number;
    paid: number;
    credited: number;
    balance: number;
    by_payments: number;
    by_credits: number;
  }>(
    `SELECT b.id, b.status, b.total_cents::float8 AS total, b.paid_cents::float8 AS paid,
            b.credited_cents::float8 AS credited, b.balance_cents::float8 AS balance,
            COALESCE((SELECT sum(a.amount_cents) FROM bill_applications a
                       WHERE a.bill_id = b.id AND a.bill_payment_id IS NOT NULL), 0)::float8 AS by_payments,
            COALESCE((SELECT sum(a.amount_cents) FROM bill_applications a
                       WHERE a.bill_id = b.id AND a.vendor_credit_id IS NOT NULL), 0)::float8 AS by_credits
       FROM vendor_bills b WHERE b.vendor_id = $1`,
    [vendor],
  );
  let open = 0;
  for (const b of bills) {
    const at = `${step}: bill ${b.id} (${b.status})`;
    expect(b.balance, at).toBe(b.total - b.by_payments - b.by_credits);
    expect(b.balance, at).toBeGreaterThanOrEqual(0);
    expect([b.paid, b.credited], at).toEqual([b.by_payments, b.by_credits]);
    if (['draft', 'void', 'open'].includes(b.status)) expect(b.by_payments + b.by_credits, at).toBe(0);
    if (b.status === 'paid') expect(b.balance, at).toBe(0);
    if (b.status === 'partially_paid') expect(b.balance > 0 && b.balance < b.total, at).toBe(true);
    if (b.status === 'open' || b.status === 'partially_paid') open += b.balance;
  }
  const sources = await sql<{ kind: string; status: string; amount: number; applied: number; sum: number }>(
    `SELECT 'payment' AS kind, '' AS status, p.amount_cents::float8 AS amount, p.applied_cents::float8 AS applied,
            COALESCE((SELECT sum(a.amount_cents) FROM bill_applications a WHERE a.bill_payment_id = p.id), 0)::float8 AS sum
       FROM bill_payments p WHERE p.vendor_id = $1
     UNION ALL
     SELECT 'credit', c.status, c.amount_cents::float8, c.applied_cents::float8,
            COALESCE((SELECT sum(a.amount_cents) FROM bill_applications a WHERE a.vendor_credit_id = c.id), 0)::float8
       FROM vendor_credits c WHERE c.vendor_id = $1`,
    [vendor],
  );
  let credit = 0;
  for (const s of sources) {
    const at = `${step}: ${s.kind}`;
    expect(s.applied, at).toBe(s.sum);
    expect(s.sum, at).toBeLessThanOrEqual(s.amount);
    if (s.kind === 'credit') {
      if (s.status === 'void') expect(s.sum, at).toBe(0);
      else {
        expect(s.status, at).toBe(s.sum === s.amount ? 'applied' : 'open');
        credit += s.amount - s.sum;
      }
    } else credit += s.amount - s.sum;
  }
  const aging = (await api('GET', `/payables/aging?vendor=${vendor}`)).body as unknown as PayablesAging;
  expect([aging.totals.openCents, aging.totals.creditCents, aging.totals.balanceCents], `${step}: aging`).toEqual([
    open,
    credit,
    open - credit,
  ]);
}

const cents = fc.integer({ min: 1, max: 30_000 });
const pick = fc.nat({ max: 1_000 });
const applications = fc.array(fc.record({ pick, amountCents: cents }), { minLength: 1, maxLength: 3 });
const stepArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('bill' as const), cents, enter: fc.boolean() }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('pay' as const), applications, extra: fc.nat({ max: 20_000 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('credit' as const), amountCents: cents }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('apply' as const),
      source: fc.constantFrom('bill-payments', 'vendor-credits'),
      pick,
      applications,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unapply' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void-bill' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete-payment' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit-payment' as const), pick, applications, extra: cents }) },
);
type Step = typeof stepArb extends fc.Arbitrary<infer S> ? S : never;

describe('the payables invariant', () => {
  it('holds after every step of generated sequences of bills, payments, credits and their applications', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 6, maxLength: 12 }), async (steps) => {
        const vendor = await newVendor();
        const bills: string[] = [];
        const payments: string[] = [];
        const credits: string[] = [];
        const of = <T>(list: T[], i: number) => list[i % Math.max(list.length, 1)];
        const on = (apps: { pick: number; amountCents: number }[]) => {
          const seen = new Set<string>();
          return apps.flatMap((a) => {
            const bill = of(bills, a.pick);
            if (!bill || seen.has(bill)) return [];
            seen.add(bill);
            return [{ bill, amountCents: a.amountCents }];
          });
        };
        for (const [i, step] of (steps as Step[]).entries()) {
          const at = `step ${i} ${step.kind}`;
          if (step.kind === 'bill') {
            const made = await bill({ vendor, lines: [{ description: 'Freight', quantity: 1, unitCost: step.cents }] });
            if (step.enter) await api('POST', `/vendor-bills/${made._id}/enter`);
            bills.push(made._id);
          } else if (step.kind === 'pay') {
            const apps = on(step.applications);
            const total = apps.reduce((s, a) => s + a.amountCents, 0) + step.extra;
            if (total <= 0) continue;
            const r = await api('POST', '/bill-payments', {
              vendor,
              method: 'check',
              amountCents: total,
              applications: apps,
            });
            expect([201, 400], at).toContain(r.status);
            if (r.status === 201) payments.push(r.body._id as string);
          } else if (step.kind === 'credit') {
            const r = await api('POST', '/vendor-credits', {
              vendor,
              amountCents: step.amountCents,
              reason: 'Generated',
            });
            expect(r.status, at).toBe(201);
            credits.push(r.body._id as string);
          } else if (step.kind === 'apply') {
            const source = of(step.source === 'bill-payments' ? payments : credits, step.pick);
            const apps = on(step.applications);
            if (!source || !apps.length) continue;
            const r = await api('POST', `/${step.source}/${source}/apply`, { applications: apps });
            expect([200, 400, 409], at).toContain(r.status);
          } else if (step.kind === 'unapply') {
            const [a] = await sql<{ source: string; bill: string; credit: boolean }>(
              `SELECT COALESCE(bill_payment_id, vendor_credit_id) AS source, bill_id AS bill,
                      vendor_credit_id IS NOT NULL AS credit
                 FROM bill_applications a JOIN vendor_bills b ON b.id = a.bill_id WHERE b.vendor_id = $1
                ORDER BY a.id OFFSET $2 LIMIT 1`,
              [vendor, step.pick % 3],
            );
            if (!a) continue;
            const r = await api('POST', `/${a.credit ? 'vendor-credits' : 'bill-payments'}/${a.source}/unapply`, {
              bill: a.bill,
            });
            expect(r.status, at).toBe(200);
          } else if (step.kind === 'void-bill') {
            const target = of(bills, step.pick);
            if (!target) continue;
            const r = await api('POST', `/vendor-bills/${target}/void`, { reason: 'Generated' });
            expect([200, 409], at).toContain(r.status);
          } else if (step.kind === 'delete-payment') {
            const target = of(payments, step.pick);
            if (!target) continue;
            expect((await api('DELETE', `/bill-payments/${target}`)).status, at).toBe(204);
            payments.splice(payments.indexOf(target), 1);
          } else {
            const target = of(payments, step.pick);
            if (!target) continue;
            const current = (await api('GET', `/bill-payments/${target}`)).body;
            const apps = on(step.applications);
            const r = await api('PUT', `/bill-payments/${target}`, {
              vendor,
              method: 'check',
              amountCents: apps.reduce((s, a) => s + a.amountCents, 0) + step.extra,
              applications: apps,
              version: current.version,
            });
            expect([200, 400], at).toContain(r.status);
          }
          await checkInvariant(vendor, at);
        }
      }),
      { numRuns: 12 },
    );
  });
});

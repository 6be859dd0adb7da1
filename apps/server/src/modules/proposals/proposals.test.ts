import type {
  Customer,
  CustomerJob,
  Order,
  OrderBilling,
  PdfVerification,
  Product,
  Proposal,
  PublicProposal,
  TaskList,
  Vendor,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp, TINY_PNG, upload } from '../../../test/helpers';
import { redactTokens } from '../../platform/http/security';
import { canonicalJson, sha256Hex } from '../../platform/text/canonical-json';

let t: TestApp;
let owner: string;
let customer: Customer;
let a: Product;
let b: Product;
let c: Product;
let n = 0;

const SIGNATURE = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
/** The client: no cookie, from their own address. */
const pub = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t.app, {
    method,
    url: `/api/v1/public/proposals/${url}`,
    body,
    ip: '203.0.113.7',
    headers: { 'user-agent': 'PhoneBrowser/1.0' },
  });
const product = async (priceCents: number) =>
  (await api('POST', '/products', { name: `Proposed vanity ${++n}`, unit: 'each', priceCents })).json() as Product;
const item = (p: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
  item: { type: 'product', id: p._id },
  quantity,
  ...extra,
});

const twoRooms = () => ({
  customer: customer._id,
  title: 'Kitchen and bath',
  deposit: { kind: 'percent', percent: 25 },
  sections: [
    {
      title: 'Kitchen',
      body: '<p>New <strong>cabinets</strong><script>alert(1)</script></p>',
      lines: [
        item(a, 2),
        item(b, 1, { group: 'Counter', chosen: true }),
        item(c, 1, { group: 'Counter' }),
        { name: 'Under-cabinet lights', quantity: 1, unitPriceCents: 5_000, optional: true },
      ],
    },
    { title: 'Bathroom', lines: [{ name: 'Tiling labour', quantity: 10, unitPriceCents: 4_000, taxClass: 'Labour' }] },
  ],
});

async function create(body: Record<string, unknown> = twoRooms()) {
  const r = await api('POST', '/proposals', body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Proposal;
}
async function send(p: Proposal, body: Record<string, unknown> = {}) {
  const r = await api('POST', `/proposals/${p._id}/send`, body);
  expect(r.statusCode, r.body).toBe(200);
  const sent = r.json() as Proposal;
  return { sent, token: sent.link!.url.split('/').pop()! };
}
const open = (r: { json: () => unknown }) => r.json() as Extract<PublicProposal, { state: 'open' }>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  customer = (
    await api('POST', '/customers', {
      firstName: 'Proposal',
      lastName: 'Client',
      emails: [{ label: 'Home', email: 'proposal@client.test' }],
    })
  ).json();
  [a, b, c] = [await product(10_000), await product(20_000), await product(30_000)];
});
afterAll(async () => {
  await t.close();
});

describe('proposals', () => {
  it('are built in sections with options and alternatives, numbered, cleaned and priced as one document', async () => {
    const p = await create();
    expect(p.number).toMatch(/^PR-\d+$/);
    expect(p.sections.map((s) => s.title)).toEqual(['Kitchen', 'Bathroom']);
    expect(p.sections[0]!.body).toBe('<p>New <strong>cabinets</strong></p>');
    // 2 × 100 + the chosen counter (200); the other counter and the light are not counted; 10 × 40.
    expect(p.subtotalCents).toBe(20_000 + 20_000 + 40_000);
    expect(p.sections[0]!.totalCents + p.sections[1]!.totalCents).toBe(p.totalCents);
    expect(p.depositCents).toBe(Math.round(p.totalCents * 0.25));

    const bad = await api('POST', '/proposals', {
      ...twoRooms(),
      coverImage: '00000000-0000-4000-8000-000000000000',
      sections: [{ title: '', lines: [{ item: { type: 'product', id: a._id }, quantity: 0 }] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(
      expect.arrayContaining(['sections.0.title', 'sections.0.lines.0.quantity']),
    );
    const noImage = await api('POST', '/proposals', {
      ...twoRooms(),
      coverImage: '00000000-0000-4000-8000-000000000000',
    });
    expect([noImage.statusCode, errorOf(noImage).fields]).toEqual([400, { coverImage: 'Upload the image again.' }]);
  });

  it('are read by the client through a long random link, counted as viewed, with no cost and only their own images', async () => {
    const image = (await upload(t.app, owner, 'kitchen.png', TINY_PNG)).json() as { _id: string };
    const other = (await upload(t.app, owner, 'secret.png', TINY_PNG)).json() as { _id: string };
    const body = twoRooms();
    body.sections[0] = { ...body.sections[0]!, images: [image._id] } as never;
    const p = await create(body);
    const { sent, token } = await send(p);
    expect(sent.status).toBe('sent');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).not.toContain(p._id);

    const read = await pub('GET', token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['referrer-policy']).toBe('no-referrer');
    expect(read.headers['set-cookie']).toBeUndefined();
    const doc = open(read);
    expect([doc.state, doc.number, doc.firm.name, doc.customerName]).toEqual([
      'open',
      p.number,
      'Harbor & Pine Interiors',
      'Proposal Client',
    ]);
    expect(read.body).not.toMatch(/unitCost|listPrice|priceSource|sku/);
    const shown = doc.sections[0]!.images[0]!;
    expect(shown).toBe(`/api/v1/public/proposals/${token}/images/${image._id}`);
    const img = await call(t.app, { method: 'GET', url: shown });
    expect([img.statusCode, img.headers['content-type'], String(img.headers['content-disposition'])]).toEqual([
      200,
      'image/png',
      expect.stringMatching(/^inline/),
    ]);
    const secret = await call(t.app, { method: 'GET', url: `/api/v1/public/proposals/${token}/images/${other._id}` });
    expect(secret.statusCode).toBe(404);

    expect((await pub('POST', `${token}/view`)).statusCode).toBe(204);
    expect((await pub('POST', `${token}/view`)).statusCode).toBe(204);
    const viewed = (await api('GET', `/proposals/${p._id}`)).json() as Proposal;
    expect([viewed.status, viewed.link!.viewCount, viewed.link!.firstViewedAt !== null]).toEqual(['viewed', 2, true]);
    const bell = (await api('GET', '/notifications')).json() as { message: string }[];
    expect(bell.filter((i) => i.message.includes(`${p.number} (Kitchen and bath) was opened`))).toHaveLength(1);
  });

  it('approve with a signature: the choices make the order, and the record, its hash and the signed PDF are kept', async () => {
    const p = await create();
    const { token } = await send(p);
    const kitchen = p.sections[0]!;
    const [, counterB, counterC, light] = kitchen.lines;
    const refused = await pub('POST', `${token}/approve`, {
      name: '',
      signature: 'data:text/plain;base64,aGk=',
      acceptTerms: false,
    });
    expect(Object.keys(errorOf(refused).fields ?? {}).sort()).toEqual(['acceptTerms', 'name', 'signature']);
    const notPng = await pub('POST', `${token}/approve`, {
      name: 'Pat Client',
      signature: `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`,
      acceptTerms: true,
    });
    expect([notPng.statusCode, errorOf(notPng).fields]).toEqual([
      400,
      { signature: 'Sign in the box: the signature must be a drawn image.' },
    ]);
    const twoCounters = await pub('POST', `${token}/approve`, {
      name: 'Pat Client',
      signature: SIGNATURE,
      acceptTerms: true,
      chosen: [counterB!.id, counterC!.id],
    });
    expect(errorOf(twoCounters).message).toContain('Choose exactly one line of “Counter”');

    const ok = await pub('POST', `${token}/approve`, {
      name: 'Pat Client',
      signature: SIGNATURE,
      acceptTerms: true,
      chosen: [counterC!.id],
      selected: [light!.id],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = open(ok);
    expect(after.status).toBe('approved');
    expect(after.approvals).toHaveLength(1);

    const approved = (await api('GET', `/proposals/${p._id}`)).json() as Proposal;
    const record = approved.approvals[0]!;
    expect([record.name, record.ip, record.userAgent, record.decision]).toEqual([
      'Pat Client',
      '203.0.113.7',
      'PhoneBrowser/1.0',
      'approved',
    ]);
    // 2 × 100 + counter C 300 + light 50 + tiling 400.
    expect(approved.subtotalCents).toBe(20_000 + 30_000 + 5_000 + 40_000);
    const order = (await api('GET', `/orders/${record.order!._id}`)).json() as Order;
    expect(order.lines.map((l) => [l.name, l.quantity]).sort()).toEqual(
      [
        [a.name, 2],
        [c.name, 1],
        ['Under-cabinet lights', 1],
        ['Tiling labour', 10],
      ].sort(),
    );
    expect(order.totalCents).toBe(approved.totalCents);
    expect(order.depositCents).toBe(Math.round(order.totalCents * 0.25));
    // Its deposit is billed: a draft deposit invoice, no tax, for the firm to send.
    const billing = (await api('GET', `/orders/${order._id}/billing`)).json() as OrderBilling;
    expect(billing.invoices).toMatchObject([
      { billing: 'deposit', status: 'draft', totalCents: order.depositCents, balanceCents: order.depositCents },
    ]);

    // The PDF's hash is of the bytes served.
    const pdf = await call(t.app, { method: 'GET', url: after.approvals[0]!.pdfUrl! });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(sha256Hex(pdf.rawPayload)).toBe(record.pdfSha256);
    expect(record.snapshotSha256).toMatch(/^[0-9a-f]{64}$/);

    const verify = (bytes: Buffer) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/public/proposals/verify',
        body: bytes,
        headers: { 'content-type': 'application/pdf' },
      });
    const yes = (await verify(pdf.rawPayload)).json() as PdfVerification;
    expect(yes).toMatchObject({
      match: true,
      number: p.number,
      signedBy: 'Pat Client',
      firm: 'Harbor & Pine Interiors',
    });
    const tampered = Buffer.concat([pdf.rawPayload, Buffer.from('\n% edited')]);
    expect(((await verify(tampered)).json() as PdfVerification).match).toBe(false);

    // Replayed: the decision is made.
    const replay = await pub('POST', `${token}/approve`, {
      name: 'Pat Client',
      signature: SIGNATURE,
      acceptTerms: true,
    });
    expect([replay.statusCode, errorOf(replay).message]).toEqual([
      409,
      `${p.number} was already approved: it can no longer be changed.`,
    ]);
    const edit = await api('PUT', `/proposals/${p._id}`, { ...twoRooms(), version: approved.version });
    expect(edit.statusCode).toBe(409);
  });

  it('keep a snapshot of what was shown and chosen, whose SHA-256 is its canonical JSON', async () => {
    const p = await create();
    const { token } = await send(p);
    const light = p.sections[0]!.lines[3]!;
    await pub('POST', `${token}/approve`, {
      name: 'Sam Signer',
      signature: SIGNATURE,
      acceptTerms: true,
      selected: [light.id],
    });
    const record = ((await api('GET', `/proposals/${p._id}`)).json() as Proposal).approvals[0]!;
    const db = new pg.Client({ connectionString: t.ownerUrl });
    await db.connect();
    try {
      const { rows } = await db.query('SELECT snapshot, snapshot_sha256 FROM approval_records WHERE id = $1', [
        record._id,
      ]);
      const snapshot = rows[0].snapshot as Record<string, unknown> & {
        sections: { lines: { name: string; selected: boolean }[] }[];
      };
      expect(rows[0].snapshot_sha256).toBe(record.snapshotSha256);
      expect(sha256Hex(canonicalJson(snapshot))).toBe(record.snapshotSha256);
      expect(snapshot).toMatchObject({
        signer: 'Sam Signer',
        number: p.number,
        ip: '203.0.113.7',
        acceptedTerms: true,
      });
      expect(snapshot.sections[0]!.lines.find((l) => l.name === 'Under-cabinet lights')!.selected).toBe(true);
      expect(JSON.stringify(snapshot)).not.toContain(token);
    } finally {
      await db.end();
    }
    const log = (await api('GET', `/proposals/${p._id}/logs`)).json().items as {
      action: string;
      changes: Record<string, unknown>;
    }[];
    expect(log.find((l) => l.action === 'approve-online')!.changes).toMatchObject({
      approvedBy: { after: 'Sam Signer' },
      snapshotSha256: { after: record.snapshotSha256 },
    });
  });

  it('let exactly one of two approvals at once through', async () => {
    const p = await create();
    const { token } = await send(p);
    const body = { name: 'Twice Clicked', signature: SIGNATURE, acceptTerms: true };
    const results = await Promise.all([pub('POST', `${token}/approve`, body), pub('POST', `${token}/approve`, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const approved = (await api('GET', `/proposals/${p._id}`)).json() as Proposal;
    expect(approved.approvals).toHaveLength(1);
    expect(approved.approvals[0]!.order).not.toBeNull();
  });

  it('approve or decline section by section where the firm allows it: each approval its own order', async () => {
    const p = await create({ ...twoRooms(), sectionApproval: true });
    const { token } = await send(p);
    const [kitchen, bathroom] = p.sections;
    const first = await pub('POST', `${token}/approve`, {
      name: 'Pat Client',
      signature: SIGNATURE,
      acceptTerms: true,
      sections: [kitchen!._id],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(open(first).status).toBe('partially_approved');
    expect(open(first).sections.map((s) => s.status)).toEqual(['approved', 'open']);
    const again = await pub('POST', `${token}/approve`, {
      name: 'Pat Client',
      signature: SIGNATURE,
      acceptTerms: true,
      sections: [kitchen!._id],
    });
    expect(again.statusCode).toBe(409);
    const declined = await pub('POST', `${token}/decline`, {
      name: 'Pat',
      reason: 'The bathroom waits a year.',
      sections: [bathroom!._id],
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect([open(declined).status, open(declined).sections.map((s) => s.status)]).toEqual([
      'approved',
      ['approved', 'declined'],
    ]);
    const whole = (await api('GET', `/proposals/${p._id}`)).json() as Proposal;
    expect(whole.approvals.map((x) => [x.decision, x.sections.map((s) => s.name)])).toEqual([
      ['declined', ['Bathroom']],
      ['approved', ['Kitchen']],
    ]);
    const order = (await api('GET', `/orders/${whole.approvals[1]!.order!._id}`)).json() as Order;
    expect(order.lines.map((l) => l.name)).not.toContain('Tiling labour');

    // Without section approval, a part is refused.
    const q = await create();
    const link = await send(q);
    const part = await pub('POST', `${link.token}/approve`, {
      name: 'Pat',
      signature: SIGNATURE,
      acceptTerms: true,
      sections: [q.sections[0]!._id],
    });
    expect([part.statusCode, errorOf(part).fields]).toEqual([
      400,
      { sections: 'This proposal is decided as a whole.' },
    ]);
  });

  it('make the customer job on the first approval, which later ones reuse, with a task per vendor to order the special orders', async () => {
    const vendor = async (name: string) =>
      (await api('POST', '/vendors', { name: `${name} ${++n}`, email: 'orders@vendor.test' })).json() as Vendor;
    const [north, brass] = [await vendor('Northwoods Cabinetry'), await vendor('Brass Works')];
    const special = (v: Vendor, name: string, leadTimeDays: number) => ({
      name,
      quantity: 2,
      unitPriceCents: 30_000,
      special: { vendor: v._id, sku: `SO-${++n}`, costCents: 15_000, leadTimeDays },
    });
    const shipTo = { line1: '12 Harbor Rd', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
    const p = await create({
      customer: customer._id,
      title: `Lakeside remodel ${++n}`,
      sectionApproval: true,
      shipTo,
      sections: [
        {
          title: 'Kitchen',
          lines: [
            item(a, 1),
            special(north, 'Walnut vanity', 14),
            special(north, 'Walnut shelf', 21),
            special(brass, 'Brass taps', 7),
          ],
        },
        { title: 'Bathroom', lines: [special(north, 'Oak mirror', 10)] },
      ],
    });
    expect(p.customerJob).toBeNull();
    const { token } = await send(p);
    const approve = (section: string) =>
      pub('POST', `${token}/approve`, {
        name: 'Pat Client',
        signature: SIGNATURE,
        acceptTerms: true,
        sections: [section],
      });
    const first = await approve(p.sections[0]!._id);
    expect(first.statusCode, first.body).toBe(200);

    const approved = (await api('GET', `/proposals/${p._id}`)).json() as Proposal;
    const jobRef = approved.customerJob!;
    expect(jobRef.name).toBe(p.title);
    const job = (await api('GET', `/customer-jobs/${jobRef._id}`)).json() as CustomerJob;
    expect([job.status, job.customer?._id, job.site.line1, job.site.city]).toEqual([
      'planned',
      customer._id,
      '12 Harbor Rd',
      'Portland',
    ]);
    const firstOrder = (await api('GET', `/orders/${approved.approvals[0]!.order!._id}`)).json() as Order;
    expect(firstOrder.customerJob?._id).toBe(job._id);

    const db = new pg.Client({ connectionString: t.ownerUrl });
    await db.connect();
    const dayIn = async (days: number) =>
      (
        await db.query(
          `SELECT ((now() AT TIME ZONE f.time_zone)::date + $1::int)::text AS day FROM firms f
            WHERE f.id = (SELECT firm_id FROM customers WHERE id = $2)`,
          [days, customer._id],
        )
      ).rows[0].day as string;
    const tasksOf = async () =>
      ((await api('GET', `/project-management?limit=100&filter[job][]=${job._id}`)).json() as TaskList).tasks.sort(
        (x, y) => x.name.localeCompare(y.name) || (x.dueDate ?? '').localeCompare(y.dueDate ?? ''),
      );
    const me = (await api('GET', '/auth/')).json() as { _id: string };
    try {
      const tasks = await tasksOf();
      expect(
        tasks.map((x) => [x.name, x.dueDate, x.assignee?._id, x.entityID?._id, x.checklistTotal, x.taskType]),
      ).toEqual([
        [`Order materials from ${brass.name}`, await dayIn(7), me._id, firstOrder._id, 1, 'Order'],
        [`Order materials from ${north.name}`, await dayIn(14), me._id, firstOrder._id, 2, 'Order'],
      ]);

      // The next section approved joins the same job: its order and its vendor's task are on it.
      const second = await approve(p.sections[1]!._id);
      expect(second.statusCode, second.body).toBe(200);
      const whole = (await api('GET', `/proposals/${p._id}`)).json() as Proposal;
      expect(whole.customerJob?._id).toBe(job._id);
      const secondOrder = (await api('GET', `/orders/${whole.approvals[0]!.order!._id}`)).json() as Order;
      expect([secondOrder._id !== firstOrder._id, secondOrder.customerJob?._id]).toEqual([true, job._id]);
      const { rows } = await db.query('SELECT count(*)::int AS n FROM customer_jobs WHERE name = $1', [p.title]);
      expect(rows[0].n).toBe(1);
      expect((await tasksOf()).map((x) => [x.name, x.dueDate, x.entityID?._id])).toEqual([
        [`Order materials from ${brass.name}`, await dayIn(7), firstOrder._id],
        [`Order materials from ${north.name}`, await dayIn(10), secondOrder._id],
        [`Order materials from ${north.name}`, await dayIn(14), firstOrder._id],
      ]);
    } finally {
      await db.end();
    }
  });

  it('start the job with the customer-job settings’ template, its days counted from the approval', async () => {
    const template = await api('POST', '/project-templates', {
      name: `After approval ${++n}`,
      tasks: [
        { key: 'measure', name: 'Final measure', day: 2 },
        { key: 'order', name: 'Place the orders', day: 5, dependsOn: ['measure'] },
      ],
    });
    expect(template.statusCode, template.body).toBe(201);
    const unknown = await api('PUT', '/settings/customerJobSettings', {
      projectTemplate: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknown.statusCode, errorOf(unknown).fields]).toEqual([
      400,
      { projectTemplate: 'Choose a template from the list.' },
    ]);
    const set = await api('PUT', '/settings/customerJobSettings', { projectTemplate: template.json()._id });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const p = await create({ ...twoRooms(), title: `Attic conversion ${++n}` });
      const { token } = await send(p);
      const ok = await pub('POST', `${token}/approve`, { name: 'Pat Client', signature: SIGNATURE, acceptTerms: true });
      expect(ok.statusCode, ok.body).toBe(200);
      const job = ((await api('GET', `/proposals/${p._id}`)).json() as Proposal).customerJob!;
      const tasks = ((await api('GET', `/project-management?limit=100&filter[job][]=${job._id}`)).json() as TaskList)
        .tasks;
      // The job starts the day it was approved (the firm's day); the template's days count from it.
      const { startDate } = (await api('GET', `/customer-jobs/${job._id}`)).json() as CustomerJob;
      expect(startDate).not.toBeNull();
      const day = (days: number) => new Date(Date.parse(startDate!) + days * 86_400_000).toISOString().slice(0, 10);
      expect(tasks.map((x) => [x.name, x.dueDate]).sort()).toEqual([
        ['Final measure', day(2)],
        ['Place the orders', day(5)],
      ]);
    } finally {
      await api('PUT', '/settings/customerJobSettings', { projectTemplate: null });
    }
  });

  it('become a new revision when edited after sending; the old link says so and leads to the new one once sent', async () => {
    const p = await create();
    const { sent, token } = await send(p);
    const edit = await api('PUT', `/proposals/${p._id}`, {
      ...twoRooms(),
      sections: twoRooms().sections.map((s, i) => ({ ...s, id: sent.sections[i]!._id })),
      shippingCents: 9_900,
      version: sent.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const second = edit.json() as Proposal;
    expect([second.status, second.revision]).toEqual(['draft', 2]);
    const stale = (await pub('GET', token)).json() as PublicProposal;
    expect(stale).toEqual({ state: 'replaced', firm: expect.anything(), number: p.number, replacedBy: null });
    const approveStale = await pub('POST', `${token}/approve`, {
      name: 'Pat',
      signature: SIGNATURE,
      acceptTerms: true,
    });
    expect(approveStale.statusCode).toBe(409);
    const { token: fresh } = await send(second);
    expect(fresh).not.toBe(token);
    expect(((await pub('GET', token)).json() as PublicProposal & { replacedBy: string }).replacedBy).toBe(
      `/proposals/approve/${fresh}`,
    );
  });

  it('answer a forged link with a plain 404 and a revoked or expired one with a 410 naming the firm', async () => {
    const forged = await pub('GET', 'A'.repeat(32));
    expect([forged.statusCode, errorOf(forged).message]).toEqual([
      404,
      'This link does not exist. Check that it was copied whole.',
    ]);
    expect((await pub('GET', 'short')).statusCode).toBe(404);
    const p = await create();
    const { token } = await send(p);
    const revoked = await api('POST', `/proposals/${p._id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    const gone = await pub('GET', token);
    expect([gone.statusCode, errorOf(gone).message]).toEqual([
      410,
      'This link is no longer valid. Ask Harbor & Pine Interiors for a new one.',
    ]);
    const late = await pub('POST', `${token}/approve`, { name: 'Pat', signature: SIGNATURE, acceptTerms: true });
    expect(late.statusCode).toBe(410);
    const past = await api('POST', `/proposals/${p._id}/send`, { expiresOn: '2020-01-01' });
    expect([past.statusCode, errorOf(past).fields]).toEqual([400, { expiresOn: 'Choose today or a later day.' }]);
  });

  it('keep tokens out of the request log', () => {
    expect(redactTokens('/api/v1/public/proposals/abcDEF_-123/approve')).toBe(
      '/api/v1/public/proposals/[token]/approve',
    );
    expect(redactTokens('/proposals/approve/abcDEF_-123?x=1')).toBe('/proposals/approve/[token]?x=1');
    expect(redactTokens('/api/v1/public/proposals/verify')).toBe('/api/v1/public/proposals/verify');
  });
});

import {
  type ChangeOrder,
  type Customer,
  type ItemStock,
  type Order,
  type OrderRevision,
  type PdfVerification,
  type Product,
  type PublicProposal,
  priceDocument,
  type Warehouse,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, startTestJobs, type TestApp, TINY_PNG } from '../../../test/helpers';
import { attachmentsOf, startMailCatcher } from '../../../test/mail-catcher';
import { sendEmailJob } from '../../platform/email/email-job';
import { canonicalJson, sha256Hex } from '../../platform/text/canonical-json';

let t: TestApp;
let owner: string;
let cedar: string;
let home: Warehouse;
let customer: Customer;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const product = async (extra: Record<string, unknown> = {}) =>
  (
    await api('POST', '/products', { name: `Changed tile ${++n}`, unit: 'box', priceCents: 4_000, ...extra })
  ).json() as Product;
const stockIn = async (p: Product, quantity: number) => {
  const r = await api('POST', '/stock/adjustments', {
    item: { type: 'product', id: p._id },
    warehouse: home._id,
    quantity,
    note: 'Opening count',
  });
  expect(r.statusCode, r.body).toBe(200);
};
const committed = async (p: Product) => {
  const s = (await api('GET', `/stock/products/${p._id}`)).json() as ItemStock;
  const level = s.levels.find((l) => l.warehouse._id === home._id)!;
  return level.onHand - level.available;
};
/** A confirmed order of `lines`. */
const confirmed = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
  const r = await api('POST', '/orders', { customer: customer._id, warehouse: home._id, lines, ...extra });
  expect(r.statusCode, r.body).toBe(201);
  const done = await api('POST', `/orders/${r.json()._id}/confirm`);
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as Order;
};
const kept = (l: Order['lines'][number], quantity = l.quantity) => ({
  id: l.id,
  item: l.item ? { type: l.item.type, id: l.item._id } : null,
  name: l.name,
  quantity,
  ...(l.item ? {} : { unitPriceCents: l.unitPriceCents, taxClass: l.taxClass }),
});
const propose = (order: Order, lines: unknown[], reason = 'The customer asked for more.') =>
  api('POST', '/change-orders', { order: order._id, reason, lines });
const approve = (co: { _id: string }, body: Record<string, unknown> = {}) =>
  api('POST', `/change-orders/${co._id}/approve`, { approvedBy: 'Jo Client', method: 'in_person', ...body });

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  customer = (
    await api('POST', '/customers', {
      firstName: 'Change',
      lastName: 'Tester',
      emails: [{ label: 'Home', email: 'change@customer.test' }],
      addresses: [{ kind: 'shipping', line1: '1 Elm St', city: 'Portland', region: 'OR', postalCode: '97201' }],
    })
  ).json();
});
afterAll(async () => {
  await t.close();
});

describe('writing a change order', () => {
  it('prices what the order would become: kept lines at the price sold, new ones at today’s, with what changes', async () => {
    const tile = await product({ priceCents: 2_000 });
    const grout = await product({ priceCents: 900 });
    await stockIn(tile, 20);
    await stockIn(grout, 20);
    const order = await confirmed([
      { item: { type: 'product', id: tile._id }, quantity: 4 },
      { name: 'Installation', quantity: 2, unitPriceCents: 9_500, taxClass: 'Labour' },
    ]);
    // The catalog moves on: the order keeps what it was sold at.
    await api('PUT', `/products/${tile._id}`, { ...tile, priceCents: 2_500, version: tile.version });
    const r = await propose(order, [
      kept(order.lines[0]!, 6),
      { item: { type: 'product', id: grout._id }, quantity: 3 },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const co = r.json() as ChangeOrder;
    expect([co.name, co.status, co.sequence, co.baseRevision, co.stale]).toEqual([
      `${order.number} · change 1`,
      'draft',
      1,
      1,
      false,
    ]);
    expect(co.lines.map((l) => [l.name, l.quantity, l.unitPriceCents, l.orderLine])).toEqual([
      [tile.name, 6, 2_000, order.lines[0]!.id],
      [grout.name, 3, 900, null],
    ]);
    expect(co.previousTotalCents).toBe(order.totalCents);
    expect(co.totalCents).toBe(co.lines.reduce((s, l) => s + l.totalCents, 0));
    expect(co.changes.map((c) => [c.change, c.name])).toEqual([
      ['changed', tile.name],
      ['added', grout.name],
      ['removed', 'Installation'],
    ]);
    // Nothing happens to the order until it is approved.
    const same = (await api('GET', `/orders/${order._id}`)).json() as Order;
    expect([same.totalCents, same.revision, same.lines.length]).toEqual([order.totalCents, 1, 2]);
    expect(await committed(tile)).toBe(4);
  });

  it('refuses what cannot be: a draft order, another order’s line, a new item on a kept line, less than was handed over', async () => {
    const tile = await product();
    const other = await product();
    await stockIn(tile, 10);
    const draft = (
      await api('POST', '/orders', {
        customer: customer._id,
        lines: [{ name: 'Survey', quantity: 1, unitPriceCents: 100 }],
      })
    ).json() as Order;
    const onDraft = await propose(draft, [{ name: 'Survey', quantity: 2, unitPriceCents: 100 }]);
    expect([onDraft.statusCode, errorOf(onDraft).message]).toEqual([
      409,
      `${draft.number} is a draft: change it directly.`,
    ]);

    const order = await confirmed([{ item: { type: 'product', id: tile._id }, quantity: 5 }]);
    const elsewhere = await confirmed([{ name: 'Survey', quantity: 1, unitPriceCents: 100 }]);
    const stranger = await propose(order, [kept(elsewhere.lines[0]!)]);
    expect([stranger.statusCode, errorOf(stranger).fields?.['lines.0.id']]).toEqual([400, 'Not a line of this order.']);
    const swapped = await propose(order, [{ ...kept(order.lines[0]!), item: { type: 'product', id: other._id } }]);
    expect([swapped.statusCode, errorOf(swapped).fields?.['lines.0.item']]).toEqual([
      400,
      `A line keeps its item: remove ${tile.name} and add the new one.`,
    ]);
    const empty = await api('POST', '/change-orders', { order: order._id, reason: '', lines: [] });
    expect([empty.statusCode, Object.keys(errorOf(empty).fields ?? {}).sort()]).toEqual([400, ['lines', 'reason']]);

    await api('POST', `/orders/${order._id}/fulfil`, { lines: [{ line: order.lines[0]!.id, quantity: 3 }] });
    const under = await propose(order, [kept(order.lines[0]!, 2)]);
    expect([under.statusCode, errorOf(under).fields?.['lines.0.quantity']]).toEqual([
      400,
      `3 of ${tile.name} were handed over already: keep at least that (a return takes it back).`,
    ]);
    const dropped = await propose(order, [{ name: 'Survey', quantity: 1, unitPriceCents: 100 }]);
    expect([dropped.statusCode, errorOf(dropped).fields?.lines]).toEqual([
      400,
      `3 of ${tile.name} were handed over already: it stays on the order (a return takes it back).`,
    ]);
    // Another firm's order is not there to change.
    const theirs = await api(
      'POST',
      '/change-orders',
      { order: order._id, reason: 'x', lines: [kept(order.lines[0]!)] },
      cedar,
    );
    expect([theirs.statusCode, errorOf(theirs).fields?.order]).toEqual([400, 'Choose one of the firm’s orders.']);
  });
});

describe('approving a change order', () => {
  it('rewrites the order in place, holds the difference in stock, and keeps both revisions', async () => {
    const tile = await product({ priceCents: 1_000 });
    const trim = await product({ priceCents: 500 });
    await stockIn(tile, 20);
    await stockIn(trim, 20);
    const order = await confirmed(
      [
        { item: { type: 'product', id: tile._id }, quantity: 5 },
        { item: { type: 'product', id: trim._id }, quantity: 4 },
      ],
      { deposit: { kind: 'percent', percent: 50 } },
    );
    await api('POST', `/orders/${order._id}/fulfil`, { lines: [{ line: order.lines[0]!.id, quantity: 2 }] });
    expect([await committed(tile), await committed(trim)]).toEqual([3, 4]);
    const co = (
      await propose(order, [
        kept(order.lines[0]!, 8),
        { name: 'Haul away', quantity: 1, unitPriceCents: 4_000, taxClass: 'Labour' },
      ])
    ).json() as ChangeOrder;
    const future = await approve(co, { approvedAt: '2999-01-01T00:00:00Z' });
    expect([future.statusCode, errorOf(future).fields?.approvedAt]).toEqual([
      400,
      'The approval cannot be in the future.',
    ]);
    const r = await approve(co, { method: 'signed_document', note: 'Signed on site' });
    expect(r.statusCode, r.body).toBe(200);
    const done = r.json() as ChangeOrder;
    expect([done.status, done.revision, done.previousTotalCents, done.approval?.by, done.approval?.method]).toEqual([
      'approved',
      2,
      order.totalCents,
      'Jo Client',
      'signed_document',
    ]);
    expect(done.approval?.recordedBy?.name).toBeTruthy();

    const after = (await api('GET', `/orders/${order._id}`)).json() as Order;
    // The kept line is the same line: what was handed over of it stays.
    expect(after.lines.map((l) => [l.id === order.lines[0]!.id, l.name, l.quantity, l.delivered])).toEqual([
      [true, tile.name, 8, 2],
      [false, 'Haul away', 1, 0],
    ]);
    expect([after.totalCents, after.originalTotalCents, after.revision, after.depositCents]).toEqual([
      done.totalCents,
      order.totalCents,
      2,
      Math.round(done.totalCents / 2),
    ]);
    // 8 − 2 delivered held of the tile; the trim's 4 let go.
    expect([await committed(tile), await committed(trim)]).toEqual([6, 0]);

    const revisions = (await api('GET', `/orders/${order._id}/revisions`)).json() as OrderRevision[];
    expect(revisions.map((v) => [v.revision, v.totalCents, v.changeOrder?.name ?? null])).toEqual([
      [2, done.totalCents, done.name],
      [1, order.totalCents, null],
    ]);
    expect(revisions[0]!.changes.map((c) => [c.change, c.name])).toEqual([
      ['changed', tile.name],
      ['added', 'Haul away'],
      ['removed', trim.name],
    ]);
    // Approved is final: not edited, approved again or deleted.
    expect((await approve(co)).statusCode).toBe(409);
    expect((await api('DELETE', `/change-orders/${co._id}`)).statusCode).toBe(409);
    const log = (await api('GET', `/orders/${order._id}/logs`)).json().items as { action: string }[];
    expect(log.map((l) => l.action)).toContain('change');
  });

  it('refuses a change written against an older revision, and one the stock cannot cover, changing nothing', async () => {
    const tile = await product();
    await stockIn(tile, 6);
    const order = await confirmed([{ item: { type: 'product', id: tile._id }, quantity: 2 }]);
    const a = (await propose(order, [kept(order.lines[0]!, 3)])).json() as ChangeOrder;
    const b = (await propose(order, [kept(order.lines[0]!, 4)])).json() as ChangeOrder;
    expect(b.sequence).toBe(2);
    expect((await approve(a)).statusCode).toBe(200);
    const stale = (await api('GET', `/change-orders/${b._id}`)).json() as ChangeOrder;
    expect(stale.stale).toBe(true);
    const late = await approve(b);
    expect([late.statusCode, errorOf(late).message]).toEqual([
      409,
      `${order.number} changed since change 2 was written (it is at revision 2): open the change order and save it again.`,
    ]);
    // Saved again, it is written against revision 2; more than the stock holds is refused whole.
    const again = await api('PUT', `/change-orders/${b._id}`, {
      order: order._id,
      reason: b.reason,
      lines: [kept(order.lines[0]!, 9)],
      version: stale.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    const short = await approve(b);
    expect(short.statusCode, short.body).toBe(409);
    const still = (await api('GET', `/orders/${order._id}`)).json() as Order;
    expect([still.revision, still.lines[0]!.quantity, await committed(tile)]).toEqual([2, 3, 3]);
    expect(((await api('GET', `/change-orders/${b._id}`)).json() as ChangeOrder).status).toBe('draft');
  });

  it('is declined with a reason, and a draft may be deleted', async () => {
    const order = await confirmed([{ name: 'Design', quantity: 1, unitPriceCents: 10_000, taxClass: 'Labour' }]);
    const co = (await propose(order, [kept(order.lines[0]!, 2)])).json() as ChangeOrder;
    const no = await api('POST', `/change-orders/${co._id}/decline`, { reason: 'Over budget' });
    expect([no.statusCode, (no.json() as ChangeOrder).status]).toEqual([200, 'declined']);
    expect((await approve(co)).statusCode).toBe(409);
    const other = (await propose(order, [kept(order.lines[0]!, 3)])).json() as ChangeOrder;
    expect((await api('DELETE', `/change-orders/${other._id}`)).statusCode).toBe(204);
    const list = (await api('GET', `/change-orders?filter[order][]=${order._id}`)).json();
    expect(list.items.map((r: { status: string }) => r.status)).toEqual(['declined']);
  });
});

describe('sending a change order', () => {
  it('emails the customer its PDF through the outbox and marks it sent', async () => {
    const order = await confirmed([{ name: 'Design', quantity: 1, unitPriceCents: 10_000, taxClass: 'Labour' }]);
    const co = (await propose(order, [kept(order.lines[0]!, 2)], 'A second design round')).json() as ChangeOrder;
    const mail = await startMailCatcher();
    const runner = startTestJobs(t, { jobs: [sendEmailJob], config: { smtpUrl: mail.url } });
    try {
      const sent = await api('POST', `/change-orders/${co._id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
      expect((sent.json() as ChangeOrder).status).toBe('sent');
      const message = await mail.waitFor('change@customer.test');
      expect(message.text).toContain(`Subject: Change order for ${order.number} from Harbor`);
      const [pdf] = attachmentsOf(message);
      expect(pdf).toMatchObject({ filename: `${order.number}-change-1.pdf`, contentType: 'application/pdf' });
      expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await runner.stop();
      await mail.close();
    }
    const printed = await api('GET', `/change-orders/${co._id}/pdf`);
    expect([printed.statusCode, printed.headers['content-type']]).toEqual([200, 'application/pdf']);
    const log = (await api('GET', `/change-orders/${co._id}/logs`)).json().items as { action: string }[];
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'mark-sent', 'send']));
  });
});

describe('approving a change order online', () => {
  const SIGNATURE = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
  /** The customer: no cookie, from their own address. */
  const pub = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call(t.app, {
      method,
      url: `/api/v1/public/proposals/${url}`,
      body,
      ip: '198.51.100.9',
      headers: { 'user-agent': 'PhoneBrowser/2.0' },
    });
  type Open = Extract<PublicProposal, { state: 'open' }>;
  /** A change order of a confirmed order, sent: its link's token. */
  const sentChange = async () => {
    const tile = await product({ priceCents: 1_000 });
    await stockIn(tile, 20);
    const order = await confirmed([
      { item: { type: 'product', id: tile._id }, quantity: 2 },
      { name: 'Installation', quantity: 1, unitPriceCents: 9_500, taxClass: 'Labour' },
    ]);
    const co = (
      await propose(
        order,
        [kept(order.lines[0]!, 5), { name: 'Haul away', quantity: 1, unitPriceCents: 4_000, taxClass: 'Labour' }],
        'A bigger floor',
      )
    ).json() as ChangeOrder;
    const sent = await api('POST', `/change-orders/${co._id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const link = (sent.json() as ChangeOrder).link!;
    return { tile, order, co: sent.json() as ChangeOrder, token: link.url.split('/').pop()! };
  };

  it('sends a link; the customer reads the change, signs it, and the order is rewritten as by hand, with the evidence kept', async () => {
    const { tile, order, co, token } = await sentChange();
    expect([co.status, co.link?.revision, co.link?.revokedAt, co.approvals]).toEqual(['sent', 1, null, []]);
    expect(co.link!.url).toMatch(/^\/proposals\/approve\/[A-Za-z0-9_-]{32}$/);
    const db = new pg.Client({ connectionString: t.ownerUrl });
    await db.connect();
    try {
      const { rows: mail } = await db.query(
        `SELECT text_body FROM email_outbox WHERE subject LIKE $1 ORDER BY created_at DESC LIMIT 1`,
        [`Change order for ${order.number} %`],
      );
      expect(mail[0].text_body).toContain(`/proposals/approve/${token}`);

      const read = await pub('GET', token);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.headers['referrer-policy']).toBe('no-referrer');
      expect(read.body).not.toMatch(/unitCost|listPrice|priceSource|sku/);
      const doc = read.json() as Open;
      expect([
        doc.document,
        doc.title,
        doc.number,
        doc.status,
        doc.previousTotalCents,
        doc.deposit,
        doc.sectionApproval,
        doc.customerName,
      ]).toEqual([
        'change_order',
        `Change to ${order.number}`,
        co.name,
        'sent',
        order.totalCents,
        null,
        false,
        'Change Tester',
      ]);
      expect(doc.sections.map((x) => [x._id, x.title, x.status, x.lines.map((l) => [l.name, l.quantity])])).toEqual([
        [
          co._id,
          'A bigger floor',
          'open',
          [
            [tile.name, 5],
            ['Haul away', 1],
          ],
        ],
      ]);
      // The page adds up, with the engine the web app prices it with, to what the change order says.
      expect(
        priceDocument(doc.sections[0]!.lines, {
          discount: doc.discount,
          shippingCents: doc.shippingCents,
          taxExempt: doc.taxExempt,
        }).totalCents,
      ).toBe(co.totalCents);
      expect((await pub('POST', `${token}/view`)).statusCode).toBe(204);
      expect((await pub('POST', `${token}/view`)).statusCode).toBe(204);
      const bell = async () =>
        ((await api('GET', '/notifications')).json() as { message: string }[]).map((i) => i.message);
      expect((await bell()).filter((m) => m === `${co.name} was opened by the customer.`)).toHaveLength(1);

      // Bad input is refused per field and changes nothing; an online approval is not recorded by hand.
      const notPng = await pub('POST', `${token}/approve`, {
        name: 'Jo Client',
        signature: `data:image/png;base64,${Buffer.from('GIF89a not a png').toString('base64')}`,
        acceptTerms: true,
      });
      expect([notPng.statusCode, errorOf(notPng).fields]).toEqual([
        400,
        { signature: 'Sign in the box: the signature must be a drawn image.' },
      ]);
      const part = await pub('POST', `${token}/approve`, {
        name: 'Jo Client',
        signature: SIGNATURE,
        acceptTerms: true,
        sections: [order._id],
      });
      expect([part.statusCode, errorOf(part).fields]).toEqual([
        400,
        { sections: 'This change order is decided as a whole.' },
      ]);
      const byHand = await approve(co, { method: 'online' });
      expect([byHand.statusCode, errorOf(byHand).fields?.method]).toEqual([400, 'Choose how it was approved.']);
      expect(((await api('GET', `/orders/${order._id}`)).json() as Order).revision).toBe(1);

      const ok = await pub('POST', `${token}/approve`, { name: 'Jo Client', signature: SIGNATURE, acceptTerms: true });
      expect(ok.statusCode, ok.body).toBe(200);
      const shown = ok.json() as Open;
      expect([shown.status, shown.sections[0]!.status, shown.approvals.length]).toEqual(['approved', 'approved', 1]);

      const done = (await api('GET', `/change-orders/${co._id}`)).json() as ChangeOrder;
      expect([done.status, done.revision, done.approval?.by, done.approval?.method, done.approval?.recordedBy]).toEqual(
        ['approved', 2, 'Jo Client', 'online', null],
      );
      const record = done.approvals[0]!;
      expect([record.decision, record.name, record.ip, record.userAgent, record.order?._id]).toEqual([
        'approved',
        'Jo Client',
        '198.51.100.9',
        'PhoneBrowser/2.0',
        order._id,
      ]);
      // The order is rewritten as a hand approval rewrites it: its lines, its stock held, its revision.
      const after = (await api('GET', `/orders/${order._id}`)).json() as Order;
      expect(after.lines.map((l) => [l.id === order.lines[0]!.id, l.name, l.quantity])).toEqual([
        [true, tile.name, 5],
        [false, 'Haul away', 1],
      ]);
      expect([after.totalCents, after.revision, await committed(tile)]).toEqual([done.totalCents, 2, 5]);

      // The evidence: the snapshot's hash is of its canonical JSON, the PDF's of the bytes served.
      const { rows } = await db.query('SELECT snapshot, snapshot_sha256 FROM approval_records WHERE id = $1', [
        record._id,
      ]);
      expect(sha256Hex(canonicalJson(rows[0].snapshot))).toBe(record.snapshotSha256);
      expect(rows[0].snapshot).toMatchObject({ document: 'change_order', number: co.name, signer: 'Jo Client' });
      const pdf = await call(t.app, { method: 'GET', url: shown.approvals[0]!.pdfUrl! });
      expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
      expect(sha256Hex(pdf.rawPayload)).toBe(record.pdfSha256);
      const signed = await api('GET', record.signatureUrl!.replace('/api/v1', ''));
      expect([signed.statusCode, signed.headers['content-type']]).toEqual([200, 'image/png']);
      expect(await bell()).toContain(`Jo Client approved ${co.name} online: ${order.number} was changed.`);
      const verified = (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/public/proposals/verify',
          body: pdf.rawPayload,
          headers: { 'content-type': 'application/pdf' },
        })
      ).json() as PdfVerification;
      expect(verified).toMatchObject({ match: true, number: co.name, signedBy: 'Jo Client' });

      // Replayed, or recorded by hand after: it was decided.
      const replay = await pub('POST', `${token}/approve`, {
        name: 'Jo Client',
        signature: SIGNATURE,
        acceptTerms: true,
      });
      expect([replay.statusCode, errorOf(replay).message]).toEqual([
        409,
        `${co.name} was already approved: it can no longer be changed.`,
      ]);
      expect((await approve(co)).statusCode).toBe(409);
      const log = (await api('GET', `/change-orders/${co._id}/logs`)).json().items as { action: string }[];
      expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['send', 'approve', 'approve-online']));
    } finally {
      await db.end();
    }
  });

  it('is declined online with a reason: the order stays as it was', async () => {
    const { order, co, token } = await sentChange();
    const no = await pub('POST', `${token}/decline`, { name: 'Jo Client', reason: 'Too dear this year.' });
    expect(no.statusCode, no.body).toBe(200);
    expect((no.json() as Open).sections[0]!.status).toBe('declined');
    const declined = (await api('GET', `/change-orders/${co._id}`)).json() as ChangeOrder;
    expect([declined.status, declined.approvals.map((a) => [a.decision, a.reason, a.pdfUrl])]).toEqual([
      'declined',
      [['declined', 'Too dear this year.', null]],
    ]);
    const same = (await api('GET', `/orders/${order._id}`)).json() as Order;
    expect([same.revision, same.totalCents]).toEqual([1, order.totalCents]);
    expect(
      (await pub('POST', `${token}/approve`, { name: 'Jo', signature: SIGNATURE, acceptTerms: true })).statusCode,
    ).toBe(409);
  });

  it('stops the link when revoked (410 naming the firm) and when the sent change order is edited', async () => {
    const { order, co, token } = await sentChange();
    const revoked = await api('POST', `/change-orders/${co._id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((revoked.json() as ChangeOrder).link?.revokedAt).not.toBeNull();
    const gone = await pub('GET', token);
    expect([gone.statusCode, errorOf(gone).message]).toEqual([
      410,
      'This link is no longer valid. Ask Harbor & Pine Interiors for a new one.',
    ]);
    const late = await pub('POST', `${token}/approve`, { name: 'Jo', signature: SIGNATURE, acceptTerms: true });
    expect(late.statusCode).toBe(410);
    const twice = await api('POST', `/change-orders/${co._id}/revoke`);
    expect([twice.statusCode, errorOf(twice).message]).toEqual([
      409,
      `Change ${co.sequence} has no link that still works.`,
    ]);

    // Sent again: a new link. Edited after: it stops too, and the order is untouched.
    const again = (await api('POST', `/change-orders/${co._id}/send`)).json() as ChangeOrder;
    const fresh = again.link!.url.split('/').pop()!;
    expect(fresh).not.toBe(token);
    expect((await pub('GET', fresh)).statusCode).toBe(200);
    const edit = await api('PUT', `/change-orders/${co._id}`, {
      order: order._id,
      reason: 'A bigger floor, and the hall',
      lines: [kept(order.lines[0]!, 6)],
      version: again.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((edit.json() as ChangeOrder).status).toBe('draft');
    expect((await pub('GET', fresh)).statusCode).toBe(410);
    expect(((await api('GET', `/orders/${order._id}`)).json() as Order).revision).toBe(1);
  });
});

import type { Product, PurchaseOrder, Vendor, Warehouse } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, startTestJobs, type TestApp } from '../../../test/helpers';
import { attachmentsOf, startMailCatcher } from '../../../test/mail-catcher';
import { sendEmailJob } from '../../platform/email/email-job';

let t: TestApp;
let owner: string;
let home: Warehouse;
let tile: Product;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const order = async (vendor: Vendor) =>
  (
    await api('POST', '/purchase-orders', {
      vendor: vendor._id,
      warehouse: home._id,
      notes: 'Deliver to Dock B',
      lines: [{ item: { type: 'product', id: tile._id }, quantity: 12, unitCost: 8.4 }],
    })
  ).json() as PurchaseOrder;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  tile = (await api('POST', '/products', { name: 'Sent tile 8″', unit: 'box', priceCents: 4_000 })).json();
});
afterAll(async () => {
  await t.close();
});

describe('sending a purchase order', () => {
  it('emails the vendor its PDF through the outbox, and says "revised" when sent again after an edit', async () => {
    const vendor = (await api('POST', '/vendors', { name: 'Mailed Supply', email: 'orders@mailed.test' })).json();
    const po = await order(vendor);
    const mail = await startMailCatcher();
    const runner = startTestJobs(t, { jobs: [sendEmailJob], config: { smtpUrl: mail.url } });
    try {
      const sent = await api('POST', `/purchase-orders/${po._id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
      expect((sent.json() as PurchaseOrder).status).toBe('sent');
      const first = await mail.waitFor('orders@mailed.test');
      expect(first.text).toContain(`Subject: Purchase order ${po.number} from Harbor`);
      expect(first.text).toContain('Please find our purchase order attached.');
      const [pdf] = attachmentsOf(first);
      expect(pdf).toMatchObject({ filename: `${po.number}.pdf`, contentType: 'application/pdf' });
      expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');

      const fresh = (await api('GET', `/purchase-orders/${po._id}`)).json() as PurchaseOrder;
      const edited = await api('PUT', `/purchase-orders/${po._id}`, {
        vendor: vendor._id,
        warehouse: home._id,
        lines: [{ id: fresh.lines[0]!.id, item: { type: 'product', id: tile._id }, quantity: 20, unitCost: 8.4 }],
        version: fresh.version,
      });
      expect((edited.json() as PurchaseOrder).revision).toBe(2);
      await api('POST', `/purchase-orders/${po._id}/send`);
      const deadline = Date.now() + 10_000;
      const toVendor = () => mail.messages.filter((m) => m.to.includes('orders@mailed.test'));
      while (toVendor().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const again = toVendor()[1]!;
      expect(again.text).toContain(`Subject: Revised purchase order ${po.number}`);
      expect(again.text).toContain(`This is revision 2 of ${po.number}`);
    } finally {
      await runner.stop();
      await mail.close();
    }
  });

  it('refuses a vendor without email, a cancelled order, and anyone without code 201', async () => {
    const silent = (await api('POST', '/vendors', { name: 'Phone-only Supply' })).json();
    const po = await order(silent);
    const r = await api('POST', `/purchase-orders/${po._id}/send`);
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).message).toBe(
      'Phone-only Supply has no email address: add one on the vendor, or mark the order as sent if you ordered by phone.',
    );
    // The warehouse role keeps purchase orders (57) but does not send them (201).
    const keeper = await signIn(t.app, 'warehouse@demo.test');
    expect((await api('POST', `/purchase-orders/${po._id}/send`, undefined, keeper)).statusCode).toBe(403);
    await api('POST', `/purchase-orders/${po._id}/cancel`);
    expect(errorOf(await api('POST', `/purchase-orders/${po._id}/send`)).message).toBe(
      `${po.number} was cancelled: there is nothing to send.`,
    );
  });

  it('gives the PDF to download and print', async () => {
    const vendor = (await api('POST', '/vendors', { name: 'Printed Supply' })).json();
    const po = await order(vendor);
    const r = await api('GET', `/purchase-orders/${po._id}/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

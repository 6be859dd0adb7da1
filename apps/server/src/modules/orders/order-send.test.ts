import type { Order, Product, Warehouse } from '@atelier/contracts';
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
const order = async (customer: string) => {
  const r = await api('POST', '/orders', {
    customer,
    warehouse: home._id,
    notes: 'Leave at the side door',
    lines: [
      { item: { type: 'product', id: tile._id }, quantity: 3 },
      { name: 'Installation', quantity: 2, unitPriceCents: 9_500, taxClass: 'Labour' },
    ],
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Order;
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  tile = (await api('POST', '/products', { name: 'Mailed tile 6″', unit: 'box', priceCents: 4_000 })).json();
  await api('POST', '/stock/adjustments', {
    item: { type: 'product', id: tile._id },
    warehouse: home._id,
    quantity: 50,
    note: 'Opening count',
  });
});
afterAll(async () => {
  await t.close();
});

describe('sending an order', () => {
  it('emails the customer its confirmation as a PDF through the outbox, and records the send', async () => {
    const customer = (
      await api('POST', '/customers', {
        firstName: 'Mailed',
        emails: [{ label: 'Home', email: 'mailed@customer.test' }],
      })
    ).json() as { _id: string };
    const o = await order(customer._id);
    expect((await api('POST', `/orders/${o._id}/confirm`)).statusCode).toBe(200);
    const mail = await startMailCatcher();
    const runner = startTestJobs(t, { jobs: [sendEmailJob], config: { smtpUrl: mail.url } });
    try {
      const sent = await api('POST', `/orders/${o._id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
      const message = await mail.waitFor('mailed@customer.test');
      expect(message.text).toContain(`Subject: Order confirmation ${o.number} from Harbor`);
      expect(message.text).toContain('Please find your order confirmation attached.');
      const [pdf] = attachmentsOf(message);
      expect(pdf).toMatchObject({ filename: `${o.number}.pdf`, contentType: 'application/pdf' });
      expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await runner.stop();
      await mail.close();
    }
    const log = (await api('GET', `/orders/${o._id}/logs`)).json().items as { action: string }[];
    expect(log.map((l) => l.action)).toContain('send');
  });

  it('refuses a customer without email and a cancelled order, and gives the PDF to print', async () => {
    const silent = (await api('POST', '/customers', { firstName: 'Unmailed' })).json() as { _id: string };
    const o = await order(silent._id);
    const r = await api('POST', `/orders/${o._id}/send`);
    expect([r.statusCode, errorOf(r).message]).toEqual([
      400,
      'Unmailed has no email address: add one on the customer first.',
    ]);
    const pdf = await api('GET', `/orders/${o._id}/pdf`);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="${o.number}.pdf"; filename*=UTF-8''${o.number}.pdf`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    await api('POST', `/orders/${o._id}/cancel`, {});
    expect(errorOf(await api('POST', `/orders/${o._id}/send`)).message).toBe(
      `${o.number} was cancelled: there is nothing to send.`,
    );
  });
});

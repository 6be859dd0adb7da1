import { dismissToasts, expect, signIn, test } from '../fixtures';

test('an order’s deposit invoiced and paid, then its progress billed with retention, in the browser', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  // A $10,000.00 remodel of free lines (no stock to hold), no tax, a 30 % deposit, confirmed.
  const customer = (await (await page.request.get('/api/v1/customers?limit=1')).json()).items[0];
  const order = await (
    await page.request.post('/api/v1/orders', {
      data: {
        customer: customer._id,
        deposit: { kind: 'percent', percent: 30 },
        lines: [{ name: 'Bathroom remodel', quantity: 1, unitPriceCents: 1_000_000, taxClass: 'Labour' }],
      },
    })
  ).json();
  expect((await page.request.post(`/api/v1/orders/${order._id}/confirm`)).status()).toBe(200);

  await page.goto(`/o/orders/${order._id}`);
  const billing = page.getByRole('region', { name: 'Billing' });
  await billing.getByRole('button', { name: 'Invoice deposit' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Create the invoice' }).click();
  await expect(page).toHaveURL(/\/a\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText('$3,000.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Record payment' }).click();
  const pay = page.getByRole('dialog', { name: /Record a payment/ });
  await pay.getByRole('button', { name: 'Record payment' }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

  // Half the work done: $5,000.00 of work, $500.00 held back, $1,500.00 of the deposit recovered.
  await page.goto(`/o/orders/${order._id}`);
  await billing.getByRole('button', { name: 'Bill progress' }).click();
  const progress = page.getByRole('dialog', { name: /Bill progress/ });
  await progress.getByRole('textbox', { name: 'Percent complete' }).fill('50');
  await progress.getByRole('textbox', { name: 'Retention' }).fill('10');
  await progress.getByRole('button', { name: 'Create the invoice' }).click();
  await expect(page).toHaveURL(/\/a\/invoices\/[0-9a-f-]{36}$/);
  const invoice = await (await page.request.get(`/api/v1${new URL(page.url()).pathname.replace('/a', '')}`)).json();
  expect(invoice).toMatchObject({
    billing: 'progress',
    workCents: 500_000,
    retentionCents: 50_000,
    depositRecoveredCents: 150_000,
    totalCents: 300_000,
  });
  await expect(page.getByText('$3,000.00').first()).toBeVisible();
});

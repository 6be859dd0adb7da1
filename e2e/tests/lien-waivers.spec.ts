import { dismissToasts, expect, signIn, test, toast } from '../fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('a payment on a job with an open lien asks for its waiver, recorded pre-filled and printed from the firm’s own text', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  const stamp = Date.now().toString(36);
  const post = async (url: string, data?: object) => {
    const answer = await page.request.post(url, data ? { data } : {});
    expect(answer.ok(), await answer.text()).toBe(true);
    return answer.json();
  };

  // A job of our own making for a demo customer, its Florida lien (the firm is the prime
  // contractor), and a $2,500.00 invoice on it, sent.
  const customer = (await (await page.request.get('/api/v1/customers?limit=1')).json()).items[0];
  const job = await post('/api/v1/customer-jobs', { name: `Boca Raton kitchen ${stamp}`, customer: customer._id });
  const owner = `Marisol Vega ${stamp}`;
  await post('/api/v1/liens', {
    customerJob: job._id,
    state: 'FL',
    role: 'prime',
    projectType: 'residential',
    firstFurnishingDate: day(-20),
    hiringParty: owner,
  });
  const invoice = await post('/api/v1/invoices', {
    customer: customer._id,
    customerJob: job._id,
    lines: [{ name: 'Cabinet install', quantity: 1, unitPriceCents: 250_000, taxClass: 'Labour' }],
  });
  await post(`/api/v1/invoices/${invoice._id}/mark-sent`);
  // $1,000.00 of it paid: a progress waiver is due, unconditional (the money is in).
  const payment = await post('/api/v1/payments', {
    customer: customer._id,
    method: 'check',
    amountCents: 100_000,
    applications: [{ invoice: invoice._id, amountCents: 100_000 }],
  });

  await page.goto(`/a/payments/${payment._id}`);
  const due = page.getByRole('alert', { name: 'Lien waiver due' });
  await expect(due).toContainText(`Boca Raton kitchen ${stamp}`);
  await due.getByRole('link', { name: 'Record this waiver' }).click();
  await expect(page).toHaveURL(/\/a\/lien-waivers\/new\?/);
  await expect(page.getByRole('combobox', { name: 'Lien', exact: true })).toHaveValue(
    `Lien · Boca Raton kitchen ${stamp}`,
  );
  await expect(page.getByRole('radio', { name: 'Given by us' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Unconditional' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Progress' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Other party' })).toHaveValue(owner);
  await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('$1,000.00');
  await expect(page.getByLabel('Through date')).toHaveValue(payment.receivedOn);
  await expect(page.getByRole('combobox', { name: 'Payment', exact: true })).toHaveValue(
    new RegExp(`^${payment.name} · `),
  );
  await page.getByRole('button', { name: 'Create lien waiver' }).click();
  await expect(toast(page, 'success', /saved\. Upload its signed copy on the Files tab\.$/)).toBeVisible();
  await expect(page).toHaveURL(/\/a\/lien-waivers\/[0-9a-f-]{36}$/);
  const waiverUrl = page.url();
  // No text of the firm's for it yet: no PDF, and where to write one.
  await expect(page.getByText(/Add your own waiver text in Settings › Documents to print it/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Print PDF' })).toHaveCount(0);

  // The payment now links to the waiver it has.
  await page.goto(`/a/payments/${payment._id}`);
  await expect(page.getByText('Recorded:')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Lien waiver due' })).toHaveCount(0);

  // The firm's own text for unconditional progress waivers, with merge fields (put back as it was after).
  const before = (await (await page.request.get('/api/v1/settings/')).json()).lienWaiverSettings;
  await dismissToasts(page);
  await page.goto('/s/documents');
  await expect(page.getByRole('heading', { name: 'Lien waiver templates' })).toBeVisible();
  await expect(page.getByText('{{amount}}', { exact: true })).toBeVisible();
  const text = page.getByRole('textbox', { name: 'Unconditional progress waiver' });
  await text.fill(`Received {{amount}} for the work on {{job}}. ${stamp}`);
  const templates = page.locator('form').filter({ has: text });
  await templates.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Lien waiver templates saved.')).toBeVisible();

  await page.goto(waiverUrl);
  const print = page.getByRole('link', { name: 'Print PDF' });
  await expect(print).toBeVisible();
  const pdf = await page.request.get((await print.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await page.request.put('/api/v1/settings/lienWaiverSettings', { data: before })).ok()).toBe(true);
});

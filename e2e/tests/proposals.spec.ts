import { createHash } from 'node:crypto';
import { expect, signIn, test } from '../fixtures';

type Proposal = {
  _id: string;
  number: string;
  link: { url: string } | null;
  approvals: { order: { _id: string } | null; pdfSha256: string }[];
};

test('a client approves a proposal on their phone: options chosen, signed, and the order, signed PDF and hash are kept', async ({
  page,
  browser,
}) => {
  // The firm sends a proposal from its page.
  await signIn(page, 'owner@demo.test');
  await page.goto('/o/proposals');
  await expect(page).toHaveTitle('Atelier Proposals');
  await page
    .getByRole('row', { name: /Kitchen and main bath refresh/ })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/o\/proposals\/[0-9a-f-]{36}/);
  await expect(page.getByText('Kitchen and main bath refresh').first()).toBeVisible();
  const id = page.url().split('/o/proposals/')[1]!.split(/[/?]/)[0]!;
  const sent = (await (await page.request.post(`/api/v1/proposals/${id}/send`, { data: {} })).json()) as Proposal;
  expect(sent.link?.url).toMatch(/^\/proposals\/approve\/[A-Za-z0-9_-]{32}$/);

  // The client, signed in nowhere, on a 375 px phone.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const client = await phone.newPage();
  await client.goto(sent.link!.url);
  await expect(client.getByRole('heading', { name: 'Kitchen and main bath refresh' })).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const total = client.getByRole('table', { name: 'Totals' });
  const before = await total.innerText();
  // The optional lighting, ticked: the total follows.
  await client.getByRole('checkbox').first().check();
  await expect(total).not.toHaveText(before);
  await client.getByLabel('Your full name').fill('Robin Client');
  const pad = client.locator('canvas').first();
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await client.mouse.move(box.x + 20, box.y + box.height / 2);
  await client.mouse.down();
  await client.mouse.move(box.x + box.width / 2, box.y + 15, { steps: 8 });
  await client.mouse.move(box.x + box.width - 20, box.y + box.height - 15, { steps: 8 });
  await client.mouse.up();
  await client.getByLabel('I accept the terms').check();
  await client.getByRole('button', { name: /^Approve/ }).click();
  await expect(client.getByText('Approved by Robin Client')).toBeVisible();
  const download = client.getByRole('link', { name: 'Download the signed PDF' });
  const pdf = await client.request.get((await download.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const sha = createHash('sha256')
    .update(await pdf.body())
    .digest('hex');
  await expect(client.getByText(sha)).toBeVisible();
  await phone.close();

  // The firm sees the approval, its hash, and the order made from the choices.
  const approved = (await (await page.request.get(`/api/v1/proposals/${id}`)).json()) as Proposal;
  expect(approved.approvals[0]!.pdfSha256).toBe(sha);
  await page.reload();
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
  const order = await (await page.request.get(`/api/v1/orders/${approved.approvals[0]!.order!._id}`)).json();
  expect(order.lines.length).toBeGreaterThan(2);
});

import { createHash } from 'node:crypto';
import { expect, ownerQuery, signIn, test, waitForEmail } from '../fixtures';

type Proposal = {
  _id: string;
  number: string;
  link: { url: string } | null;
  approvals: { order: { _id: string } | null; pdfSha256: string; snapshotSha256: string }[];
};

test('a client approves a proposal on their phone: options chosen, signed, and the order, signed PDF and hash are kept', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner@demo.test');
  // A proposal in two sections, with an option the client may add.
  const [customer] = (await ownerQuery(
    `SELECT c.id, c.primary_email FROM customers c JOIN firms f ON f.id = c.firm_id
      WHERE f.name = 'Harbor & Pine Interiors' AND c.primary_email <> '' ORDER BY c.created_at LIMIT 1`,
  )) as { id: string; primary_email: string }[];
  const made = await page.request.post('/api/v1/proposals', {
    data: {
      customer: customer!.id,
      title: 'Sunroom built-ins',
      terms: 'Half on approval, the rest on completion.',
      sections: [
        {
          title: 'Window seat',
          body: '<p>A painted window seat with drawers.</p>',
          lines: [
            { name: 'Joinery', quantity: 12, unitPriceCents: 9_500, taxClass: 'Labour' },
            { name: 'Seat cushion', quantity: 1, unitPriceCents: 24_000, optional: true, taxClass: 'Labour' },
          ],
        },
        {
          title: 'Shelving',
          lines: [{ name: 'Shelving install', quantity: 6, unitPriceCents: 9_500, taxClass: 'Labour' }],
        },
      ],
    },
  });
  expect(made.status()).toBe(201);
  const proposal = (await made.json()) as Proposal;

  // The firm sends it from its page.
  await page.goto(`/o/proposals/${proposal._id}`);
  await expect(page.getByText('Sunroom built-ins').first()).toBeVisible();
  const sentAt = Date.now();
  await page.getByRole('button', { name: 'Send to client' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Link of revision 1')).toBeVisible();
  const email = await waitForEmail(customer!.primary_email, sentAt);
  const url = /\/proposals\/approve\/[A-Za-z0-9_-]{32}/.exec(email)![0];

  // The client, signed in nowhere, on a 375 px phone.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const client = await phone.newPage();
  await client.goto(url);
  await expect(client.getByRole('heading', { name: 'Sunroom built-ins' })).toBeVisible();
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const total = client.getByRole('table', { name: 'Totals' });
  await expect(total).toContainText('$1,710.00');
  // The cushion, ticked: the total follows.
  await client.getByRole('checkbox', { name: 'Seat cushion' }).check();
  await expect(total).toContainText('$1,950.00');
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

  // The firm sees the approval, its hashes, and the order made with the cushion.
  const approved = (await (await page.request.get(`/api/v1/proposals/${proposal._id}`)).json()) as Proposal;
  expect(approved.approvals[0]!.pdfSha256).toBe(sha);
  const [kept] = (await ownerQuery('SELECT snapshot_sha256, pdf_sha256 FROM approval_records WHERE proposal_id = $1', [
    proposal._id,
  ])) as { snapshot_sha256: string; pdf_sha256: string }[];
  expect([kept!.snapshot_sha256, kept!.pdf_sha256]).toEqual([approved.approvals[0]!.snapshotSha256, sha]);
  await page.reload();
  await expect(
    page.getByText('Approved by', { exact: false }).or(page.getByText('Robin Client')).first(),
  ).toBeVisible();
  const order = await (await page.request.get(`/api/v1/orders/${approved.approvals[0]!.order!._id}`)).json();
  expect(order.lines.map((l: { name: string }) => l.name).sort()).toEqual([
    'Joinery',
    'Seat cushion',
    'Shelving install',
  ]);
  expect(order.totalCents).toBe(195_000);
});

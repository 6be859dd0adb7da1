import type { WebLeadCapture } from '@atelier/contracts';
import { expect, type Page } from '@playwright/test';
import { signIn, signOut, test, toast } from '../fixtures';

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

async function moveWithMenu(page: Page, name: string, stage: string) {
  await page.getByRole('button', { name: `Move ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: stage, exact: true }).click();
}

test('a lead moves through the pipeline, is lost with a reason, comes back and converts into a customer', async ({
  page,
}) => {
  await signIn(page, 'sales@demo.test');
  await page.getByRole('button', { name: 'Customers' }).click();
  await page
    .getByRole('menuitem', { name: 'Leads' })
    .or(page.getByRole('link', { name: 'Leads', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/u\/leads$/);
  await expect(page).toHaveTitle('Atelier Leads');
  await page.getByRole('link', { name: 'New lead' }).click();

  await page.getByLabel('Email').fill('nora@lindqvist');
  await page.getByRole('button', { name: 'Create lead' }).click();
  await expect(page.getByText('Enter a first name.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Lindqvist');
  await page.getByLabel('Company').fill('Lindqvist Bakery');
  await page.getByLabel('Email').fill('nora@lindqvistbakery.example');
  await page.getByLabel('Estimated value').fill('18,500');
  await page.getByRole('button', { name: 'Create lead' }).click();
  await expect(toast(page, 'success', 'Nora Lindqvist created.')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByText('$18,500.00')).toBeVisible();

  await page.getByRole('tab', { name: 'Interactions' }).click();
  await page.getByLabel('Summary').fill('Walked the bakery kitchen with Nora; she wants a quote by Friday.');
  await page.getByRole('button', { name: 'Add interaction' }).click();
  await expect(toast(page, 'success', 'Interaction added.')).toBeVisible();

  await page.goto('/u/leads?q=lindqvist');
  await expect(column(page, 'New').getByRole('link', { name: 'Nora Lindqvist' })).toBeVisible();
  for (const stage of ['Contacted', 'Qualified', 'Proposal']) {
    await moveWithMenu(page, 'Nora Lindqvist', stage);
    await expect(toast(page, 'success', `Nora Lindqvist moved to ${stage}.`)).toBeVisible();
    await expect(column(page, stage).getByRole('link', { name: 'Nora Lindqvist' })).toBeVisible();
  }
  await expect(column(page, 'New').getByRole('link', { name: 'Nora Lindqvist' })).toHaveCount(0);
  await expect(column(page, 'Proposal')).toContainText('$18,500.00');

  await moveWithMenu(page, 'Nora Lindqvist', 'Lost');
  const why = page.getByRole('dialog', { name: 'Why was Nora Lindqvist lost?' });
  await why.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(why.getByText('Choose why the lead was lost.')).toBeVisible();
  await why.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Timing' }).click();
  await why.getByRole('button', { name: 'Mark as lost' }).click();
  await expect(toast(page, 'success', 'Nora Lindqvist moved to Lost.')).toBeVisible();
  await expect(column(page, 'Lost').getByRole('link', { name: 'Nora Lindqvist' })).toBeVisible();

  // She came back: dragged from Lost to Proposal. The toast of her first move to Proposal has
  // gone first, so the one awaited below is the drag's.
  await expect(toast(page, 'success', 'Nora Lindqvist moved to Proposal.')).toHaveCount(0);
  await column(page, 'Lost').locator('[data-lead]', { hasText: 'Nora Lindqvist' }).dragTo(column(page, 'Proposal'));
  await expect(toast(page, 'success', 'Nora Lindqvist moved to Proposal.')).toBeVisible();
  await expect(column(page, 'Proposal').getByRole('link', { name: 'Nora Lindqvist' })).toBeVisible();

  await column(page, 'Proposal').getByRole('link', { name: 'Nora Lindqvist' }).click();
  await page.getByRole('button', { name: 'Convert' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert Nora Lindqvist into a customer' });
  await convert.getByLabel('Also create an account for Lindqvist Bakery').check();
  await convert.getByRole('button', { name: 'Convert' }).click();
  await expect(
    toast(page, 'success', 'Nora Lindqvist is now a customer, in the new account Lindqvist Bakery.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/u\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Nora Lindqvist' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lindqvist Bakery' })).toBeVisible();
  await page.getByRole('tab', { name: 'Interactions' }).click();
  await expect(page.getByText('Walked the bakery kitchen with Nora; she wants a quote by Friday.')).toBeVisible();

  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Converted to Nora Lindqvist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert', exact: true })).toHaveCount(0);
});

test('a website lead arrives on the board and its assignee hears of it in the bell', async ({ page, request }) => {
  await signIn(page, 'owner@demo.test');
  // The demo firm starts with Sam getting website leads: start from nobody, and choose him here.
  const cleared = await page.request.put('/api/v1/settings/leadSettings', { data: { webLeadAssignee: null } });
  expect(cleared.status()).toBe(200);
  await page.goto('/s/lead');
  await expect(page.getByRole('combobox', { name: 'Website leads go to' })).toHaveValue('');
  await page.getByRole('combobox', { name: 'Website leads go to' }).click();
  await page.getByRole('option', { name: 'Sam Reyes' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Lead settings saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Website leads go to' })).toHaveValue('Sam Reyes');
  await expect(page.getByText('Accepted only from https://harborandpine.example')).toBeVisible();

  const capture = (await (await page.request.get('/api/v1/leads/capture')).json()) as WebLeadCapture;
  await expect(page.getByLabel('Form address')).toHaveValue(capture.endpoint);
  const origin = { Origin: 'https://harborandpine.example' };
  const sent = await request.post(capture.endpoint, {
    headers: origin,
    data: {
      firstName: 'Priya',
      lastName: 'Natarajan',
      email: 'priya@natarajan.example',
      phone: '(207) 555-0142',
      message: 'We would like to redo our kitchen and mudroom this spring.',
      website: '',
    },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  // A robot fills in the field people never see: answered like a success, and dropped.
  const spam = await request.post(capture.endpoint, {
    headers: origin,
    data: { firstName: 'Cheap', lastName: 'Pills', message: 'Buy now', website: 'https://spam.example' },
  });
  expect(spam.status()).toBeLessThan(300);
  // From anywhere but the firm's website, nothing is taken.
  const elsewhere = await request.post(capture.endpoint, {
    headers: { Origin: 'https://elsewhere.example' },
    data: { firstName: 'Mallory' },
  });
  expect(elsewhere.status()).toBeGreaterThanOrEqual(400);

  await page.goto('/u/leads?q=natarajan');
  const card = column(page, 'New').locator('[data-lead]', { hasText: 'Priya Natarajan' });
  await expect(card).toContainText('Sam Reyes');
  await page.goto('/u/leads?q=pills');
  await expect(page.locator('[data-lead]')).toHaveCount(0);
  await expect(column(page, 'New')).toContainText('No leads here');

  await signOut(page);
  await signIn(page, 'sales@demo.test');
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await page.getByRole('menuitem', { name: /Priya Natarajan/ }).click();
  await expect(page).toHaveURL(/\/u\/leads\/[0-9a-f-]{36}$/);
  await expect(page.getByText('We would like to redo our kitchen and mudroom this spring.')).toBeVisible();
});

test('at 375 px the board swipes sideways; a refused move says why and puts the card back', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'sales@demo.test');
  await page.goto('/u/leads');
  const first = column(page, 'New').locator('[data-lead]').first();
  await expect(first).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const name = (await first.getByRole('link').innerText()).trim();

  await page.route('**/api/v1/leads/*/status', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'conflict', message: 'Someone else just moved this lead.' } }),
    }),
  );
  await moveWithMenu(page, name, 'Qualified');
  await expect(toast(page, 'error', 'Someone else just moved this lead.')).toBeVisible();
  await expect(column(page, 'New').getByRole('link', { name, exact: true })).toBeVisible();
  await expect(column(page, 'Qualified').getByRole('link', { name, exact: true })).toHaveCount(0);

  await page.unroute('**/api/v1/leads/*/status');
  await moveWithMenu(page, name, 'Contacted');
  await expect(toast(page, 'success', `${name} moved to Contacted.`)).toBeVisible();
  await column(page, 'Contacted').scrollIntoViewIfNeeded();
  await expect(column(page, 'Contacted').getByRole('link', { name, exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

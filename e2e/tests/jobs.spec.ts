import { expect } from '@playwright/test';
import { dismissToasts, signIn, test, toast } from '../fixtures';

test('a job is planned for a customer, started and completed; a project of the firm’s own has no customer', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Customers' }).click();
  await page
    .getByRole('menuitem', { name: 'Jobs' })
    .or(page.getByRole('link', { name: 'Jobs', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/u\/customer-jobs$/);
  await expect(page).toHaveTitle('Atelier Customer jobs');
  await page.getByRole('link', { name: 'New job' }).click();

  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('Name the job.')).toBeVisible();
  await page.getByLabel('Name').fill('Attic playroom');
  await page.getByRole('combobox', { name: 'Customer' }).fill('Casey');
  await page.getByRole('option', { name: 'Casey Morgan' }).click();
  await page.getByLabel('Start', { exact: true }).fill('2026-12-07');
  await page.getByLabel('End').fill('2026-12-01');
  await page.getByLabel('Budgeted revenue').fill('12,000');
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('End on or after the start date.')).toBeVisible();
  await page.getByLabel('End').fill('2026-12-18');
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(toast(page, 'success', 'Attic playroom created.')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/customer-jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Casey Morgan' }).first()).toBeVisible();
  await expect(page.getByText('$12,000.00').first()).toBeVisible();

  await dismissToasts(page);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(toast(page, 'success', 'Attic playroom is in progress.')).toBeVisible();
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(toast(page, 'success', 'Attic playroom is completed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The demo's showroom refit is a project: no customer, found with the list's search.
  await page.goto('/u/customer-jobs?q=showroom');
  await page.getByRole('link', { name: 'Showroom refit: new kitchen vignette' }).click();
  await expect(page.getByText(/^Project of your own/)).toBeVisible();
});

test('a lead converted with a job from a template; a purchase order for the job ships to its site and is delivered there', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  // A template of its own, so its tasks' names are this journey's alone.
  const template = await page.request.post('/api/v1/project-templates', {
    data: {
      name: 'Porch repair',
      tasks: [
        { key: 'scrape', name: 'Scrape the porch paint', day: 0 },
        { key: 'prime', name: 'Prime the porch', day: 2, dependsOn: ['scrape'] },
      ],
    },
  });
  expect(template.status()).toBe(201);
  const lead = await page.request.post('/api/v1/leads', { data: { firstName: 'Ines', lastName: 'Moreau' } });
  expect(lead.status()).toBe(201);
  await page.goto(`/u/leads/${(await lead.json())._id}`);
  await page.getByRole('button', { name: 'Convert' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert Ines Moreau into a customer' });
  await convert.getByLabel('Also create a job for them').check();
  await convert.getByLabel('Job name').fill('Moreau porch');
  await convert.getByLabel('Start', { exact: true }).fill('2027-03-01');
  await convert.getByRole('combobox', { name: 'Start from a template' }).click();
  await page.getByRole('option', { name: 'Porch repair' }).click();
  await convert.getByRole('button', { name: 'Convert' }).click();
  await expect(toast(page, 'success', 'Ines Moreau is now a customer, with the job Moreau porch.')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/customer-jobs\/[0-9a-f-]{36}$/);
  const jobUrl = page.url();
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.locator('[data-task="Scrape the porch paint"]')).toContainText('Mar 1, 2027');
  await expect(page.locator('[data-task="Prime the porch"]')).toContainText('Mar 3, 2027');

  // The job has no site yet: its purchase order ships to an address typed for it; it is
  // delivered there, into no warehouse.
  const jobId = jobUrl.split('/').pop()!;
  const vendors = await (await page.request.get('/api/v1/vendors?limit=1')).json();
  const products = await (await page.request.get('/api/v1/products?limit=1')).json();
  const made = await page.request.post('/api/v1/purchase-orders', {
    data: {
      vendor: vendors.items[0]._id,
      customerJob: jobId,
      shipTo: { line1: '3 Pine Street', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
      lines: [{ item: { type: 'product', id: products.items[0]._id }, quantity: 2 }],
    },
  });
  expect(made.status()).toBe(201);
  const po = await made.json();
  expect((await page.request.post(`/api/v1/purchase-orders/${po._id}/mark-sent`)).status()).toBe(200);
  await page.goto(`/p/purchase-orders/${po._id}`);
  await page.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Delivered to the job site (Moreau porch)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText(/1 of 1 lines received/)).toBeVisible();
  await page.getByRole('tab', { name: 'Receipts' }).click();
  await expect(page.getByText(/Delivered to the job site/)).toBeVisible();
  await dismissToasts(page);
  await page.goto(`${jobUrl}/purchase-orders`);
  await expect(page.getByRole('link', { name: po.number })).toBeVisible();
});

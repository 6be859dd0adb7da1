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
  await expect(page.getByText('Project of your own')).toBeVisible();
});

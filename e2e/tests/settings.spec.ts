import { expect, signIn, test, toast } from '../fixtures';

test('account settings give a new account its terms and price levels; customer settings give the form its sources', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/s/account');
  await expect(page).toHaveTitle('Atelier Account');
  await page.getByLabel('Payment terms (days)').fill('60');
  await page.getByRole('button', { name: 'Add a price level' }).click();
  await page.getByLabel('Price level 4', { exact: true }).fill('Designer');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'success', 'Account settings saved.')).toBeVisible();

  await page.goto('/u/companies/new');
  await page.getByLabel('Name', { exact: true }).fill('Lark & Lintel Studio');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/u\/companies\/[0-9a-f-]{36}$/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByLabel('Payment terms (days)')).toHaveValue('60');
  await page.getByRole('combobox', { name: 'Price level' }).click();
  await expect(page.getByRole('option', { name: 'Designer' })).toBeVisible();

  await page.goto('/s/customer');
  await page.getByRole('button', { name: 'Add a source' }).click();
  await page.getByLabel('Source 6', { exact: true }).fill('Trade show');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Customer settings saved.')).toBeVisible();
  await page.goto('/u/customers/new');
  await page.getByRole('combobox', { name: 'Source' }).click();
  await expect(page.getByRole('option', { name: 'Trade show' })).toBeVisible();
});

test('employee settings: the role a new invitation starts with, and the departments, on /s/employee', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/s/employee');
  await expect(page.getByRole('heading', { name: 'Departments' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Role of a new invitation' }).click();
  await page.getByRole('option', { name: 'Sales' }).click();
  // The role's card, not the time rules' below it.
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(toast(page, 'success', 'Employee settings saved.')).toBeVisible();

  // Inviting someone now starts with that role chosen.
  await page.goto('/s/manage');
  const invite = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send invitation' }) });
  await expect(invite.locator('.mantine-Pill-root', { hasText: 'Sales' })).toBeVisible();

  // Put it back for the journeys that invite people.
  await page.goto('/s/employee');
  await page.getByRole('combobox', { name: 'Role of a new invitation' }).click();
  await page.getByRole('option', { name: 'Sales' }).click();
  // The role's card, not the time rules' below it.
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(toast(page, 'success', 'Employee settings saved.')).toBeVisible();
});

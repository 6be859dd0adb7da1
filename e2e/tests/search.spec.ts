import { expect, ownerQuery, signIn, test, toast } from '../fixtures';

test('the search dialog finds an account and a customer; Enter, Esc and the arrow keys work', async ({ page }) => {
  const [customer] = await ownerQuery(
    `SELECT c.id, c.name, c.primary_email FROM customers c JOIN firms f ON f.id = c.firm_id
      WHERE f.name LIKE 'Harbor%' AND c.archived_at IS NULL AND c.primary_email LIKE '%@mail.example' ORDER BY c.id LIMIT 1`,
  );
  await signIn(page, 'sales@demo.test');
  await page.keyboard.press('Control+Alt+s');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByLabel('Search for');
  await expect(input).toBeFocused(); // after the 500 ms delay

  // A customer by email, opened from the results.
  await input.fill(customer.primary_email);
  await input.press('Enter');
  await dialog.getByRole('listitem').filter({ hasText: customer.name }).click();
  await expect(page).toHaveURL(`/u/customers/${customer.id}`);
  await expect(dialog).toBeHidden();

  // An account, searched in Account only, from the top-bar button.
  await page.getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('combobox', { name: 'Search in' }).click();
  await page.getByRole('option', { name: 'Account', exact: true }).click();
  await input.fill('birch');
  await input.press('Enter');
  const account = dialog.getByRole('listitem').first();
  await expect(account).toContainText('Account');
  await expect(dialog.getByRole('link', { name: 'Open the account list with “birch”' })).toBeVisible();

  // Nothing found: the exact texts. Esc clears, and a second Esc closes.
  await input.fill('zzqxv');
  await input.press('Enter');
  await expect(dialog.getByText('No results found', { exact: true })).toBeVisible();
  await expect(dialog.getByText('We couldn’t find anything with that term. Please try again.')).toBeVisible();
  await input.press('Escape');
  await expect(input).toHaveValue('');
  await expect(dialog.getByText('No results found', { exact: true })).toBeHidden();

  // The arrows walk the recent searches, newest first; Enter runs the one chosen.
  await input.press('ArrowDown');
  await expect(input).toHaveValue('zzqxv');
  await input.press('ArrowDown');
  await expect(input).toHaveValue('birch');
  await input.press('Enter');
  await expect(dialog.getByRole('listitem').first()).toContainText('Account');
  await input.press('Escape');
  await input.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a saved search survives a reload; a category with no page is an invalid search type', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByLabel('Search for');
  await input.fill('harbor');
  await input.press('Enter');
  await dialog.getByRole('button', { name: 'Save the search harbor' }).click();
  await expect(dialog.getByText('Saved searches')).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByText('Saved searches')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Forget the search harbor' }).first()).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Search in' }).click();
  await page.getByRole('option', { name: 'Raw Material' }).click();
  await input.fill('walnut');
  await input.press('Enter');
  await expect(toast(page, 'error', 'Invalid search type')).toBeVisible();
});

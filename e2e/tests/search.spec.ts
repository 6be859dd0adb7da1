import { expect, ownerQuery, signIn, test, toast } from '../fixtures';

test('the search dialog finds an account and a customer; Enter, Esc and the arrow keys work', async ({ page }) => {
  const [customer] = await ownerQuery(
    `SELECT c.id, c.name, c.primary_email FROM customers c JOIN firms f ON f.id = c.firm_id
      WHERE f.name LIKE 'Harbor%' AND c.archived_at IS NULL AND c.primary_email LIKE '%@mail.example' ORDER BY c.id LIMIT 1`,
  );
  await signIn(page, 'sales@demo.test');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible(); // the shortcut is live with it
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

test('a saved search survives a reload; a category with no list page is searched in the dialog', async ({ page }) => {
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
  // Raw Material has no list page (spec section 4): its results are found here and open the material.
  await dialog.getByText('Walnut lumber 4/4').click();
  await expect(page).toHaveURL(/\/p\/materials\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Walnut lumber 4/4' })).toBeVisible();
});

test('subscribe to an account, have someone else change it, and see it in the bell', async ({ page, browser }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/companies?q=cove');
  const name = (await page.locator('tbody tr a').first().innerText()).trim();
  await page.locator('tbody tr a').first().click();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('button', { name: 'Subscribed' })).toHaveAttribute('aria-pressed', 'true');
  const url = page.url();

  const other = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await signIn(other, 'sales@demo.test');
  await other.goto(url);
  await other.getByLabel('Notes').fill('Gate code 4411; deliveries after 9.');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(toast(other, 'success', 'Account saved.')).toBeVisible();
  await other.context().close();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Subscribed' })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const item = page.getByRole('menuitem', { name: `Sam Reyes changed the account ${name}.` });
  await item.click();
  await expect(page).toHaveURL(url);
});

test('the search dialog finds a lead in the Lead category and opens it', async ({ page }) => {
  const [lead] = await ownerQuery(
    `SELECT l.id, l.name FROM leads l JOIN firms f ON f.id = l.firm_id
      WHERE f.name LIKE 'Harbor%' AND l.archived_at IS NULL ORDER BY l.id LIMIT 1`,
  );
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByLabel('Search for');
  await expect(input).toBeFocused(); // after its 500 ms delay
  await dialog.getByRole('combobox', { name: 'Search in' }).click();
  await page.getByRole('option', { name: 'Lead', exact: true }).click();
  await input.fill(lead.name.split(' ').at(-1));
  await input.press('Enter');
  const found = dialog.getByRole('listitem').filter({ hasText: lead.name });
  await expect(found).toContainText('Lead');
  await found.click();
  await expect(page).toHaveURL(`/u/leads/${lead.id}`);
  await expect(page.getByRole('heading', { name: lead.name })).toBeVisible();
});

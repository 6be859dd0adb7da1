import { expect, signIn, test, toast } from '../fixtures';

test('an ambassador is created from the Customers menu, refers a customer, and counts the referral', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Customers' }).click();
  await page
    .getByRole('menuitem', { name: 'Ambassadors' })
    .or(page.getByRole('link', { name: 'Ambassadors' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/u\/ambassadors$/);
  await expect(page).toHaveTitle('Atelier Ambassadors');
  await page.getByRole('link', { name: 'New ambassador' }).click();

  await expect(page).toHaveURL(/\/u\/ambassadors\/new$/);
  await page.locator('label', { hasText: /^Business$/ }).click();
  await page.getByLabel('Name', { exact: true }).fill('Larkspur Realty');
  await page.getByLabel('Commission').fill('75');
  await page.getByRole('button', { name: 'Create ambassador' }).click();
  await expect(page.getByText('Use at most 50%.')).toBeVisible();
  await page.getByLabel('Commission').fill('6.5');
  await page.getByRole('button', { name: 'Create ambassador' }).click();
  await expect(toast(page, 'success', /Larkspur Realty created, with the code LARKSPUR-\d{4}\./)).toBeVisible();
  await expect(page.getByText(/Business · Code LARKSPUR-\d{4} · 6\.5% commission · 0 referrals/)).toBeVisible();

  await page.goto('/u/customers/new');
  await page.getByLabel('First name').fill('Mireille');
  await page.getByLabel('Last name').fill('Fontaine');
  await page.getByLabel('Emails 1', { exact: true }).fill('mireille@fontaine.example');
  await page.getByRole('combobox', { name: 'Referred by' }).fill('larkspur');
  await page.getByRole('option', { name: 'Larkspur Realty' }).click();
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(toast(page, 'success', 'Mireille Fontaine created.')).toBeVisible();

  await page.goto('/u/ambassadors?q=larkspur');
  await page.getByRole('link', { name: 'Larkspur Realty' }).click();
  await page.getByRole('link', { name: 'See the 1 customer they referred' }).click();
  await expect(page.getByRole('link', { name: 'Mireille Fontaine' })).toBeVisible();
  const chip = page.getByRole('button', { name: 'Referred by: Larkspur Realty' });
  await expect(chip).toBeVisible();
  await expect(page.getByText(/^1–1 of 1$/)).toBeVisible();
  await chip.click(); // clears the filter
  await expect(page.getByText('Referred by: Larkspur Realty')).toHaveCount(0);
  await expect(page.getByText(/^1–25 of \d+$/)).toBeVisible();
});

test('a staff member signs in as a customer, sees the banner, and returns', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/customers?q=casey%20morgan');
  await page.getByRole('link', { name: 'Casey Morgan' }).first().click();
  await page.getByRole('button', { name: 'Sign in as Casey' }).click();
  await expect(page).toHaveURL(/\/u\/profile$/);
  const banner = page.getByRole('status').filter({ hasText: 'Signed in as Casey Morgan —' });
  await expect(banner).toBeVisible();
  // A customer's home is a customer's: their details and notifications, no staff matters.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByText('Welcome to the Harbor & Pine Interiors customer portal, Casey.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Quick links' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your roles' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Billing and modules' })).toHaveCount(0);
  await page.reload();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'return' }).click();
  await expect(page).toHaveURL(/\/u\/customers$/);
  await expect(page.getByRole('status').filter({ hasText: 'Signed in as' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
});

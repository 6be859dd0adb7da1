import { type Profile, visibleNavigation } from '@atelier/contracts';
import { expect, signIn, signOut, test, toast } from '../fixtures';

const DEMO = ['owner@demo.test', 'sales@demo.test', 'warehouse@demo.test', 'accounting@demo.test'];

// What each demo user's server must refuse and allow (status by user, in DEMO's order).
const CALLS: { method: 'GET' | 'PUT'; url: string; body?: unknown; status: number[] }[] = [
  { method: 'GET', url: '/api/v1/warehouses', status: [200, 403, 200, 403] },
  // Department names are read by every staff member (pickers); employees need 51, leads 164.
  { method: 'GET', url: '/api/v1/departments', status: [200, 200, 200, 200] },
  { method: 'GET', url: '/api/v1/employees', status: [200, 403, 403, 403] },
  { method: 'GET', url: '/api/v1/leads', status: [200, 200, 403, 403] },
  { method: 'GET', url: '/api/v1/staff', status: [200, 403, 403, 403] },
  { method: 'GET', url: '/api/v1/logs', status: [200, 403, 403, 403] },
  {
    method: 'PUT',
    url: '/api/v1/settings/invoiceSettings',
    body: { prefix: 'INV-', paymentTermsDays: 30, footer: '' },
    status: [200, 403, 403, 403],
  },
];

test('each demo user sees exactly the navigation their roles and modules allow, and the server refuses the rest', async ({
  page,
}) => {
  for (const [i, email] of DEMO.entries()) {
    await signIn(page, email);
    await expect(page).toHaveURL(/\/u\/profile$/);
    const profile = (await (await page.request.get('/api/v1/auth/')).json()) as Profile;
    const expected = visibleNavigation({
      codes: profile.permissions.flatMap((r) => r.permissions),
      features: profile.firm.features,
    });
    // The signed-in frame (menus and all) is a chunk of its own: read the menus once it is there.
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    const shown = await page.getByRole('navigation', { name: 'Main' }).getByRole('button').allInnerTexts();
    expect(
      shown.map((s) => s.trim()),
      email,
    ).toEqual(expected.map((g) => g.name));

    await page.getByRole('button', { name: 'Profile menu' }).click();
    const settings = page.getByRole('menuitem', { name: 'Settings' }).first();
    if (email === 'owner@demo.test' || email === 'warehouse@demo.test') await expect(settings).toBeVisible();
    else await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(1); // only their own
    await page.keyboard.press('Escape');

    for (const call of CALLS) {
      const response = await page.request.fetch(call.url, {
        method: call.method,
        ...(call.body ? { data: call.body } : {}),
      });
      expect(response.status(), `${email} ${call.method} ${call.url}`).toBe(call.status[i]);
    }
    await signOut(page);
    await expect(toast(page, 'info', 'Goodbye')).toBeVisible();
  }
});

test('disabling a module hides it and its routes answer 403', async ({ page }) => {
  await signIn(page, 'owner@cedar.test');
  await page.goto('/u/profile/tutorial');
  await expect(page.getByTestId('tutorial-modules')).toContainText('Quotes');
  const quoteSettings = { prefix: 'Q-', validDays: 30, terms: '' };
  expect((await page.request.put('/api/v1/settings/quoteSettings', { data: quoteSettings })).status()).toBe(200);

  await page.goto('/u/profile/billing');
  await page.getByRole('checkbox', { name: /^Quotes/ }).uncheck();
  await page.getByRole('button', { name: 'Save modules' }).click();
  await expect(toast(page, 'success', 'Your modules were updated.')).toBeVisible();

  await page.goto('/u/profile/tutorial');
  await expect(page.getByTestId('tutorial-modules')).not.toContainText('Quotes');
  const refused = await page.request.put('/api/v1/settings/quoteSettings', { data: quoteSettings });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.message).toContain('quotes');

  await page.goto('/u/profile/billing');
  await page.getByRole('checkbox', { name: /^Quotes/ }).check();
  await page.getByRole('button', { name: 'Save modules' }).click();
  await expect(toast(page, 'success', 'Your modules were updated.')).toBeVisible();
});

test('dark mode survives a reload, applied before the first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // Read the attribute as soon as the document exists, before any of the app's scripts ran.
  const firstPaint = page
    .waitForEvent('domcontentloaded')
    .then(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme));
  await page.reload();
  expect(await firstPaint).toBe('dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});

test('the navigation drawer opens and closes at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'owner@demo.test');
  await expect(page).toHaveURL(/\/u\/profile$/);
  const drawer = page.getByRole('navigation', { name: 'Main' });
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(drawer.getByRole('link', { name: 'Tutorial' })).toBeVisible();
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await expect(drawer.getByRole('link', { name: 'Tutorial' })).toBeHidden();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await drawer.getByRole('link', { name: 'Tutorial' }).click();
  await expect(page).toHaveURL(/\/u\/profile\/tutorial$/);
  await expect(drawer.getByRole('link', { name: 'Tutorial' })).toBeHidden();
});

test('a notification is marked read from the bell', async ({ page }) => {
  await signIn(page, 'warehouse@demo.test');
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  await page.getByRole('menuitem', { name: 'Olivia Harbor gave you the Warehouse role.' }).click();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByRole('menuitem', { name: 'Welcome to Atelier, Wes.' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(page.getByRole('menu').getByText('No unread notifications')).toBeVisible();
});

test('page titles follow the rule, and an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Atelier Design Software');
  await page.goto('/terms-of-service');
  await expect(page).toHaveTitle('Atelier Terms of service');
  await signIn(page, 'owner@demo.test');
  await expect(page).toHaveTitle('Atelier Profile');
  await page.goto('/s/warehouses');
  await expect(page).toHaveTitle('Atelier Warehouses');
  await page.goto('/u/no-such-thing');
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await expect(page).toHaveTitle('Atelier No such thing');
  await page.getByRole('link', { name: 'Go to your home page' }).click();
  await expect(page).toHaveURL(/\/u\/profile$/);
});

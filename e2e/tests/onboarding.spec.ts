import { expect, test, toast, waitForEmail } from '../fixtures';

// A real 1×1 PNG.
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('sign up a new firm, finish onboarding, and the invited colleague joins', async ({ page, browser, baseURL }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create an account for your firm' }).click();
  await expect(page).toHaveTitle('Atelier Register');
  await page.getByLabel('Firm name').fill('Rosa Remodels');
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Reyes');
  await page.getByLabel('Email').fill('rosa@rosa.test');
  await page.getByLabel('Password', { exact: true }).fill('rosa-remodels-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Nothing is created, and nothing is said about the address, until the emailed link is opened.
  await expect(page.getByRole('heading', { name: 'Check your email to continue' })).toBeVisible();
  await expect(page.getByText('rosa@rosa.test')).toBeVisible();
  const signUp = await waitForEmail('rosa@rosa.test');
  const confirmLink = signUp.match(/http:\/\/localhost:\d+\/register\/confirm#token=[A-Za-z0-9_-]+/)?.[0];
  expect(confirmLink).toBeTruthy();
  await page.goto(confirmLink!);
  await expect(toast(page, 'success', 'Welcome Rosa!')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);

  // 1. The firm: name and logo (uploaded with the progress socket).
  await expect(page.getByLabel('Firm name')).toHaveValue('Rosa Remodels');
  await page.locator('input[type=file]').setInputFiles({ name: 'rosa-logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(page.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', /\/api\/v1\/files\//);
  await page.getByLabel('Website').fill('https://rosa.example');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 2. Modules, with prices and the monthly total.
  await expect(page.getByText('Monthly total: $0.00')).toBeVisible();
  await page.getByRole('checkbox', { name: /Lead management/ }).check();
  await expect(page.getByText('Monthly total: $3.00')).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // 3. The first warehouse.
  await page.getByLabel('Name', { exact: true }).fill('Workshop');
  await page.getByLabel('Street address').fill('5 Mill Lane');
  await page.getByLabel('City').fill('Burlington');
  await page.getByLabel('Country').fill('US');
  await page.getByRole('button', { name: 'Create warehouse and continue' }).click();

  // 4. Invite a colleague.
  await page.getByLabel('Email').fill('cam@rosa.test');
  await page.getByLabel('First name').fill('Cam');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'success', 'Invitation sent to cam@rosa.test.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // 5. Finish, with sample data.
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(toast(page, 'success', 'Your firm is ready.')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/profile\/tutorial$/);
  await expect(page.getByTestId('tutorial-modules')).toContainText('Lead management');

  // The colleague accepts the emailed invitation in another browser.
  const email = await waitForEmail('cam@rosa.test');
  const link = email.match(/http:\/\/localhost:\d+\/reset-password#invitation=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  const other = await browser.newContext({ baseURL });
  const cam = await other.newPage();
  await cam.goto(link!);
  await expect(cam.getByRole('heading', { name: 'Join Rosa Remodels on Atelier' })).toBeVisible();
  await cam.getByLabel('New password', { exact: true }).fill('cam-joins-rosa');
  await cam.getByLabel('Repeat the new password').fill('cam-joins-rosa');
  await cam.getByRole('button', { name: 'Set my password and sign in' }).click();
  await expect(toast(cam, 'success', 'Welcome Cam!')).toBeVisible();
  await expect(cam).toHaveURL(/\/u\/profile$/);
  await other.close();

  // Rosa is told.
  await page.reload();
  await page.getByRole('button', { name: /Notifications, 1 unread/ }).click();
  await expect(
    page.getByRole('menuitem', { name: 'Cam accepted your invitation and joined Rosa Remodels.' }),
  ).toBeVisible();
});

test('signing up with an address that has an account says the same, and its emailed link offers sign-in instead', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('Firm name').fill('Copycat Kitchens');
  await page.getByLabel('First name').fill('Olivia');
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('another-long-password');
  const since = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email to continue' })).toBeVisible();
  const email = await waitForEmail('owner@demo.test', since);
  expect(email).toContain('already has an account');
  const forgot = email.match(/http:\/\/localhost:\d+\/\?forgot/)?.[0];
  expect(forgot).toBeTruthy();
  await page.goto(forgot!);
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('signed out, /onboarding says what setting up a firm involves and leads to register or sign in', async ({
  page,
}) => {
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Set up your firm in Atelier' })).toBeVisible();
  for (const step of ['Your firm', 'Modules', 'Warehouse', 'Team', 'Finish'])
    await expect(page.getByRole('listitem').filter({ hasText: `${step}:` })).toBeVisible();
  await page.getByRole('link', { name: 'Register your firm' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

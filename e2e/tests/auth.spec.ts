import { expect, ownerQuery, signIn, signOut, test, toast, waitForEmail } from '../fixtures';

test('a wrong password shows the server’s message in a red toast', async ({ page }) => {
  await signIn(page, 'owner@demo.test', 'not-the-password');
  await expect(toast(page, 'error', 'The email address or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the form says what is missing before calling the server', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your email address.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Enter your password.')).toBeVisible();
});

test('signing in lands on /u/profile with a welcome, and a reload keeps the session', async ({ page }) => {
  await signIn(page, 'sales@demo.test');
  await expect(toast(page, 'success', 'Welcome Sam!')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/profile$/);
  await expect(page.getByRole('heading', { name: 'Sam Reyes' })).toBeVisible();
  await expect(page.getByText('Harbor & Pine Interiors')).toBeVisible();
  await expect(page.getByText('Sales', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Atelier Profile');

  await page.reload();
  await expect(page).toHaveURL(/\/u\/profile$/);
  await expect(page.getByRole('heading', { name: 'Sam Reyes' })).toBeVisible();
});

test('an expired session says so, clears the profile and returns to the sign-in page', async ({ page }) => {
  await signIn(page, 'accounting@demo.test');
  await expect(page.getByRole('heading', { name: 'Ada Kim' })).toBeVisible();
  await ownerQuery(
    `UPDATE sessions SET expires_at = now() - interval '1 second'
     WHERE user_id = (SELECT id FROM users WHERE email = 'accounting@demo.test')`,
  );
  await page.reload();
  await expect(toast(page, 'error', 'Your login has expired, please login again.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Atelier' })).toBeVisible();
  await page.goto('/u/profile');
  await expect(page).toHaveURL(/\/$/);
});

test('reset the password by email, then sign in with the new one', async ({ page }) => {
  const since = Date.now();
  await page.goto('/');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill('warehouse@demo.test');
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, 'success', 'Password reset email sent.')).toBeVisible();

  const email = await waitForEmail('warehouse@demo.test', since);
  const link = email.match(/http:\/\/localhost:\d+\/reset-password#token=[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('For warehouse@demo.test.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('harbor-pine-2026');
  await page.getByLabel('Repeat the new password').fill('harbor-pine-2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(toast(page, 'success', 'Your password has been changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, 'warehouse@demo.test', 'harbor-pine-2026');
  await expect(toast(page, 'success', 'Welcome Wes!')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/profile$/);

  // The link worked once.
  await page.goto(link!);
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();

  // Put the demo password back for the journeys that follow.
  const restored = await page.request.put('/api/v1/profile/password', {
    data: { current_password: 'harbor-pine-2026', new_password: 'demo-password' },
  });
  expect(restored.status()).toBe(200);
});

test('signing out says Goodbye and ends the session', async ({ page }) => {
  await signIn(page, 'owner@cedar.test');
  await expect(page).toHaveURL(/\/u\/profile$/);
  await page.evaluate(() => window.sessionStorage.setItem('draft', 'x'));
  await signOut(page);
  await expect(toast(page, 'info', 'Goodbye')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  await page.goto('/u/profile');
  await expect(page).toHaveURL(/\/$/);
});

test('"Sign out everywhere" ends the session in every browser at once', async ({ page, browser, baseURL }) => {
  const other = await browser.newContext({ baseURL });
  const elsewhere = await other.newPage();
  await signIn(elsewhere, 'sales@demo.test');
  await expect(elsewhere).toHaveURL(/\/u\/profile$/);

  await signIn(page, 'sales@demo.test');
  await page.goto('/u/profile/settings');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(toast(page, 'success', 'You have been signed out on every device.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await elsewhere.reload();
  await expect(toast(elsewhere, 'error', 'Your login has expired, please login again.')).toBeVisible();
  await expect(elsewhere).toHaveURL(/\/$/);
  await other.close();
});

test('an unknown address shows a not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'This page does not exist' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the sign-in page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

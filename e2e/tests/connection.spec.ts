import { expect, signIn, test } from '../fixtures';

test('while the server cannot reach its database, pages wait quietly with "Reconnecting…" in the top bar, then load', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await expect(page).toHaveURL(/\/u\/profile$/);

  // The server answers 503 (its database is away) to every API call, as it does during an outage.
  let outage = true;
  await page.route('**/api/v1/**', async (route) => {
    if (!outage) return route.fallback();
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' },
      }),
    });
  });
  await page.goto('/u/customers');
  const indicator = page.getByRole('status', { name: 'Reconnecting…' });
  await expect(indicator).toBeVisible();
  await expect(indicator).toContainText('Reconnecting…');
  await page.waitForTimeout(2500);
  // No toast: the wait is quiet (spec section 8).
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);

  outage = false;
  await expect(page.getByRole('table')).toBeVisible({ timeout: 15_000 });
  await expect(indicator).toBeHidden();
  await expect(page.locator('[data-toast-type]')).toHaveCount(0);
});

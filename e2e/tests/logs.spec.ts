import { expect, signIn, test } from '../fixtures';

test('the firm log says it is verified: its hash chain is unbroken', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/f/logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  const badge = page.getByText('Log verified');
  await expect(badge).toBeVisible();
  await badge.hover();
  await expect(page.getByRole('tooltip')).toContainText(/entries sealed in an unbroken chain/);
});

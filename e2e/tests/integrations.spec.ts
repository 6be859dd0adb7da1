import { expect, signIn, test } from '../fixtures';

test('an API key made on the integrations tab reads customers once, and is refused after revocation', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/s/firm/integrations');
  await page.getByRole('button', { name: 'New API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Give the key a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Reporting export');
  await dialog.getByLabel('Modify users (8)').check();
  await dialog.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^atk_/);
  const key = (await shown.textContent())!.trim();
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row', { name: /Reporting export/ });
  await expect(row).toContainText('1 permission');
  await expect(page.getByText(key)).toHaveCount(0);

  // An integration: no cookie, the key in the header.
  const customers = await page.request.fetch('/api/v1/customers?limit=1', {
    headers: { authorization: `Bearer ${key}`, cookie: '' },
  });
  expect(customers.status()).toBe(200);
  expect((await customers.json()).items).toHaveLength(1);

  page.once('dialog', (d) => d.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText(/Revoked/i);
  const refused = await page.request.fetch('/api/v1/customers', {
    headers: { authorization: `Bearer ${key}`, cookie: '' },
  });
  expect(refused.status()).toBe(401);
});

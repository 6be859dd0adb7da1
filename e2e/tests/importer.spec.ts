import { dismissToasts, expect, signIn, test } from '../fixtures';

test('a product list is uploaded, its columns mapped by their headings, checked, fixed and imported whole', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/importer');
  await expect(page).toHaveTitle('Atelier Importer');
  await page.getByRole('link', { name: /Import products/ }).click();
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();

  // A file with a row missing its name: the check names the row and column, nothing is written.
  const bad =
    'Item No,Product Name,Retail Price,Tags\nE2E-1,Journey walnut shelf,"1,249.50","oak, kitchen"\nE2E-2,,12,\n';
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'shelves.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(page).toHaveURL(/\/p\/importer\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'shelves' })).toBeVisible();
  await page.getByRole('button', { name: 'Save and check file' }).click();
  await expect(page.getByText('Nothing can be imported until these are fixed')).toBeVisible();
  await expect(page.getByRole('button', { name: /Import 2 rows/ })).toBeDisabled();
  await page.getByRole('tab', { name: 'Errors' }).click();
  await expect(page.getByRole('row', { name: /3 Product Name .*Give the product a name\./ })).toBeVisible();

  // The fixed file goes in whole, and the products are there at once.
  await dismissToasts(page);
  await page.goto('/p/importer/product/new');
  const good = bad.replace('E2E-2,,12,', 'E2E-2,Journey brass pull,12,');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'shelves.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(page).toHaveURL(/\/p\/importer\/product\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Save and check file' }).click();
  await page.getByRole('button', { name: /Import 2 rows/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('link', { name: 'See the products' })).toBeVisible();
  await page.goto('/p/products?q=Journey');
  await expect(page.getByRole('link', { name: 'Journey walnut shelf' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Journey brass pull' })).toBeVisible();
});

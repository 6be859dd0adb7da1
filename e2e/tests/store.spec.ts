import { expect, signIn, test } from '../fixtures';

const STORE = '/store/harbor-and-pine-interiors/';

test('a visitor on a phone browses the store: a category, a filter, a search with a typo, a product', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(STORE);
  await expect(page).toHaveTitle('Harbor & Pine Interiors');
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Tile', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tile' })).toBeVisible();
  const total = Number((await page.getByRole('status').textContent())?.match(/\d+/)?.[0]);

  // A filter narrows the count, without a script: the form is a plain GET.
  await page.getByRole('checkbox', { name: /^Porcelain/ }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  const narrowed = Number((await page.getByRole('status').textContent())?.match(/\d+/)?.[0]);
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(total);
  await expect(page.getByRole('checkbox', { name: /^Porcelain/ })).toBeChecked();

  await page.getByRole('searchbox', { name: 'Search the store' }).fill('porcelan plank');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “porcelan plank”');
  await page.getByRole('link', { name: /Porcelain plank 8×48, Ash grey/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Porcelain plank 8×48, Ash grey' })).toBeVisible();
  await expect(page.getByText('In stock')).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
});

test('the staff see their own store in the app, and its address follows the page they browse to', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/f/product-store');
  await expect(page.getByRole('heading', { name: 'Product store' })).toBeVisible();
  const store = page.frameLocator('iframe[title="Your product store"]');
  await store
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Lighting', exact: true })
    .click();
  await expect(store.getByRole('heading', { level: 1, name: 'Lighting' })).toBeVisible();
  await expect(page).toHaveURL(/\/f\/product-store\/c\/[0-9a-f-]{36}$/);

  // A colleague opening the same address sees the same page of the store.
  await page.reload();
  await expect(
    page.frameLocator('iframe[title="Your product store"]').getByRole('heading', { level: 1, name: 'Lighting' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Store settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Store settings' });
  await expect(dialog.getByRole('textbox', { name: 'Banner' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Banner' }).fill('Showroom open Saturdays 10–4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Store settings saved.')).toBeVisible();
  const front = await page.request.get(STORE);
  expect(await front.text()).toContain('Showroom open Saturdays 10–4');
  // Put back for the other journeys.
  await dialog.getByRole('textbox', { name: 'Banner' }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
});

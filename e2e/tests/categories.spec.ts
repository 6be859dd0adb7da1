import { expect, signIn, test, toast } from '../fixtures';

test('a category tree is built, reordered from the keyboard menu, and a category with products is deleted by moving them', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/categories');
  await expect(page).toHaveTitle('Atelier Categories');
  const tree = page.getByRole('navigation', { name: 'Category tree' });
  await expect(tree.getByRole('link', { name: 'Cabinets', exact: true })).toBeVisible();

  // A new top-level category, then one under it.
  await page.getByLabel('Name').fill('Outdoor kitchens');
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(page, 'success', 'Outdoor kitchens created.')).toBeVisible();
  await expect(page).toHaveURL(/\/p\/categories\/[0-9a-f-]{36}$/);
  await page.getByRole('textbox', { name: 'Name' }).nth(1).fill('Grill islands');
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(page, 'success', 'Grill islands created.')).toBeVisible();
  await expect(page.getByText('Outdoor kitchens / Grill islands')).toBeVisible();

  // Out one level from the keyboard menu: Grill islands goes to the top, after Outdoor kitchens.
  await page.getByRole('button', { name: 'Move Grill islands' }).click();
  await page.getByRole('menuitem', { name: 'Out one level' }).click();
  await expect(toast(page, 'success', 'Grill islands moved.')).toBeVisible();
  await expect(page.getByText('Outdoor kitchens / Grill islands')).toHaveCount(0);
  // And back in, under the category above it.
  await page.getByRole('button', { name: 'Move Grill islands' }).click();
  await page.getByRole('menuitem', { name: 'Into the category above' }).click();
  await expect(page.getByText('Outdoor kitchens / Grill islands')).toBeVisible();

  // Dragged by its handle: Sinks goes above Faucets, still under Plumbing fixtures.
  const handle = page.getByRole('button', { name: 'Drag Sinks' });
  const from = (await handle.boundingBox())!;
  const to = (await tree.getByRole('link', { name: 'Faucets' }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 8 });
  await page.mouse.up();
  await expect(toast(page, 'success', 'Sinks moved.')).toBeVisible();
  const names = await tree.getByRole('link').allTextContents();
  expect(names.indexOf('Sinks')).toBe(names.indexOf('Faucets') - 1);
  expect(names.indexOf('Plumbing fixtures')).toBe(names.indexOf('Sinks') - 1);

  // A product in it: deleting the category asks where it goes.
  await page.goto('/p/products/new');
  await page.getByLabel('Name', { exact: true }).fill('Stainless grill island 6 ft');
  await page.getByLabel('Price', { exact: true }).fill('4800');
  await page.getByLabel('Category', { exact: true }).first().fill('grill');
  await page.getByRole('option', { name: 'Outdoor kitchens / Grill islands' }).click();
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(toast(page, 'success', /Stainless grill island 6 ft created/)).toBeVisible();

  await page.goto('/p/categories');
  await tree.getByRole('link', { name: 'Outdoor kitchens' }).click();
  await page.getByRole('button', { name: 'Delete Outdoor kitchens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Outdoor kitchens?' });
  await expect(dialog.getByText('Outdoor kitchens has 1 subcategory.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await dialog.getByLabel('Move them to').first().fill('Lighting');
  // The options open beside the dialog, not in it.
  await page.getByRole('option', { name: 'Lighting', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'success', 'Outdoor kitchens deleted.')).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Grill islands' })).toBeVisible();

  // The product followed its category, now under Lighting.
  await page.goto('/p/products?q=stainless%20grill');
  await expect(page.getByRole('cell', { name: 'Grill islands' })).toBeVisible();
});

import { dismissToasts, expect, signIn, test, toast } from '../fixtures';

test('a purchase order is made for a vendor, marked as sent, received in two deliveries, and its stock arrives at landed cost', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/purchase-orders');
  await expect(page).toHaveTitle('Atelier Purchase orders');
  await page.getByRole('link', { name: 'New purchase order' }).click();

  await page.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('combobox', { name: 'Vendor' }).fill('Pemberton');
  await page.getByRole('option', { name: 'Pemberton Hardware Co.' }).click();
  await page.getByRole('combobox', { name: 'Ship to' }).click();
  await page.getByRole('option', { name: 'Main warehouse' }).click();
  await page.getByLabel('Freight').fill('10');
  await page.getByRole('combobox', { name: 'Line 1' }).click();
  await page.getByRole('combobox', { name: 'Line 1' }).fill('HW-BP10-POCH');
  await page.getByRole('option', { name: /Bar pull 10″, polished chrome/ }).click();
  await page.getByLabel('Quantity').fill('20');
  await page.getByLabel('Unit cost').fill('5');
  await page.getByRole('button', { name: 'Create purchase order' }).click();
  await expect(toast(page, 'success', /PO-\d+ created as a draft\./)).toBeVisible();
  // 20 × $5.00 with $10.00 freight: landed at $5.50 each.
  await expect(page.getByText('Total $110.00')).toBeVisible();
  await expect(page.getByRole('cell', { name: '$5.50' })).toBeVisible();

  await dismissToasts(page);
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByText(/0 of 1 lines received/)).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Receive' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/arrived now/).fill('12');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText('Partially received').first()).toBeVisible();

  // The rest, and one more than ordered: asked, then confirmed.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Receive' }).click();
  await dialog.getByLabel(/arrived now/).fill('9');
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(dialog.getByText(/Only 8 of Bar pull 10″, polished chrome are left to receive/)).toBeVisible();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Receive' }).click();
  await expect(page.getByText(/1 of 1 lines received/)).toBeVisible();

  await page.getByRole('tab', { name: 'Receipts' }).click();
  await expect(page.getByText(/9 × Bar pull 10″, polished chrome/)).toBeVisible();
  await expect(page.getByText(/12 × Bar pull 10″, polished chrome/)).toBeVisible();

  // The product's stock tab shows what came in, from this order.
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByRole('link', { name: 'Bar pull 10″, polished chrome' }).click();
  await expect(page.getByRole('heading', { name: 'Movements' })).toBeVisible();
  await expect(page.getByRole('row', { name: /\+9 Purchase receipt PO-\d+/ })).toBeVisible();
});

test('low stock becomes a draft purchase order, and a warehouse is counted and its difference posted', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/low-stock');
  await expect(page.getByRole('heading', { name: 'Low stock' })).toBeVisible();
  await page.getByRole('checkbox', { name: /^Order Subway tile 3×6, Bone for Main warehouse$/ }).check();
  await page.getByRole('button', { name: 'Create purchase orders (1)' }).click();
  await expect(
    toast(page, 'success', /1 draft purchase order made: PO-\d+ \(Bayline Tile Distributors\)\./),
  ).toBeVisible();
  await toast(page, 'success', /draft purchase order made/)
    .getByRole('link', { name: /Open PO-\d+/ })
    .click();
  await expect(page.getByText('Subway tile 3×6, Bone')).toBeVisible();
  await expect(page.getByText('Draft').first()).toBeVisible();

  await page.goto('/p/stock-counts');
  await expect(page.getByText('Inventory value')).toBeVisible();
  await page.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByRole('option', { name: 'Showroom floor' }).click();
  await page.getByRole('button', { name: 'Start a count' }).click();
  await expect(page.getByRole('heading', { name: /Count \d+ · Showroom floor/ })).toBeVisible();
  const first = page.getByRole('textbox', { name: /counted$/ }).first();
  await first.fill('0');
  await page.getByRole('button', { name: 'Save 1 count' }).click();
  await expect(toast(page, 'success', 'Counts saved.')).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Post the differences' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Posted', { exact: true })).toBeVisible();
});

test('a material is given a reorder level, adjusted and moved from its stock tab, and then shows in low stock', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/materials');
  await page.getByRole('link', { name: 'Birch plywood ½″, 4×8' }).click();
  await page.getByRole('tab', { name: 'Reorder' }).click();
  await page.getByRole('textbox', { name: 'Main warehouse reorder point' }).fill('20');
  await page.getByRole('textbox', { name: 'Main warehouse quantity to order' }).fill('24');
  await page.getByRole('button', { name: 'Save 1 level' }).click();
  await expect(toast(page, 'success', 'Reorder levels saved.')).toBeVisible();

  await dismissToasts(page);
  await page.getByRole('tab', { name: 'Stock' }).click();
  await page.getByRole('button', { name: 'Adjust stock' }).click();
  const dialog = page.getByRole('dialog');
  // A change without a reason is refused on its field, and nothing moves.
  await dialog.getByRole('textbox', { name: 'Change' }).fill('-1');
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(dialog.getByText('Say why the stock changed.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Cracked sheet');
  await dialog.getByRole('button', { name: 'Adjust' }).click();
  await expect(toast(page, 'success', 'Stock adjusted.')).toBeVisible();
  await expect(page.getByText('Cracked sheet')).toBeVisible();

  await dismissToasts(page);
  await page.getByRole('button', { name: 'Transfer' }).click();
  await dialog.getByRole('combobox', { name: 'To' }).click();
  await page.getByRole('option', { name: 'Showroom floor' }).click();
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await dialog.getByRole('checkbox', { name: /arrives now/ }).check();
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(toast(page, 'success', /Transfer \d+ moved to Showroom floor\./)).toBeVisible();

  await page.goto('/p/low-stock');
  await expect(page.getByRole('checkbox', { name: 'Order Birch plywood ½″, 4×8 for Main warehouse' })).toBeVisible();
});

import { dismissToasts, expect, signIn, test, toast } from '../fixtures';

test('an order is made with the wizard for a new customer, scanned in, confirmed, handed over and closed', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/o/orders');
  await expect(page).toHaveTitle('Atelier Orders');
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page).toHaveURL(/\/o\/create-order\/customer$/);

  // Step 1: a customer who is new to the firm.
  await page.getByText('New customer', { exact: true }).click();
  await page.getByRole('button', { name: 'Next: products' }).click();
  await expect(toast(page, 'error', 'Enter a first name.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').fill('Wren');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByRole('button', { name: 'Next: products' }).click();
  await expect(page).toHaveURL(/\/o\/create-order\/products\?order=/);

  // Step 2: a scanner types the SKU and Enter, twice: one line of two.
  const scan = page.getByLabel('Scan or type a SKU');
  await scan.fill('TL-ZE44-FO');
  await scan.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Line 1' })).toHaveValue(/Zellige 4×4, Forest/);
  await scan.fill('TL-ZE44-FO');
  await scan.press('Enter');
  await expect(page.getByLabel('Quantity').first()).toHaveValue('2');
  await page.getByRole('button', { name: 'Free line' }).click();
  await page.getByRole('textbox', { name: 'Line 2', exact: true }).fill('Installation');
  await page.getByLabel('Quantity').nth(1).fill('0');
  await page.getByLabel('Unit price').nth(1).fill('95');
  await page.getByRole('combobox', { name: 'Tax class' }).click();
  await page.getByRole('option', { name: 'Labour' }).click();
  await page.getByRole('button', { name: 'Next: details' }).click();
  await expect(page.getByText('Use more than 0.')).toBeVisible();
  await page.getByLabel('Quantity').nth(1).fill('3');
  await page.getByRole('button', { name: 'Save and price' }).click();
  // 2 × $106.99 taxed at 5.5 %; labour untaxed: $213.98 + $285.00 + $11.77.
  await expect(page.getByText('Total $510.75')).toBeVisible();

  // A reload keeps the draft, and going back keeps what was typed.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Line 1' })).toHaveValue(/Zellige 4×4, Forest/);
  await page.getByRole('button', { name: 'Next: details' }).click();
  await page.getByText('Picked up in store', { exact: true }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Line 2', exact: true })).toHaveValue('Installation');
  await page.getByRole('button', { name: 'Next: details' }).click();
  await expect(page.getByText('Picked up in store', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next: billing' }).click();

  // Step 4: confirm; the stock is held.
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByRole('heading', { name: /SO-\d+ is confirmed/ })).toBeVisible();
  await expect(page.getByText(/Wren Okafor · \$510\.75 · Picked up in store/)).toBeVisible();
  await page.getByRole('link', { name: 'Open the order' }).click();
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'In stock' }).first()).toBeVisible();

  // Handed over at the counter, then closed.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Hand over' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Hand over' }).click();
  await expect(toast(page, 'success', /SO-\d+ fulfilled\./)).toBeVisible();
  await expect(page.getByRole('cell', { name: '2 of 2' })).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Close order' }).click();
  await expect(toast(page, 'success', /SO-\d+ closed\./)).toBeVisible();

  // The customer's orders tab lists it.
  await page.getByRole('link', { name: 'Wren Okafor' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('cell', { name: 'Closed' })).toBeVisible();
});

test('a quote offers two finishes, is revised after it was sent, and is accepted into an order with the finish chosen', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/o/quotes');
  await expect(page).toHaveTitle('Atelier Quotes');
  await page.getByRole('link', { name: 'New quote' }).click();
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('combobox', { name: 'Customer' }).fill('Wren');
  await page.getByRole('option', { name: 'Wren Okafor' }).click();
  for (const [i, sku] of [
    [1, 'TL-ZE44-FO'],
    [2, 'TL-ZE44-SEGL'],
  ] as const) {
    await page.getByRole('button', { name: 'Add an item' }).click();
    await page.getByRole('combobox', { name: `Line ${i}` }).click();
    await page.getByRole('combobox', { name: `Line ${i}` }).fill(sku);
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await page
      .getByLabel('Quantity')
      .nth(i - 1)
      .fill('10');
    await page
      .getByLabel('Alternative group')
      .nth(i - 1)
      .fill('Wall tile');
  }
  await page.getByLabel('The one chosen').first().check();
  await page.getByRole('button', { name: 'Create quote' }).click();
  await expect(toast(page, 'success', /Q-\d+ created as a draft\./)).toBeVisible();
  // Only the chosen finish counts: 10 × $106.99 and 5.5 % tax.
  await expect(page.getByText('Total $1,128.74')).toBeVisible();

  await dismissToasts(page);
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByText('Revision 1 ·')).toBeVisible();
  // The customer wants twelve: the next revision, and what changed.
  await page.getByLabel('Quantity').first().fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changed since revision 1 was sent')).toBeVisible();
  await expect(page.getByText(/Zellige 4×4, Forest: quantity 10 → 12/)).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Mark as sent' }).click();
  await expect(page.getByText('Revision 2 ·')).toBeVisible();

  // Accepted with the other finish.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Sea glass/ }).check();
  await dialog.getByRole('button', { name: 'Accept and make the order' }).click();
  await expect(page).toHaveURL(/\/o\/orders\/[0-9a-f-]+$/);
  await expect(page.getByRole('cell', { name: /Zellige 4×4, Sea glass/ })).toBeVisible();
  await expect(page.getByText('Draft').first()).toBeVisible();
});

test('a confirmed order changes through a change order the customer approves: its lines, total and revision follow', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  // The order the quote before became: Wren Okafor's draft, the newest order.
  await page.goto('/o/orders');
  await page
    .getByRole('row')
    .filter({ hasText: 'Wren Okafor' })
    .filter({ hasText: 'Draft' })
    .first()
    .getByRole('link')
    .first()
    .click();
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(toast(page, 'success', /SO-\d+ confirmed/)).toBeVisible();
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  await page.getByRole('tab', { name: 'Change orders' }).click();
  await expect(page.getByText('No change orders yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New change order' }).click();
  await expect(page.getByRole('heading', { name: `Change order for ${number}` })).toBeVisible();
  await page.getByRole('button', { name: 'Create change order' }).click();
  await expect(page.getByText('Say why the order changes.')).toBeVisible();
  await page.getByLabel('Why the order changes').fill('The customer wants two more boxes for the splashback.');
  await page.getByLabel('Quantity').first().fill('14');
  await page.getByRole('button', { name: 'Create change order' }).click();
  await expect(
    toast(
      page,
      'success',
      `${number} · change 1 created as a draft: send it to the customer, then record their approval.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Zellige 4×4, Sea glass: quantity 10 → 14/)).toBeVisible();

  // The customer signs the printed change order: the staff record it, and the order takes it.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Record approval' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Approved by')).toHaveValue('Wren Okafor');
  await dialog.getByRole('combobox', { name: 'How' }).click();
  await page.getByRole('option', { name: 'Signed document' }).click();
  await dialog.getByRole('button', { name: 'Record the approval' }).click();
  await expect(toast(page, 'success', `${number} · change 1 approved: ${number} is changed.`)).toBeVisible();
  await expect(page.getByText(/Approved by Wren Okafor \(signed document\)/)).toBeVisible();

  await page.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('cell', { name: '14 box' })).toBeVisible();
  await page.getByRole('tab', { name: 'Change orders' }).click();
  await expect(page.getByText(/Revision 2 ·/)).toBeVisible();
  await expect(page.getByText(/Revision 1 · .* as confirmed/)).toBeVisible();
});

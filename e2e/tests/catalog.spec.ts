import { expect, signIn, test, toast } from '../fixtures';

test('a countertop is added from the Products menu, numbered, refused a taken SKU, and priced by its size', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Products' }).click();
  await page
    .getByRole('menuitem', { name: 'Products' })
    .or(page.getByRole('link', { name: 'Products', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/p\/products$/);
  await expect(page).toHaveTitle('Atelier Products');
  await page.getByRole('link', { name: 'New product' }).click();

  // A quartz top priced per square foot: at least 30, rounded up to the half foot.
  await page.getByLabel('Name', { exact: true }).fill('Quartz top, Harbor Mist');
  await page.getByLabel('Price', { exact: true }).fill('92.5');
  await page.locator('label', { hasText: /^By area \(sq ft\)$/ }).click();
  await page.getByLabel('Minimum charge (sq ft)').fill('30');
  await page.getByLabel('Round up to the next (sq ft)').fill('0.5');
  await page.getByRole('button', { name: 'Create product' }).click();
  // No SKU given: numbered from the product settings' prefix.
  await expect(toast(page, 'success', /Quartz top, Harbor Mist created with the SKU SKU-\d{4}\./)).toBeVisible();
  await expect(page.getByText(/SKU-\d{4} · \$92\.50 per sq ft/)).toBeVisible();

  await page.getByRole('tab', { name: 'Pricing' }).click();
  await expect(page.getByText('At least 30 sq ft charged')).toBeVisible();
  await page.getByLabel('Width (inches)').fill('25.5');
  await page.getByLabel('Length (inches)').fill('200');
  await page.getByRole('button', { name: 'Calculate' }).click();
  // 25.5 × 200 in = 35.42 sq ft, rounded up to 35.5: $3,283.75.
  await expect(page.getByText('$3,283.75')).toBeVisible();
  await expect(page.getByText('35.5 sq ft at $92.50')).toBeVisible();
  await page.getByLabel('Length (inches)').fill('');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByText('Enter the length in inches.')).toBeVisible();

  // Another product may not take a SKU the firm has (any case): the toast links to its holder.
  await page.goto('/p/products/new');
  await page.getByLabel('Name', { exact: true }).fill('Second base cabinet');
  await page.getByLabel('SKU', { exact: true }).fill('hs-b24');
  await page.getByLabel('Price', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Create product' }).click();
  const refusal = toast(page, 'error', 'SKU hs-b24 is already used by Harbor Shaker Base cabinet 24″.');
  await expect(refusal).toBeVisible();
  await expect(
    page.locator('form').getByText('SKU hs-b24 is already used by Harbor Shaker Base cabinet 24″.'),
  ).toBeVisible();
  await refusal.getByRole('link', { name: 'Open Harbor Shaker Base cabinet 24″' }).click();
  await expect(page.getByRole('heading', { name: 'Harbor Shaker Base cabinet 24″' })).toBeVisible();
});

test('a made-to-order cabinet’s 288 variants are edited in the grid, repriced together, and extended by a new finish', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/products?q=made-to-order');
  await page.getByRole('link', { name: 'Made-to-order base cabinet' }).click();
  await page.getByRole('tab', { name: 'Variants' }).click();
  await expect(page.getByRole('heading', { name: 'Variants (288)' })).toBeVisible();

  // The grid draws the rows on screen; finding one brings it up.
  await page.getByRole('textbox', { name: 'Find a variant' }).fill('42″ / Walnut / Inset');
  await expect(page.getByText('2 shown')).toBeVisible();
  await page.getByRole('textbox', { name: '42″ / Walnut / Inset / Right price' }).fill('999');
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(toast(page, 'success', '1 variant saved.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Choose every variant shown' }).check();
  await page.getByRole('button', { name: 'Change prices' }).click();
  await page.getByRole('textbox', { name: /^Percentage/ }).fill('10');
  await page.getByRole('button', { name: 'Change prices' }).last().click();
  await expect(toast(page, 'success', '2 prices changed.')).toBeVisible();
  // $999.00 + 10%.
  await expect(page.getByRole('textbox', { name: '42″ / Walnut / Inset / Right price' })).toHaveValue('$1,098.90');

  // A fifth finish: its 72 combinations are the new ones to make.
  await page.getByLabel('Finish values').first().fill('Ebony');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save options' }).click();
  await expect(toast(page, 'success', 'Options saved.')).toBeVisible();
  await expect(page.getByText('360 combinations chosen, 72 new.')).toBeVisible();
  await page.getByRole('button', { name: 'Make 72 variants' }).click();
  await expect(toast(page, 'success', '72 variants made.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Variants (360)' })).toBeVisible();
});

test('a vendor’s item is added on its Items tab and shows on the material as who sells it', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/vendors?q=pemberton');
  await page.getByRole('link', { name: 'Pemberton Hardware Co.' }).click();
  await page.getByRole('tab', { name: 'Items' }).click();
  await expect(page.getByRole('heading', { name: /^Items \(\d+\)$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add an item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an item this vendor sells' });
  await dialog.locator('label', { hasText: /^A material$/ }).click();
  await dialog.getByRole('combobox', { name: 'Material' }).fill('walnut');
  await page.getByRole('option', { name: 'Walnut lumber 4/4' }).click();
  await dialog.getByLabel('Their SKU').fill('PEM-WAL-44');
  await dialog.getByLabel('Cost per unit').fill('15.25');
  await dialog.getByRole('checkbox', { name: /preferred vendor/ }).uncheck();
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(toast(page, 'success', 'Item added.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Walnut lumber 4/4' })).toBeVisible();

  await page.getByRole('link', { name: 'Walnut lumber 4/4' }).click();
  await expect(page).toHaveURL(/\/p\/materials\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Bought from' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Pemberton Hardware Co.' });
  await expect(row).toContainText('PEM-WAL-44');
  await expect(row).toContainText('$15.25');
  // Atlantic Plywood, the demo's, stays the preferred vendor.
  await expect(page.getByRole('row').filter({ hasText: 'Atlantic Plywood & Panel' })).toContainText('Preferred');
});

test('a product tag is merged into another on the Tags page', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/tags');
  await expect(page).toHaveTitle('Atelier Tags');
  const knobs = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'knobs', exact: true }) });
  await expect(knobs).toContainText('5 products');
  await page.getByRole('button', { name: 'Rename knobs' }).click();
  await page.getByLabel('New name').fill('pulls');
  await expect(page.getByText('pulls exists: the 5 products tagged knobs join its 35.')).toBeVisible();
  await page.getByRole('button', { name: 'Merge' }).click();
  await expect(toast(page, 'success', 'knobs merged into pulls.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'knobs', exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'pulls', exact: true }) }),
  ).toContainText('40 products');
});

test('a coupon for one category is made, turned off and deleted on the Coupons page', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/coupons');
  await expect(page).toHaveTitle('Atelier Coupons');
  await expect(page.getByText('WELCOME10')).toBeVisible();
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await dialog.getByLabel('Code').fill('LIGHT20');
  await dialog.getByLabel('Percentage off').fill('20');
  await dialog.getByLabel('Starts on').fill('2026-01-01');
  await dialog.getByLabel('Ends on (included)').fill('2025-12-31');
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(dialog.getByText('End on or after the start.')).toBeVisible();
  await dialog.getByLabel('Ends on (included)').fill('2099-12-31');
  await dialog.getByLabel('Only these categories').first().fill('Light');
  await page.getByRole('option', { name: 'Lighting', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create coupon' }).click();
  await expect(toast(page, 'success', 'LIGHT20 created.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'LIGHT20' });
  await expect(row).toContainText('20% off');
  await expect(row).toContainText('Lighting');

  await page.getByRole('button', { name: 'Edit LIGHT20' }).click();
  await page.getByRole('checkbox', { name: 'Turned on' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'LIGHT20 saved.')).toBeVisible();
  await expect(row).toContainText('Off');

  await page.getByRole('button', { name: 'Delete LIGHT20' }).click();
  await page.getByRole('dialog', { name: 'Delete LIGHT20?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'success', 'LIGHT20 deleted.')).toBeVisible();
  await expect(page.getByText('LIGHT20')).toHaveCount(0);
});

test('a hand-picked collection gets its products in order, and a rule collection lists what meets its rules', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/collections/new');
  await page.getByLabel('Name', { exact: true }).fill('Entry display');
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(toast(page, 'success', 'Entry display created.')).toBeVisible();
  await page.getByRole('tab', { name: 'Products' }).click();
  for (const [search, name] of [
    ['arden pendant', 'Arden pendant'],
    ['heti2-sa', 'Hex tile 2″, Sage'],
  ] as const) {
    await page.getByRole('combobox', { name: 'Add a product' }).fill(search);
    await page.getByRole('option', { name }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Move Hex tile 2″, Sage up' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Hex tile 2″, Sage');

  await page.goto('/p/collections?q=stone');
  await page.getByRole('link', { name: 'Stone countertops' }).click();
  await expect(page.getByText('By rules · 14 products')).toBeVisible();
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByRole('link', { name: 'Quartz countertop, Calacatta Drift' })).toBeVisible();
});

test('a filter’s values are added and reordered, put on a product, and narrow the products list', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/filters');
  await page.getByLabel('Name', { exact: true }).fill('Box construction');
  for (const value of ['Plywood', 'Particleboard', 'Solid wood']) {
    await page.getByLabel('New value').fill(value);
    await page.getByLabel('New value').press('Enter');
  }
  // The same value twice is refused before it is sent.
  await page.getByLabel('New value').fill('plywood');
  await page.getByRole('button', { name: 'Add value' }).click();
  await expect(page.getByText('plywood is already a value.')).toBeVisible();
  await page.getByLabel('New value').fill('');
  // Solid wood goes first: its handle moved with the keyboard.
  const handle = page.getByRole('button', { name: 'Move Solid wood', exact: true });
  // Each step waits for the drag's announcement, as a screen reader hears it.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announced).toContainText('Solid wood is over place 3 of 3.');
  await page.keyboard.press('ArrowUp');
  await expect(announced).toContainText('Solid wood is over place 2 of 3.');
  await page.keyboard.press('ArrowUp');
  await expect(announced).toContainText('Solid wood is over place 1 of 3.');
  await page.keyboard.press('Space');
  await expect(announced).toContainText('Solid wood dropped in place 1 of 3.');
  await expect(page.getByLabel('Value 1')).toHaveValue('Solid wood');
  await page.getByRole('button', { name: 'Create filter' }).click();
  await expect(toast(page, 'success', 'Box construction saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/p\/filters\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: /Box construction/ })).toBeVisible();

  // A product carries one of its values.
  await page.goto('/p/products?q=harbor%20shaker%20wall%20cabinet%2030');
  await page.getByRole('link', { name: 'Harbor Shaker Wall cabinet 30″' }).click();
  await page.getByRole('combobox', { name: 'Filter values' }).click();
  await page.getByRole('option', { name: 'Box construction: Solid wood' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', /saved/)).toBeVisible();

  // Its count on the filter links to the list narrowed to it.
  await page.goto('/p/filters');
  await page.getByRole('link', { name: /Box construction/ }).click();
  await page.getByRole('link', { name: '1 product with Solid wood' }).click();
  await expect(page.getByRole('link', { name: 'Harbor Shaker Wall cabinet 30″' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  // Taking the value off the filter asks first, as a product carries it.
  await page.goto('/p/filters');
  await page.getByRole('link', { name: /Box construction/ }).click();
  await page.getByRole('button', { name: 'Remove Solid wood' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog').getByText('Solid wood is on 1 product. Confirm to take it off.')).toBeVisible();
  await page.getByRole('button', { name: 'Take off and save' }).click();
  await expect(toast(page, 'success', 'Box construction saved.')).toBeVisible();
  await expect(page.getByLabel('Value 1')).toHaveValue('Plywood');
});

test('a template is made on the product settings, and a product started from one comes with its options', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/s/product');
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\/s\/product\/templates$/);
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog', { name: 'New product template' });
  await dialog.getByLabel('Template name').fill('Shelf by the foot');
  // A price by length is per linear foot: the unit follows the choice.
  await dialog.getByText('By length (linear ft)').click();
  await dialog.getByLabel('Minimum charge (linear ft)').fill('2');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel('Option', { exact: true }).fill('Wood');
  await dialog.getByLabel('Values, in order').fill('Walnut');
  await dialog.getByLabel('Values, in order').press('Enter');
  await dialog.getByLabel('Values, in order').fill('White oak');
  await dialog.getByLabel('Values, in order').press('Enter');
  await dialog.getByRole('button', { name: 'Create template' }).click();
  await expect(toast(page, 'success', 'Shelf by the foot saved.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Shelf by the foot/ })).toContainText('Wood (2)');

  // From the products list.
  await page.goto('/p/products');
  await page.getByRole('button', { name: 'New from template' }).click();
  await page.getByRole('link', { name: /Shelf by the foot/ }).click();
  await expect(
    page.getByText('Started from the Shelf by the foot template: its options (Wood) come with it'),
  ).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Floating shelf, by the foot');
  await page.getByLabel('Price', { exact: true }).fill('48');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(toast(page, 'success', /Floating shelf, by the foot created/)).toBeVisible();
  await expect(page.getByText(/\$48\.00 per linear ft/)).toBeVisible();
  await page.getByRole('tab', { name: 'Variants' }).click();
  await expect(page.getByLabel('Option').first()).toHaveValue('Wood');
});

test('a product’s images are uploaded, described and ordered, a file that is not an image is refused, and a 3D model is added and removed', async ({
  page,
}) => {
  const { default: sharp } = await import('sharp');
  const swatch = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a5230' } })
    .jpeg()
    .toBuffer();
  const pull = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c9a13b' } })
    .png()
    .toBuffer();
  await signIn(page, 'owner@demo.test');
  await page.goto('/p/products?q=halden%20pendant');
  await page.getByRole('link', { name: 'Halden pendant' }).click();
  await page.getByRole('tab', { name: 'Images' }).click();
  await expect(page).toHaveURL(/\/images$/);
  const chooser = page.locator('input[type="file"][multiple]');
  await chooser.setInputFiles([
    { name: 'walnut.jpg', mimeType: 'image/jpeg', buffer: swatch },
    { name: 'pull.png', mimeType: 'image/png', buffer: pull },
  ]);
  await expect(toast(page, 'success', 'pull.png added.')).toBeVisible();
  await expect(page.getByText('walnut.jpg · 640 × 480')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Images (2)' })).toBeVisible();
  // Text dressed as a PNG is refused by what it is.
  await chooser.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(
    toast(page, 'error', 'This file is not an image we can read: upload a PNG, JPEG, WebP or GIF image.'),
  ).toBeVisible();

  // The pull becomes the primary image, and the swatch gets its alt text.
  await page.getByRole('button', { name: 'Make pull.png primary' }).click();
  await page.getByLabel('Alt text').nth(1).fill('Walnut finish swatch');
  await page.getByRole('button', { name: 'Save order and alt text' }).click();
  await expect(toast(page, 'success', 'Images saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Walnut finish swatch' })).toBeVisible();
  await expect(page.getByText('pull.png · 300 × 300')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make walnut.jpg primary' })).toBeVisible();

  // A 3D model: a GLB file (its header, then its JSON chunk), replaced by nothing else.
  const json = Buffer.from(JSON.stringify({ asset: { version: '2.0' } }).padEnd(28, ' '));
  const glb = Buffer.alloc(20 + json.length);
  glb.writeUInt32LE(0x46546c67, 0);
  glb.writeUInt32LE(2, 4);
  glb.writeUInt32LE(glb.length, 8);
  glb.writeUInt32LE(json.length, 12);
  glb.writeUInt32LE(0x4e4f534a, 16);
  json.copy(glb, 20);
  await page.locator('input[type="file"][accept*=".glb"]').setInputFiles({
    name: 'pendant.glb',
    mimeType: 'model/gltf-binary',
    buffer: glb,
  });
  await expect(toast(page, 'success', 'pendant.glb uploaded.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'pendant.glb' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'success', '3D model removed.')).toBeVisible();
  await expect(page.getByText('No 3D model yet')).toBeVisible();
});

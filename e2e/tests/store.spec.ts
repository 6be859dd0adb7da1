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

test('a visitor fills a cart on a phone and signs in to order it for pickup; as a customer on a desktop they ask for a quote; the staff see both', async ({
  page,
}) => {
  const buy = async (quantity: string) => {
    await page.getByRole('searchbox', { name: 'Search the store' }).fill('bar pull');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: /^Bar pull 10″, brushed nickel/ }).click();
    await page.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  };

  // On a phone, as a visitor: fill the cart, then sign in at the checkout; the cart stays.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(STORE);
  await buy('2');
  await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('customer@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Bar pull 10″, brushed nickel/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Place the order' }).check();
  await page.getByRole('radio', { name: 'Pay on pickup' }).check();
  await page.getByRole('textbox', { name: /A note for us/ }).fill('Picking up Friday');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Casey' })).toBeVisible();
  const placed = page.getByRole('status').filter({ hasText: 'is placed' });
  await expect(placed).toBeVisible();
  const order = (await placed.textContent())?.match(/Order (\S+) is placed/)?.[1];
  expect(order).toBeTruthy();
  await expect(page.getByRole('cell', { name: order!, exact: true })).toBeVisible();

  // On a desktop: the same customer asks for a quote.
  await page.setViewportSize({ width: 1280, height: 900 });
  await buy('6');
  await page.getByRole('radio', { name: 'Ask for a quote first' }).check();
  await page.getByRole('button', { name: 'Send' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'is sent' });
  await expect(sent).toBeVisible();
  const quote = (await sent.textContent())?.match(/Quote request (\S+) is sent/)?.[1];
  expect(quote).toBeTruthy();
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The staff find the draft order and the quote request in their lists.
  await signIn(page, 'owner@demo.test');
  await page.goto('/o/orders');
  await expect(page.getByRole('link', { name: order!, exact: true }).first()).toBeVisible();
  await page.goto('/o/quotes');
  await expect(page.getByRole('link', { name: quote!, exact: true }).first()).toBeVisible();
});

test('a customer on a phone accepts a quote in their portal and follows their project; the staff see the order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${STORE}account`);
  await page.getByRole('textbox', { name: 'Email' }).fill('customer@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Casey' })).toBeVisible();

  // The quote the firm sent (the demo's), with an optional line the customer takes.
  await page
    .getByRole('row', { name: /Waiting for your answer/ })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Quote / })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Include' }).check();
  await page.getByRole('button', { name: 'Accept this quote' }).click();
  const accepted = page.getByRole('status').filter({ hasText: 'You accepted' });
  await expect(accepted).toBeVisible();
  const order = (await accepted.textContent())?.match(/it is now order (\S+), and/)?.[1];
  expect(order).toBeTruthy();
  await expect(page.getByRole('button', { name: 'Accept this quote' })).toHaveCount(0);

  // Their project: its schedule and the drawing the firm shared.
  await page.getByRole('navigation', { name: 'Your pages' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('link', { name: 'Mudroom bench and lockers' }).click();
  await expect(page.getByRole('cell', { name: 'Measure the mudroom' })).toBeVisible();
  const drawing = page.getByRole('img', { name: 'Mudroom elevation.png' });
  await expect(drawing).toBeVisible();
  expect(await drawing.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The staff, at their desk, find the draft order the acceptance made.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'owner@demo.test');
  await page.goto('/o/orders');
  await expect(page.getByRole('link', { name: order!, exact: true }).first()).toBeVisible();
});

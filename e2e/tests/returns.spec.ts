import { dismissToasts, expect, signIn, test, toast } from '../fixtures';

test('a damaged delivery becomes a return, settled by a credit memo, and the item is claimed from its vendor', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  const api = async (method: 'get' | 'post', url: string, data?: unknown) => {
    const r = await page.request[method](`/api/v1${url}`, data === undefined ? {} : { data });
    expect(r.ok(), await r.text()).toBe(true);
    return r.json();
  };
  // Bought from a vendor and received: two consoles; one is sold, delivered, and arrives cracked.
  const stamp = Date.now().toString(36);
  const warehouse = (await api('get', '/warehouses'))[0];
  const vendor = await api('post', '/vendors', { name: `Coastline Furniture ${stamp}` });
  const product = await api('post', '/products', {
    name: `Marble console ${stamp}`,
    sku: `CON-${stamp}`.toUpperCase(),
    unit: 'each',
    priceCents: 120_000,
  });
  const po = await api('post', '/purchase-orders', {
    vendor: vendor._id,
    warehouse: warehouse._id,
    lines: [{ item: { type: 'product', id: product._id }, quantity: 2, unitCost: 45_000 }],
  });
  await api('post', `/purchase-orders/${po._id}/mark-sent`);
  await api('post', `/purchase-orders/${po._id}/receive`, { lines: [{ line: po.lines[0].id, quantity: 2 }] });
  const customer = (await api('get', '/customers?limit=1')).items[0];
  const order = await api('post', '/orders', {
    customer: customer._id,
    warehouse: warehouse._id,
    fulfilment: 'delivery',
    lines: [{ item: { type: 'product', id: product._id }, quantity: 1 }],
  });
  await api('post', `/orders/${order._id}/confirm`);
  const route = await api('post', '/delivery-routes', {
    date: new Date().toISOString().slice(0, 10),
    vehicle: 'Van 2',
    stops: [{ order: order._id }],
  });
  const stop = route.stops[0]._id;
  await api('post', `/delivery-routes/${route._id}/stops/${stop}/out`);
  await api('post', `/delivery-routes/${route._id}/stops/${stop}/deliver`, {
    recipientName: 'Front desk',
    damages: [{ line: order.lines[0].id, quantity: 1, note: 'Marble top cracked at one corner', photos: [] }],
  });

  // The damage opened a return, linked to the route.
  await page.goto(`/o/returns?q=${order.number}`);
  await page
    .getByRole('link', { name: /^RMA-\d+$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/o\/returns\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Requested', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: route.number })).toBeVisible();
  await expect(page.getByText('Marble top cracked at one corner')).toBeVisible();

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve return' }).click();
  await expect(page.getByText('Approved', { exact: true }).first()).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Receive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Receive return' }).click();
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Settle' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Give a credit memo' }).click();
  await expect(page.getByText('Resolved', { exact: true }).first()).toBeVisible();
  const returned = await api('get', `/returns/${new URL(page.url()).pathname.split('/').pop()}`);
  expect(returned.creditCents).toBe(order.lines[0].totalCents);

  // The credit memo holds the line's whole price for the customer's invoices.
  await dismissToasts(page);
  await page.getByRole('link', { name: returned.creditMemo.name }).click();
  await expect(page).toHaveURL(/\/a\/credit-memos\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Return ${returned.number}`).first()).toBeVisible();
  await page.goBack();

  // The cracked console is claimed from the vendor who sold it, who credits it.
  await page.getByRole('button', { name: 'Claim from vendor' }).click();
  const claim = page.getByRole('dialog');
  await claim.getByRole('combobox', { name: 'Purchase order' }).click();
  await claim.getByRole('combobox', { name: 'Purchase order' }).fill(po.number);
  await page.getByRole('option', { name: new RegExp(`^${po.number} ·`) }).click();
  await claim.getByRole('combobox', { name: 'Line received' }).click();
  await page.getByRole('option', { name: new RegExp(`Marble console ${stamp}`) }).click();
  await claim.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await claim.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Damaged', exact: true }).click();
  await claim.getByRole('button', { name: 'Open claim' }).click();
  await expect(claim).toBeHidden();
  await toast(page, 'success', /CLM-\d+ opened with Coastline Furniture/)
    .getByRole('link', { name: /Open CLM-\d+/ })
    .click();
  await expect(page).toHaveURL(/\/p\/vendor-claims\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Credited' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Record credit' }).click();
  await expect(page.getByText('Credited', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^VC-\d+$/ })).toBeVisible();
});

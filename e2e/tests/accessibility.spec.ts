import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, ownerQuery, signIn, test } from '../fixtures';

const firstId = async (sql: string) => ((await ownerQuery(sql))[0] as { id: string }).id;
const HARBOR = "(SELECT id FROM firms WHERE name = 'Harbor & Pine Interiors')";

/** Every page of the product that exists, as the owner of the demo firm sees it. */
async function signedInPages(): Promise<string[]> {
  const company = await firstId(`SELECT id FROM companies WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  const customer = await firstId(`SELECT id FROM customers WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  const ambassador = await firstId(`SELECT id FROM ambassadors WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  const lead = await firstId(`SELECT id FROM leads WHERE firm_id = ${HARBOR} ORDER BY created_at LIMIT 1`);
  const employee = await firstId("SELECT id FROM users WHERE email = 'sales@demo.test'");
  const warehouse = await firstId(`SELECT id FROM warehouses WHERE firm_id = ${HARBOR} LIMIT 1`);
  const cabinet = await firstId(`SELECT id FROM products WHERE firm_id = ${HARBOR} AND sku = 'MTO-B'`);
  const material = await firstId(`SELECT id FROM materials WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  // A hardware item with movements, on its way to the showroom: its stock tab at its fullest.
  // A purchase order partly received: its lines, receipts and actions at their fullest.
  const order = await firstId(
    `SELECT id FROM purchase_orders WHERE firm_id = ${HARBOR} AND status = 'partially_received' LIMIT 1`,
  );
  const shipment = await firstId(`SELECT id FROM shipments WHERE firm_id = ${HARBOR} LIMIT 1`);
  const count = await firstId(`SELECT id FROM stock_counts WHERE firm_id = ${HARBOR} LIMIT 1`);
  const moving = await firstId(
    `SELECT product_id AS id FROM stock_transfer_lines WHERE firm_id = ${HARBOR} ORDER BY id LIMIT 1`,
  );
  const collection = await firstId(
    `SELECT id FROM collections WHERE firm_id = ${HARBOR} AND kind = 'rules' ORDER BY name LIMIT 1`,
  );
  const category = await firstId(`SELECT id FROM categories WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  const vendor = await firstId(`SELECT id FROM vendors WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  const filter = await firstId(`SELECT id FROM filters WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  // A countertop: its form shows the dimensional pricing fields, its pricing tab the calculator.
  const product = await firstId(
    `SELECT id FROM products WHERE firm_id = ${HARBOR} AND pricing_mode = 'area' ORDER BY name LIMIT 1`,
  );
  const job = await firstId(`SELECT id FROM customer_jobs WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  const task = await firstId(`SELECT id FROM tasks WHERE firm_id = ${HARBOR} ORDER BY name LIMIT 1`);
  // A confirmed order (its stock column), a draft (its form and line editor), a revised quote.
  const confirmed = await firstId(`SELECT id FROM orders WHERE firm_id = ${HARBOR} AND status = 'confirmed' LIMIT 1`);
  const draft = await firstId(`SELECT id FROM orders WHERE firm_id = ${HARBOR} AND status = 'draft' LIMIT 1`);
  const quote = await firstId(`SELECT id FROM quotes WHERE firm_id = ${HARBOR} AND revision > 1 LIMIT 1`);
  // An approved change order (its order has two revisions) and one still open (its form).
  const changed = await firstId(
    `SELECT id FROM change_orders WHERE firm_id = ${HARBOR} AND status = 'approved' LIMIT 1`,
  );
  const changing = await firstId(
    `SELECT id FROM change_orders WHERE firm_id = ${HARBOR} AND status IN ('draft', 'sent') LIMIT 1`,
  );
  const revised = await firstId(`SELECT order_id AS id FROM change_orders WHERE id = '${changed}'`);
  // A proposal sent and one approved online; a route planned for today and one driven.
  const proposal = await firstId(
    `SELECT id FROM proposals WHERE firm_id = ${HARBOR} AND status IN ('sent', 'viewed') LIMIT 1`,
  );
  const signed = await firstId(`SELECT id FROM proposals WHERE firm_id = ${HARBOR} AND status = 'approved' LIMIT 1`);
  const route = await firstId(
    `SELECT id FROM delivery_routes WHERE firm_id = ${HARBOR} AND status = 'scheduled' LIMIT 1`,
  );
  const driven = await firstId(
    `SELECT id FROM delivery_routes WHERE firm_id = ${HARBOR} AND status = 'completed' LIMIT 1`,
  );
  // A progress invoice (its retention and deposit figures), a payment, a credit memo in use, a plan.
  const invoice = await firstId(`SELECT id FROM invoices WHERE firm_id = ${HARBOR} AND billing = 'progress' LIMIT 1`);
  const payment = await firstId(`SELECT id FROM payments WHERE firm_id = ${HARBOR} ORDER BY number LIMIT 1`);
  const memo = await firstId(`SELECT id FROM credit_memos WHERE firm_id = ${HARBOR} LIMIT 1`);
  const plan = await firstId(`SELECT id FROM recurring_invoices WHERE firm_id = ${HARBOR} LIMIT 1`);
  // Accounting II: a settled return (restocked, credited), a claim, an expense with its receipt, a bill.
  const returned = await firstId(`SELECT id FROM returns WHERE firm_id = ${HARBOR} AND status = 'resolved' LIMIT 1`);
  const claim = await firstId(`SELECT id FROM vendor_claims WHERE firm_id = ${HARBOR} LIMIT 1`);
  const expense = await firstId(
    `SELECT id FROM expenses WHERE firm_id = ${HARBOR} ORDER BY receipt_file_id IS NULL, spent_on DESC LIMIT 1`,
  );
  const bill = await firstId(`SELECT id FROM vendor_bills WHERE firm_id = ${HARBOR} ORDER BY bill_date, id LIMIT 1`);
  const billed = await firstId(
    `SELECT company_id AS id FROM invoices WHERE firm_id = ${HARBOR} AND company_id IS NOT NULL LIMIT 1`,
  );
  // Mechanic liens: the Florida one has dated deadlines (Maine's has none: no rule for the state).
  const lien = await firstId(`SELECT id FROM liens WHERE firm_id = ${HARBOR} AND state = 'FL' LIMIT 1`);
  const waiver = await firstId(`SELECT id FROM lien_waivers WHERE firm_id = ${HARBOR} LIMIT 1`);
  // The emailer's demo newsletter (blocks, product cards).
  const email = await firstId(`SELECT id FROM emails WHERE firm_id = ${HARBOR} LIMIT 1`);
  const record = (base: string, id: string, tabs: string[]) => [
    base,
    `${base}/new`,
    `${base}/${id}`,
    ...tabs.map((tab) => `${base}/${id}/${tab}`),
  ];
  return [
    '/u/profile',
    '/u/profile/settings',
    '/u/profile/notifications',
    '/u/profile/billing',
    '/u/profile/tutorial',
    '/f/logs',
    ...record('/u/companies', company, ['files', 'interactions', 'settings', 'logs']),
    ...record('/u/customers', customer, ['favorites', 'activities', 'interactions', 'files', 'settings', 'logs']),
    ...record('/u/ambassadors', ambassador, ['interactions', 'files', 'logs']),
    ...record('/u/leads', lead, ['interactions', 'files', 'logs']),
    ...record('/u/customer-jobs', job, ['tasks', 'files', 'interactions', 'logs']),
    '/f/task-board',
    // A task opens in the modal over the board.
    `/f/task-board/${task}`,
    // The firm calendar: its month (desktop) or agenda (phone), and its week.
    '/f/calendar',
    '/f/calendar?view=timeGridWeek',
    // The firm's own store, in its frame.
    '/f/product-store',
    ...record('/p/products', product, ['variants', 'images', 'pricing', 'stock', 'reorder', 'files', 'logs']),
    `/p/products/${moving}/stock`,
    // The cabinet: its 288 variants, their swatches, its reorder levels by variant.
    `/p/products/${cabinet}/variants`,
    `/p/products/${cabinet}/images`,
    `/p/products/${cabinet}/reorder`,
    ...record('/p/vendors', vendor, ['items', 'purchase-orders', 'analytics', 'logs']),
    ...record('/p/purchase-orders', order, ['receipts', 'files', 'logs']),
    ...record('/p/shipments', shipment, ['files', 'logs']),
    ...record('/o/orders', confirmed, ['change-orders', 'files', 'interactions', 'logs']),
    `/o/orders/${revised}/change-orders`,
    ...record('/o/change-orders', changed, ['logs']),
    `/o/change-orders/${changing}`,
    `/o/change-orders/new?order=${confirmed}`,
    `/o/orders/${draft}`,
    '/o/create-order/customer',
    `/o/create-order/products?order=${draft}`,
    `/o/create-order/details?order=${draft}`,
    `/o/create-order/billing?order=${draft}`,
    `/o/create-order/success/${confirmed}`,
    ...record('/o/quotes', quote, ['files', 'interactions', 'logs']),
    ...record('/o/proposals', proposal, ['preview', 'files', 'interactions', 'logs']),
    `/o/proposals/${signed}`,
    ...record('/o/deliveries', route, ['drive', 'logs']),
    `/o/deliveries/${driven}`,
    `/o/deliveries/${driven}/drive`,
    '/o/deliveries/mine',
    '/s/proposal',
    '/s/delivery',
    `/u/companies/${company}/pricing`,
    `/u/companies/${company}/orders`,
    `/u/companies/${company}/analytics`,
    `/u/customers/${customer}/orders`,
    `/u/customer-jobs/${job}/orders`,
    '/s/order',
    '/s/quote',
    '/s/documents',
    '/s/vendor',
    '/s/purchase-order',
    ...record('/a/invoices', invoice, ['files', 'logs']),
    ...record('/a/payments', payment, ['logs']),
    ...record('/a/credit-memos', memo, ['logs']),
    ...record('/a/recurring-invoices', plan, ['logs']),
    `/u/companies/${billed}/accounting`,
    '/s/invoice',
    '/s/credit-memo',
    ...record('/o/returns', returned, ['logs']),
    `/p/vendor-claims/${claim}`,
    ...record('/a/expenses', expense, ['logs']),
    ...record('/a/liens', lien, ['files', 'logs']),
    ...record('/a/lien-waivers', waiver, ['files', 'logs']),
    '/a/liens/deadlines?state=CA&role=subcontractor&projectType=residential&firstFurnishingDate=2026-01-05&completionDate=2026-03-31&noticeOfCompletionDate=2026-04-10',
    ...record('/p/vendor-bills', bill, ['logs']),
    `/p/vendors/${vendor}/claims`,
    `/p/vendors/${vendor}/expenses`,
    `/p/vendors/${vendor}/bills`,
    `/p/vendors/${vendor}/sync`,
    `/u/customer-jobs/${job}/expenses`,
    '/s/expense',
    ...record('/p/materials', material, ['info', 'stock', 'reorder', 'analytics', 'files', 'logs']),
    ...record('/p/collections', collection, ['products', 'logs']),
    '/p/categories',
    '/p/tags',
    '/p/low-stock',
    '/p/stock-counts',
    `/p/stock-counts/${count}`,
    '/p/coupons',
    `/p/categories/${category}`,
    '/p/filters',
    `/p/filters/${filter}`,
    '/u/employees',
    `/u/employees/${employee}`,
    `/u/employees/${employee}/analytics`,
    `/u/employees/${employee}/customers`,
    `/u/employees/${employee}/logs`,
    '/s/firm',
    '/s/firm/banking',
    '/s/firm/payments',
    '/s/firm/integrations',
    '/s/manage',
    '/s/organization',
    '/s/employee',
    '/s/warehouses',
    `/s/warehouses/${warehouse}`,
    '/s/lead',
    '/s/account',
    '/s/customer',
    '/s/product',
    '/s/product/templates',
    ...record('/u/emailer', email, ['editor', 'preview', 'help', 'logs']),
    '/s/messaging',
    '/no-such-page',
  ];
}
const PUBLIC_PAGES = [
  '/',
  '/register',
  '/reset-password',
  '/terms-of-service',
  '/privacy-policy',
  '/onboarding',
  // The unsubscribe page, for a link with no token (it says so).
  '/unsubscribe/',
  // The product store's pages, drawn by the server (decision 0051).
  '/store/harbor-and-pine-interiors/',
  '/store/harbor-and-pine-interiors/search?q=walnut',
  '/store/harbor-and-pine-interiors/account',
  '/store/harbor-and-pine-interiors/account/forgot',
  '/store/harbor-and-pine-interiors/cart',
];

/** The store customer's own pages (the portal), signed in at the store as the demo's Casey. */
async function portalPages(): Promise<string[]> {
  const base = '/store/harbor-and-pine-interiors/account';
  const own = (await ownerQuery(
    `SELECT q.id FROM quotes q JOIN customers c ON c.id = q.customer_id JOIN users u ON u.id = c.user_id
      WHERE u.email = 'customer@demo.test' ORDER BY q.number DESC LIMIT 1`,
  )) as { id: string }[];
  const jobs = (await ownerQuery(
    `SELECT j.id FROM customer_jobs j JOIN customers c ON c.id = j.customer_id JOIN users u ON u.id = c.user_id
      WHERE u.email = 'customer@demo.test' LIMIT 1`,
  )) as { id: string }[];
  return [
    base,
    `${base}/invoices`,
    `${base}/jobs`,
    `${base}/details`,
    ...own.map((q) => `${base}/quotes/${q.id}`),
    ...jobs.map((j) => `${base}/jobs/${j.id}`),
  ];
}

async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // The page's own content, not the spinner of its first load.
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByLabel(/^Loading/)).toHaveCount(0);
  // An email's preview is a frame that runs no script (sandbox=""), which axe cannot enter: it
  // holds the email as mail apps show it (MJML's layout tables), not the app's own page.
  const result = await new AxeBuilder({ page })
    .exclude('iframe[sandbox=""]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .slice(0, 4)
        .map((n) => {
          // For contrast, the colours found: what to change.
          const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
          const colors = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1]` : '';
          return `${n.target.join(' ')}${colors}`;
        })
        .join(' | ')}`,
  );
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`axe finds nothing to fix in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test.setTimeout(240_000);

    test('on every public page', async ({ page }) => {
      const found: string[] = [];
      // The client's pages: a proposal sent for approval (through its link) and the verify page.
      const link = (await ownerQuery(
        `SELECT l.token FROM approval_links l JOIN proposals p ON p.id = l.proposal_id
          WHERE p.status IN ('sent', 'viewed') AND l.revoked_at IS NULL LIMIT 1`,
      )) as { token: string }[];
      const tokenPages = [`/proposals/approve/${link[0]!.token}`, '/proposals/verify'];
      for (const path of [...PUBLIC_PAGES, ...tokenPages]) found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
    });

    test('on the store customer’s own pages', async ({ page }) => {
      await page.goto('/store/harbor-and-pine-interiors/account');
      await page.getByRole('textbox', { name: 'Email' }).fill('customer@demo.test');
      await page.getByLabel('Password').fill('demo-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
      const found: string[] = [];
      for (const path of await portalPages()) found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
    });

    // The owner's pages in sixths (every sixth page each), so each test stays well inside its
    // time as the product grows a page at a time.
    const PARTS = 6;
    for (let part = 0; part < PARTS; part++)
      test(`on every page the owner can open (part ${part + 1} of ${PARTS})`, async ({ page }) => {
        await signIn(page, 'owner@demo.test');
        const found: string[] = [];
        const pages = (await signedInPages()).filter((_, i) => i % PARTS === part);
        for (const path of pages) found.push(...(await violations(page, path)));
        expect(found).toEqual([]);
      });
  });
}

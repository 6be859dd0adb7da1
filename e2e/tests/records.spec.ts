import fs from 'node:fs';
import { expect, signIn, test, toast } from '../fixtures';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

test('create an account and a contact in it through the forms, fixing a validation error on the way', async ({
  page,
}) => {
  await signIn(page, 'sales@demo.test');
  await page.getByRole('button', { name: 'Customers' }).click();
  await page
    .getByRole('menuitem', { name: 'Accounts' })
    .or(page.getByRole('link', { name: 'Accounts', exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/u\/companies$/);
  await expect(page).toHaveTitle('Atelier Companies');
  await page.getByRole('link', { name: 'New account' }).click();

  await page.getByLabel('Email').fill('studio@juniper');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Give the account a name.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Juniper & Rye Design');
  await page.getByLabel('Email').fill('studio@juniperrye.example');
  await page.getByLabel('Phone').fill('(207) 555-0199');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'success', 'Juniper & Rye Design created.')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/companies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Juniper & Rye Design' })).toBeVisible();

  await page.getByRole('link', { name: 'Add a contact' }).click();
  await expect(page.getByRole('heading', { name: 'New contact at Juniper & Rye Design' })).toBeVisible();
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByText('Enter a first name.')).toBeVisible();
  await page.getByLabel('First name').fill('Iris');
  await page.getByLabel('Last name').fill('Rye');
  await page.getByLabel('Emails 1', { exact: true }).fill('iris@juniperrye.example');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(toast(page, 'success', 'Iris Rye created.')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Juniper & Rye Design' })).toBeVisible();
});

test('filter, sort and page the list; reload keeps the view; a saved view is there after reload', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/customers');
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Referral' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Sort by email/ }).click();
  await expect(page).toHaveURL(/sort=email/);
  await expect(page).toHaveURL(/filter%5Bsource%5D%5B%5D=Referral/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^26–\d+ of \d+$/)).toBeVisible();
  const firstRow = await page.locator('tbody tr').first().innerText();

  await page.reload();
  await expect(page.getByText(/^26–\d+ of \d+$/)).toBeVisible();
  expect(await page.locator('tbody tr').first().innerText()).toBe(firstRow);
  await expect(page.locator('.mantine-Pill-root', { hasText: 'Referral' })).toBeVisible();

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save this view…' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Referrals by email');
  await page.getByLabel('Open this list with this view').check();
  await page.getByRole('button', { name: 'Save view' }).click();
  await expect(toast(page, 'success', 'View "Referrals by email" saved.')).toBeVisible();

  // A plain visit opens the default view; the view is in the menu after a reload.
  await page.goto('/u/customers');
  await expect(page).toHaveURL(/sort=email/);
  await expect(page).toHaveURL(/filter%5Bsource%5D%5B%5D=Referral/);
  await page.reload();
  await page.getByRole('button', { name: 'Views' }).click();
  await expect(page.getByRole('menuitem', { name: 'Referrals by email' })).toBeVisible();
});

test('an edit based on an old version shows who changed it, and keeps what was typed', async ({ page, context }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/companies?q=oak');
  await page.locator('tbody tr a').first().click();
  await page.waitForURL(/\/u\/companies\/[0-9a-f-]{36}$/);
  const url = page.url();
  const other = await context.newPage();
  // This tab hears nothing of changes (its events connection is refused), so it stays on the old version.
  await other.routeWebSocket(/events=1/, (ws) => ws.close());
  await other.goto(url);
  await expect(other.getByLabel('Notes')).toBeVisible();

  await page.getByLabel('Phone').fill('(207) 555-0111');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Account saved.')).toBeVisible();

  await other.getByLabel('Notes').fill('Prefers morning deliveries.');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByRole('dialog', { name: 'Someone else changed this' })).toContainText(
    'Olivia Harbor changed this account',
  );
  await other.getByRole('button', { name: 'Load their version, keep my changes' }).click();
  await expect(other.getByLabel('Phone')).toHaveValue('(207) 555-0111');
  await expect(other.getByLabel('Notes')).toHaveValue('Prefers morning deliveries.');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(toast(other, 'success', 'Account saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page).toHaveURL(/\/logs$/);
  const edit = page.locator('.mantine-Card-root').filter({ hasText: 'Phone' }).first();
  await expect(edit).toContainText('(207) 555-0111');
  await expect(
    page.locator('.mantine-Card-root').filter({ hasText: 'Prefers morning deliveries.' }).first(),
  ).toBeVisible();
});

test('an open account and its list refresh when a colleague changes it, keeping what was typed', async ({
  page,
  browser,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/companies?q=birch');
  const row = page.locator('tbody tr').first();
  await row.locator('a').first().click();
  await page.waitForURL(/\/u\/companies\/[0-9a-f-]{36}$/);
  const url = page.url();
  await page.getByLabel('Notes').fill('Typed here, not saved yet.');

  const colleague = await (await browser.newContext()).newPage();
  await signIn(colleague, 'sales@demo.test');
  await colleague.goto(url);
  await colleague.getByLabel('Phone').fill('(207) 555-0177');
  await colleague.getByRole('button', { name: 'Save' }).click();
  await expect(toast(colleague, 'success', 'Account saved.')).toBeVisible();

  // No reload: the page shows Sam's phone, says so, and keeps the note typed here.
  await expect(page.getByRole('status').filter({ hasText: 'Sam Reyes changed this account' })).toBeVisible();
  await expect(page.getByLabel('Phone')).toHaveValue('(207) 555-0177');
  await expect(page.getByLabel('Notes')).toHaveValue('Typed here, not saved yet.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Account saved.')).toBeVisible();

  // The list refreshes by itself too.
  await page.goto('/u/companies?q=birch');
  await colleague.getByLabel('Phone').fill('(207) 555-0178');
  await colleague.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: '(207) 555-0178' })).toBeVisible();
  await colleague.context().close();
});

test('upload a file with the progress bar, download it, and export the list as CSV and XLSX', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/companies?q=birch');
  await page.locator('tbody tr a').first().click();
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page).toHaveURL(/\/files$/);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a file' }).click();
  await (await chooser).setFiles({ name: 'signed-estimate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('status').filter({ hasText: 'Uploading signed-estimate.pdf' })).toBeVisible();
  await expect(toast(page, 'success', 'signed-estimate.pdf uploaded.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'signed-estimate.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('signed-estimate.pdf');
  expect(fs.readFileSync((await file.path())!).equals(PDF)).toBe(true);

  await page.goto('/u/companies?q=birch');
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = fs.readFileSync((await (await exported).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    // The owner holds 15, so the account's financial columns are there too.
    '\uFEFFName,Type,Phone,Email,City,Assigned to,Tags,Contacts,Created,Updated,Archived,Payment terms (days),Credit limit',
  );
  expect(csv).toContain('Birch');
  expect(csv).not.toContain('Oak Remodeling');
  // The same as a workbook.
  const workbook = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const xlsx = await workbook;
  expect(xlsx.suggestedFilename()).toMatch(/^accounts-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // An XLSX is a ZIP: it starts with "PK".
  expect(
    fs
      .readFileSync((await xlsx.path())!)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});

test('at 375 px the list and a record are usable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'sales@demo.test');
  await page.goto('/u/companies');
  const firstCard = page.locator('.mantine-Card-root a').first();
  await expect(firstCard).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await firstCard.click();
  await expect(page.getByLabel('Name', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Interactions' }).click();
  await page.getByLabel('Summary').fill('Called from the van: they confirmed Thursday.');
  await page.getByRole('button', { name: 'Add interaction' }).click();
  await expect(toast(page, 'success', 'Interaction added.')).toBeVisible();
  await expect(page.getByText('Called from the van: they confirmed Thursday.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a possible duplicate is flagged while typing; archive hides a record and restore brings it back', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/companies?q=birch');
  const name = (await page.locator('tbody tr a').first().innerText()).trim();

  await page.goto('/u/companies/new');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await expect(page.getByRole('status').filter({ hasText: 'This may already be an account' })).toContainText(
    `${name} (same name)`,
  );

  await page.goto('/u/companies?q=birch');
  await page.getByRole('link', { name }).first().click();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(toast(page, 'success', `${name} archived.`)).toBeVisible();
  await page.goto('/u/companies?q=birch');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await page.goto('/u/companies?q=birch&filter%5Bstatus%5D%5B%5D=archived');
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'success', `${name} restored.`)).toBeVisible();
  await page.goto('/u/companies?q=birch');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(1);
});

test('a record’s details tab has its own address too: customers, accounts and employees at {id}/details', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  const cases: [list: string, name: string | null, field: string][] = [
    ['/u/customers?q=casey%20morgan', 'Casey Morgan', 'First name'],
    ['/u/companies', null, 'Name'],
    ['/u/employees?q=sam', 'Sam Reyes', 'First name'],
  ];
  for (const [list, name, field] of cases) {
    await page.goto(list);
    const links = page.getByRole('table').getByRole('link');
    await (name ? links.filter({ hasText: name }) : links).first().click();
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}$/);
    await page.goto(`${page.url()}/details`);
    await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel(field, { exact: true }).first()).toBeVisible();
  }
});

test('back to a long list lands where the user left it (restored after 500 ms)', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  // A list with its query in the address, so no saved default view (an earlier journey's) applies.
  await page.goto('/u/customers?sort=name');
  const rows = page.getByRole('table').getByRole('link');
  await expect(rows.nth(30)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
  // Open a customer whose row is on screen, as a person would, without scrolling.
  await page.evaluate(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('table a[href^="/u/customers/"]')];
    links.find((a) => a.getBoundingClientRect().top > 200)!.click();
  });
  await expect(page).toHaveURL(/\/u\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/u\/customers\?sort=name$/);
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(700);
});

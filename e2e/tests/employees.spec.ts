import { expect, signIn, test, toast, waitForEmail } from '../fixtures';

test('invite an employee, who joins; deactivating them ends their session at once', async ({
  page,
  browser,
  baseURL,
}) => {
  const since = Date.now();
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Customers' }).click();
  await page
    .getByRole('menuitem', { name: 'Employees' })
    .or(page.getByRole('link', { name: 'Employees' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/u\/employees$/);
  await expect(page.getByRole('link', { name: 'Wes Turner' })).toBeVisible();

  // Invite: the new person's page opens, marked invited.
  await page.getByRole('button', { name: 'Invite employee' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite an employee' });
  await invite.getByLabel('Email').fill('noor@harbor.test');
  await invite.getByLabel('First name').fill('Noor');
  await invite.getByLabel('Last name').fill('Haddad');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, 'success', 'Invitation sent to noor@harbor.test.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Noor Haddad' })).toBeVisible();
  await expect(page.getByText('Invited', { exact: true })).toBeVisible();
  const employeeUrl = page.url();

  // Their details, saved; the title is what colleagues search for.
  await page.getByLabel('Title').fill('Junior designer');
  await page.getByLabel('Phone').fill('(207) 555-0190');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Employee saved.')).toBeVisible();

  // Noor accepts in another browser and works there.
  const mail = await waitForEmail('noor@harbor.test', since);
  const link = mail.match(/http:\/\/localhost:\d+\/reset-password#invitation=[A-Za-z0-9_-]+/)?.[0];
  const other = await browser.newContext({ baseURL });
  const noor = await other.newPage();
  await noor.goto(link!);
  await noor.getByLabel('New password', { exact: true }).fill('noor-joins-harbor');
  await noor.getByLabel('Repeat the new password').fill('noor-joins-harbor');
  await noor.getByRole('button', { name: 'Set my password and sign in' }).click();
  await expect(noor).toHaveURL(/\/u\/profile$/);

  // Found by the search dialog, in the Employee category.
  await page.reload();
  await page.getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog.getByLabel('Search for')).toBeFocused(); // after its 500 ms delay
  await dialog.getByRole('combobox', { name: 'Search in' }).click();
  await page.getByRole('option', { name: 'Employee', exact: true }).click();
  await dialog.getByLabel('Search for').fill('junior designer');
  await dialog.getByLabel('Search for').press('Enter');
  await dialog.getByRole('listitem').filter({ hasText: 'Noor Haddad' }).click();
  await expect(page).toHaveURL(employeeUrl);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  // Deactivate: Noor's very next step finds the session gone.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Noor Haddad?' });
  await expect(confirm.getByText('Nothing is assigned to them.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'success', 'Noor Haddad deactivated.')).toBeVisible();
  await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();

  await noor.goto('/u/profile');
  await expect(toast(noor, 'error', 'Your login has expired, please login again.')).toBeVisible();
  await expect(noor).toHaveURL(/\/$/);
  await noor.getByLabel('Email', { exact: true }).fill('noor@harbor.test');
  await noor.getByLabel('Password', { exact: true }).fill('noor-joins-harbor');
  await noor.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    toast(noor, 'error', 'This account has been deactivated. Ask an administrator of your firm.'),
  ).toBeVisible();
  await other.close();

  // The list hides deactivated people unless asked.
  await page.goto('/u/employees');
  await expect(page.getByRole('link', { name: 'Noor Haddad' })).toBeHidden();
  await page.goto('/u/employees?filter%5Bstatus%5D%5B%5D=inactive');
  await expect(page.getByRole('link', { name: 'Noor Haddad' })).toBeVisible();
});

test('deactivating someone hands their customers to a colleague in the same step', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/u/employees?q=reyes');
  await page.getByRole('link', { name: 'Sam Reyes' }).click();
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page.getByText(/^\d+ customers? assigned to Sam\./)).toBeVisible();
  const assigned = Number((await page.getByText(/^\d+ customers? assigned to Sam\./).innerText()).split(' ')[0]);
  expect(assigned).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Sam Reyes?' });
  await expect(confirm.getByText(`${assigned} customers`)).toBeVisible();
  await confirm.getByRole('combobox', { name: 'Hand them to' }).click();
  await page.getByRole('option', { name: 'Ada Kim' }).click();
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'success', /^Sam Reyes deactivated; \d+ records? handed over\.$/)).toBeVisible();
  await expect(page.getByText('No customers are assigned to Sam.')).toBeVisible();

  // Back to work for the other tests: activate again (customers stay with Ada).
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(toast(page, 'success', 'Sam Reyes can sign in again.')).toBeVisible();
});

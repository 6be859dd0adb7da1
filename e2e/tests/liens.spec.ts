import { expect, signIn, test, toast } from '../fixtures';

test('a lien on a job shows its state’s deadlines, a missed one flagged, and the calculator answers without a record', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  const stamp = Date.now().toString(36);
  const made = await page.request.post('/api/v1/customer-jobs', { data: { name: `Pasadena addition ${stamp}` } });
  expect(made.ok(), await made.text()).toBe(true);

  // A subcontractor in California since January: its 20-day notice fell on a Sunday and moved to Monday.
  await page.goto('/a/liens');
  await page.getByRole('link', { name: 'New lien' }).click();
  await page.getByRole('combobox', { name: 'Job', exact: true }).fill(`Pasadena addition ${stamp}`);
  await page.getByRole('option', { name: `Pasadena addition ${stamp}` }).click();
  await page.getByRole('combobox', { name: 'State', exact: true }).click();
  await page.getByRole('option', { name: 'California (CA)' }).click();
  await page.getByRole('combobox', { name: 'Your role', exact: true }).click();
  await page.getByRole('option', { name: 'Subcontractor' }).click();
  await page.getByLabel('First furnishing').fill('2026-01-05');
  await page.getByRole('button', { name: 'Create lien' }).click();
  await expect(
    toast(page, 'success', `Lien · Pasadena addition ${stamp} saved. Its deadlines are below.`),
  ).toBeVisible();

  const notice = page.getByRole('listitem').filter({ hasText: 'Jan 26, 2026' });
  await expect(notice.getByText('missed', { exact: true })).toBeVisible();
  await expect(notice.getByText('Moved from Jan 25, 2026, a weekend or holiday, as the rule allows.')).toBeVisible();
  await expect(notice.getByText('Cal. Civ. Code §§ 8200, 8204(a)')).toBeVisible();
  await expect(page.getByText('needs: completion date')).toBeVisible();
  await expect(page.getByText('Reminder only, not legal advice').first()).toBeVisible();

  // The calculator: Texas gives one notice per month furnished; a state without rules says so.
  await page.goto('/a/liens');
  await page.getByRole('link', { name: 'Deadline calculator' }).click();
  await expect(page.getByRole('heading', { name: 'Lien deadline calculator' })).toBeVisible();
  await page.getByRole('combobox', { name: 'State', exact: true }).click();
  await page.getByRole('option', { name: 'Texas (TX)' }).click();
  await page.getByRole('combobox', { name: 'Your role', exact: true }).click();
  await page.getByRole('option', { name: 'Subcontractor' }).click();
  await page.getByRole('combobox', { name: 'Project type', exact: true }).click();
  await page.getByRole('option', { name: 'Commercial' }).click();
  await page.getByLabel('First furnishing date').fill('2026-01-20');
  await page.getByLabel('Last furnishing date').fill('2026-03-02');
  await expect(page.getByText('For work furnished in January 2026')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Apr 15, 2026' })).toBeVisible();
  await page.getByRole('combobox', { name: 'State', exact: true }).click();
  await page.getByRole('option', { name: 'Oregon (OR)' }).click();
  await expect(page.getByText('no rule for this state')).toBeVisible();
});

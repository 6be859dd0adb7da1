import { dismissToasts, expect, ownerQuery, signIn, test } from '../fixtures';

/**
 * Moves the owner's time back, as if they had worked a while on the running entry: each entry,
 * earliest first (so none lands on another), and when they clocked in.
 */
async function workFor(email: string, minutes: number) {
  const rows = (await ownerQuery(
    `SELECT e.id FROM time_entries e JOIN users u ON u.id = e.user_id WHERE u.email = $1 ORDER BY e.started_at`,
    [email],
  )) as { id: string }[];
  for (const { id } of rows)
    await ownerQuery(
      `UPDATE time_entries SET started_at = started_at - make_interval(mins => $2),
         ended_at = ended_at - make_interval(mins => $2) WHERE id = $1`,
      [id, minutes],
    );
  await ownerQuery('UPDATE users SET clocked_in_at = clocked_in_at - make_interval(mins => $2) WHERE email = $1', [
    email,
    minutes,
  ]);
}

test('clocking in, changing task twice and clocking out: the timesheet and the job’s labour add up', async ({
  page,
}) => {
  const email = 'owner@demo.test';
  await signIn(page, email);
  // A job with a budget of 10 hours, and two tasks of the owner's: one on the job, one in the shop.
  const job = await (
    await page.request.post('/api/v1/customer-jobs', {
      data: { name: 'Timed mudroom', site: { line1: '9 Pine St', city: 'Portland' }, budgetHours: 10 },
    })
  ).json();
  const me = await (await page.request.get('/api/v1/auth/')).json();
  for (const data of [
    { name: 'Frame the mudroom bench', status: 'To Do', customerJob: { _id: job._id }, assignee: me._id },
    { name: 'Sweep the shop', status: 'To Do', assignee: me._id },
  ])
    expect((await page.request.post('/api/v1/project-management', { data })).status()).toBe(201);

  await page.goto('/u/profile/timesheet');
  const clock = page.getByRole('region', { name: 'Time clock' });
  await clock.getByRole('button', { name: 'Clock in' }).click();
  await expect(clock.getByText('Clocked in', { exact: true })).toBeVisible();
  await expect(page.locator('[data-clocked-in]').first()).toBeVisible();
  await workFor(email, 15);

  const changeTo = async (task: string) => {
    await dismissToasts(page);
    await clock.getByRole('button', { name: 'Change task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change task' });
    await dialog.getByRole('combobox', { name: 'One of your tasks' }).fill(task.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(`^${task}`) }).click();
    await dialog.getByRole('button', { name: 'Change task' }).click();
    await expect(dialog).toBeHidden();
    await expect(clock.getByText(task, { exact: true })).toBeVisible();
  };
  await changeTo('Frame the mudroom bench');
  await workFor(email, 60);
  await changeTo('Sweep the shop');
  await workFor(email, 30);

  await clock.getByRole('button', { name: 'Clock out' }).click();
  await expect(clock.getByText('Clocked out', { exact: true })).toBeVisible();
  await expect(page.locator('[data-clocked-in]')).toHaveCount(0);

  // The week: 0:15 before a task was chosen, 1:00 on the bench, 0:30 sweeping: 1:45.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Frame the mudroom bench' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sweep the shop' })).toBeVisible();
  await expect(page.getByText('1:45').first()).toBeVisible();
  expect(
    (
      (await ownerQuery(
        `SELECT e.task_name, e.minutes FROM time_entries e JOIN users u ON u.id = e.user_id
          WHERE u.email = $1 ORDER BY e.started_at`,
        [email],
      )) as { task_name: string; minutes: number }[]
    ).map((r) => [r.task_name, r.minutes]),
  ).toEqual([
    ['General', 15],
    ['Frame the mudroom bench', 60],
    ['Sweep the shop', 30],
  ]);

  // The job: one hour of ten, at the owner's $65.00 an hour.
  await page.goto(`/u/customer-jobs/${job._id}/time`);
  await expect(page.getByText('Hours worked')).toBeVisible();
  await expect(page.getByText('1:00').first()).toBeVisible();
  await expect(page.getByText('$65.00').first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Hours used: 10% of the budget' })).toBeVisible();

  // A second clock-in at once is refused with when the first began.
  await page.goto('/u/profile');
  const home = page.getByRole('region', { name: 'Time clock' });
  await home.getByRole('button', { name: 'Clock in' }).click();
  await expect(home.getByText('Clocked in', { exact: true })).toBeVisible();
  const again = await page.request.post('/api/v1/profile/clock-in', { data: {} });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toMatch(/^You are already clocked in since /);
  await home.getByRole('button', { name: 'Clock out' }).click();
  await expect(home.getByText('Clocked out', { exact: true })).toBeVisible();
});

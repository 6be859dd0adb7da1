import { expect, type Page } from '@playwright/test';
import { dismissToasts, ownerQuery, signIn, test, toast } from '../fixtures';

const column = (page: Page, status: string) => page.locator(`section[data-column="${status}"]`);
const card = (page: Page, name: string) => page.locator(`[data-task="${name}"]`);
/** A card moved with the keyboard: space picks it up, an arrow moves it over the next column, space puts it down. */
async function keyboardMove(page: Page, name: string, to: string) {
  await card(page, name).focus();
  await page.keyboard.press('Space');
  await expect(card(page, name)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`${name} is over column ${to}.`)).toBeAttached();
  await page.keyboard.press('Space');
}
const columnNames = (page: Page) =>
  page.locator('section[data-column]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-column')));

test('the task board: columns by status, moves by keyboard and pointer, a stale move undone, a new column at the front', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Task Board' }).click();
  await expect(page).toHaveURL(/\/f\/task-board$/);
  await expect(page).toHaveTitle('Atelier Task board');
  await expect(card(page, 'Book the plumber')).toBeVisible();
  expect(await columnNames(page)).toEqual(['unassigned', 'To Do', 'In progress', 'Done']);

  // The keyboard: space picks a card up, the arrows move it, space puts it down.
  await keyboardMove(page, 'Book the plumber', 'In progress');
  await expect(column(page, 'In progress').locator('[data-task="Book the plumber"]')).toBeVisible();

  // The pointer: a card dragged onto another column.
  const from = await card(page, 'Photograph the new display').boundingBox();
  const to = await column(page, 'Done').boundingBox();
  await page.mouse.move(from!.x + 20, from!.y + 20);
  await page.mouse.down();
  await page.mouse.move(from!.x + 40, from!.y + 30, { steps: 5 });
  await page.mouse.move(to!.x + to!.width / 2, to!.y + 60, { steps: 15 });
  await page.mouse.up();
  await expect(column(page, 'Done').locator('[data-task="Photograph the new display"]')).toBeVisible();
  await page.reload();
  await expect(column(page, 'In progress').locator('[data-task="Book the plumber"]')).toBeVisible();
  await expect(column(page, 'Done').locator('[data-task="Photograph the new display"]')).toBeVisible();

  // Two people move the same card at once: the other's move lands first, so this board's
  // answers 409 and the card goes back where it was, with a message.
  await expect(card(page, 'Template the countertops')).toBeVisible();
  const [row] = await ownerQuery(`SELECT id FROM tasks WHERE name = 'Template the countertops'`);
  const url = `/api/v1/project-management/${row.id}`;
  let raced = false;
  await page.route(`**${url}`, async (route) => {
    if (route.request().method() === 'PUT' && !raced) {
      raced = true;
      const current = await (await page.request.get(url)).json();
      const theirs = await page.request.put(url, {
        data: {
          name: current.name,
          status: 'Done',
          customerJob: current.customerJob,
          dueDate: current.dueDate,
          version: current.version,
        },
      });
      expect(theirs.status()).toBe(200);
    }
    await route.continue();
  });
  await keyboardMove(page, 'Template the countertops', 'In progress');
  await expect(toast(page, 'error', 'Template the countertops is back in To Do')).toBeVisible();
  await expect(toast(page, 'error', 'Someone else moved or changed this task first.')).toBeVisible();
  // The board then shows where the other person put it.
  await expect(column(page, 'Done').locator('[data-task="Template the countertops"]')).toBeVisible();

  // The task modal opens anywhere with ctrl+alt+k, its name focused; a status no column has
  // gets its column, at the front.
  await dismissToasts(page);
  await page.goto('/u/profile');
  await expect(page.getByRole('heading', { name: 'Olivia Harbor' })).toBeVisible();
  await page.keyboard.press('Control+Alt+k');
  const modal = page.getByRole('dialog', { name: 'New task' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('Name')).toBeFocused();
  await modal.getByRole('button', { name: 'Add task' }).click();
  await expect(modal.getByText('Name the task.')).toBeVisible();
  await modal.getByLabel('Name').fill('Call the tile supplier');
  await modal.getByLabel('Status', { exact: true }).fill('Waiting on the client');
  await modal.getByLabel('New checklist item').fill('Ask about lead times');
  await modal.getByLabel('New checklist item').press('Enter');
  await modal.getByRole('button', { name: 'Add task' }).click();
  await expect(toast(page, 'success', 'Call the tile supplier added to the board.')).toBeVisible();
  await expect(modal).toBeHidden();
  await page.goto('/f/task-board');
  await expect(card(page, 'Call the tile supplier')).toBeVisible();
  expect((await columnNames(page))[0]).toBe('Waiting on the client');

  // A card opens in the modal, with its checklist; the list view shows the same tasks.
  await card(page, 'Call the tile supplier').click();
  const edit = page.getByRole('dialog', { name: 'Call the tile supplier' });
  await expect(edit.getByText('0 of 1 done')).toBeVisible();
  await edit.getByLabel('Done: Ask about lead times').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Call the tile supplier saved.')).toBeVisible();
  await page.getByText('List', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Tasks' }).getByText('Call the tile supplier')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
  await page.getByText('Kanban', { exact: true }).click();
  await expect(card(page, 'Call the tile supplier')).toBeVisible();

  // A task's own address opens it over the board (a notification's link).
  const [plumber] = await ownerQuery(`SELECT id FROM tasks WHERE name = 'Book the plumber'`);
  await page.goto(`/f/task-board/${plumber.id}`);
  await expect(page.getByRole('dialog', { name: 'Book the plumber' })).toBeVisible();
});

test('someone without view-all-tasks sees an empty board as one To Do column, and an invalid view as kanban', async ({
  page,
}) => {
  // A kanban view from before the two the board knows: logged as invalid, kanban shown.
  await ownerQuery(
    `UPDATE users SET kanban = jsonb_set(kanban, '{view}', '"grid"') WHERE email = 'warehouse@demo.test'`,
  );
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await signIn(page, 'warehouse@demo.test');
  // Not in their menu (it needs view-all-tasks), but their own tasks are theirs to see.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Task Ctrl+Alt+K' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Task Board' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/f/task-board');
  await expect(page.getByText('You see the tasks assigned to you.')).toBeVisible();
  expect(await columnNames(page)).toEqual(['To Do']);
  await expect(column(page, 'To Do').getByText('No tasks here')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Kanban' })).toBeChecked();
  expect(logged).toContain('Invalid kanban view "grid": showing the kanban view.');
});

test('project templates: a circle of dependencies refused, a job made from a template gets dated tasks; the board’s columns set in settings', async ({
  page,
}) => {
  await signIn(page, 'owner@demo.test');
  await page.goto('/s/project-management');
  await expect(page).toHaveURL(/\/s\/project-management\/settings$/);
  // A new column, saved, is on the board.
  await page.getByRole('button', { name: 'Add a column' }).click();
  await page.getByRole('textbox', { name: 'Column 5' }).fill('Waiting on parts');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'success', 'Project management settings saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByRole('link', { name: 'Kitchen remodel' })).toBeVisible();
  await page.getByRole('link', { name: 'New template' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Deck build');
  await page
    .locator('section[aria-label="Task 1"]')
    .getByRole('textbox', { name: 'Task', exact: true })
    .fill('Pull the permit');
  await page.getByRole('button', { name: 'Add a task' }).click();
  const second = page.locator('section[aria-label="Task 2"]');
  await second.getByRole('textbox', { name: 'Task', exact: true }).fill('Frame the deck');
  // A task's card is named by its task once it has one.
  const framing = page.locator('section[aria-label="Frame the deck"]');
  await framing.getByLabel('Due, days after the job starts').fill('6');
  await framing.getByRole('combobox', { name: 'Waits on' }).click();
  await page.getByRole('option', { name: 'Pull the permit' }).click();
  await page.keyboard.press('Escape');
  // The permit waiting on the framing too: a circle.
  const permit = page.locator('section[aria-label="Pull the permit"]');
  await permit.getByRole('combobox', { name: 'Waits on' }).click();
  await page.getByRole('option', { name: 'Frame the deck' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(
    page.getByText('These tasks wait on each other in a circle: Pull the permit → Frame the deck → Pull the permit.'),
  ).toBeVisible();
  await permit.getByRole('combobox', { name: 'Waits on' }).click();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(toast(page, 'success', 'Deck build saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/s\/project-management\/templates\/[0-9a-f-]{36}$/);

  // A job made from it: its tasks, dated from its start.
  await page.goto('/u/customer-jobs/new');
  await page.getByLabel('Name').fill('Cedar deck');
  await page.getByLabel('Start', { exact: true }).fill('2027-05-03');
  await page.getByRole('combobox', { name: 'Start from a template' }).click();
  await page.getByRole('option', { name: 'Deck build' }).click();
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(toast(page, 'success', 'Cedar deck created.')).toBeVisible();
  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(card(page, 'Pull the permit')).toContainText('May 3, 2027');
  await expect(card(page, 'Frame the deck')).toContainText('May 9, 2027');
  await card(page, 'Frame the deck').click();
  await expect(page.getByRole('dialog', { name: 'Frame the deck' }).getByText('Pull the permit · To Do')).toBeVisible();
});

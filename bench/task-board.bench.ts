// The task board with 5,000 tasks (issue 18: "5,000 tasks stay smooth"), in the production build
// served by the real server, in Debian's Chromium: how long the board takes to have every task,
// how many cards the page renders of them (columns are virtualised), the frame times while a
// column of 2,000 cards is scrolled, and a card moved to the next column with the keyboard.
// Printed figures, not a gate: machines here are noisy.
//
//   BENCH_TASKS=N changes the number of tasks (5,000).
import pg from 'pg';
import { chromium } from 'playwright-core';
import launch from '../scripts/chromium.json' with { type: 'json' };
import { startBenchServer } from './lib/server';

const TASKS = Number(process.env.BENCH_TASKS ?? 5_000);
const FRAME_MS = 1000 / 60;
const server = await startBenchServer();

// The tasks, written straight into the demo firm's table: 40 % in To Do (the column scrolled),
// the rest spread over the others, each with a place in its column.
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
await owner.query(
  `INSERT INTO tasks (firm_id, name, status, priority, position, due_date, search_text)
   SELECT f.id, 'Bench task ' || g, s.status, 'normal', 1048576::bigint * g, current_date + (g % 60), 'bench task ' || g
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT CASE WHEN g % 5 < 2 THEN 'To Do' WHEN g % 5 = 2 THEN 'In progress'
                                     WHEN g % 5 = 3 THEN 'Done' ELSE 'unassigned' END AS status) s
     JOIN firms f ON f.name = 'Harbor & Pine Interiors'`,
  [TASKS],
);
const [{ n: total }] = (await owner.query('SELECT count(*)::int AS n FROM tasks')).rows as [{ n: number }];
await owner.end();

const browser = await chromium.launch(launch);
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const [name, value] = (await server.signIn()).split('; ').map((c) => c.split('='))[0]!;
await context.addCookies([
  { name: name!, value: value!, url: server.address },
  { name: 'atelier_signed_in', value: '1', url: server.address },
]);
const page = await context.newPage();
let pages = 0;
page.on('request', (r) => {
  if (r.url().includes('/api/v1/project-management?')) pages += 1;
});

const started = performance.now();
await page.goto(`${server.address}/f/task-board`);
await page.locator('[data-task]').first().waitFor();
const firstCards = performance.now() - started;
await page.getByText('Loading more tasks').waitFor({ state: 'detached', timeout: 120_000 });
const everyTask = performance.now() - started;
// Each column's count, as its badge says it ("2006 tasks").
const counted = await page
  .locator('section[data-column] [aria-label$=" tasks"]')
  .evaluateAll((badges) =>
    badges.reduce((sum, b) => sum + Number(/^(\d+) tasks$/.exec(b.getAttribute('aria-label') ?? '')?.[1] ?? 0), 0),
  );
const rendered = await page.locator('[data-task]').count();

// Scroll the To Do column to its end, a wheel turn per frame, timing the frames meanwhile.
const frames = await page.evaluate(async () => {
  // The column's scrolling list: the last element of its section, under its header.
  const column = document.querySelector('section[data-column="To Do"]')!.lastElementChild as HTMLElement;
  const times: number[] = [];
  let last = performance.now();
  while (column.scrollTop + column.clientHeight < column.scrollHeight - 2) {
    column.scrollTop += 240;
    await new Promise((r) => requestAnimationFrame(r));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  return times;
});
frames.sort((a, b) => a - b);
const p95 = frames[Math.floor(frames.length * 0.95)] ?? 0;
const whileScrolled = await page.locator('[data-task]').count();

// A card moved to the next column with the keyboard: space, right, space, until it is there.
const moving = page.locator('section[data-column="unassigned"] [data-task]').first();
const movedName = await moving.getAttribute('data-task');
const moveStarted = performance.now();
await moving.focus();
await page.keyboard.press('Space');
await page.waitForFunction(() => document.querySelector('[aria-pressed="true"]'));
await page.keyboard.press('ArrowRight');
await page.getByText(`${movedName} is over column To Do.`).waitFor({ state: 'attached' });
await page.keyboard.press('Space');
await page.locator(`section[data-column="To Do"] [data-task="${movedName}"]`).waitFor();
const moveMs = performance.now() - moveStarted;

console.log(`task board: ${total} tasks (${TASKS} added to the demo's)`);
console.log(
  `  first cards after ${firstCards.toFixed(0)} ms; every task after ${everyTask.toFixed(0)} ms, in ${pages} pages`,
);
console.log(`  counted on the board: ${counted} of ${total} (${(counted / total).toFixed(3)})`);
console.log(
  `  cards rendered: ${rendered} of ${total} (${(rendered / total).toFixed(3)}); while scrolled: ${whileScrolled}`,
);
console.log(
  `  scrolling To Do to its end: ${frames.length} frames, p95 ${p95.toFixed(1)} ms (${(p95 / FRAME_MS).toFixed(2)} × a 60 Hz frame)`,
);
console.log(`  a keyboard move to the next column, saved and shown: ${moveMs.toFixed(0)} ms`);

await browser.close();
await server.stop();

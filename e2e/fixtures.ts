import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';

export const DEMO_PASSWORD = 'demo-password';

/**
 * What a page may write to the browser console: what the spec says is logged, the browser's own line for an answer that is an
 * error status (journeys provoke 4xx answers on purpose), for a request or for the handshake of
 * the events socket (a journey that ends a session may do so while the page's socket is still
 * connecting). Anything else (a React warning, an uncaught error) fails the journey that caused
 * it (issue 14: the console stays clean).
 */
const EXPECTED_CONSOLE = [
  // Spec section 4: a kanban view other than kanban or list is logged as invalid.
  /^Invalid kanban view "[^"]*": showing the kanban view\.$/,
  /^Failed to load resource: the server responded with a status of \d+/,
  /^WebSocket connection to '[^']+' failed: HTTP Authentication failed; no valid credentials available$/,
];

export const test = base.extend<{ cleanConsole: undefined }>({
  // Playwright requires an object pattern for a fixture's first parameter, even an empty one.
  // biome-ignore lint/correctness/noEmptyPattern: see above
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  cleanConsole: [
    async ({ context }, use) => {
      const messages: string[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (!['warning', 'error'].includes(message.type())) return;
          if (EXPECTED_CONSOLE.some((pattern) => pattern.test(message.text()))) return;
          messages.push(`${message.type()} on ${page.url()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => messages.push(`uncaught on ${page.url()}: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(undefined);
      expect(messages, 'the browser console stays clean').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Runs SQL as the database owner of the server under test, e.g. to expire a session. */
export async function ownerQuery(text: string, values: unknown[] = []) {
  const credentials = JSON.parse(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'postgres.json'), 'utf8'));
  const client = new pg.Client({
    connectionString: `postgres://atelier:${encodeURIComponent(credentials.ownerPassword)}@127.0.0.1:${credentials.port}/atelier`,
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The newest email to `address` that arrived at the test SMTP server, waiting for it. */
export async function waitForEmail(address: string, since = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const dir = process.env.E2E_MAIL_DIR!;
    const files = fs.readdirSync(dir).sort().reverse();
    for (const file of files) {
      if (Number(file.split('-')[0]) < since) continue;
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      if (mail.to.includes(address)) return mail.text as string;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No email to ${address}`);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answered;
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/** A toast of a kind (error, success, info) with a text. */
export const toast = (page: Page, type: string, text: string | RegExp) =>
  page.locator(`[data-toast-type="${type}"]`).filter({ hasText: text });

/**
 * Waits out the toasts showing: they sit over the header's buttons at the top right, and a pointer
 * resting on one keeps it open, so the pointer moves off them first.
 */
export async function dismissToasts(page: Page) {
  await page.mouse.move(10, 400);
  await expect(page.locator('[data-toast-type]')).toHaveCount(0, { timeout: 15_000 });
}

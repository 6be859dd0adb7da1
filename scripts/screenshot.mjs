// Screenshots of pages as a user sees them, in Debian's Chromium:
//   node scripts/screenshot.mjs <base-url> <out-dir> <email|-> <path> [<path>…]
// Each path is taken at 1280 px and 375 px wide, in light and dark mode.
import { chromium } from 'playwright-core';
import launch from './chromium.json' with { type: 'json' };

const [base, out, email, ...paths] = process.argv.slice(2);
const browser = await chromium.launch(launch);
for (const scheme of ['light', 'dark']) {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 375, height: 740 }],
  ]) {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    if (email && email !== '-') {
      await page.goto(`${base}/`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('demo-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/u/profile');
    }
    for (const path of paths) {
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      const name = `${out}/${path.replaceAll('/', '_') || 'root'}-${label}-${scheme}.png`;
      await page.screenshot({ path: name, fullPage: true });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();

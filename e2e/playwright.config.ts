import { defineConfig } from '@playwright/test';
import launch from '../scripts/chromium.json' with { type: 'json' };

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // One server and one database for the run; journeys share them, so run them one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './.run/test-results',
  use: {
    browserName: 'chromium',
    launchOptions: launch,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // As the server runs in production (decision 0011): reaching Object.prototype through
          // __proto__ throws, so a test that would pollute it fails loudly instead.
          execArgv: ['--disable-proto=throw'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // One migrated and seeded template database for the run; each test app copies it.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          // Browser flows on a busy 2-core machine: each step may wait up to its timeout
          // (tests/e2e/browser.ts sets the actions' and navigations'; expect.poll's is here).
          testTimeout: 240_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // No retries: a test that fails once is a defect to fix, not to hide.
          retry: 0,
          fileParallelism: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup-portal.ts'],
        },
      },
    ],
  },
});

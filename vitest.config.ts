import { defineConfig } from 'vitest/config';

/** Web test files that replace a module with vi.mock: they run isolated ('web-isolated'). */
const WEB_MOCKING_MODULES = [
  'src/lib/http.test.ts',
  'src/features/doctors/pages/DoctorPages.test.tsx',
  'src/features/hospital-audit/pages/AuditTaskListPage.test.tsx',
];

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
          // The files of a worker share its modules: each file builds its own apps on its own
          // databases, and importing the server graph and compiling PGlite's WebAssembly once per
          // worker instead of once per file halves the project's time (decision 0016).
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING_MODULES,
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts', './src/test/setup-shared.ts'],
          // The files of a worker share its window and modules (Ant Design, the texts): loading
          // them once per worker instead of once per file, with two workers, took it from 557 s to 124 s.
          // setup-shared.ts empties the page and resets the stores before each file (decision 0016).
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          // Files that replace modules (vi.mock) need modules of their own.
          name: 'web-isolated',
          root: './apps/web',
          include: WEB_MOCKING_MODULES,
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
          // Two files at a time: each has its own portal, database and Chromium
          // (setup-portal.ts), and one file's flows leave a core half idle while they wait on the
          // portal or the page. After the other projects when run together (groupOrder).
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup-portal.ts'],
        },
      },
    ],
  },
});

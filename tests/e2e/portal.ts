import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const E2E_CAPTCHA = 'e2e7';

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * A fresh portal migrates and seeds its database before it answers: 6 s on a quiet machine, but
 * a CI machine busy with other jobs has been seen to need more than 90 s.
 */
const STARTUP_TIMEOUT = 180_000;

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const started = Date.now();
  const deadline = started + STARTUP_TIMEOUT;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/saasapi/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `portal did not become healthy in ${Math.round((Date.now() - started) / 1000)} s (pid ${child.pid}, still running):\n${log()}`,
  );
}

export interface TPortal {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the built portal on a fresh embedded database (one per test file, so files never share
 * data). With `template`, the database starts as a copy of that data directory (a portal that
 * migrated and seeded once and stopped: tests/e2e/global-setup.ts), so a file does not wait for
 * the migrations and the seed again; with `keepData`, stopping leaves the data directory.
 */
export async function startPortal(
  options: { template?: string; dataDir?: string; keepData?: boolean } = {},
): Promise<TPortal> {
  // E2E_WEB_DIST lets several people test their own build side by side.
  const webDist = process.env.E2E_WEB_DIST ?? join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build:web\` first (npm test does)`);
  }
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  if (options.template) cpSync(options.template, dataDir, { recursive: true });
  const port = await freePort();
  let output = '';
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA_TEST_CODE: E2E_CAPTCHA,
    WEB_DIST: webDist,
  };
  env.NODE_ENV = 'test';
  env.LOG_LEVEL = 'warn';
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const KEY = '__portalBaseUrl';

/** The address of the portal started for the running test file. */
export function portalBaseUrl(): string {
  const url = (globalThis as Record<string, unknown>)[KEY];
  if (typeof url !== 'string') throw new Error('the portal is not started (tests/e2e/setup-portal.ts)');
  return url;
}

/** Remembers the running file's portal address (setup-portal.ts). */
export function setPortalBaseUrl(url: string | undefined): void {
  (globalThis as Record<string, unknown>)[KEY] = url;
}

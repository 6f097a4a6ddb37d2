import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { type Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type TConfig } from '../platform/config.ts';
import type { TPlatform } from '../platform/platform.ts';
import { DEMO_PASSWORD } from '../seed/seed.ts';
import { adminQuery, SEED_SETTINGS, TEST_ENV, type TTestTemplate, testServerUrl } from './test-database.ts';

export const CAPTCHA = TEST_ENV.CAPTCHA_TEST_CODE;
/**
 * The Redis keys and channels of the apps of this worker's files (a file's two instances share
 * them): files that run at once in other workers, or another run on the same Redis, never hear
 * each other.
 */
const REDIS_KEY_PREFIX = `portal-test-${randomUUID()}:`;
export const WEB_CLIENT = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

export interface TTestApp {
  app: FastifyInstance;
  platform: TPlatform;
  config: TConfig;
  close(): Promise<void>;
}

/**
 * A new PostgreSQL database on the test server (TEST_DATABASE_URL or DATABASE_URL), empty or
 * a copy of `template`; null on PGlite.
 */
export async function createTestDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = testServerUrl();
  if (!serverUrl) return null;
  const name = `portal_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
      break;
    } catch (error) {
      // Two workers copying the template at the same moment: PostgreSQL refuses the second
      // with 55006 'source database is being accessed by other users'; it is free again soon.
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((next) => setTimeout(next, 50 * attempt));
    }
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The run's template (global-setup.ts) when this app may copy it. */
function usableTemplate(env: Record<string, string>): TTestTemplate | null {
  if (SEED_SETTINGS.some((key) => key in env)) return null;
  return inject('serverTestTemplate') ?? null;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set
 * or DATABASE_URL (CI's PostgreSQL), a new database created for this app and dropped afterwards.
 * The database is a copy of the run's migrated and seeded template (decision 0004), unless
 * `env` changes what the seed writes; migrations and the seed then still run, and find
 * nothing to do. `databaseUrl` builds the app on an existing database instead (a second
 * instance; not dropped). Scheduled jobs do not poll unless `JOBS_ENABLED: 'true'` is passed;
 * tests run them with `platform.jobs.runDue`. `onQuery` hears the text of every query the app runs.
 * `routes` adds test-only routes under /saasapi before the app is ready (they get the same access
 * checks as the app's own).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { databaseUrl?: string; onQuery?: (sql: string) => void; routes?: FastifyPluginAsync } = {},
): Promise<TTestApp> {
  const template = options.databaseUrl ? null : usableTemplate(env);
  const dataDir = `/tmp/portal-test-${randomUUID()}`;
  let databaseUrl = options.databaseUrl;
  let dropDatabase = async () => {};
  if (!databaseUrl) {
    const created = await createTestDatabase(template?.kind === 'postgres' ? template.database : undefined);
    if (created) {
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
  }
  if (template && existsSync(join(template.dataDir, 'files'))) {
    cpSync(join(template.dataDir, 'files'), join(dataDir, 'files'), { recursive: true });
  }
  const config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory://',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    REDIS_KEY_PREFIX,
    ...env,
  });
  const pgliteDataDir =
    template?.kind === 'pglite' && !databaseUrl ? new Blob([readFileSync(template.dump)]) : undefined;
  const { app, platform } = await buildApp(config, { pgliteDataDir, onQuery: options.onQuery });
  if (options.routes) await app.register(options.routes, { prefix: '/saasapi' });
  await app.ready();
  return {
    app,
    // Tests arrange and inspect rows of any tenant: their handle bypasses row-level security,
    // while the app's own requests, jobs and seed keep theirs (db-scope.ts).
    platform: {
      ...platform,
      db: platform.database.pinned({ kind: 'cross-tenant', reason: 'test fixtures' }),
    },
    config,
    close: async () => {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers of the web client for a tenant, with a session token when given. */
export function headers(tenant: string, token?: string, language: 'zh' | 'en' = 'zh') {
  return { authorization: WEB_CLIENT, tenant, language, ...(token ? { token: `Bearer ${token}` } : {}) };
}

/** Signs in through captcha + login and returns the login data. */
export async function login(app: FastifyInstance, tenant: string, account: string, password = DEMO_PASSWORD) {
  const key = randomUUID();
  await app.inject({ method: 'GET', url: `/saasapi/oauth/anno/captcha?key=${key}`, headers: { tenant } });
  const res = await app.inject({
    method: 'POST',
    url: '/saasapi/oauth/noToken/login',
    headers: headers(tenant),
    payload: { account, password, key, code: CAPTCHA },
  });
  const body = res.json();
  if (!body.isSuccess) throw new Error(`login ${tenant}/${account} failed: ${res.body}`);
  return body.data as { token: string; refreshToken: string; userId: string; providerId: string | null };
}

/** app.inject with the web client's headers and a token. */
export function call(
  app: FastifyInstance,
  tenant: string,
  token: string | undefined,
  options: InjectOptions,
) {
  return app.inject({ ...options, headers: { ...headers(tenant, token), ...(options.headers ?? {}) } });
}

/**
 * A GET sent over `agent`'s kept connection to an app listening on `port`: its status, JSON
 * body and the connection's local port (one port over several calls: one connection).
 */
export function getOnConnection<TBody>(
  agent: Agent,
  port: number,
  path: string,
  sent: Record<string, string>,
): Promise<{ status: number; body: TBody; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, headers: sent, agent }, (res) => {
      // Read now: a kept connection is handed back to the agent once the answer has ended.
      const localPort = res.socket.localPort as number;
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode as number,
          body: JSON.parse(text),
          localPort,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type TConfig } from '../platform/config.ts';
import type { TPlatform } from '../platform/platform.ts';
import { DEMO_PASSWORD } from '../seed/seed.ts';

export const CAPTCHA = 'test';
export const WEB_CLIENT = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

export interface TTestApp {
  app: FastifyInstance;
  platform: TPlatform;
  config: TConfig;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's (or DATABASE_URL's) server; null on PGlite. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) return null;
  const name = `portal_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL is set
 * or DATABASE_URL (CI's PostgreSQL), a new database created for this app and dropped afterwards.
 * `databaseUrl` builds the app on an existing database instead (a second instance; not dropped).
 * Scheduled jobs do not poll unless `JOBS_ENABLED: 'true'` is passed; tests run them with
 * `platform.jobs.runDue`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { databaseUrl?: string } = {},
): Promise<TTestApp> {
  let databaseUrl = options.databaseUrl;
  let dropDatabase = async () => {};
  if (!databaseUrl) {
    const created = await createTestDatabase();
    if (created) {
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/portal-test-${randomUUID()}`,
    PGLITE_DIR: 'memory://',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    CAPTCHA_TEST_CODE: CAPTCHA,
    JOBS_ENABLED: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const { app, platform } = await buildApp(config);
  await app.ready();
  return {
    app,
    platform,
    config,
    close: async () => {
      await app.close();
      await dropDatabase();
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

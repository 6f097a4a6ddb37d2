/** Databases for server tests: the server to create them on, and the template they copy. */
import pg from 'pg';

/** The settings every test app starts from (createTestApp and the template's global setup). */
export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  CAPTCHA_TEST_CODE: 'test',
  JOBS_ENABLED: 'false',
} as const;

/** Settings that change what the seed writes: an app given one of them cannot copy the template. */
export const SEED_SETTINGS = ['SEED_DEMO', 'PORTAL_WEB_SECRET'] as const;

/** The migrated and seeded template of this run (global-setup.ts), or null. */
export type TTestTemplate =
  | { kind: 'pglite' /** a tar dump of the data directory */; dump: string; dataDir: string }
  | { kind: 'postgres' /** a database on testServerUrl() */; database: string; dataDir: string };

/** The PostgreSQL server the tests run on (TEST_DATABASE_URL or CI's DATABASE_URL); unset: PGlite. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
}

/** Runs one statement on the server's own database (create or drop a database). */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

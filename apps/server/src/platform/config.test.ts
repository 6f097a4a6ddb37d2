import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'portal-config-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 8080, dataDir: dir, pgliteDir: join(dir, 'pg'), logLevel: 'info' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    // The generated JWT secret is kept under DATA_DIR and reused.
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('names every bad value', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://x',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'short',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'JWT_SECRET'])
        expect(text).toContain(name);
    }
  });

  it('refuses a captcha test code and a missing JWT secret in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), CAPTCHA_TEST_CODE: '1234' }),
    ).toThrow(/CAPTCHA_TEST_CODE[\s\S]*JWT_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40) }),
    ).not.toThrow();
  });

  it('accepts PostgreSQL and Redis URLs', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '9090',
    });
    expect(config).toMatchObject({ port: 9090, databaseUrl: 'postgres://postgres@127.0.0.1:5432/portal' });
  });
});

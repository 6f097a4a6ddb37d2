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

  it('reads the SMS receipt settings with their defaults and refuses bad ones', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sms).toMatchObject({
      receiptSeconds: 60,
      receiptBaseSeconds: 60,
      receiptMaxChecks: 8,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), SMS_RECEIPT_SECONDS: '30', SMS_RECEIPT_MAX_CHECKS: '3' }).sms,
    ).toMatchObject({ receiptSeconds: 30, receiptMaxChecks: 3 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_RECEIPT_MAX_CHECKS: '0' })).toThrow(
      /SMS_RECEIPT_MAX_CHECKS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_RECEIPT_BASE_SECONDS: 'soon' })).toThrow(
      /SMS_RECEIPT_BASE_SECONDS/,
    );
  });

  it('accepts PostgreSQL and Redis URLs', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/portal',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '9090',
    });
    expect(config).toMatchObject({ port: 9090, databaseUrl: 'postgres://postgres@127.0.0.1:5432/portal' });
    expect(config.redisKeyPrefix).toBe('portal:');
  });

  it('takes a Redis key prefix of its own, and refuses one with spaces or too long', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_KEY_PREFIX: 'portal-eu:' }).redisKeyPrefix).toBe(
      'portal-eu:',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REDIS_KEY_PREFIX: 'x'.repeat(65) })).toThrow(
      /REDIS_KEY_PREFIX/,
    );
  });

  it('trusts no proxy by default and reads the listed ones', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('has sane HTTP limits and sign-in waits, and refuses contradictory ones', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.http).toEqual({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 20_000,
      connectionTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      maxHeaderBytes: 16_384,
    });
    expect(config.loginBrake).toMatchObject({
      delaySeconds: 30,
      maxDelaySeconds: 900,
      accountFreeFailures: 5,
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' }),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), LOGIN_DELAY_SECONDS: '60', LOGIN_DELAY_MAX_SECONDS: '30' }),
    ).toThrow(/LOGIN_DELAY_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAX_HEADER_BYTES: '100' })).toThrow(/MAX_HEADER_BYTES/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REQUEST_TIMEOUT_SECONDS: 'soon' })).toThrow(
      /REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it('ends sessions after 30 idle minutes or 12 hours by default, and reads other lifetimes', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.session).toEqual({ idleSeconds: 1800, maxSeconds: 43_200, touchSeconds: 60 });
    expect(config.tokenParties).toEqual({ issuer: 'portal', audience: 'portal-api' });
    expect(config.logRetention).toBe('1y');
    const custom = loadConfig({
      DATA_DIR: dataDir(),
      SESSION_IDLE_MINUTES: '2',
      SESSION_MAX_HOURS: '24',
      LOG_RETENTION: '10000',
    });
    expect(custom.session).toEqual({ idleSeconds: 120, maxSeconds: 86_400, touchSeconds: 30 });
    expect(custom.logRetention).toBe('10000');
    for (const [name, bad] of [
      ['SESSION_IDLE_MINUTES', '0'],
      ['SESSION_IDLE_MINUTES', 'half an hour'],
      ['SESSION_MAX_HOURS', '1000'],
      ['LOG_RETENTION', '2y'],
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: bad }), `${name}=${bad}`).toThrow(name);
    }
  });
});

import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase } from '../../test/test-app.ts';
import { safeErrorForLog } from '../db/db-errors.ts';
import { AppError } from './app-error.ts';
import { installErrorHandler } from './error-handler.ts';

describe('error envelope', () => {
  it('answers an unexpected error with 500, the request id and no stack trace', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('secret internal detail');
    });
    app.get('/stale', async () => {
      throw new AppError('CASE_STATUS_CHANGED');
    });
    const res = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'req-42' } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({
      isSuccess: false,
      code: 50000,
      msg: '系统内部错误，请联系管理员',
      msg_en: 'Internal system error, contact the administrator',
    });
    expect(typeof body.data.requestId).toBe('string');
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');

    const stale = await app.inject({ method: 'GET', url: '/stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40900, msg_en: 'Case status changed' });
    await app.close();
  });

  it('answers an unknown API path with the 404 envelope, and serves the OpenAPI document', async () => {
    const t = await createTestApp();
    try {
      const missing = await t.app.inject({ method: 'GET', url: '/saasapi/no/such/route?ts=123' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        isSuccess: false,
        code: 40400,
        msg_en: 'Sorry, resource not found',
      });
      const docs = await t.app.inject({ method: 'GET', url: '/saasapi/docs/json' });
      expect(docs.statusCode).toBe(200);
      const spec = docs.json();
      expect(spec.openapi).toMatch(/^3\./);
      expect(Object.keys(spec.paths)).toContain('/saasapi/oauth/noToken/login');
      const health = await t.app.inject({ method: 'GET', url: '/saasapi/health' });
      expect(health.json()).toMatchObject({ status: 'ok', database: 'up' });
    } finally {
      await t.close();
    }
  });
});

/** A Fastify app with the error handler whose log lines are collected. */
function appWithLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream, serializers: { err: (e: unknown) => safeErrorForLog(e) } },
  });
  installErrorHandler(app);
  return { app, lines };
}

/** What node-postgres throws: a DatabaseError with a SQLSTATE, wrapped by Drizzle with the parameters. */
function queryError(code: string, message: string) {
  const cause = Object.assign(new Error(message), { code, severity: 'FATAL' });
  return new DrizzleQueryError('select * from users where account = $1', ['patient-name-13800138000'], cause);
}

describe('database failures', () => {
  it("answers 503 with a retry hint when the failure is not the caller's, logging no parameter", async () => {
    const { app, lines } = appWithLog();
    const failures: Record<string, Error> = {
      '57P01': queryError('57P01', 'terminating connection due to administrator command'),
      '08006': queryError('08006', 'connection failure'),
      '53300': queryError('53300', 'sorry, too many clients already'),
      '40001': queryError('40001', 'could not serialize access due to concurrent update'),
      '40P01': queryError('40P01', 'deadlock detected'),
      lost: new DrizzleQueryError(
        'select 1',
        ['secret-param'],
        new Error('Connection terminated unexpectedly'),
      ),
      pool: new Error('timeout exceeded when trying to connect'),
      refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    };
    for (const [name, error] of Object.entries(failures)) {
      app.get(`/fail/${name}`, async () => {
        throw error;
      });
    }
    for (const name of Object.keys(failures)) {
      const res = await app.inject({ method: 'GET', url: `/fail/${name}` });
      expect(res.statusCode, name).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        isSuccess: false,
        code: 50301,
        msg: '服务繁忙，请 5 秒后重试',
        msg_en: 'The service is busy, please retry in 5 seconds',
        data: { retryAfterSeconds: 5 },
      });
    }
    const log = lines.join('');
    expect(log).toContain('select * from users where account = $1');
    expect(log).toContain('57P01');
    expect(log).not.toContain('patient-name-13800138000');
    expect(log).not.toContain('secret-param');
    await app.close();
  });

  it('answers 400 for a value the database refuses, and 500 for other query errors, both without parameters', async () => {
    const { app, lines } = appWithLog();
    app.get('/too-long', async () => {
      throw queryError('22001', 'value too long for type character varying(30)');
    });
    app.get('/bug', async () => {
      throw queryError('42703', 'column "nope" does not exist');
    });
    const tooLong = await app.inject({ method: 'GET', url: '/too-long' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 40010 });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toMatchObject({ code: 50000 });
    const log = lines.join('');
    expect(log).toContain('column \\"nope\\" does not exist');
    expect(log).not.toContain('patient-name-13800138000');
    await app.close();
  });

  const pgDatabase = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  it.skipIf(!pgDatabase)(
    'answers 503 when PostgreSQL kills the connection mid-request',
    async () => {
      const created = await createTestDatabase();
      if (!created) return;
      const pool = new pg.Pool({ connectionString: created.url, max: 2 });
      pool.on('error', () => {});
      const admin = new pg.Client({ connectionString: created.url });
      await admin.connect();
      const { app, lines } = appWithLog();
      const db = drizzle(pool);
      app.get('/slow', async () => {
        await db.execute(sql`select pg_sleep(10), ${'secret-param-value'}::text`);
        return { done: true };
      });
      try {
        const answer = app.inject({ method: 'GET', url: '/slow' });
        // Wait until the query runs, then terminate its backend as an administrator would.
        for (let i = 0; i < 100; i++) {
          const running = await admin.query(
            "select pid from pg_stat_activity where query like 'select pg_sleep(10)%' and pid <> pg_backend_pid()",
          );
          if (running.rows.length > 0) {
            await admin.query('select pg_terminate_backend($1)', [running.rows[0].pid]);
            break;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
        const res = await answer;
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 50301 });
        expect(lines.join('')).not.toContain('secret-param-value');
      } finally {
        await app.close();
        await admin.end();
        await pool.end();
        await created.drop();
      }
    },
    30_000,
  );
});

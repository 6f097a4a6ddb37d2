import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
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

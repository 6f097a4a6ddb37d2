import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'demo/netview', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const post = (who: string, url: string, payload: unknown) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method: 'POST',
    url: `/saasapi${url}`,
    payload: payload as Record<string, unknown>,
  });

const report = {
  message: "TypeError: Cannot read properties of undefined (reading 'providerId')",
  stack:
    "TypeError: Cannot read properties of undefined (reading 'providerId')\n    at HospitalForm (assets/hospital-form-8f3a1c.js:1:2345)",
  url: 'https://portal.demo-medical.example/drsystem/hospital/create',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/138.0',
  info: { component: 'HospitalForm', release: '1.4.0' },
};

describe('POST /authority/errorLog', () => {
  it('stores a front-end error of any signed-in user', async () => {
    const res = await post('demo/hospital', '/authority/errorLog', report);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, data: { stored: true } });
  });

  it('refuses a missing message, over-long fields and a big info object', async () => {
    const noMessage = await post('demo/hospital', '/authority/errorLog', { ...report, message: ' ' });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json().data.fieldErrors).toHaveProperty('message');
    expect(
      (await post('demo/hospital', '/authority/errorLog', { ...report, url: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const bigInfo = await post('demo/hospital', '/authority/errorLog', {
      ...report,
      info: { blob: 'x'.repeat(9000) },
    });
    expect(bigInfo.statusCode).toBe(400);
    expect(bigInfo.json().data.fieldErrors).toHaveProperty('info');
    expect(
      (await post('demo/hospital', '/authority/errorLog', { ...report, stack: 'x'.repeat(70_000) }))
        .statusCode,
    ).toBe(413);
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/authority/errorLog',
      payload: report,
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps at most 30 reports per user and minute', async () => {
    const results: boolean[] = [];
    for (let i = 0; i < 31; i++) {
      results.push(
        (await post('demo/netview', '/authority/errorLog', { ...report, message: `loop ${i}` })).json().data
          .stored,
      );
    }
    expect(results.filter(Boolean)).toHaveLength(30);
    expect(results[30]).toBe(false);
  });
});

describe('POST /authority/errorLog/page', () => {
  it("pages the tenant's reports for SUPER_ADMIN, newest first", async () => {
    const res = await post('demo/admin', '/authority/errorLog/page', { current: 1, size: 5 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ current: 1, size: 5, total: 31 });
    expect(data.records[0].message).toBe('loop 29');
    const byHospital = await post('demo/admin', '/authority/errorLog/page', {
      model: { account: 'hospital' },
    });
    expect(byHospital.json().data.total).toBe(1);
    expect(byHospital.json().data.records[0]).toMatchObject({ ...report, account: 'hospital' });
    const keyword = await post('demo/admin', '/authority/errorLog/page', {
      model: { keyword: 'hospital/create' },
    });
    expect(keyword.json().data.total).toBe(31);
    const none = await post('demo/admin', '/authority/errorLog/page', { model: { keyword: '100%_' } });
    expect(none.json().data.total).toBe(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    const later = await post('demo/admin', '/authority/errorLog/page', { timeRange: [future, future] });
    expect(later.json().data.total).toBe(0);
  });

  it('needs system:errorLog:view', async () => {
    for (const who of ['demo/auditor', 'demo/hospital']) {
      const res = await post(who, '/authority/errorLog/page', {});
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40300);
    }
  });

  it("never shows another tenant's reports", async () => {
    expect((await post('acme/admin', '/authority/errorLog/page', {})).json().data.total).toBe(0);
  });

  it('refuses bad paging and time ranges', async () => {
    expect((await post('demo/admin', '/authority/errorLog/page', { size: 1000 })).statusCode).toBe(400);
    expect(
      (await post('demo/admin', '/authority/errorLog/page', { timeRange: ['yesterday', 'today'] }))
        .statusCode,
    ).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const home = async (tenant: string, account: string) => {
  const s = await login(t.app, tenant, account);
  return call(t.app, tenant, s.token, { method: 'GET', url: '/saasapi/drsystem/homePage/getHomePage?ts=1' });
};

describe('GET /drsystem/homePage/getHomePage', () => {
  it('gives provider staff the Bulletin Board with their hospital', async () => {
    const res = await home('demo', 'hospital');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.group).toBe('provider');
    expect(data.provider).toMatchObject({ providerId: 'P10001' });
    expect(data.provider.cnName).toBeTruthy();
    expect(data.provider.enName).toBeTruthy();
    expect(Array.isArray(data.taskCounts)).toBe(true);
    expect(data.tenant).toMatchObject({ code: 'demo', nameEn: 'Demo Medical Network' });
    // The tenant's figures are for the Dashboard only.
    expect(data.stats).toBeNull();
  });

  it('gives network-view users the Task Board and SUPER_ADMIN the Dashboard', async () => {
    expect((await home('demo', 'netview')).json().data.group).toBe('netView');
    const admin = (await home('demo', 'admin')).json().data;
    expect(admin.group).toBe('dashboard');
    expect(admin.provider).toBeNull();
    expect(admin.stats.users).toBeGreaterThanOrEqual(4);
  });

  it('counts change tasks by status, per provider for provider staff', async () => {
    const s = await login(t.app, 'demo', 'hospital');
    const saved = await call(t.app, 'demo', s.token, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTask/saveCache',
      payload: { providerId: 'P10001', providerCnName: '北京和睦国际医院亦庄院区' },
    });
    expect(saved.json().isSuccess).toBe(true);
    const mine = (await home('demo', 'hospital')).json().data.taskCounts;
    expect(mine).toContainEqual({ status: '08', count: 1 });
    const acme = (await home('acme', 'admin')).json().data.taskCounts;
    expect(acme.find((c: { status: string }) => c.status === '08')).toBeUndefined();
  });

  it('refuses a request without a session', async () => {
    const res = await call(t.app, 'demo', undefined, {
      method: 'GET',
      url: '/saasapi/drsystem/homePage/getHomePage',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(40003);
  });
});

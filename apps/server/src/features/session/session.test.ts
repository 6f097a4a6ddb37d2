import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import {
  CAPTCHA,
  call,
  createTestApp,
  headers,
  login,
  type TTestApp,
  WEB_CLIENT,
} from '../../test/test-app.ts';
import { users } from '../users/users.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function captcha(tenant = 'demo') {
  const key = randomUUID();
  const res = await t.app.inject({
    method: 'GET',
    url: `/saasapi/oauth/anno/captcha?key=${key}&ts=1`,
    headers: { tenant },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('image/svg+xml');
  return key;
}

function postLogin(body: Record<string, string>, tenant = 'demo', extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/saasapi/oauth/noToken/login',
    headers: { ...headers(tenant), ...extra },
    payload: body,
  });
}

describe('sign-in', () => {
  it('signs in with tenant, account, password and captcha', async () => {
    const key = await captcha();
    const res = await postLogin({ account: 'hospital', password: 'Portal2026', key, code: CAPTCHA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, code: 0 });
    expect(body.data).toMatchObject({
      account: 'hospital',
      providerId: 'P10001',
      userType: '02',
      tenant: 'demo',
    });
    for (const field of [
      'token',
      'refreshToken',
      'expiration',
      'userId',
      'name',
      'nameEn',
      'avatar',
      'workDescribe',
    ]) {
      expect(body.data).toHaveProperty(field);
    }
    expect(new Date(body.data.expiration).getTime()).toBeGreaterThan(Date.now());
  });

  it('accepts a form-encoded body', async () => {
    const key = await captcha();
    const res = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: { ...headers('demo'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        account: 'admin',
        password: 'Portal2026',
        key,
        code: CAPTCHA,
      }).toString(),
    });
    expect(res.json().isSuccess).toBe(true);
  });

  it('refuses a wrong password with 40006 in both languages', async () => {
    const key = await captcha();
    const res = await postLogin({ account: 'auditor', password: 'wrong-pass', key, code: CAPTCHA });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      code: 40006,
      msg: '账号或密码错误',
      msg_en: 'Wrong account or password',
    });
  });

  it('refuses a wrong captcha and then the reused one', async () => {
    const key = await captcha();
    const wrong = await postLogin({ account: 'admin', password: 'Portal2026', key, code: 'nope' });
    expect(wrong.json().code).toBe(40011);
    const reused = await postLogin({ account: 'admin', password: 'Portal2026', key, code: CAPTCHA });
    expect(reused.json().code).toBe(40012);
  });

  it('refuses a captcha used once already', async () => {
    const key = await captcha();
    expect(
      (await postLogin({ account: 'admin', password: 'Portal2026', key, code: CAPTCHA })).json().isSuccess,
    ).toBe(true);
    const again = await postLogin({ account: 'admin', password: 'Portal2026', key, code: CAPTCHA });
    expect(again.json()).toMatchObject({ isSuccess: false, code: 40012 });
  });

  it('refuses an unknown tenant', async () => {
    const key = await captcha('nope');
    const res = await postLogin({ account: 'admin', password: 'Portal2026', key, code: CAPTCHA }, 'nope');
    expect(res.json()).toMatchObject({ isSuccess: false, code: 40013 });
  });

  it('refuses a disabled user', async () => {
    const [tenant] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    const where = and(eq(users.tenantId, tenant.id), eq(users.account, 'auditor'));
    await t.platform.db.update(users).set({ enabled: false }).where(where);
    try {
      const key = await captcha();
      const res = await postLogin({ account: 'auditor', password: 'Portal2026', key, code: CAPTCHA });
      expect(res.json()).toMatchObject({
        isSuccess: false,
        code: 40014,
        msg_en: 'Account disabled, contact the administrator',
      });
    } finally {
      await t.platform.db.update(users).set({ enabled: true }).where(where);
    }
  });

  it('refuses a missing or wrong client', async () => {
    const key = await captcha();
    const noClient = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: { tenant: 'demo' },
      payload: { account: 'admin', password: 'Portal2026', key, code: CAPTCHA },
    });
    expect(noClient.json().code).toBe(40000);
    const bad = await postLogin({ account: 'admin', password: 'Portal2026', key, code: CAPTCHA }, 'demo', {
      authorization: `Basic ${Buffer.from('portal-web:wrong').toString('base64')}`,
    });
    expect(bad.json().code).toBe(40000);
  });

  it('rejects a malformed body with per-field errors', async () => {
    const res = await postLogin({ account: '', password: 'x', key: 'k', code: 'c' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors).toHaveProperty('account');
  });

  it('delays an account after repeated failures, with a bilingual message', async () => {
    let last = null as null | ReturnType<typeof JSON.parse>;
    for (let i = 0; i < 6; i++) {
      const key = await captcha('acme');
      last = (
        await postLogin({ account: 'hospital', password: `bad-${i}`, key, code: CAPTCHA }, 'acme')
      ).json();
    }
    // The sixth attempt comes inside the wait the fifth failure started (30 s by default).
    expect(last).toMatchObject({ isSuccess: false, code: 40030 });
    expect(last.msg_en).toMatch(/too frequent; retry in \d+ seconds/);
    expect(last.msg).toMatch(/过于频繁，请 \d+ 秒后重试/);
    const key = await captcha('acme');
    const right = await postLogin(
      { account: 'hospital', password: 'Portal2026', key, code: CAPTCHA },
      'acme',
    );
    expect(right.json().code).toBe(40030);
  }, 60_000);
});

describe('tokens', () => {
  it('rotates refresh tokens and detects reuse', async () => {
    const first = await login(t.app, 'demo', 'netview');
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/saasapi/authority/anno/login',
        headers: { authorization: WEB_CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=refresh_token&refresh_token=${encodeURIComponent(token)}`,
      });
    const second = await refresh(first.refreshToken);
    const data = second.json().data;
    expect(data).toMatchObject({ token_type: 'Bearer', expires_in: 7200, account: 'netview' });
    expect(data.refresh_token).not.toBe(first.refreshToken);

    const reused = await refresh(first.refreshToken);
    expect(reused.json()).toMatchObject({ isSuccess: false, code: 40001 });
    // Reuse revoked the family: the rotated token and the access tokens stop working.
    expect((await refresh(data.refresh_token)).json().code).toBe(40001);
    const res = await call(t.app, 'demo', data.access_token, {
      method: 'GET',
      url: '/saasapi/oauth/resource/visible',
    });
    expect(res.json().code).toBe(40009);
  });

  it('supports the password grant with the captcha for the web client', async () => {
    const key = await captcha();
    const res = await t.app.inject({
      method: 'POST',
      url: '/saasapi/authority/anno/login',
      headers: {
        authorization: WEB_CLIENT,
        tenant: 'demo',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `grant_type=password&username=auditor&password=Portal2026&key=${key}&code=${CAPTCHA}`,
    });
    expect(res.json().data).toMatchObject({ account: 'auditor', token_type: 'Bearer' });
  });

  it('logout revokes the session at once', async () => {
    const s = await login(t.app, 'demo', 'auditor');
    const before = await call(t.app, 'demo', s.token, {
      method: 'GET',
      url: '/saasapi/oauth/resource/visible',
    });
    expect(before.json().isSuccess).toBe(true);
    const out = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/logout',
      headers: { authorization: WEB_CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: `Bearer ${s.token}`,
        userId: s.userId,
        clientId: 'portal-web',
      }).toString(),
    });
    expect(out.json().isSuccess).toBe(true);
    const after = await call(t.app, 'demo', s.token, {
      method: 'GET',
      url: '/saasapi/oauth/resource/visible',
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(40009);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/saasapi/authority/anno/login',
      headers: { authorization: WEB_CLIENT },
      payload: { grant_type: 'refresh_token', refresh_token: s.refreshToken },
    });
    expect(refreshed.json().code).toBe(40001);
  });

  it('maps token problems to the session codes', async () => {
    const missing = await call(t.app, 'demo', undefined, {
      method: 'GET',
      url: '/saasapi/oauth/resource/visible',
    });
    expect(missing.json().code).toBe(40003);
    const garbage = await call(t.app, 'demo', 'not-a-jwt', {
      method: 'GET',
      url: '/saasapi/oauth/resource/visible',
    });
    expect(garbage.json().code).toBe(40005);
    const s = await login(t.app, 'demo', 'admin');
    const [h, p] = s.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    const bad = await call(t.app, 'demo', forged, { method: 'GET', url: '/saasapi/oauth/resource/visible' });
    expect(bad.json().code).toBe(40002);
  });
});

describe('permissions and menus', () => {
  it('returns the resource object of the user', async () => {
    const s = await login(t.app, 'demo', 'hospital');
    const res = await call(t.app, 'demo', s.token, { method: 'GET', url: '/saasapi/oauth/resource/visible' });
    expect(res.json().data).toMatchObject({
      enabled: true,
      caseSensitive: false,
      roleList: ['SMART_PORTAL'],
    });
    expect(res.json().data.resourceList).toContain('drsystem:providerTask:*');
  });

  it('returns the menu tree the roles grant', async () => {
    const s = await login(t.app, 'demo', 'hospital');
    const res = await call(t.app, 'demo', s.token, { method: 'GET', url: '/saasapi/oauth/menu/router' });
    const routes = res.json().data as Array<{ name: string; meta: { title: string; titleEn: string } }>;
    expect(routes.map((r) => r.name)).toContain('dashboard');
    expect(routes[0].meta).toMatchObject({ title: '首页', titleEn: 'Home' });
    // Only what the provider's roles grant: their hospital, benefit, appointment, pre-authorisation, claim and invoice screens.
    expect(routes.map((r) => r.name)).toEqual([
      'dashboard',
      'drmanage',
      'memberBenefit',
      'appointment',
      'preauth',
      'claim',
      'invoice',
    ]);
    const auditor = await login(t.app, 'demo', 'auditor');
    const audited = await call(t.app, 'demo', auditor.token, {
      method: 'GET',
      url: '/saasapi/oauth/menu/router',
    });
    const auditorNames = (audited.json().data as Array<{ name: string }>).map((r) => r.name);
    expect(auditorNames).toContain('hospitalAuditGroup');
    expect(auditorNames).not.toContain('system');
    expect(auditorNames).not.toContain('drmanage');
    // SUPER_ADMIN gets every entry.
    const admin = await login(t.app, 'demo', 'admin');
    const all = await call(t.app, 'demo', admin.token, { method: 'GET', url: '/saasapi/oauth/menu/router' });
    expect((all.json().data as Array<{ name: string }>).map((r) => r.name)).toContain('system');
  });

  it('denies a route without the permission with 403 and a non-session code', async () => {
    const [tenant] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    await t.platform.db.insert(users).values({
      tenantId: tenant.id,
      account: 'noroles',
      passwordHash: await hashPassword('Portal2026'),
      name: '无角色',
      userType: '01',
    });
    const s = await login(t.app, 'demo', 'noroles');
    const res = await call(t.app, 'demo', s.token, {
      method: 'GET',
      url: '/saasapi/drsystem/homePage/getHomePage',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      isSuccess: false,
      code: 40300,
      msg_en: 'You have no permission for this operation',
    });
    const menu = await call(t.app, 'demo', s.token, { method: 'GET', url: '/saasapi/oauth/menu/router' });
    expect(menu.json().data).toEqual([]);
  });

  it('keeps tenants apart: a token of acme reads acme only', async () => {
    const s = await login(t.app, 'acme', 'admin');
    const res = await call(t.app, 'demo', s.token, {
      method: 'GET',
      url: '/saasapi/drsystem/homePage/getHomePage',
    });
    expect(res.json().data.tenant.code).toBe('acme');
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { access } from '../../platform/auth/access.ts';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';
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
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { menus } from '../menus/menus.tables.ts';
import { roleMenus, roles } from '../roles/roles.tables.ts';

/** Test-only routes that belong to provider functions: what a real feature route declares. */
const functionRoutes: FastifyPluginAsync = async (app) => {
  app.get('/test/invoice', { config: { access: access.login(), providerFunction: 'invoice' } }, async () => ({
    isSuccess: true,
    code: 0,
    msg: '',
    msg_en: '',
    data: 'invoice',
  }));
  app.get('/test/claim', { config: { access: access.login(), providerFunction: 'contract' } }, async () => ({
    isSuccess: true,
    code: 0,
    msg: '',
    msg_en: '',
    data: 'claim',
  }));
};

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';

const PAGE = '/saasapi/authority/providerAccount/page';
const STAFF = '/saasapi/authority/providerAccount/staff';
const ONE = '/saasapi/authority/providerAccount';
const ABILITY = '/saasapi/claim/providerExt/queryAbility';

const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);

async function signIn(who: string) {
  const [tenant, account] = who.split('/');
  tokens[who] = (await login(t.app, tenant, account)).token;
}

/** Reads P10001's account as admin and sets it with `changes`. */
async function setDemoProvider(changes: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') {
  const current = (await as('demo/admin', { method: 'GET', url: `${ONE}/P10001` })).json().data;
  const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...settings } = current;
  return as('demo/admin', {
    method: 'PUT',
    url: ONE,
    headers: { language: lang },
    payload: { ...settings, ...changes },
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { routes: functionRoutes });
  demoId = (await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) await signIn(who);
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  // Every test starts from the seeded account of P10001: valid, signed, switches on.
  await t.platform.db
    .update(providers)
    .set({
      status: '01',
      signStatus: '01',
      invoiceEnabled: true,
      investigationEnabled: true,
      appointmentEnabled: true,
      medicalExpenseEnabled: true,
      medicalExpenseAutoConfirm: false,
    })
    .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
  await t.platform.authCache.invalidate({ all: true });
  const alive = await as('demo/hospital', { method: 'GET', url: '/saasapi/oauth/resource/visible' });
  if (alive.statusCode !== 200) await signIn('demo/hospital');
});

describe('POST /authority/providerAccount/page', () => {
  it("lists the tenant's providers with status, signed status, switches and staff count", async () => {
    const res = await as('demo/admin', { method: 'POST', url: PAGE, payload: { current: 1, size: 10 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isSuccess: true, code: 0, data: { current: 1, size: 10 } });
    const p10001 = body.data.records.find((r: { providerId: string }) => r.providerId === 'P10001');
    expect(p10001).toMatchObject({
      status: '01',
      signStatus: '01',
      invoiceEnabled: true,
      investigationEnabled: true,
      appointmentEnabled: true,
      medicalExpenseEnabled: true,
      medicalExpenseAutoConfirm: false,
      staffCount: 1,
      version: expect.any(Number),
    });
    expect(p10001.providerCnName).not.toBe('');
  });

  it('filters by provider id, name (either language, any case), status and signed status', async () => {
    const page = async (model: Record<string, string>) =>
      (await as('demo/admin', { method: 'POST', url: PAGE, payload: { model } })).json().data;
    expect(
      (await page({ providerId: 'p1000' })).records.map((r: { providerId: string }) => r.providerId),
    ).toContain('P10001');
    const [record] = (await page({ providerId: 'P10001' })).records;
    expect((await page({ providerName: record.providerCnName.slice(0, 2) })).total).toBeGreaterThan(0);
    expect(
      (await page({ providerName: record.providerEnName.slice(0, 6).toUpperCase() })).total,
    ).toBeGreaterThan(0);
    expect((await page({ providerId: 'P10001', status: '02' })).total).toBe(0);
    expect((await page({ providerId: 'P10001', signStatus: '01' })).total).toBe(1);
    expect((await page({ providerName: 'no such hospital anywhere' })).total).toBe(0);
  });

  it('refuses bad filters and paging with a bilingual field error', async () => {
    const res = await as('demo/admin', {
      method: 'POST',
      url: PAGE,
      payload: { model: { status: '09' }, size: 1000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40010);
    expect(res.json().data.fieldErrors).toHaveProperty(['model.status']);
    expect(res.json().data.fieldErrors['model.status']).toEqual({
      msg: '格式不正确',
      msg_en: 'Incorrect Format',
    });
  });

  it("shows another tenant's providers to nobody", async () => {
    const res = await as('acme/admin', {
      method: 'POST',
      url: PAGE,
      payload: { model: { providerId: 'P10001' } },
    });
    expect(res.json().data.total).toBe(0);
  });
});

describe('permissions', () => {
  it('refuses provider staff and operators without the permission on every route (403)', async () => {
    for (const who of ['demo/hospital', 'demo/auditor']) {
      const replies = await Promise.all([
        as(who, { method: 'POST', url: PAGE, payload: {} }),
        as(who, { method: 'POST', url: STAFF, payload: { providerId: 'P10001' } }),
        as(who, { method: 'GET', url: `${ONE}/P10001` }),
        as(who, { method: 'PUT', url: ONE, payload: { providerId: 'P10001' } }),
      ]);
      for (const res of replies) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 40300,
          msg_en: 'You have no permission for this operation',
        });
      }
    }
  });
});

describe('GET /authority/providerAccount/:providerId and the staff list', () => {
  it("reads one provider's account and pages its staff", async () => {
    const one = await as('demo/admin', { method: 'GET', url: `${ONE}/P10001` });
    expect(one.json().data).toMatchObject({ providerId: 'P10001', status: '01', staffCount: 1 });
    const staff = await as('demo/admin', {
      method: 'POST',
      url: STAFF,
      payload: { providerId: 'P10001', size: 5 },
    });
    expect(staff.json().data).toMatchObject({ current: 1, size: 5, total: 1 });
    expect(staff.json().data.records[0]).toMatchObject({ account: 'hospital', enabled: true });
  });

  it('answers 404 for an unknown provider or one of another tenant, 400 without a provider id', async () => {
    expect((await as('demo/admin', { method: 'GET', url: `${ONE}/P99999` })).statusCode).toBe(404);
    const foreign = await as('acme/admin', { method: 'GET', url: `${ONE}/P10001` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(40400);
    expect(
      (await as('acme/admin', { method: 'POST', url: STAFF, payload: { providerId: 'P10001' } })).statusCode,
    ).toBe(404);
    const missing = await as('demo/admin', { method: 'POST', url: STAFF, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fieldErrors.providerId).toEqual({ msg: '不能为空', msg_en: "Can't be empty" });
  });
});

describe('PUT /authority/providerAccount', () => {
  it('sets the switches, moves the version and writes the operation log with before and after', async () => {
    const before = (await as('demo/admin', { method: 'GET', url: `${ONE}/P10001` })).json().data;
    const res = await setDemoProvider({ invoiceEnabled: false, medicalExpenseAutoConfirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: '修改成功', msg_en: 'Updated' });
    expect(res.json().data).toMatchObject({
      invoiceEnabled: false,
      medicalExpenseAutoConfirm: true,
      version: before.version + 1,
    });
    const logs = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.tenantId, demoId), eq(operationLogs.targetId, 'P10001')));
    const last = logs.at(-1)!;
    expect(last).toMatchObject({ account: 'admin', action: 'update', targetTable: 'providers' });
    expect(last.before).toMatchObject({ invoiceEnabled: true, medicalExpenseAutoConfirm: false });
    expect(last.after).toMatchObject({ invoiceEnabled: false, medicalExpenseAutoConfirm: true });
  });

  it('refuses a stale version with 409 in both languages, and writes nothing', async () => {
    const read = (await as('demo/admin', { method: 'GET', url: `${ONE}/P10001` })).json().data;
    expect((await setDemoProvider({ appointmentEnabled: false })).statusCode).toBe(200);
    const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...stale } = read;
    const res = await as('demo/admin', {
      method: 'PUT',
      url: ONE,
      payload: { ...stale, investigationEnabled: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 40914,
      msg: '该机构账户已被他人修改，请刷新后重试',
      msg_en: "The provider's account was changed by someone else; reload it and try again",
    });
    const now = (await as('demo/admin', { method: 'GET', url: `${ONE}/P10001` })).json().data;
    expect(now).toMatchObject({ investigationEnabled: true, appointmentEnabled: false });
  });

  it('refuses bad input: unknown status, missing fields, auto-confirm without medical expenses', async () => {
    const bad = await setDemoProvider({ status: '03' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.status).toEqual({ msg: '格式不正确', msg_en: 'Incorrect Format' });
    const missing = await as('demo/admin', { method: 'PUT', url: ONE, payload: { providerId: 'P10001' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().data.fieldErrors)).toEqual(
      expect.arrayContaining(['version', 'status']),
    );
    const auto = await setDemoProvider(
      { medicalExpenseEnabled: false, medicalExpenseAutoConfirm: true },
      'en',
    );
    expect(auto.statusCode).toBe(400);
    expect(auto.json().data.fieldErrors.medicalExpenseAutoConfirm).toEqual({
      msg: '自动确认须先开启医疗费用管理',
      msg_en: 'Auto-confirm needs medical expense management switched on',
    });
  });

  it("answers 404 for another tenant's provider and changes nothing there", async () => {
    const read = (await as('demo/admin', { method: 'GET', url: `${ONE}/P10001` })).json().data;
    const { staffCount: _s, updatedAt: _u, providerCnName: _c, providerEnName: _e, ...settings } = read;
    const res = await as('acme/admin', { method: 'PUT', url: ONE, payload: { ...settings, status: '02' } });
    expect(res.statusCode).toBe(404);
    const after = (await as('demo/admin', { method: 'GET', url: `${ONE}/P10001` })).json().data;
    expect(after).toMatchObject({ status: '01', version: read.version });
  });
});

describe('an invalid provider', () => {
  async function signInReply(account: string, lang: 'zh' | 'en') {
    const key = randomUUID();
    await t.app.inject({ method: 'GET', url: `/saasapi/oauth/anno/captcha?key=${key}` });
    return t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: headers('demo', undefined, lang),
      payload: { account, password: 'Portal2026', key, code: CAPTCHA },
    });
  }

  it("ends its staff's live sessions at once and refuses their sign-in and refresh with a clear message", async () => {
    const { token, refreshToken } = await login(t.app, 'demo', 'hospital');
    const visible = () =>
      call(t.app, 'demo', token, { method: 'GET', url: '/saasapi/oauth/resource/visible' });
    expect((await visible()).statusCode).toBe(200); // cached now

    expect((await setDemoProvider({ status: '02' })).statusCode).toBe(200);

    const live = await visible();
    expect(live.statusCode).toBe(401);
    expect(live.json()).toMatchObject({
      code: 40150,
      msg: '所属医疗机构账户已失效，无法登录，请联系运营方',
      msg_en: "Your provider's account is invalid, so you cannot sign in; contact the operator",
    });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/saasapi/authority/anno/login',
      headers: { authorization: WEB_CLIENT },
      payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
    expect(refreshed.json().code).toBe(40150);

    for (const lang of ['zh', 'en'] as const) {
      const refused = await signInReply('hospital', lang);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ isSuccess: false, code: 40150 });
    }
    const [event] = await t.platform.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.tenantId, demoId), eq(securityEvents.reason, 'provider-invalid')));
    expect(event).toMatchObject({ event: 'sign-in-failed', account: 'hospital' });

    // Operators are not affected; a valid provider again lets its staff sign in.
    expect(
      (await as('demo/admin', { method: 'GET', url: '/saasapi/oauth/resource/visible' })).statusCode,
    ).toBe(200);
    expect((await setDemoProvider({ status: '01' })).statusCode).toBe(200);
    expect((await signInReply('hospital', 'zh')).json().isSuccess).toBe(true);
  });

  it('a wrong password still answers 40006, so the status does not leak to strangers', async () => {
    expect((await setDemoProvider({ status: '02' })).statusCode).toBe(200);
    const key = randomUUID();
    await t.app.inject({ method: 'GET', url: `/saasapi/oauth/anno/captcha?key=${key}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/saasapi/oauth/noToken/login',
      headers: headers('demo'),
      payload: { account: 'hospital', password: 'Wrong2026x', key, code: CAPTCHA },
    });
    expect(res.json().code).toBe(40006);
  });
});

describe('function switches on the server', () => {
  it('refuses a switched-off function to provider staff at once, in both languages; operators pass', async () => {
    const invoice = (who: string, lang: 'zh' | 'en' = 'zh') =>
      as(who, { method: 'GET', url: '/saasapi/test/invoice', headers: { language: lang } });
    expect((await invoice('demo/hospital')).json().data).toBe('invoice');

    expect((await setDemoProvider({ invoiceEnabled: false })).statusCode).toBe(200);
    const zh = await invoice('demo/hospital');
    expect(zh.statusCode).toBe(403);
    expect(zh.json()).toMatchObject({
      code: 40303,
      msg: '贵机构未开通“发票管理”功能，请联系运营方',
      msg_en: 'Your provider does not have "Invoice management" switched on; contact the operator',
    });
    expect((await invoice('demo/admin')).statusCode).toBe(200);
    expect((await invoice('demo/auditor')).statusCode).toBe(200);
    // Other functions are untouched.
    expect((await as('demo/hospital', { method: 'GET', url: '/saasapi/test/claim' })).statusCode).toBe(200);

    expect((await setDemoProvider({ invoiceEnabled: true })).statusCode).toBe(200);
    expect((await invoice('demo/hospital')).statusCode).toBe(200);
  });

  it('an unsigned provider uses no switched function and no direct billing, but keeps its session', async () => {
    expect((await setDemoProvider({ signStatus: '02' })).statusCode).toBe(200);
    expect((await as('demo/hospital', { method: 'GET', url: '/saasapi/test/invoice' })).json().code).toBe(
      40303,
    );
    const claim = await as('demo/hospital', { method: 'GET', url: '/saasapi/test/claim' });
    expect(claim.json()).toMatchObject({
      code: 40303,
      msg_en: expect.stringContaining('Contracted direct billing'),
    });
    // Hospital and doctor data stay open to an unsigned provider.
    expect(
      (await as('demo/hospital', { method: 'POST', url: '/saasapi/drsystem/providerTask/list', payload: {} }))
        .statusCode,
    ).toBe(200);
  });

  it('omits menu entries of switched-off functions from the router of provider staff only', async () => {
    const [smartPortal] = await t.platform.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, demoId), eq(roles.code, 'SMART_PORTAL')));
    const [entry] = await t.platform.db
      .insert(menus)
      .values({
        tenantId: demoId,
        name: 'testInvoices',
        path: '/test-invoices',
        component: 'test/invoices',
        title: '发票',
        titleEn: 'Invoices',
        providerFunction: 'invoice',
      })
      .returning();
    await t.platform.db
      .insert(roleMenus)
      .values({ tenantId: demoId, roleId: smartPortal.id, menuId: entry.id });
    const names = async (who: string) =>
      (
        (await as(who, { method: 'GET', url: '/saasapi/oauth/menu/router' })).json().data as Array<{
          name: string;
        }>
      ).map((r) => r.name);

    expect(await names('demo/hospital')).toContain('testInvoices');
    expect((await setDemoProvider({ invoiceEnabled: false })).statusCode).toBe(200);
    expect(await names('demo/hospital')).not.toContain('testInvoices');
    expect(await names('demo/hospital')).toContain('dashboard');
    expect(await names('demo/admin')).toContain('testInvoices');
  });
});

describe('GET /claim/providerExt/queryAbility', () => {
  it("answers the caller's provider switches and usable functions", async () => {
    expect((await setDemoProvider({ appointmentEnabled: false })).statusCode).toBe(200);
    const res = await as('demo/hospital', { method: 'GET', url: ABILITY });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      providerId: 'P10001',
      status: '01',
      signStatus: '01',
      invoiceEnabled: true,
      investigationEnabled: true,
      appointmentEnabled: false,
      medicalExpenseEnabled: true,
      medicalExpenseAutoConfirm: false,
      functions: ['contract', 'invoice', 'investigation', 'medicalExpense'],
    });
    expect((await setDemoProvider({ signStatus: '02' })).statusCode).toBe(200);
    expect((await as('demo/hospital', { method: 'GET', url: ABILITY })).json().data.functions).toEqual([]);
  });

  it('answers operators with no provider and no limits; needs a session', async () => {
    const res = await as('demo/admin', { method: 'GET', url: ABILITY });
    expect(res.json().data).toMatchObject({ providerId: null, functions: null });
    const anonymous = await t.app.inject({ method: 'GET', url: ABILITY, headers: headers('demo') });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers acme's hospital with acme's provider, never demo's", async () => {
    await signIn('acme/hospital');
    const res = await as('acme/hospital', { method: 'GET', url: ABILITY });
    expect(res.json().data.providerId).not.toBe('P10001');
  });
});

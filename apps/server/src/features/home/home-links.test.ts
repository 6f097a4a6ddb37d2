import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, headers, login, type TTestApp } from '../../test/test-app.ts';
import { seedDemoTenantLinks } from './home-links.seed.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/netview', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const footer = (tenant: string) =>
  t.app.inject({ method: 'GET', url: '/saasapi/drsystem/homePage/getFooter', headers: headers(tenant) });
const get = (who: string, url: string) =>
  call(t.app, who.split('/')[0], tokens[who], { method: 'GET', url: `/saasapi${url}` });

describe('GET /drsystem/homePage/getOnlineServiceUrl', () => {
  it("gives user types 01 and 04 the tenant's benefits-enquiry URL", async () => {
    for (const who of ['demo/admin', 'demo/netview']) {
      const res = await get(who, '/drsystem/homePage/getOnlineServiceUrl?ts=1');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ url: 'https://benefits.demo-medical.example/enquiry' });
    }
  });

  it('refuses provider staff (user type 02)', async () => {
    const res = await get('demo/hospital', '/drsystem/homePage/getOnlineServiceUrl');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40300);
  });

  it("answers another tenant's own setting, empty when not configured", async () => {
    expect((await get('acme/admin', '/drsystem/homePage/getOnlineServiceUrl')).json().data).toEqual({
      url: '',
    });
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'demo', undefined, {
      method: 'GET',
      url: '/saasapi/drsystem/homePage/getOnlineServiceUrl',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /drsystem/homePage/getFooter', () => {
  it("gives the tenant's footer to the client application without a session", async () => {
    const res = await footer('demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      privacyUrl: '/privacy',
      licenceUrl: 'https://www.gsxt.gov.cn/',
      filingNumbers: ['沪ICP备2024038157号-1', '沪公网安备31010402009812号'],
      fraudMailbox: 'antifraud@demo-medical.example',
      operationGuideUrl: 'https://help.demo-medical.example/provider-portal/operation-guide.pdf',
    });
  });

  it('keeps tenants apart: acme has only the defaults', async () => {
    const res = await footer('acme');
    expect(res.json().data).toEqual({
      privacyUrl: '/privacy',
      licenceUrl: '',
      filingNumbers: [],
      fraudMailbox: '',
      operationGuideUrl: '',
    });
  });

  it('needs a known tenant and the client credentials', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/saasapi/drsystem/homePage/getFooter',
      headers: { authorization: headers('demo').authorization },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe(40013);
    expect((await footer('nope')).json().code).toBe(40013);
    const noClient = await t.app.inject({
      method: 'GET',
      url: '/saasapi/drsystem/homePage/getFooter',
      headers: { tenant: 'demo' },
    });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json().code).toBe(40000);
  });

  it('seeding again keeps values an administrator changed', async () => {
    const [demo] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    await t.platform.db
      .update(tenants)
      .set({
        settings: {
          ...demo.settings,
          footer: { ...demo.settings.footer, fraudMailbox: 'fraud@demo.example' },
        },
      })
      .where(eq(tenants.id, demo.id));
    await seedDemoTenantLinks(t.platform.db, { tenantCode: 'demo' });
    const res = await footer('demo');
    expect(res.json().data.fraudMailbox).toBe('fraud@demo.example');
  });
});

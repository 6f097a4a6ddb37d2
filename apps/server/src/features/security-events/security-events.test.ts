import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';
import { cleanSecurityEvents } from '../../platform/security-events/security-events.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { CAPTCHA, call, createTestApp, headers, login, type TTestApp } from '../../test/test-app.ts';
import { LOG_RETENTION_JOB } from '../logs/logs.service.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const PAGE = '/saasapi/authority/securityEvent/page';

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const page = (who: string, payload: unknown) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method: 'POST',
    url: PAGE,
    payload: payload as Record<string, unknown>,
  });

/** A failed sign-in through the login page, from `ip`. */
async function failedSignIn(tenant: string, account: string, ip: string) {
  const key = randomUUID();
  await t.app.inject({ method: 'GET', url: `/saasapi/oauth/anno/captcha?key=${key}`, remoteAddress: ip });
  const res = await t.app.inject({
    method: 'POST',
    url: '/saasapi/oauth/noToken/login',
    headers: headers(tenant),
    remoteAddress: ip,
    payload: { account, password: 'not-the-password', key, code: CAPTCHA },
  });
  expect(res.json().code).toBe(40006);
  return res;
}

const tenantId = async (code: string) =>
  (await t.platform.db.select().from(tenants).where(eq(tenants.code, code)))[0].id;

describe('POST /authority/securityEvent/page', () => {
  it("lists the tenant's failed sign-ins with account, reason, address and request id", async () => {
    await failedSignIn('demo', 'auditor', '198.51.100.40');
    await failedSignIn('demo', 'no-such-user', '198.51.100.41');
    const list = await page('demo/admin', { current: 1, size: 10, model: { event: 'sign-in-failed' } });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ isSuccess: true, code: 0, data: { current: 1, size: 10 } });
    const records = body.data.records as Array<Record<string, unknown>>;
    expect(records[0]).toMatchObject({
      event: 'sign-in-failed',
      account: 'no-such-user',
      reason: 'unknown-account',
      userId: null,
      ip: '198.51.100.41',
    });
    expect(records[1]).toMatchObject({
      event: 'sign-in-failed',
      account: 'auditor',
      reason: 'wrong-password',
      ip: '198.51.100.40',
    });
    expect(records[1].userId).toEqual(expect.any(String));
    expect(String(records[1].requestId)).not.toBe('');
  });

  it('filters by event, account (any case), address prefix and time range, and sorts by time', async () => {
    await failedSignIn('demo', 'netview', '203.0.113.50');
    await failedSignIn('demo', 'netview', '203.0.113.51');
    const byAccount = await page('demo/admin', { model: { account: 'NETVIEW', event: 'sign-in-failed' } });
    expect(byAccount.json().data.total).toBe(2);
    const byIp = await page('demo/admin', { model: { ip: '203.0.113.5' } });
    expect(
      byIp
        .json()
        .data.records.map((r: { ip: string }) => r.ip)
        .sort(),
    ).toEqual(['203.0.113.50', '203.0.113.51']);
    const newest = await page('demo/admin', {
      model: { ip: '203.0.113.5' },
      sort: 'createdAt',
      order: 'descending',
    });
    const oldest = await page('demo/admin', {
      model: { ip: '203.0.113.5' },
      sort: 'createdAt',
      order: 'ascending',
    });
    expect(newest.json().data.records[0].ip).toBe('203.0.113.51');
    expect(oldest.json().data.records[0].ip).toBe('203.0.113.50');
    const past = await page('demo/admin', {
      model: { account: 'netview' },
      timeRange: ['2020-01-01T00:00:00Z', '2020-12-31T23:59:59Z'],
    });
    expect(past.json().data).toMatchObject({ total: 0, records: [] });
    const now = await page('demo/admin', {
      model: { account: 'netview', event: 'sign-in-failed' },
      timeRange: [new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 60_000).toISOString()],
    });
    expect(now.json().data.total).toBe(2);
  });

  it('refuses bad input with 400 and field errors', async () => {
    const badEvent = await page('demo/admin', { model: { event: 'coffee-break' } });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json()).toMatchObject({ isSuccess: false, code: 40010 });
    expect(badEvent.json().data.fieldErrors).toHaveProperty(['model.event']);
    const badRange = await page('demo/admin', { timeRange: ['yesterday', 'today'] });
    expect(badRange.statusCode).toBe(400);
    const badSort = await page('demo/admin', { sort: 'account' });
    expect(badSort.statusCode).toBe(400);
    const badSize = await page('demo/admin', { size: 1000 });
    expect(badSize.statusCode).toBe(400);
  });

  it('needs the log permission: 403 with a non-session code, itself recorded as a refusal', async () => {
    for (const who of ['demo/auditor', 'demo/hospital']) {
      const res = await page(who, {});
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({ isSuccess: false, code: 40300 });
    }
    const refused = await page('demo/admin', { model: { event: 'forbidden', account: 'auditor' } });
    expect(refused.json().data.records[0]).toMatchObject({
      account: 'auditor',
      reason: 'system:securityEvent:view',
      detail: { method: 'POST', path: '/saasapi/authority/securityEvent/page' },
    });
    const anonymous = await call(t.app, 'demo', undefined, { method: 'POST', url: PAGE, payload: {} });
    expect(anonymous.json().code).toBe(40003);
  });

  it("never shows another tenant's events", async () => {
    await failedSignIn('acme', 'hospital', '192.0.2.60');
    await failedSignIn('demo', 'hospital', '192.0.2.61');
    const acme = await page('acme/admin', { size: 100 });
    const acmeIps = acme.json().data.records.map((r: { ip: string }) => r.ip);
    expect(acmeIps).toContain('192.0.2.60');
    expect(acmeIps).not.toContain('192.0.2.61');
    const demo = await page('demo/admin', { size: 100, model: { ip: '192.0.2.6' } });
    expect(demo.json().data.records.map((r: { ip: string }) => r.ip)).toEqual(['192.0.2.61']);
    const acmeId = await tenantId('acme');
    const demoRecords = (await page('demo/admin', { size: 100 })).json().data.records as Array<{
      id: string;
    }>;
    const acmeRows = await t.platform.db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .where(eq(securityEvents.tenantId, acmeId));
    const acmeIds = new Set(acmeRows.map((r) => r.id));
    expect(demoRecords.some((r) => acmeIds.has(r.id))).toBe(false);
  });
});

describe('other security events', () => {
  it('records a password change', async () => {
    const s = await login(t.app, 'demo', 'hospital');
    const change = (oldPassword: string, newPassword: string) =>
      call(t.app, 'demo', s.token, {
        method: 'PUT',
        url: '/saasapi/authority/user/password',
        payload: { oldPassword, newPassword, confirmPassword: newPassword },
      });
    expect((await change('Portal2026', 'Portal2027x')).json().isSuccess).toBe(true);
    expect((await change('Portal2027x', 'Portal2026')).json().isSuccess).toBe(true);
    const list = await page('demo/admin', { model: { event: 'password-change', account: 'hospital' } });
    expect(list.json().data.total).toBe(2);
    expect(list.json().data.records[0]).toMatchObject({
      reason: 'own-password',
      detail: { revokedSessions: expect.any(Number) },
    });
  });

  it('has the role grants of the seed', async () => {
    const list = await page('demo/admin', { model: { event: 'role-change', account: 'auditor' } });
    expect(list.json().data.records[0]).toMatchObject({
      reason: 'granted',
      detail: { roles: ['AUDITOR'], by: 'seed' },
    });
  });
});

describe('append-only table and retention', () => {
  it('refuses updates, deletes and truncation outside the retention cleaner', async () => {
    const [row] = await t.platform.db.select().from(securityEvents).limit(1);
    await expect(
      t.platform.db.update(securityEvents).set({ reason: 'tampered' }).where(eq(securityEvents.id, row.id)),
    ).rejects.toThrow();
    await expect(t.platform.db.delete(securityEvents).where(eq(securityEvents.id, row.id))).rejects.toThrow();
    await expect(t.platform.db.execute(sql`truncate security_events`)).rejects.toThrow();
    const [still] = await t.platform.db.select().from(securityEvents).where(eq(securityEvents.id, row.id));
    expect(still.reason).toBe(row.reason);
  });

  it('the cleaner keeps what the retention choice says: months, or the latest entries per tenant', async () => {
    const other = await createTestApp();
    try {
      const db = other.platform.db;
      const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'demo'));
      const [acme] = await db.select().from(tenants).where(eq(tenants.code, 'acme'));
      const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
      const row = (tenant: string, daysAgo: number, account: string) => ({
        tenantId: tenant,
        createdAt: at(daysAgo),
        account,
        event: 'sign-in-failed',
        reason: 'wrong-password',
      });
      await db
        .insert(securityEvents)
        .values([row(demo.id, 400, 'old'), row(demo.id, 100, 'middle'), row(demo.id, 10, 'recent')]);
      const accounts = async (tenant: string) =>
        (
          await db
            .select({ account: securityEvents.account })
            .from(securityEvents)
            .where(
              and(
                eq(securityEvents.tenantId, tenant),
                sql`${securityEvents.account} in ('old', 'middle', 'recent')`,
              ),
            )
        )
          .map((r) => r.account)
          .sort();
      expect((await cleanSecurityEvents(db, { retention: '1y' })).deleted).toBe(1);
      expect(await accounts(demo.id)).toEqual(['middle', 'recent']);
      await cleanSecurityEvents(db, { retention: '3m' });
      expect(await accounts(demo.id)).toEqual(['recent']);

      // The latest 1,000 per tenant: acme's 1,005 rows lose their 5 oldest; demo's fewer all stay.
      await db
        .insert(securityEvents)
        .values(Array.from({ length: 1005 }, (_, i) => row(acme.id, 1 + i / 1000, `bulk-${i}`)));
      const countOf = async (tenant: string) =>
        Number(
          (
            await db
              .select({ n: sql<string>`count(*)` })
              .from(securityEvents)
              .where(eq(securityEvents.tenantId, tenant))
          )[0].n,
        );
      const demoBefore = await countOf(demo.id);
      const { deleted } = await cleanSecurityEvents(db, { retention: '1000' });
      expect(await countOf(acme.id)).toBe(1000);
      expect(await countOf(demo.id)).toBe(demoBefore);
      expect(deleted).toBeGreaterThanOrEqual(5);
      // The newest stay.
      const gone = await db.select().from(securityEvents).where(eq(securityEvents.account, 'bulk-0'));
      expect(gone).toHaveLength(1);
      expect(await db.select().from(securityEvents).where(eq(securityEvents.account, 'bulk-1004'))).toEqual(
        [],
      );

      // The scheduled job runs the same cleaner per tenant with LOG_RETENTION (default one year)
      // until an administrator chooses (features/logs).
      await other.platform.jobs.requestRun(LOG_RETENTION_JOB);
      const outcome = await other.platform.jobs.runDue(LOG_RETENTION_JOB);
      expect(outcome).toMatchObject({
        status: 'ran',
        result: { tenants: { demo: { security: 0 }, acme: { security: 0 } } },
      });
    } finally {
      await other.close();
    }
  });
});

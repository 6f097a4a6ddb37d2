import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanOperationLogs } from '../../platform/audit-log/audit-log.service.ts';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import type { TRetentionChoice } from '../../platform/db/retention.ts';
import { securityEvents } from '../../platform/security-events/security-events.tables.ts';
import { cleanSecurityEvents } from '../../platform/security-events/security-events.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { CAPTCHA, call, createTestApp, headers, login, type TTestApp } from '../../test/test-app.ts';
import { errorLogs } from '../error-logs/error-logs.tables.ts';
import { LOG_RETENTION_JOB } from './logs.service.ts';
import { logRetentionSettings } from './logs.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId: string;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
  const rows = await t.platform.db.select().from(tenants);
  demoId = rows.find((r) => r.code === 'demo')!.id;
  acmeId = rows.find((r) => r.code === 'acme')!.id;
});
afterAll(async () => {
  await t?.close();
});

const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const newClient = async (who: string, clientId: string) => {
  const res = await as(who, 'POST', '/authority/client', {
    clientId,
    name: clientId,
    confidential: true,
    grantTypes: ['password'],
  });
  expect(res.json().isSuccess, res.body).toBe(true);
  return res.json().data.client as { id: string };
};

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { name: sheet.name, rows };
}

describe('operation log', () => {
  it('lists who did what to which object, with before/after and request id, filtered', async () => {
    const client = await newClient('demo/admin', 'oplog-client');
    await as('demo/admin', 'PUT', '/authority/client/enabled', { id: client.id, enabled: false });
    const page = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      model: { targetTable: 'client_apps', targetId: client.id },
    });
    expect(page.statusCode).toBe(200);
    const records = page.json().data.records;
    expect(page.json().data.total).toBe(2);
    expect(records[0]).toMatchObject({
      account: 'admin',
      action: 'disable',
      targetTable: 'client_apps',
      targetId: client.id,
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(records[1]).toMatchObject({ action: 'create', before: null, after: { clientId: 'oplog-client' } });
    expect(records[1].requestId).not.toBe('');
    const byAction = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      model: { action: 'disable', account: 'ADMIN', targetId: client.id },
    });
    expect(byAction.json().data.total).toBe(1);
    const past = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      model: { targetId: client.id },
      timeRange: ['2020-01-01T00:00:00Z', '2020-12-31T23:59:59Z'],
    });
    expect(past.json().data.total).toBe(0);
    const oldestFirst = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      model: { targetId: client.id },
      order: 'ascending',
    });
    expect(oldestFirst.json().data.records[0].action).toBe('create');
  });

  it('exports the filter as .xlsx in the language of the request', async () => {
    const client = await newClient('demo/admin', 'export-client');
    const zh = await as('demo/admin', 'GET', `/authority/operationLog/export?targetId=${client.id}`);
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('spreadsheetml');
    expect(String(zh.headers['content-disposition'])).toContain(
      "filename*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97",
    );
    const sheet = await readSheet(zh.rawPayload);
    expect(sheet.name).toBe('操作日志');
    expect(sheet.rows[0]).toEqual([
      '时间',
      '账号',
      '操作',
      '对象类型',
      '对象 ID',
      '修改前',
      '修改后',
      '请求 ID',
    ]);
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.rows[1].slice(1, 5)).toEqual(['admin', '新增', '客户端', client.id]);
    expect(sheet.rows[1][6]).toContain('"clientId":"export-client"');
    const en = await call(t.app, 'demo', tokens['demo/admin'], {
      method: 'GET',
      url: `/saasapi/authority/operationLog/export?targetId=${client.id}`,
      headers: headers('demo', tokens['demo/admin'], 'en'),
    });
    const enSheet = await readSheet(en.rawPayload);
    expect(enSheet.rows[0][0]).toBe('Time');
    expect(enSheet.rows[1].slice(2, 4)).toEqual(['Create', 'Client']);
  });

  it('refuses bad input with 400 and bilingual field errors', async () => {
    const bad = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      timeRange: ['yesterday', 'today'],
      size: 1000,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ isSuccess: false, code: 40010 });
    const long = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      model: { account: 'x'.repeat(31) },
    });
    expect(long.json().data.fieldErrors['model.account']).toMatchObject({ msg_en: 'At most 30 characters' });
    const badExport = await as('demo/admin', 'GET', '/authority/operationLog/export?from=soon');
    expect(badExport.statusCode).toBe(400);
    expect(badExport.headers['content-type']).toContain('application/json');
  });

  it('needs the permission (403), for the page and the export', async () => {
    for (const who of ['demo/auditor', 'demo/hospital']) {
      const page = await as(who, 'POST', '/authority/operationLog/page', {});
      expect(page.statusCode).toBe(403);
      expect(page.json().code).toBe(40300);
      const exported = await as(who, 'GET', '/authority/operationLog/export');
      expect(exported.statusCode).toBe(403);
    }
  });

  it("never shows or exports another tenant's rows", async () => {
    const acmeClient = await newClient('acme/admin', 'acme-oplog');
    const demo = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      model: { targetId: acmeClient.id },
    });
    expect(demo.json().data).toMatchObject({ total: 0, records: [] });
    const all = await as('demo/admin', 'POST', '/authority/operationLog/page', { size: 100 });
    const acmeRows = await t.platform.db
      .select({ id: operationLogs.id })
      .from(operationLogs)
      .where(eq(operationLogs.tenantId, acmeId));
    const acmeIds = new Set(acmeRows.map((r) => r.id));
    expect(all.json().data.records.some((r: { id: string }) => acmeIds.has(r.id))).toBe(false);
    const exported = await readSheet(
      (await as('demo/admin', 'GET', `/authority/operationLog/export?targetId=${acmeClient.id}`)).rawPayload,
    );
    expect(exported.rows).toHaveLength(1);
  });
});

/** A sign-in through the login page from `ip`, with the right or a wrong password. */
async function signIn(tenant: string, account: string, ip: string, password = 'Portal2026') {
  const key = randomUUID();
  await t.app.inject({ method: 'GET', url: `/saasapi/oauth/anno/captcha?key=${key}`, remoteAddress: ip });
  return t.app.inject({
    method: 'POST',
    url: '/saasapi/oauth/noToken/login',
    headers: headers(tenant),
    remoteAddress: ip,
    payload: { account, password, key, code: CAPTCHA },
  });
}

describe('login log', () => {
  it('shows sign-ins and failed sign-ins (from the security events), filtered by result, account and address', async () => {
    await signIn('demo', 'auditor', '198.51.100.70');
    await signIn('demo', 'auditor', '198.51.100.71', 'wrong-password-1');
    const all = await as('demo/admin', 'POST', '/authority/loginLog/page', { model: { ip: '198.51.100.7' } });
    expect(all.json().data.records.map((r: { event: string }) => r.event)).toEqual([
      'sign-in-failed',
      'sign-in',
    ]);
    const ok = await as('demo/admin', 'POST', '/authority/loginLog/page', {
      model: { ip: '198.51.100.7', result: 'success', account: 'AUDITOR' },
    });
    expect(ok.json().data.records).toEqual([
      expect.objectContaining({
        event: 'sign-in',
        account: 'auditor',
        ip: '198.51.100.70',
        reason: 'signed-in',
      }),
    ]);
    expect(ok.json().data.records[0].detail).toEqual({ clientId: 'portal-web' });
    const failed = await as('demo/admin', 'POST', '/authority/loginLog/page', {
      model: { ip: '198.51.100.7', result: 'failure' },
    });
    expect(failed.json().data.records).toEqual([
      expect.objectContaining({ event: 'sign-in-failed', reason: 'wrong-password', ip: '198.51.100.71' }),
    ]);
    // No other security event (a refusal) shows in the login log.
    await as('demo/auditor', 'POST', '/authority/loginLog/page', {});
    const events = (await as('demo/admin', 'POST', '/authority/loginLog/page', { size: 100 })).json().data
      .records;
    expect(
      events.every((r: { event: string }) => ['sign-in', 'sign-in-failed', 'logout'].includes(r.event)),
    ).toBe(true);
  });

  it('exports the login log and the security events as .xlsx', async () => {
    await signIn('demo', 'netview', '198.51.100.80', 'wrong-password-2');
    const login = await as('demo/admin', 'GET', '/authority/loginLog/export?ip=198.51.100.80');
    const loginSheet = await readSheet(login.rawPayload);
    expect(loginSheet.name).toBe('登录日志');
    expect(loginSheet.rows).toHaveLength(2);
    expect(loginSheet.rows[1].slice(1, 5)).toEqual(['登录失败', 'netview', '密码错误', '198.51.100.80']);
    const security = await as(
      'demo/admin',
      'GET',
      '/authority/securityEvent/export?event=sign-in-failed&ip=198.51.100.80',
    );
    expect(security.statusCode).toBe(200);
    const securitySheet = await readSheet(security.rawPayload);
    expect(securitySheet.name).toBe('安全事件');
    expect(securitySheet.rows).toHaveLength(2);
    const badEvent = await as('demo/admin', 'GET', '/authority/securityEvent/export?event=coffee');
    expect(badEvent.statusCode).toBe(400);
  });

  it('refuses bad input, a caller without the permission, and shows no other tenant', async () => {
    const bad = await as('demo/admin', 'POST', '/authority/loginLog/page', { model: { result: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors['model.result']).toMatchObject({
      msg: '格式不正确',
      msg_en: 'Incorrect Format',
    });
    for (const who of ['demo/auditor', 'demo/hospital']) {
      expect((await as(who, 'POST', '/authority/loginLog/page', {})).statusCode).toBe(403);
      expect((await as(who, 'GET', '/authority/loginLog/export')).statusCode).toBe(403);
      expect((await as(who, 'GET', '/authority/securityEvent/export')).statusCode).toBe(403);
    }
    await signIn('acme', 'auditor', '192.0.2.90');
    const demo = await as('demo/admin', 'POST', '/authority/loginLog/page', { model: { ip: '192.0.2.90' } });
    expect(demo.json().data.total).toBe(0);
    const acme = await as('acme/admin', 'POST', '/authority/loginLog/page', { model: { ip: '192.0.2.90' } });
    expect(acme.json().data.total).toBe(1);
    const exported = await readSheet(
      (await as('demo/admin', 'GET', '/authority/loginLog/export?ip=192.0.2.90')).rawPayload,
    );
    expect(exported.rows).toHaveLength(1);
  });
});

describe('log retention settings and cleaning', () => {
  it("answers the portal default until chosen, saves a tenant's choice, and logs the change", async () => {
    const before = await as('demo/admin', 'GET', '/authority/logRetention');
    expect(before.json().data).toMatchObject({
      operation: '1y',
      security: '1y',
      defaultRetention: '1y',
      chosen: false,
    });
    const saved = await as('demo/admin', 'PUT', '/authority/logRetention', {
      operation: '6m',
      security: '10000',
    });
    expect(saved.json().data).toMatchObject({ operation: '6m', security: '10000', chosen: true });
    // acme still follows the default.
    expect((await as('acme/admin', 'GET', '/authority/logRetention')).json().data.chosen).toBe(false);
    const log = await as('demo/admin', 'POST', '/authority/operationLog/page', {
      model: { action: 'retention-change' },
    });
    expect(log.json().data.records[0]).toMatchObject({
      before: { operation: '1y', security: '1y' },
      after: { operation: '6m', security: '10000' },
    });
    await as('demo/admin', 'PUT', '/authority/logRetention', { operation: '1y', security: '1y' });
  });

  it('refuses bad choices and callers without the permission', async () => {
    const bad = await as('demo/admin', 'PUT', '/authority/logRetention', { operation: '2y', security: '1y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.operation).toMatchObject({ msg_en: 'Incorrect Format' });
    const badLog = await as('demo/admin', 'POST', '/authority/logRetention/clean', { log: 'everything' });
    expect(badLog.statusCode).toBe(400);
    for (const who of ['demo/auditor', 'demo/hospital']) {
      expect((await as(who, 'GET', '/authority/logRetention')).statusCode).toBe(403);
      expect(
        (await as(who, 'PUT', '/authority/logRetention', { operation: '1m', security: '1m' })).statusCode,
      ).toBe(403);
      expect((await as(who, 'POST', '/authority/logRetention/clean', { log: 'operation' })).statusCode).toBe(
        403,
      );
    }
  });

  it("cleans now with the tenant's choice, answers how many rows went, and leaves the other tenant alone", async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const oldRow = (tenantId: string, daysAgo: number, targetId: string) => ({
      tenantId,
      createdAt: at(daysAgo),
      account: 'someone',
      action: 'update',
      targetTable: 'test_rows',
      targetId,
    });
    await t.platform.db
      .insert(operationLogs)
      .values([oldRow(demoId, 40, 'demo-40'), oldRow(demoId, 10, 'demo-10'), oldRow(acmeId, 40, 'acme-40')]);
    await as('demo/admin', 'PUT', '/authority/logRetention', { operation: '1m', security: '1y' });
    const cleaned = await as('demo/admin', 'POST', '/authority/logRetention/clean', { log: 'operation' });
    expect(cleaned.json().data).toMatchObject({ log: 'operation', retention: '1m' });
    expect(cleaned.json().data.deleted).toBeGreaterThanOrEqual(1);
    const left = await t.platform.db
      .select({ targetId: operationLogs.targetId })
      .from(operationLogs)
      .where(eq(operationLogs.targetTable, 'test_rows'));
    expect(left.map((r) => r.targetId).sort()).toEqual(['acme-40', 'demo-10']);
    const [clean] = (
      await as('demo/admin', 'POST', '/authority/operationLog/page', { model: { action: 'clean' } })
    ).json().data.records;
    expect(clean.after).toMatchObject({
      log: 'operation',
      retention: '1m',
      deleted: cleaned.json().data.deleted,
    });
    await as('demo/admin', 'PUT', '/authority/logRetention', { operation: '1y', security: '1y' });
  });
});

describe('the front-end error log is cleaned like the other logs (issue 14)', () => {
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  const errorRow = (tenantId: string, daysAgo: number, message: string) => ({
    tenantId,
    createdAt: at(daysAgo),
    message,
  });
  const messages = async () =>
    (await t.platform.db.select({ m: errorLogs.message }).from(errorLogs))
      .map((r) => r.m)
      .filter((m) => m.startsWith('retention-'))
      .sort();

  it('answers, saves and logs its own choice; a client leaving it out keeps it', async () => {
    expect((await as('demo/admin', 'GET', '/authority/logRetention')).json().data.error).toBe('1y');
    const saved = await as('demo/admin', 'PUT', '/authority/logRetention', {
      operation: '1y',
      security: '1y',
      error: '3m',
    });
    expect(saved.json().data).toMatchObject({ error: '3m', chosen: true });
    const kept = await as('demo/admin', 'PUT', '/authority/logRetention', {
      operation: '6m',
      security: '1y',
    });
    expect(kept.json().data).toMatchObject({ operation: '6m', error: '3m' });
    const bad = await as('demo/admin', 'PUT', '/authority/logRetention', {
      operation: '1y',
      security: '1y',
      error: '5y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors.error).toMatchObject({
      msg: '格式不正确',
      msg_en: 'Incorrect Format',
    });
    const [change] = (
      await as('demo/admin', 'POST', '/authority/operationLog/page', {
        model: { action: 'retention-change' },
      })
    ).json().data.records;
    expect(change.after).toMatchObject({ operation: '6m', error: '3m' });
  });

  it("cleans now and in the hourly job with each tenant's own choice", async () => {
    await t.platform.db
      .insert(errorLogs)
      .values([
        errorRow(demoId, 100, 'retention-demo-100'),
        errorRow(demoId, 10, 'retention-demo-10'),
        errorRow(acmeId, 100, 'retention-acme-100'),
      ]);
    await as('demo/admin', 'PUT', '/authority/logRetention', {
      operation: '1y',
      security: '1y',
      error: '1m',
    });
    const cleaned = await as('demo/admin', 'POST', '/authority/logRetention/clean', { log: 'error' });
    expect(cleaned.json().data).toMatchObject({ log: 'error', retention: '1m', deleted: 1 });
    expect(await messages()).toEqual(['retention-acme-100', 'retention-demo-10']);

    // The job: acme chooses a month too, demo keeps the latest entry only of its error log.
    await t.platform.db.insert(errorLogs).values([errorRow(demoId, 1, 'retention-demo-1')]);
    await as('acme/admin', 'PUT', '/authority/logRetention', {
      operation: '1y',
      security: '1y',
      error: '1m',
    });
    await as('demo/admin', 'PUT', '/authority/logRetention', {
      operation: '1y',
      security: '1y',
      error: '1000',
    });
    await t.platform.jobs.requestRun(LOG_RETENTION_JOB);
    const outcome = await t.platform.jobs.runDue(LOG_RETENTION_JOB);
    expect(outcome).toMatchObject({ status: 'ran', result: { tenants: { acme: { error: 1 } } } });
    expect(await messages()).toEqual(['retention-demo-1', 'retention-demo-10']);
    await as('demo/admin', 'PUT', '/authority/logRetention', {
      operation: '1y',
      security: '1y',
      error: '1y',
    });
    await as('acme/admin', 'PUT', '/authority/logRetention', {
      operation: '1y',
      security: '1y',
      error: '1y',
    });
  });
});

describe('retention cleaners keep exactly what each choice says', () => {
  const choices: { retention: TRetentionChoice; keptDays: number[] }[] = [
    { retention: '1m', keptDays: [1, 20] },
    { retention: '3m', keptDays: [1, 20, 80] },
    { retention: '6m', keptDays: [1, 20, 80, 170] },
    { retention: '1y', keptDays: [1, 20, 80, 170, 300] },
  ];
  const DAYS = [1, 20, 80, 170, 300, 400];

  it.each(choices)(
    '$retention keeps the rows of the last $retention, for both logs',
    async ({ retention, keptDays }) => {
      const other = await createTestApp();
      try {
        const db = other.platform.db;
        const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'demo'));
        const at = (days: number) => new Date(Date.now() - days * 86_400_000);
        await db.delete(operationLogs);
        await db.insert(operationLogs).values(
          DAYS.map((d) => ({
            tenantId: demo.id,
            createdAt: at(d),
            account: 'x',
            action: 'update',
            targetTable: 't',
            targetId: `d${d}`,
          })),
        );
        await db.insert(securityEvents).values(
          DAYS.map((d) => ({
            tenantId: demo.id,
            createdAt: at(d),
            account: `d${d}`,
            event: 'sign-in',
            reason: 'signed-in',
          })),
        );
        await cleanOperationLogs(db, { retention, tenantId: demo.id });
        await cleanSecurityEvents(db, { retention, tenantId: demo.id });
        const ops = await db.select({ id: operationLogs.targetId }).from(operationLogs);
        expect(ops.map((r) => r.id).sort()).toEqual(keptDays.map((d) => `d${d}`).sort());
        const events = await db
          .select({ account: securityEvents.account })
          .from(securityEvents)
          .where(and(eq(securityEvents.tenantId, demo.id), sql`${securityEvents.account} like 'd%'`));
        expect(events.map((r) => r.account).sort()).toEqual(keptDays.map((d) => `d${d}`).sort());
      } finally {
        await other.close();
      }
    },
  );

  it("an entry-count choice keeps the newest N of each tenant; the job uses each tenant's own choice", async () => {
    const other = await createTestApp();
    try {
      const db = other.platform.db;
      const all = await db.select().from(tenants);
      const demo = all.find((r) => r.code === 'demo')!;
      const acme = all.find((r) => r.code === 'acme')!;
      await db.delete(operationLogs);
      const rows = (tenantId: string, n: number, prefix: string) =>
        Array.from({ length: n }, (_, i) => ({
          tenantId,
          createdAt: new Date(Date.now() - (i + 1) * 60_000),
          account: 'x',
          action: 'update',
          targetTable: 't',
          targetId: `${prefix}-${i}`,
        }));
      await db.insert(operationLogs).values([...rows(demo.id, 1003, 'demo'), ...rows(acme.id, 1003, 'acme')]);
      // demo keeps the latest 1,000 entries, acme follows the default (a year): the job applies each.
      await db.insert(logRetentionSettings).values({ tenantId: demo.id, operation: '1000', security: '1y' });
      await other.platform.jobs.requestRun(LOG_RETENTION_JOB);
      const outcome = await other.platform.jobs.runDue(LOG_RETENTION_JOB);
      expect(outcome).toMatchObject({
        status: 'ran',
        result: { tenants: { demo: { operation: 3 }, acme: { operation: 0 } } },
      });
      const count = async (tenantId: string) =>
        (
          await db
            .select({ id: operationLogs.id })
            .from(operationLogs)
            .where(eq(operationLogs.tenantId, tenantId))
        ).length;
      expect(await count(demo.id)).toBe(1000);
      expect(await count(acme.id)).toBe(1003);
      // The three oldest went; the newest stayed.
      const oldest = await db.select().from(operationLogs).where(eq(operationLogs.targetId, 'demo-1002'));
      expect(oldest).toEqual([]);
      expect(await db.select().from(operationLogs).where(eq(operationLogs.targetId, 'demo-0'))).toHaveLength(
        1,
      );
    } finally {
      await other.close();
    }
  });
});

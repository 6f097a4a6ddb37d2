import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const recordId = 'P10001';

beforeAll(async () => {
  t = await createTestApp();
  for (const who of [
    'demo/admin',
    'demo/auditor',
    'demo/hospital',
    'demo/netview',
    'acme/admin',
    'acme/hospital',
  ]) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const reveal = (who: string, payload: Record<string, unknown>) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method: 'POST',
    url: '/saasapi/authority/personalData/reveal',
    payload,
  });

const revealLogs = () =>
  t.platform.db
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.action, 'reveal'), eq(operationLogs.targetId, recordId)));

describe('POST /authority/personalData/reveal', () => {
  it("logs who revealed which field of the hospital's approved record", async () => {
    const before = (await revealLogs()).length;
    const res = await reveal('demo/hospital', { bizType: 'provider', bizId: recordId, field: 'accountNo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, data: { logged: true } });
    const logs = await revealLogs();
    expect(logs).toHaveLength(before + 1);
    expect(logs.at(-1)).toMatchObject({
      account: 'hospital',
      targetTable: 'provider',
      targetId: recordId,
      after: { field: 'accountNo' },
    });
  });

  it('lets auditors and administrators reveal too', async () => {
    for (const who of ['demo/auditor', 'demo/admin']) {
      const res = await reveal(who, { bizType: 'provider', bizId: recordId, field: 'accountNo' });
      expect(res.statusCode, who).toBe(200);
    }
  });

  it('refuses a field that is not personal data, an unknown object type and a blank id, logging nothing', async () => {
    const before = (await revealLogs()).length;
    const notPersonal = await reveal('demo/auditor', {
      bizType: 'provider',
      bizId: recordId,
      field: 'webAddr',
    });
    expect(notPersonal.statusCode).toBe(400);
    expect(notPersonal.json()).toMatchObject({ isSuccess: false, msg_en: 'Incorrect Format' });
    expect(notPersonal.json().data.fieldErrors).toHaveProperty('field');
    expect(
      (await reveal('demo/auditor', { bizType: 'claim', bizId: recordId, field: 'accountNo' })).statusCode,
    ).toBe(400);
    expect(
      (await reveal('demo/auditor', { bizType: 'providerTask', bizId: ' ', field: 'accountNo' })).statusCode,
    ).toBe(400);
    expect(await revealLogs()).toHaveLength(before);
  });

  it('needs the reveal permission: network-view users see masked values only', async () => {
    const res = await reveal('demo/netview', {
      bizType: 'provider',
      bizId: recordId,
      field: 'accountNo',
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/authority/personalData/reveal',
      payload: { bizType: 'provider', bizId: recordId, field: 'accountNo' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another tenant's record and for an unknown one", async () => {
    for (const who of ['acme/admin', 'acme/hospital']) {
      const res = await reveal(who, { bizType: 'provider', bizId: recordId, field: 'accountNo' });
      expect(res.statusCode, who).toBe(404);
    }
    const unknownTask = await reveal('demo/admin', {
      bizType: 'providerTask',
      bizId: '00000000-0000-4000-8000-000000000000',
      field: 'accountNo',
    });
    expect(unknownTask.statusCode).toBe(404);
    const unknownProvider = await reveal('demo/admin', {
      bizType: 'provider',
      bizId: 'P99999',
      field: 'accountNo',
    });
    expect(unknownProvider.statusCode).toBe(404);
  });
});

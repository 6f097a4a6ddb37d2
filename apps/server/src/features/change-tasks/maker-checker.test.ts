import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { createUser, newHospital, uploadPhotos } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { hospitalTaskFlows, hospitalTasks } from '../hospital-tasks/hospital-tasks.tables.ts';
import { users } from '../users/users.tables.ts';

// Maker-checker on the change-task engine (issue 11 item 5, decision 0023), through the hospital routes.

let t: TTestApp;
let hospital: string;
let auditor: string;
let admin: string;
let demoId: string;

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  admin = (await login(t.app, 'demo', 'admin')).token;
  demoId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

const provider = (token: string, url: string, payload: object) =>
  call(t.app, 'demo', token, { method: 'POST', url: `/saasapi/drsystem/providerTask/${url}`, payload });
const decide = (token: string, taskNo: string, auditResult: '01' | '02') =>
  call(t.app, 'demo', token, {
    method: 'POST',
    url: '/saasapi/drsystem/providerTaskMsh/approval',
    payload: { taskNo, auditResult, returnReason: auditResult === '02' ? '请补充资料' : '' },
  });

async function submitted(token: string, patch: Record<string, unknown> = {}) {
  const res = await provider(token, 'commit', newHospital(await uploadPhotos(t, token), patch));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; taskNo: string; version: number };
}

async function taskRow(id: string) {
  const [row] = await t.platform.db.select().from(hospitalTasks).where(eq(hospitalTasks.id, id));
  return row;
}

describe('only provider staff write change tasks', () => {
  it('refuses a super administrator (an operator) every provider write, in both languages', async () => {
    const photos = await uploadPhotos(t, admin);
    for (const [url, body] of [
      ['saveCache', { providerId: 'P10001' }],
      ['commit', newHospital(photos)],
      ['createCase', newHospital(photos)],
    ] as const) {
      const res = await provider(admin, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        isSuccess: false,
        code: 40301,
        msg: '变更任务只能由医疗机构人员提交，运营人员只负责审核',
        msg_en: 'Only provider staff can submit change tasks; operator staff audit them',
      });
    }
    const task = await submitted(hospital);
    for (const url of ['withdraw', 'close', 'modify']) {
      const res = await provider(admin, url, { ...newHospital(photos), taskNo: task.taskNo });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe(40301);
    }
    expect((await taskRow(task.id)).status).toBe('01');
  });
});

describe('nobody decides a task they submitted', () => {
  it('refuses a super administrator who is also provider staff to approve or return their own task', async () => {
    await createUser(t, { account: 'dualrole', userType: '02', roles: ['SMART_PORTAL', 'SUPER_ADMIN'] });
    const dual = (await login(t.app, 'demo', 'dualrole')).token;
    const task = await submitted(dual, { providerId: 'P40001', providerCnName: '自审测试医院' });
    for (const result of ['01', '02'] as const) {
      const res = await decide(dual, task.taskNo, result);
      expect(res.statusCode, result).toBe(403);
      expect(res.json()).toMatchObject({
        code: 40302,
        msg: '不能审核自己提交的任务，请由其他审核员处理',
        msg_en: 'You cannot approve or return a task you submitted; another auditor must decide it',
      });
    }
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ status: '01', version: task.version, auditResult: null });
    // Someone else may decide it.
    expect((await decide(auditor, task.taskNo, '01')).statusCode).toBe(200);
  });

  it('refuses whoever submitted an earlier round, not only the last submitter', async () => {
    const task = await submitted(hospital, { providerCnName: '多轮提交医院' });
    const [adminUser] = await t.platform.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, demoId), eq(users.account, 'admin')));
    // A record 'Submitted' by the admin in an earlier round (data from before the rule).
    await t.platform.db.insert(hospitalTaskFlows).values({
      tenantId: demoId,
      taskId: task.id,
      status: '01',
      flowType: '01',
      operateMember: adminUser.name,
      operateMemberEn: adminUser.nameEn,
      operateMemberId: adminUser.id,
      operateDate: new Date(Date.now() - 86_400_000),
    });
    const res = await decide(admin, task.taskNo, '01');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40302);
    expect((await decide(auditor, task.taskNo, '02')).statusCode).toBe(200);
  });
});

describe('an approval links a provider only to provider staff', () => {
  it('never sets providerId on an operator who is the recorded submitter', async () => {
    const operator = await createUser(t, { account: 'opsubmit', userType: '01', roles: ['AUDITOR'] });
    const task = await submitted(hospital, { providerId: 'P10001', providerCnName: '运营提交医院' });
    // The task's submitter is an operator without a provider (data from before the rule).
    await t.platform.db
      .update(hospitalTasks)
      .set({ commitUserId: operator.id })
      .where(eq(hospitalTasks.id, task.id));
    const res = await decide(auditor, task.taskNo, '01');
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.platform.db.select().from(users).where(eq(users.id, operator.id));
    expect(after.providerId).toBeNull();
  });

  it('links a provider-staff submitter without a provider', async () => {
    const clinic = await createUser(t, { account: 'newclinic2', userType: '02', roles: ['SMART_PORTAL'] });
    const token = (await login(t.app, 'demo', 'newclinic2')).token;
    const task = await submitted(token, { providerId: 'P45555', providerCnName: '新诊所二' });
    expect((await decide(auditor, task.taskNo, '01')).statusCode).toBe(200);
    const [after] = await t.platform.db.select().from(users).where(eq(users.id, clinic.id));
    expect(after.providerId).toBe('P45555');
  });
});

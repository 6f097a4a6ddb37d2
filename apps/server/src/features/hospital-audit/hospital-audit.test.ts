import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { chinaDay } from '@portal/domain/format/format';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { jobRuns } from '../../platform/jobs/jobs.tables.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { newHospital, uploadPhotos as uploadPhotosAs } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { sheetRows } from '../../test/xlsx.ts';
import {
  hospitalTaskAudits,
  hospitalTaskFlows,
  hospitalTasks,
  providerNotes,
  providers,
} from '../hospital-tasks/hospital-tasks.tables.ts';
import { roles, userRoles } from '../roles/roles.tables.ts';
import { users } from '../users/users.tables.ts';
import { approvalBatches, validRecordBatches } from './hospital-audit.exports.ts';
import { OVERDUE_JOB } from './hospital-audit.service.ts';

let t: TTestApp;
let hospital: string;
let auditor: string;
let admin: string;
let netview: string;
let acmeAuditor: string;
let acmeHospital: string;

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  admin = (await login(t.app, 'demo', 'admin')).token;
  netview = (await login(t.app, 'demo', 'netview')).token;
  acmeAuditor = (await login(t.app, 'acme', 'auditor')).token;
  acmeHospital = (await login(t.app, 'acme', 'hospital')).token;
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** Four hospital photos uploaded as `token` (to `app`, the shared test app unless given). */
const uploadPhotos = (token: string, app = t): Promise<string[]> => uploadPhotosAs(app, token);

const provider = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown, app = t) =>
  call(app.app, 'demo', token, {
    method,
    url: `/saasapi/drsystem/providerTask/${url}`,
    ...(payload ? { payload: payload as object } : {}),
  });

const msh = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  tenant = 'demo',
  language: 'zh' | 'en' = 'zh',
  app = t,
) =>
  call(app.app, tenant, token, {
    method,
    url: `/saasapi/drsystem/providerTaskMsh/${url}`,
    headers: { language },
    ...(payload ? { payload: payload as object } : {}),
  });

const approve = (token: string, taskNo: string, extra: Record<string, unknown> = {}) =>
  msh(token, 'POST', 'approval', { taskNo, auditResult: '01', ...extra });
const giveBack = (token: string, taskNo: string, returnReason: string) =>
  msh(token, 'POST', 'approval', { taskNo, auditResult: '02', returnReason });

/** An add-hospital task submitted by `token`'s provider (status 01). */
async function submitted(
  patch: Record<string, unknown> = {},
  token = hospital,
): Promise<{ id: string; taskNo: string; version: number }> {
  const res = await provider(token, 'POST', 'commit', newHospital(await uploadPhotos(token), patch));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function flowsOf(taskId: string) {
  return t.platform.db.select().from(hospitalTaskFlows).where(eq(hospitalTaskFlows.taskId, taskId));
}

async function taskRow(taskId: string) {
  const [row] = await t.platform.db.select().from(hospitalTasks).where(eq(hospitalTasks.id, taskId));
  return row;
}

async function providerRow(providerId: string, tenant = 'demo') {
  const tenantId = (await findTenantByCode(t.platform.db, tenant))!.id;
  const [row] = await t.platform.db
    .select()
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.providerId, providerId)));
  return row ?? null;
}

/** The approved P10001 record as the form for a change (createCase). */
async function approvedForm(): Promise<Record<string, unknown>> {
  const res = await provider(hospital, 'GET', 'editDetail?providerId=P10001');
  expect(res.statusCode, res.body).toBe(200);
  const {
    id: _i,
    taskNo: _t,
    taskType: _y,
    version: _v,
    photoList: _p,
    attacheList: _a,
    auditFlows: _f,
    ...rest
  } = res.json().data as THospitalTaskView;
  return rest;
}

// ---------------------------------------------------------------------------------------------

describe('permissions', () => {
  const routes: [string, 'GET' | 'POST', string, unknown?][] = [
    ['list', 'POST', 'list', {}],
    ['initTask', 'POST', 'initTask', { taskNo: 'HT202601010001' }],
    ['approval', 'POST', 'approval', { taskNo: 'HT202601010001', auditResult: '01' }],
    ['detail', 'GET', 'detail/HT202601010001'],
    ['downloadAnnounce', 'GET', 'downloadAnnounce'],
    ['downloadNewsLetter', 'POST', 'downloadNewsLetter', { startDate: '2026-01-01', endDate: '2026-01-31' }],
  ];

  it.each(routes)(
    'refuses a provider user (SMART_PORTAL) on providerTaskMsh/%s with 403',
    async (_n, method, url, body) => {
      for (const [token, tenant] of [
        [hospital, 'demo'],
        [acmeHospital, 'acme'],
      ] as const) {
        const res = await msh(token, method, url, body, tenant);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ isSuccess: false, code: 40300 });
      }
    },
  );

  it('refuses calls without a session (401)', async () => {
    const res = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTaskMsh/list',
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });

  it('lets a network-view user list and read tasks but nothing else', async () => {
    expect((await msh(netview, 'POST', 'list', {})).statusCode).toBe(200);
    // Reading a task is allowed (the Task Board links to it); this task number does not exist.
    expect((await msh(netview, 'GET', 'detail/HT202601010001')).statusCode).toBe(404);
    for (const [name, method, url, body] of routes.slice(1)) {
      if (name === 'detail') continue;
      expect((await msh(netview, method, url, body)).statusCode).toBe(403);
    }
  });

  it('refuses provider staff on the note management routes; they still read notes', async () => {
    const notes = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
      call(t.app, 'demo', token, { method, url: `/saasapi/drsystem/liproviderinfo/${url}`, payload });
    expect((await notes(hospital, 'POST', 'note', { providerId: 'P10001', notesC: '备注' })).statusCode).toBe(
      403,
    );
    expect((await notes(hospital, 'PUT', 'note', { id: randomUUID(), notesC: '备注' })).statusCode).toBe(403);
    expect((await notes(hospital, 'DELETE', 'note', { ids: [randomUUID()] })).statusCode).toBe(403);
    expect((await notes(hospital, 'POST', 'providerPage', {})).statusCode).toBe(403);
    expect((await notes(netview, 'POST', 'note', { providerId: 'P10001', notesC: '备注' })).statusCode).toBe(
      403,
    );
    const read = await notes(hospital, 'POST', 'pageProviderNotes', { model: { providerId: 'P10001' } });
    expect(read.statusCode).toBe(200);
  });
});

describe('audit task list', () => {
  it("lists every provider's tasks of the tenant, newest submit first, with filters and paging", async () => {
    const a = await submitted({ providerCnName: '列表测试医院甲', providerEnName: 'List Test Hospital A' });
    const b = await submitted({ providerCnName: '列表测试医院乙', providerEnName: 'List Test Hospital B' });
    const res = await msh(auditor, 'POST', 'list', { current: 1, size: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ current: 1, size: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.records.map((r: { taskNo: string }) => r.taskNo)).toEqual([b.taskNo, a.taskNo]);
    expect(page.records[0]).toMatchObject({
      providerId: 'P10001',
      taskType: '03',
      status: '01',
      personInCharge: null,
      commitName: '北京和睦国际医院 李娜',
    });

    const filtered = async (model: Record<string, unknown>) =>
      (await msh(auditor, 'POST', 'list', { size: 100, model }))
        .json()
        .data.records.map((r: { taskNo: string }) => r.taskNo) as string[];
    expect(await filtered({ providerName: '列表测试医院甲' })).toEqual([a.taskNo]);
    expect(await filtered({ title: 'List Test Hospital B' })).toEqual([b.taskNo]);
    expect(await filtered({ taskNo: a.taskNo })).toEqual([a.taskNo]);
    expect(await filtered({ providerId: 'P10001', status: ['01'], taskType: '03' })).toEqual(
      expect.arrayContaining([a.taskNo, b.taskNo]),
    );
    expect(await filtered({ status: '06', providerName: '列表测试医院' })).toEqual([]);
    expect(await filtered({ sendStartDate: chinaDay(), sendEndDate: chinaDay(), title: '列表测试' })).toEqual(
      [b.taskNo, a.taskNo],
    );
    expect(await filtered({ sendEndDate: '2020-01-01', title: '列表测试' })).toEqual([]);
    await msh(auditor, 'POST', 'initTask', { taskNo: a.taskNo });
    expect(await filtered({ personInCharge: '王敏', title: '列表测试' })).toEqual([a.taskNo]);

    // Every page, those past the middle read from the end, joins up to the whole list in order.
    for (const n of [1, 2, 3]) await submitted({ providerCnName: `分页测试医院${n}` });
    const all = (await msh(auditor, 'POST', 'list', { size: 100 })).json().data;
    expect(all.total).toBeLessThanOrEqual(100);
    for (const [sort, order] of [
      ['commitDate', 'desc'],
      ['taskNo', 'asc'],
    ] as const) {
      const whole = (await msh(auditor, 'POST', 'list', { size: 100, sort, order })).json().data.records;
      const paged: string[] = [];
      for (let current = 1; current <= Math.ceil(all.total / 2); current++) {
        const one = (await msh(auditor, 'POST', 'list', { current, size: 2, sort, order })).json().data;
        expect(one.records.length).toBe(Math.min(2, all.total - (current - 1) * 2));
        paged.push(...one.records.map((r: { taskNo: string }) => r.taskNo));
      }
      expect(paged).toEqual(whole.map((r: { taskNo: string }) => r.taskNo));
    }
    expect(all.total).toBeGreaterThanOrEqual(5); // so that some pages are read from the end
    const past = await msh(auditor, 'POST', 'list', { current: 1000, size: 2 });
    expect(past.json().data).toMatchObject({ records: [], total: all.total });

    const bad = await msh(auditor, 'POST', 'list', { model: { sendStartDate: '2026/01/01' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors).toHaveProperty(['model.sendStartDate']);
  });
});

describe('initTask', () => {
  it('takes a submitted task, keeps it with whoever has it, and assigns it to another operator', async () => {
    const task = await submitted();
    const taken = await msh(auditor, 'POST', 'initTask', { taskNo: task.taskNo });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data).toMatchObject({
      personInCharge: '审核员王敏',
      assigned: true,
      version: task.version,
    });
    const other = await msh(admin, 'POST', 'initTask', { taskNo: task.taskNo });
    expect(other.json().data).toMatchObject({ personInCharge: '审核员王敏', assigned: false });
    const assigned = await msh(admin, 'POST', 'initTask', { taskNo: task.taskNo, assignTo: 'netview' });
    expect(assigned.json().data).toMatchObject({ personInCharge: '网络专员赵磊', assigned: true });
    const provider = await msh(admin, 'POST', 'initTask', { taskNo: task.taskNo, assignTo: 'hospital' });
    expect(provider.statusCode).toBe(400);
    expect(provider.json().code).toBe(40084);
    // Taking does not move the version: the provider's withdraw with its version still works.
    const withdrawn = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTask/withdraw',
      payload: { taskNo: task.taskNo, version: task.version },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const late = await msh(auditor, 'POST', 'initTask', { taskNo: task.taskNo });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 40900, msg_en: 'Case status changed' });
  });
});

describe('approval', () => {
  it('approves an add-hospital task: a new provider record under a new id, the audit fields, the record', async () => {
    const before = await providerRow('P10001');
    const task = await submitted();
    const res = await approve(auditor, task.taskNo);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ status: '06', auditResult: '01', approvalConclusion: '01' });
    // P10001 already has a record: the new hospital gets the next 'P' + 5 digits.
    expect(result.providerId).toMatch(/^P\d{5}$/);
    expect(result.providerId).not.toBe('P10001');
    const created = await providerRow(result.providerId);
    expect(created).toMatchObject({
      providerCnName: '北京和睦国际医院顺义院区',
      providerEnName: 'Beijing Harmony International Hospital Shunyi',
      hospitalCAddress: '北京市顺义区府前街18号',
      province: '110000',
      district: '110113',
      status: '01',
      lastTaskNo: task.taskNo,
    });
    expect(created!.photos).toHaveLength(4);
    expect(created!.contacts.find((c) => c.contactType === '02')).toMatchObject({ name: '刘洋' });
    expect(await providerRow('P10001')).toMatchObject({
      version: before!.version,
      providerCnName: before!.providerCnName,
    });

    const row = await taskRow(task.id);
    expect(row).toMatchObject({
      status: '06',
      auditResult: '01',
      returnReason: null,
      auditMember: '审核员王敏',
      personInCharge: '审核员王敏',
      version: task.version + 1,
    });
    expect(row.auditDate).toBeInstanceOf(Date);
    expect(row.publicityDate).toBeInstanceOf(Date);
    const flows = await flowsOf(task.id);
    expect(flows.map((f) => [f.status, f.flowType, f.operatorKind])).toEqual([
      ['01', '01', 'O'],
      ['06', '06', 'O'],
    ]);

    const detail = (await msh(auditor, 'GET', `detail/${task.taskNo}`)).json().data;
    expect(detail).toMatchObject({
      status: '06',
      approvalConclusion: '01',
      approvedProviderId: result.providerId,
      auditable: false,
    });
    expect(detail.auditFlows.at(-1)).toMatchObject({
      status: '06',
      text: { zh: '已通过', en: 'Approved' },
      operateMember: '审核员王敏',
      operateMemberEn: 'Wang Min (Auditor)',
    });
    // The submitting hospital still sees its task, approved, with both names of the people.
    const own = (await provider(hospital, 'GET', `detail/${task.id}`)).json().data;
    expect(own).toMatchObject({
      status: '06',
      auditResult: '01',
      auditMember: '审核员王敏',
      auditMemberEn: 'Wang Min (Auditor)',
      commitName: '北京和睦国际医院 李娜',
      commitNameEn: 'Li Na (Harmony International)',
    });
    expect((await approve(auditor, task.taskNo)).statusCode).toBe(409);
  });

  it('creates an add-hospital record under the task provider id when it has none, and links a submitter without a provider', async () => {
    const tenantId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
    const [user] = await t.platform.db
      .insert(users)
      .values({
        tenantId,
        account: 'newclinic',
        passwordHash: await hashPassword('Portal2026'),
        name: '新诊所 张三',
        nameEn: 'Zhang San (New Clinic)',
        userType: '02',
      })
      .returning();
    const [role] = await t.platform.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.code, 'SMART_PORTAL')));
    await t.platform.db.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id });
    const token = (await login(t.app, 'demo', 'newclinic')).token;
    const task = await submitted(
      { providerId: 'P30001', providerCnName: '新开诊所', providerEnName: 'New Clinic' },
      token,
    );
    const res = await approve(auditor, task.taskNo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.providerId).toBe('P30001');
    expect(await providerRow('P30001')).toMatchObject({ providerCnName: '新开诊所' });
    const [linked] = await t.platform.db.select().from(users).where(eq(users.id, user.id));
    expect(linked.providerId).toBe('P30001');
    // The next new id comes after the highest in use.
    const next = await submitted({ providerCnName: '编号测试医院' });
    const approved = (await approve(auditor, next.taskNo)).json().data;
    expect(Number(approved.providerId.slice(1))).toBeGreaterThan(30001);
  });

  it('approves an update-hospital task writing only its changed fields', async () => {
    const before = await providerRow('P10001');
    const form = await approvedForm();
    const contacts = form.contacts as Record<string, Record<string, unknown>[]>;
    const res = await provider(hospital, 'POST', 'createCase', {
      ...form,
      providerEnName: 'Beijing Harmony International Hospital (Chaoyang)',
      dbFlag: '02',
      contacts: { ...contacts, '02': [{ ...contacts['02'][0], name: '王芳芳' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json().data;
    expect(JSON.parse(task.compareResult)).toEqual(['providerEnName', 'contacts', 'dbFlag']);

    const detail = (await msh(auditor, 'GET', `detail/${task.id}`)).json().data;
    expect(
      detail.compareView.map((r: { field: string; label: { en: string } }) => [r.field, r.label.en]),
    ).toEqual([
      ['providerEnName', 'Provider English Name'],
      ['contacts', 'Contact'],
      ['dbFlag', '24-hour direct payment service'],
    ]);
    expect(detail.compareView[0]).toMatchObject({
      oldValue: 'Beijing Harmony International Hospital',
      newValue: 'Beijing Harmony International Hospital (Chaoyang)',
    });
    expect(detail.auditable).toBe(true);

    // Someone else changed an unrelated field of the record meanwhile: the approval keeps it.
    await t.platform.db
      .update(providers)
      .set({ deptListCn: '全科、内科（已更新）' })
      .where(eq(providers.id, before!.id));
    const approved = await approve(auditor, task.taskNo, { version: task.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      providerId: 'P10001',
      appliedFields: ['providerEnName', 'contacts', 'dbFlag'],
    });
    const after = await providerRow('P10001');
    expect(after).toMatchObject({
      providerEnName: 'Beijing Harmony International Hospital (Chaoyang)',
      dbFlag: '02',
      deptListCn: '全科、内科（已更新）',
      providerCnName: before!.providerCnName,
      webAddr: before!.webAddr,
      accountNo: before!.accountNo,
      lastTaskNo: task.taskNo,
      version: before!.version + 1,
    });
    expect(after!.contacts.find((c) => c.contactType === '02')?.name).toBe('王芳芳');
    expect(after!.serviceTimes).toEqual(before!.serviceTimes);
    expect(after!.photos).toEqual(before!.photos);
    // The provider's detail of its record shows the NEW markers of this change.
    const record = (await provider(hospital, 'GET', 'providerDetail/P10001')).json().data;
    expect(JSON.parse(record.compareResult)).toEqual(['providerEnName', 'contacts', 'dbFlag']);
  });

  it('requires a return reason (up to 500 characters, no | or ^) and lets the provider resubmit', async () => {
    const task = await submitted();
    const missing = await msh(auditor, 'POST', 'approval', { taskNo: task.taskNo, auditResult: '02' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fieldErrors.returnReason).toEqual({
      msg: '请输入退回原因',
      msg_en: 'Please enter Return Reason',
    });
    expect((await giveBack(auditor, task.taskNo, '   ')).statusCode).toBe(400);
    const long = await giveBack(auditor, task.taskNo, '长'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().data.fieldErrors.returnReason.msg_en).toContain('500');
    expect((await giveBack(auditor, task.taskNo, '地址|错误')).statusCode).toBe(400);
    expect(
      (await msh(auditor, 'POST', 'approval', { taskNo: task.taskNo, auditResult: '03' })).statusCode,
    ).toBe(400);
    expect((await msh(auditor, 'POST', 'approval', { taskNo: 'bad', auditResult: '01' })).statusCode).toBe(
      400,
    );
    expect((await taskRow(task.id)).status).toBe('01');

    const reason = `${'长'.repeat(480)}请补充英文地址`;
    const res = await giveBack(auditor, task.taskNo, reason);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ msg_en: 'Returned', data: { status: '04', providerId: null } });
    expect(await taskRow(task.id)).toMatchObject({
      status: '04',
      auditResult: '02',
      returnReason: reason,
      publicityDate: null,
    });
    const flows = await flowsOf(task.id);
    expect(flows.at(-1)).toMatchObject({
      status: '04',
      flowType: '04',
      operateRemark: reason,
      operatorKind: 'O',
    });

    const seen = (await provider(hospital, 'GET', `detail/${task.id}`)).json().data;
    expect(seen).toMatchObject({ status: '04', returnReason: reason });
    expect(seen.auditFlows.at(-1)).toMatchObject({
      text: { zh: '已退回', en: 'Rejected' },
      operateRemark: reason,
    });
    const {
      id: _i,
      taskNo: _t,
      taskType: _y,
      version,
      photoList: _p,
      attacheList: _a,
      auditFlows: _f,
      ...form
    } = seen;
    const resubmit = await provider(hospital, 'POST', 'modify', {
      ...form,
      hospitalEAddress: '18 Fuqian Street, Shunyi District, Beijing 101300',
      taskNo: task.taskNo,
      version,
    });
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    const detail = (await msh(auditor, 'GET', `detail/${task.taskNo}`)).json().data;
    expect(detail).toMatchObject({ status: '01', approvalConclusion: null, auditable: true });
    expect(detail.decisions.map((d: { conclusion: string }) => d.conclusion)).toEqual(['02']);
    const approved = await approve(auditor, task.taskNo);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await flowsOf(task.id)).map((f) => f.status)).toEqual(['01', '04', '01', '06']);
  });

  it('applies nothing when the last step fails', async () => {
    const task = await submitted({ providerCnName: '回滚测试医院' });
    const before = await taskRow(task.id);
    const countProviders = async () =>
      (await t.platform.db.select({ n: sql<number>`count(*)::int` }).from(providers))[0].n;
    const providersBefore = await countProviders();
    const flowsBefore = (await flowsOf(task.id)).length;
    // The decision row is the approval's last write: make the database refuse it for this task.
    await t.platform.db.execute(
      sql.raw(
        `alter table hospital_task_audits add constraint test_refuse_decision check (task_no <> '${task.taskNo}')`,
      ),
    );
    try {
      const res = await approve(auditor, task.taskNo);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ isSuccess: false, code: 50000 });
    } finally {
      await t.platform.db.execute(
        sql.raw('alter table hospital_task_audits drop constraint test_refuse_decision'),
      );
    }
    expect(await taskRow(task.id)).toEqual(before);
    expect(await countProviders()).toBe(providersBefore);
    expect((await flowsOf(task.id)).length).toBe(flowsBefore);
    expect(
      await t.platform.db.select().from(hospitalTaskAudits).where(eq(hospitalTaskAudits.taskId, task.id)),
    ).toEqual([]);
    // Nothing was left behind: the approval goes through now.
    expect((await approve(auditor, task.taskNo)).statusCode).toBe(200);
  });
});

describe('concurrency', () => {
  it('lets exactly one of two auditors acting at once win; the other gets 409 and changes nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const task = await submitted({ providerCnName: `并发测试医院${round}` });
      const results = await Promise.all([
        approve(auditor, task.taskNo),
        giveBack(admin, task.taskNo, '并发退回'),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json()).toMatchObject({
        code: 40900,
        msg: '案件状态已变更',
        msg_en: 'Case status changed',
      });
      const winner = results.find((r) => r.statusCode === 200)!.json().data;
      const row = await taskRow(task.id);
      expect(row.status).toBe(winner.status);
      expect(row.version).toBe(task.version + 1);
      const flows = (await flowsOf(task.id)).filter((f) => f.status !== '01');
      expect(flows).toHaveLength(1);
      const decisions = await t.platform.db
        .select()
        .from(hospitalTaskAudits)
        .where(eq(hospitalTaskAudits.taskId, task.id));
      expect(decisions).toHaveLength(1);
      const created = await t.platform.db
        .select()
        .from(providers)
        .where(eq(providers.lastTaskNo, task.taskNo));
      expect(created).toHaveLength(winner.status === '06' ? 1 : 0);
    }
  });

  it('lets exactly one of an approval and the provider withdrawing at once win', async () => {
    for (let round = 0; round < 3; round++) {
      const task = await submitted({ providerCnName: `撤回并发测试${round}` });
      const results = await Promise.all([
        approve(auditor, task.taskNo),
        provider(hospital, 'POST', 'withdraw', { taskNo: task.taskNo }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const row = await taskRow(task.id);
      expect(['06', '03']).toContain(row.status);
      const later = (await flowsOf(task.id)).filter((f) => f.status !== '01');
      expect(later.map((f) => f.status)).toEqual([row.status]);
      const created = await t.platform.db
        .select()
        .from(providers)
        .where(eq(providers.lastTaskNo, task.taskNo));
      expect(created).toHaveLength(row.status === '06' ? 1 : 0);
    }
  });
});

describe('overdue job', () => {
  async function makeIdle(taskIds: string[], days = 31) {
    await t.platform.db
      .update(hospitalTasks)
      .set({ updatedAt: new Date(Date.now() - days * 86_400_000) })
      .where(inArray(hospitalTasks.id, taskIds));
  }

  it('closes tasks idle past TASK_OVERDUE_DAYS (08, 04, 01) once, as the system', async () => {
    expect(t.config.taskOverdueDays).toBe(30);
    const draftRes = await provider(hospital, 'POST', 'saveCache', {
      providerId: 'P10001',
      providerCnName: '超时草稿',
    });
    const draft = draftRes.json().data;
    const open = await submitted({ providerCnName: '超时待审' });
    const returned = await submitted({ providerCnName: '超时退回' });
    await giveBack(auditor, returned.taskNo, '请补充资料');
    const recent = await submitted({ providerCnName: '未超时' });
    const approved = await submitted({ providerCnName: '已通过不关闭' });
    await approve(auditor, approved.taskNo);
    await makeIdle([draft.id, open.id, returned.id, approved.id]);
    await makeIdle([recent.id], 29);

    await t.platform.jobs.requestRun(OVERDUE_JOB);
    const [first, second] = await Promise.all([
      t.platform.jobs.runDue(OVERDUE_JOB),
      t.platform.jobs.runDue(OVERDUE_JOB),
    ]);
    const ran = [first, second].filter((o) => o.status === 'ran');
    expect(ran).toHaveLength(1);
    expect([first, second].filter((o) => o.status === 'skipped')).toHaveLength(1);
    const result = (ran[0] as unknown as { result: { closed: number; taskNos: string[] } }).result;
    expect(result.taskNos.sort()).toEqual([draft.taskNo, open.taskNo, returned.taskNo].sort());

    for (const id of [draft.id, open.id, returned.id]) {
      expect((await taskRow(id)).status).toBe('07');
      const flow = (await flowsOf(id)).filter((f) => f.status === '07');
      expect(flow).toHaveLength(1);
      expect(flow[0]).toMatchObject({ flowType: '07', operatorKind: 'S', operateMember: '系统' });
    }
    expect((await taskRow(recent.id)).status).toBe('01');
    expect((await taskRow(approved.id)).status).toBe('06');
    const view = (await provider(hospital, 'GET', `detail/${open.id}`)).json().data;
    expect(view.auditFlows.at(-1)).toMatchObject({
      operatorKind: 'S',
      text: { zh: '超时未处理，系统自动关闭', en: 'Overdue (auto-closed by timeout)' },
    });
    const cancelled = await t.platform.db
      .select()
      .from(hospitalTaskAudits)
      .where(eq(hospitalTaskAudits.taskId, open.id));
    expect(cancelled.map((d) => [d.conclusion, d.operatorKind])).toEqual([['03', 'S']]);
    // Not due again until its interval passes; made due, it finds nothing left to close.
    expect((await t.platform.jobs.runDue(OVERDUE_JOB)).status).toBe('skipped');
    await t.platform.jobs.requestRun(OVERDUE_JOB);
    const again = await t.platform.jobs.runDue(OVERDUE_JOB);
    expect(again).toMatchObject({ status: 'ran', result: { closed: 0 } });
    const runs = await t.platform.db.select().from(jobRuns).where(eq(jobRuns.jobName, OVERDUE_JOB));
    expect(runs.map((r) => r.status)).toEqual(['done', 'done']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL))(
    'runs once with two server instances on one PostgreSQL database',
    async () => {
      const second = await createTestApp(
        { DATA_DIR: t.config.dataDir },
        { databaseUrl: t.config.databaseUrl },
      );
      try {
        const tasks = [];
        for (let i = 0; i < 3; i++) tasks.push(await submitted({ providerCnName: `两实例超时${i}` }));
        await makeIdle(tasks.map((x) => x.id));
        const runsBefore = (
          await t.platform.db.select().from(jobRuns).where(eq(jobRuns.jobName, OVERDUE_JOB))
        ).length;
        await t.platform.jobs.requestRun(OVERDUE_JOB);
        const outcomes = await Promise.all([
          t.platform.jobs.runDue(OVERDUE_JOB),
          second.platform.jobs.runDue(OVERDUE_JOB),
          t.platform.jobs.tick().then(() => ({ status: 'tick' as const })),
          second.platform.jobs.tick().then(() => ({ status: 'tick' as const })),
        ]);
        expect(outcomes.slice(0, 2).map((o) => o.status)).toContain('skipped');
        const runs = await t.platform.db.select().from(jobRuns).where(eq(jobRuns.jobName, OVERDUE_JOB));
        expect(runs.length - runsBefore).toBe(1);
        for (const task of tasks) {
          expect((await taskRow(task.id)).status).toBe('07');
          expect((await flowsOf(task.id)).filter((f) => f.status === '07')).toHaveLength(1);
        }
      } finally {
        await second.close();
      }
    },
  );
});

describe('exports', () => {
  let added: { taskNo: string; providerId: string };
  let changed: string;

  beforeAll(async () => {
    const task = await submitted({ providerCnName: '导出测试医院', providerEnName: 'Export Test Hospital' });
    const res = await approve(auditor, task.taskNo);
    added = { taskNo: task.taskNo, providerId: res.json().data.providerId };
    const form = await approvedForm();
    const change = await provider(hospital, 'POST', 'createCase', {
      ...form,
      providerCnName: '北京和睦国际医院（导出）',
      webAddr: 'https://www.bjharmony-export.cn',
    });
    expect(change.statusCode, change.body).toBe(200);
    changed = change.json().data.taskNo;
    expect((await approve(auditor, changed)).statusCode).toBe(200);
  });

  it('exports the announcement of approved hospitals as a real .xlsx with the Chinese data', async () => {
    const res = await msh(auditor, 'GET', 'downloadAnnounce');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=".*\.xlsx"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1])).toMatch(
      /^医院公告-\d{8}\.xlsx$/,
    );
    const rows = await sheetRows(res);
    expect(rows[0][0]).toBe('网络医院公告');
    expect(rows[2]).toEqual(
      expect.arrayContaining(['序号', '医院编号', '医院中文名称', '24小时直付服务', '医院公示日期']),
    );
    const row = rows.find((r) => r[1] === added.providerId);
    expect(row).toBeDefined();
    expect(row).toEqual(
      expect.arrayContaining([
        '导出测试医院',
        'Export Test Hospital',
        '北京市顺义区府前街18号',
        '综合医院',
        '支持',
      ]),
    );
    expect(row!.join(' ')).toContain('北京市');
    expect(rows.find((r) => r[1] === 'P10001')).toEqual(expect.arrayContaining(['北京和睦国际医院（导出）']));
  });

  it('exports one approved task, in English when asked, and refuses tasks and hospitals not approved', async () => {
    const one = await msh(auditor, 'GET', `downloadAnnounce?taskNo=${added.taskNo}`, undefined, 'demo', 'en');
    expect(one.statusCode, one.body).toBe(200);
    const rows = await sheetRows(one);
    expect(rows[0][0]).toBe('Network Hospital Announcement');
    expect(rows[2]).toEqual(expect.arrayContaining(['Provider ID', '24-hour direct payment service']));
    expect(rows.slice(3)).toHaveLength(1);
    expect(rows[3]).toEqual(
      expect.arrayContaining([added.providerId, 'Export Test Hospital', 'General hospital', 'Supported']),
    );

    const pending = await submitted({ providerCnName: '未审核医院' });
    const refused = await msh(auditor, 'GET', `downloadAnnounce?taskNo=${pending.taskNo}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.json()).toMatchObject({ isSuccess: false, code: 40911 });
    expect(refused.json().msg).toContain('尚未审核通过');
    expect(refused.json().msg_en).toContain('not approved');
    const noRecord = await msh(auditor, 'GET', 'downloadAnnounce?providerId=P99999');
    expect(noRecord.statusCode).toBe(409);
    expect(noRecord.json().code).toBe(40912);
    expect((await msh(auditor, 'GET', 'downloadAnnounce?taskNo=HT209901010001')).statusCode).toBe(404);
    expect(
      (await msh(auditor, 'GET', 'downloadAnnounce?startDate=2026-02-01&endDate=2026-01-01')).statusCode,
    ).toBe(400);
    const period = await msh(
      auditor,
      'GET',
      `downloadAnnounce?startDate=${chinaDay()}&endDate=${chinaDay()}`,
    );
    expect((await sheetRows(period)).map((r) => r[1])).toEqual(
      expect.arrayContaining([added.providerId, 'P10001']),
    );
  });

  it('exports the newsletter of a period: approved changes labelled, old and new values', async () => {
    const res = await msh(auditor, 'POST', 'downloadNewsLetter', {
      startDate: chinaDay(),
      endDate: chinaDay(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1])).toMatch(
      /^医院变更简报-\d{8}-\d{8}\.xlsx$/,
    );
    const rows = await sheetRows(res);
    expect(rows[0][0]).toBe('网络医院变更简报');
    expect(rows[2]).toEqual([
      '序号',
      '审核通过日期',
      '任务编号',
      '任务类型',
      '医院编号',
      '医院名称',
      '变更项',
      '原值',
      '新值',
    ]);
    const name = rows.find((r) => r[2] === changed && r[6] === '医院中文名称');
    expect(name?.slice(7)).toEqual(['北京和睦国际医院', '北京和睦国际医院（导出）']);
    expect(name?.[3]).toBe('修改医院');
    const web = rows.find((r) => r[2] === changed && r[6] === '网址');
    expect(web?.[8]).toBe('https://www.bjharmony-export.cn');
    expect(rows.filter((r) => r[2] === changed)).toHaveLength(2);
    const added_ = rows.find((r) => r[2] === added.taskNo);
    expect(added_?.[6]).toBe('新增医院');
    expect(added_?.[8]).toContain('导出测试医院');

    const en = await msh(
      auditor,
      'POST',
      'downloadNewsLetter',
      { startDate: chinaDay(), endDate: chinaDay() },
      'demo',
      'en',
    );
    const enRows = await sheetRows(en);
    expect(enRows.find((r) => r[2] === changed && r[6] === 'Website')).toBeDefined();

    const empty = await msh(auditor, 'POST', 'downloadNewsLetter', {
      startDate: '2020-01-01',
      endDate: '2020-01-31',
    });
    expect(empty.statusCode).toBe(200);
    expect((await sheetRows(empty)).length).toBe(3);
    const backwards = await msh(auditor, 'POST', 'downloadNewsLetter', {
      startDate: '2026-02-01',
      endDate: '2026-01-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data.fieldErrors).toHaveProperty('endDate');
    expect((await msh(auditor, 'POST', 'downloadNewsLetter', { startDate: '2026-01-01' })).statusCode).toBe(
      400,
    );
    expect(
      (await msh(auditor, 'POST', 'downloadNewsLetter', { startDate: '2024-01-01', endDate: '2026-01-01' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('export batches', () => {
  it('reads approvals in keyset batches: each once, in time order, ties by id', async () => {
    const tenant = await findTenantByCode(t.platform.db, 'demo');
    const at = new Date('2020-03-01T00:00:00Z');
    const rows = Array.from({ length: 7 }, (_, i) => ({
      tenantId: tenant!.id,
      taskId: randomUUID(),
      taskNo: `HT20200301${String(i).padStart(4, '0')}`,
      taskType: '04',
      conclusion: '01',
      providerId: 'P10001',
      taskProviderId: 'P10001',
      auditedAt: i < 5 ? at : new Date(at.getTime() + i * 1000),
      createdBy: 'test',
      updatedBy: 'test',
    }));
    await t.platform.db.insert(hospitalTaskAudits).values(rows);
    const period = { tenantId: tenant!.id, from: at, to: new Date(at.getTime() + 86_400_000) };
    const sizes: number[] = [];
    const seen: string[] = [];
    for await (const batch of approvalBatches(t.platform.db, period, 3)) {
      sizes.push(batch.length);
      seen.push(...batch.map((r) => r.taskNo));
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(5)).toEqual(['HT202003010005', 'HT202003010006']);
    await t.platform.db.delete(hospitalTaskAudits).where(
      inArray(
        hospitalTaskAudits.taskNo,
        rows.map((r) => r.taskNo),
      ),
    );
  });

  it('reads valid provider records in batches of any size, ordered by id', async () => {
    const tenant = await findTenantByCode(t.platform.db, 'demo');
    const ids = async (size: number) => {
      const out: string[] = [];
      for await (const batch of validRecordBatches(t.platform.db, tenant!.id, size)) {
        expect(batch.length).toBeLessThanOrEqual(size);
        out.push(...batch.map((r) => r.providerId));
      }
      return out;
    };
    const all = await ids(1000);
    expect(all.length).toBeGreaterThan(0);
    expect(await ids(1)).toEqual(all);
    expect([...all].sort()).toEqual(all);
  });
});

describe('tenants', () => {
  it("keeps an acme auditor away from demo's tasks", async () => {
    const task = await submitted({ providerCnName: '租户隔离测试' });
    const list = (await msh(acmeAuditor, 'POST', 'list', { size: 100 }, 'acme')).json().data;
    expect(list.records.map((r: { taskNo: string }) => r.taskNo)).not.toContain(task.taskNo);
    expect(list.records.every((r: { providerId: string }) => r.providerId !== 'P10001')).toBe(true);
    expect((await msh(acmeAuditor, 'GET', `detail/${task.id}`, undefined, 'acme')).statusCode).toBe(404);
    expect((await msh(acmeAuditor, 'GET', `detail/${task.taskNo}`, undefined, 'acme')).statusCode).toBe(404);
    expect((await msh(acmeAuditor, 'POST', 'initTask', { taskNo: task.taskNo }, 'acme')).statusCode).toBe(
      404,
    );
    expect(
      (await msh(acmeAuditor, 'POST', 'approval', { taskNo: task.taskNo, auditResult: '01' }, 'acme'))
        .statusCode,
    ).toBe(404);
    expect(
      (await msh(acmeAuditor, 'GET', `downloadAnnounce?taskNo=${task.taskNo}`, undefined, 'acme')).statusCode,
    ).toBe(404);
    expect(
      (await msh(acmeAuditor, 'GET', 'downloadAnnounce?providerId=P10001', undefined, 'acme')).statusCode,
    ).toBe(409);
    expect((await taskRow(task.id)).status).toBe('01');
    expect((await taskRow(task.id)).personInCharge).toBeNull();
  });
});

describe('provider notes management', () => {
  const notes = (
    token: string,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload: object,
    tenant = 'demo',
  ) => call(t.app, tenant, token, { method, url: `/saasapi/drsystem/liproviderinfo/${url}`, payload });

  it('adds, edits and deletes notes in both languages; the provider reads them', async () => {
    const added = await notes(auditor, 'POST', 'note', {
      providerId: 'P10001',
      notesC: '该院周末不提供直付服务。',
      notesE: 'No direct billing at weekends.',
    });
    expect(added.statusCode, added.body).toBe(200);
    const note = added.json().data;
    expect(note).toMatchObject({ providerId: 'P10001', version: 0 });
    const read = async () =>
      (
        await notes(hospital, 'POST', 'pageProviderNotes', { model: { providerId: 'P10001' }, size: 50 })
      ).json().data;
    expect((await read()).records[0]).toMatchObject({
      notesC: '该院周末不提供直付服务。',
      notesE: 'No direct billing at weekends.',
      createdByName: '审核员王敏',
    });

    const edited = await notes(auditor, 'PUT', 'note', {
      id: note.id,
      version: 0,
      notesC: '该院周日不提供直付服务。',
      notesE: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ notesC: '该院周日不提供直付服务。', notesE: '', version: 1 });
    expect(
      (await notes(auditor, 'PUT', 'note', { id: note.id, version: 0, notesC: '旧版本' })).statusCode,
    ).toBe(409);
    expect((await notes(auditor, 'PUT', 'note', { id: randomUUID(), notesC: '无' })).statusCode).toBe(404);

    const page = (await notes(auditor, 'POST', 'providerPage', { model: { keyword: '和睦' } })).json().data;
    expect(
      page.records.find((r: { providerId: string }) => r.providerId === 'P10001').noteCount,
    ).toBeGreaterThanOrEqual(3);

    const deleted = await notes(auditor, 'DELETE', 'note', { ids: [note.id] });
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect((await read()).records.map((r: { id: string }) => r.id)).not.toContain(note.id);
    expect((await notes(auditor, 'DELETE', 'note', { ids: [note.id] })).statusCode).toBe(404);
  });

  it('checks the note rules and the tenant', async () => {
    const empty = await notes(auditor, 'POST', 'note', { providerId: 'P10001', notesC: ' ', notesE: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fieldErrors.notesC.msg_en).toBe('Please enter the note in Chinese or English');
    expect((await notes(auditor, 'POST', 'note', { providerId: 'P10001', notesC: 'a^b' })).statusCode).toBe(
      400,
    );
    expect(
      (await notes(auditor, 'POST', 'note', { providerId: 'P10001', notesE: 'x'.repeat(4001) })).statusCode,
    ).toBe(400);
    expect(
      (await notes(auditor, 'POST', 'note', { providerId: 'P99999', notesC: '无此医院' })).statusCode,
    ).toBe(404);
    const tenantId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
    const [demoNote] = await t.platform.db
      .select()
      .from(providerNotes)
      .where(eq(providerNotes.tenantId, tenantId));
    expect(
      (await notes(acmeAuditor, 'PUT', 'note', { id: demoNote.id, notesC: '越权' }, 'acme')).statusCode,
    ).toBe(404);
    expect((await notes(acmeAuditor, 'DELETE', 'note', { ids: [demoNote.id] }, 'acme')).statusCode).toBe(404);
    expect(
      (await notes(acmeAuditor, 'POST', 'note', { providerId: 'P10001', notesC: '越权' }, 'acme')).statusCode,
    ).toBe(404);
  });
});

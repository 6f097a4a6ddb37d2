import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { multipart, upload } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import {
  benefitUsage,
  customers,
  groupPlans,
  members,
  planProviders,
  policies,
  policyCoverages,
} from '../members/members.tables.ts';
import { PREAUTH_EXPIRY_JOB } from './preauth.expiry.ts';
import { preauthCases, preauthFlow } from './preauth.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';

const B = '/saasapi/preauth';
const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);
const dayOffset = (days: number) => chinaDay(new Date(Date.now() + days * 86_400_000));
const post = (who: string, path: string, payload: Record<string, unknown>) =>
  as(who, { method: 'POST', url: `${B}${path}`, payload });

const form = (extra: Record<string, unknown> = {}) => ({
  memberId: 'M0001001',
  coverageCode: 'IP',
  currency: 'CNY',
  visitType: '02',
  visitDate: dayOffset(7),
  lengthOfStay: 3,
  department: '骨科',
  doctor: '王医生',
  estimatedCost: '12000.50',
  icdCodes: ['s72.0'],
  caseHandler: '01',
  ...extra,
});

type TCase = { id: string; version: number; status: string; caseNo: string };

async function save(extra: Record<string, unknown> = {}, who = 'demo/hospital'): Promise<TCase> {
  const res = await post(who, '/case/save', form(extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function act(who: string, path: string, c: { id: string; version: number }, extra = {}) {
  return post(who, path, { id: c.id, version: c.version, ...extra });
}
async function submitted(extra: Record<string, unknown> = {}, who = 'demo/hospital'): Promise<TCase> {
  const draft = await save(extra, who);
  const res = await act(who, '/case/submit', draft);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const detail = async (who: string, id: string, area = 'case') =>
  as(who, { method: 'GET', url: `${B}/${area}/detail/${id}` });
const pdf = (name: string) => ({
  filename: name,
  content: Buffer.from(`%PDF-1.4\n%${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
});
const pendingOf = async (caseId: string) =>
  t.platform.db.select().from(benefitUsage).where(eq(benefitUsage.sourceId, caseId));

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
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
  // A second provider of the demo tenant serving its own plan, with one member: 李四.
  await t.platform.db.insert(providers).values({
    tenantId: demoId,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second',
  });
  const [customer] = await t.platform.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, demoId), eq(customers.customerId, 'C0001')));
  const [plan] = await t.platform.db
    .insert(groupPlans)
    .values({ tenantId: demoId, customerRef: customer.id, grpPlanCode: 'GP-OTHER', name: '其他计划' })
    .returning();
  await t.platform.db
    .insert(planProviders)
    .values({ tenantId: demoId, planRef: plan.id, providerId: 'P10002' });
  const [member] = await t.platform.db
    .insert(members)
    .values({
      tenantId: demoId,
      customerRef: customer.id,
      memberId: 'M0009001',
      employeeId: 'M0009001',
      name: '李四',
      nameEn: 'Li Si',
      birthday: '1990-01-01',
    })
    .returning();
  const [policy] = await t.platform.db
    .insert(policies)
    .values({
      tenantId: demoId,
      policyNo: 'POL-OTHER-1',
      memberRef: member.id,
      planRef: plan.id,
      validFrom: dayOffset(-365),
      validTo: dayOffset(365),
    })
    .returning();
  await t.platform.db.insert(policyCoverages).values({
    tenantId: demoId,
    policyRef: policy.id,
    coverageCode: 'IP',
    currency: 'CNY',
    annualLimit: '1000.00',
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.platform.db
    .update(providers)
    .set({ signStatus: '01' })
    .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
  await t.platform.authCache.invalidate({ all: true });
});

describe('making a pre-authorisation', () => {
  it('saves an unsubmitted case with attachments, numbered PA…, and shows it with its flow and benefit', async () => {
    const [fileId] = await upload(
      t,
      tokens['demo/hospital'],
      [pdf('referral.pdf')],
      'bucket=drsystem&bizType=PREAUTH_ATTACH',
    );
    const draft = await save({ fileIds: [fileId] });
    expect(draft).toMatchObject({
      status: '01',
      caseNo: expect.stringMatching(/^PA\d{10}$/),
      icdCodes: ['S72.0'],
    });
    const res = await detail('demo/hospital', draft.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.case).toMatchObject({
      memberName: '张伟',
      grpPlanCode: 'GP-DEMO-01',
      providerId: 'P10001',
      estimatedCost: '12000.50',
    });
    expect(data.files.map((f: { originalName: string }) => f.originalName)).toEqual(['referral.pdf']);
    expect(data.flow).toEqual([expect.objectContaining({ action: 'save', toStatus: '01' })]);
    expect(data.benefit).toMatchObject({ coverageCode: 'IP', currency: 'CNY', annualLimit: '200000.00' });
    const list = await post('demo/hospital', '/case/list', {
      current: 1,
      size: 10,
      model: { status: ['01'] },
    });
    expect(list.json().data.records.map((r: TCase) => r.id)).toContain(draft.id);
  });

  it('accepts the visit date 30 days either side of today and refuses 31, in both languages', async () => {
    expect((await post('demo/hospital', '/case/save', form({ visitDate: dayOffset(30) }))).statusCode).toBe(
      200,
    );
    expect((await post('demo/hospital', '/case/save', form({ visitDate: dayOffset(-30) }))).statusCode).toBe(
      200,
    );
    for (const days of [31, -31]) {
      const res = await post('demo/hospital', '/case/save', form({ visitDate: dayOffset(days) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 40270,
        msg: '就诊日期须在申请日期前后 30 天内',
        msg_en: 'The visit date must be within 30 days of the application date',
      });
      expect(res.json().data.fieldErrors.visitDate).toBeDefined();
    }
  });

  it('refuses bad input: three decimals, zero cost, | and ^, a negative stay, no ICD code, a currency not covered', async () => {
    for (const bad of [
      { estimatedCost: '10.005' },
      { estimatedCost: '0' },
      { department: '骨科|外科' },
      { doctor: 'Dr^Wang' },
      { lengthOfStay: -1 },
      { icdCodes: [] },
      { icdCodes: ['12345'] },
      { caseHandler: '03' },
    ]) {
      const res = await post('demo/hospital', '/case/save', form(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const usd = await post('demo/hospital', '/case/save', form({ currency: 'USD' }));
    expect(usd.statusCode).toBe(400);
    expect(usd.json()).toMatchObject({ code: 40271 });
    expect(usd.json().data.fieldErrors.currency).toBeDefined();
  });

  it('saves nothing when an attachment is refused, and refuses a file whose bytes are not its type', async () => {
    const count = async () => (await t.platform.db.select().from(preauthCases)).length;
    const before = await count();
    const res = await post(
      'demo/hospital',
      '/case/save',
      form({ fileIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.fileIds).toBeDefined();
    expect(await count()).toBe(before);
    const fake = multipart([{ filename: 'report.pdf', content: Buffer.from('not a pdf at all, just text') }]);
    const up = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/file/file/anyone/uploadBatch?bucket=drsystem&bizType=PREAUTH_ATTACH',
      payload: fake.payload,
      headers: fake.headers,
    });
    expect(up.statusCode).toBe(400);
    expect(up.json().code).toBe(40027);
  });

  it('refuses a member of a plan the provider does not serve (404 40426)', async () => {
    const res = await post('demo/hospital', '/case/save', form({ memberId: 'M0009001' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40426);
  });

  it('needs the permissions: the auditor cannot make one, the hospital cannot decide, net-view sees nothing', async () => {
    expect((await post('demo/auditor', '/case/save', form({ providerId: 'P10001' }))).statusCode).toBe(403);
    const c = await submitted();
    const approve = await act('demo/hospital', '/audit/approve', c, {
      approvedAmount: '1.00',
      validUntil: dayOffset(10),
    });
    expect(approve.statusCode).toBe(403);
    expect((await post('demo/netview', '/audit/list', {})).statusCode).toBe(403);
    expect((await post('demo/netview', '/case/list', {})).statusCode).toBe(403);
    expect((await detail('demo/hospital', c.id, 'audit')).statusCode).toBe(403);
  });
});

describe('isolation', () => {
  it("hides a case from another tenant and another provider's staff", async () => {
    const c = await submitted();
    for (const who of ['acme/admin', 'acme/hospital']) {
      const res = await detail(who, c.id, who === 'acme/admin' ? 'audit' : 'case');
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe(40425);
    }
    const acmeList = await post('acme/admin', '/audit/list', {});
    expect(acmeList.json().data.total).toBe(0);
    expect((await act('acme/admin', '/audit/reject', c, { remark: 'x' })).statusCode).toBe(404);
    // An operator enters a case for the other provider; the demo hospital cannot see or cancel it.
    const other = await save(
      { providerId: 'P10002', memberId: 'M0009001', estimatedCost: '500.00' },
      'demo/admin',
    );
    expect((await detail('demo/hospital', other.id)).statusCode).toBe(404);
    expect((await act('demo/hospital', '/case/cancel', other)).statusCode).toBe(404);
    const list = await post('demo/hospital', '/case/list', { size: 50 });
    expect(list.json().data.records.every((r: { providerId: string }) => r.providerId === 'P10001')).toBe(
      true,
    );
    expect((await detail('demo/auditor', other.id, 'audit')).statusCode).toBe(200);
  });
});

describe('the audit', () => {
  it('documents asked for, supplemented, approved for less: reserved, shown in the enquiry, released on cancel', async () => {
    const c = await submitted();
    const before = (await detail('demo/auditor', c.id, 'audit')).json().data.benefit;
    const asked = await act('demo/auditor', '/audit/requestDocuments', c, { remark: '请补充X光片' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: '03', decisionRemark: '请补充X光片' });
    const [fileId] = await upload(
      t,
      tokens['demo/hospital'],
      [pdf('xray.pdf')],
      'bucket=drsystem&bizType=PREAUTH_ATTACH',
    );
    const supplemented = await act('demo/hospital', '/case/supplement', asked.json().data, {
      fileIds: [fileId],
      remark: '已补充',
    });
    expect(supplemented.statusCode, supplemented.body).toBe(200);
    expect(supplemented.json().data.status).toBe('02');
    const approved = await act('demo/auditor', '/audit/approve', supplemented.json().data, {
      approvedAmount: '10000.25',
      validUntil: dayOffset(30),
      remark: '按标准床位批准',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: '04',
      approvedAmount: '10000.25',
      validUntil: dayOffset(30),
    });
    expect(await pendingOf(c.id)).toEqual([
      expect.objectContaining({ sourceType: 'preauth', status: 'pending', amount: '10000.25' }),
    ]);
    const after = (await detail('demo/auditor', c.id, 'audit')).json().data;
    expect(after.files.map((f: { originalName: string }) => f.originalName)).toEqual(['xray.pdf']);
    expect(after.flow.map((f: { action: string }) => f.action)).toEqual([
      'save',
      'submit',
      'requestDocuments',
      'supplement',
      'approve',
    ]);
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(cents(after.benefit.pending) - cents(before.pending)).toBe(1_000_025);
    expect(cents(before.remaining) - cents(after.benefit.remaining)).toBe(1_000_025);
    // The members enquiry counts the reservation as pending.
    const enquiry = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/benefit/getBenefitUsedInfo',
      payload: {
        currency: 'CNY',
        coverage: 'IP',
        employeeID: 'M0001001',
        customID: 'C0001',
        grpPlanCode: 'GP-DEMO-01',
        birthday: '',
        insuredName: '',
        providerID: '',
      },
    });
    expect(enquiry.statusCode, enquiry.body).toBe(200);
    expect(enquiry.json().data.summaries[0]).toMatchObject({
      pending: after.benefit.pending,
      remaining: after.benefit.remaining,
    });
    const cancelled = await act('demo/hospital', '/case/cancel', approved.json().data, {
      remark: '患者改期',
    });
    expect(cancelled.json().data.status).toBe('06');
    expect((await pendingOf(c.id))[0].status).toBe('released');
  });

  it('answers 409 40900 on a stale version and 409 40940 on a status that forbids the action', async () => {
    const draft = await save();
    const first = await act('demo/hospital', '/case/submit', draft);
    expect(first.statusCode).toBe(200);
    const stale = await act('demo/hospital', '/case/submit', draft);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40900, msg: '案件状态已变更', msg_en: 'Case status changed' });
    const c = first.json().data;
    const supplement = await act('demo/hospital', '/case/supplement', c);
    expect(supplement.statusCode).toBe(409);
    expect(supplement.json().code).toBe(40940);
    expect(supplement.json().msg_en).toContain('is "Auditing"');
    const edit = await post('demo/hospital', '/case/save', form({ id: c.id, version: c.version }));
    expect(edit.json().code).toBe(40940);
  });

  it('refuses a decision on one’s own submission (403 40941) and lets another auditor decide', async () => {
    const c = await submitted({ providerId: 'P10001' }, 'demo/admin');
    const own = await act('demo/admin', '/audit/approve', c, {
      approvedAmount: '100.00',
      validUntil: dayOffset(5),
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe(40941);
    expect((await act('demo/admin', '/audit/reject', c, { remark: '自审' })).json().code).toBe(40941);
    expect(await pendingOf(c.id)).toEqual([]);
    const ok = await act('demo/auditor', '/audit/approve', c, {
      approvedAmount: '100.00',
      validUntil: dayOffset(5),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses an approval above the request, above the remaining benefit, or ending before today; nothing written', async () => {
    const c = await submitted({
      coverageCode: 'DT',
      visitType: '01',
      lengthOfStay: 0,
      estimatedCost: '5000.00',
    });
    const over = await act('demo/auditor', '/audit/approve', c, {
      approvedAmount: '5000.01',
      validUntil: dayOffset(5),
    });
    expect(over.json()).toMatchObject({ code: 40272 });
    const beyond = await act('demo/auditor', '/audit/approve', c, {
      approvedAmount: '4000.00',
      validUntil: dayOffset(5),
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().code).toBe(40274);
    const past = await act('demo/auditor', '/audit/approve', c, {
      approvedAmount: '100.00',
      validUntil: dayOffset(-1),
    });
    expect(past.json().code).toBe(40273);
    const [row] = await t.platform.db.select().from(preauthCases).where(eq(preauthCases.id, c.id));
    expect(row).toMatchObject({ status: '02', version: c.version, approvedAmount: null });
    expect(await pendingOf(c.id)).toEqual([]);
  });

  it('rejects with a reason; a cancelled case reopened and rejected again is “reopen rejected”', async () => {
    const c = await submitted();
    expect((await act('demo/auditor', '/audit/reject', c, { remark: '' })).statusCode).toBe(400);
    const rejected = await act('demo/auditor', '/audit/reject', c, { remark: '不在保障范围' });
    expect(rejected.json().data).toMatchObject({ status: '05', decisionRemark: '不在保障范围' });
    expect((await act('demo/hospital', '/case/reopen', rejected.json().data)).json().code).toBe(40940);

    const d = await submitted();
    const cancelled = (await act('demo/hospital', '/case/cancel', d)).json().data;
    const reopened = await act('demo/hospital', '/case/reopen', cancelled, { remark: '患者仍需手术' });
    expect(reopened.json().data).toMatchObject({ status: '02', reopened: true });
    const refused = await act('demo/auditor', '/audit/reject', reopened.json().data, { remark: '重复申请' });
    expect(refused.json().data.status).toBe('08');
  });

  it('honours the workflow auditor role of task type preauth', async () => {
    const set = await as('demo/admin', {
      method: 'PUT',
      url: '/saasapi/authority/workflow',
      payload: { taskType: 'preauth', auditorRoleCode: 'CLAIM_ADMIN', overdueDays: 30 },
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const c = await submitted();
      const res = await act('demo/auditor', '/audit/requestDocuments', c, { remark: '补充' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40248);
    } finally {
      await as('demo/admin', {
        method: 'PUT',
        url: '/saasapi/authority/workflow',
        payload: { taskType: 'preauth', auditorRoleCode: null, overdueDays: 30 },
      });
    }
  });
});

describe('expiry job', () => {
  it('expires approvals past their validity and releases them; drafts and live approvals stay', async () => {
    const due = await submitted();
    const dueApproved = (
      await act('demo/auditor', '/audit/approve', due, { approvedAmount: '300.00', validUntil: dayOffset(1) })
    ).json().data;
    const live = await submitted();
    await act('demo/auditor', '/audit/approve', live, { approvedAmount: '200.00', validUntil: dayOffset(3) });
    const draft = await save({ visitDate: dayOffset(-20) });
    await t.platform.db
      .update(preauthCases)
      .set({ validUntil: dayOffset(-1) })
      .where(eq(preauthCases.id, dueApproved.id));
    await t.platform.db
      .update(preauthCases)
      .set({ createdAt: new Date(Date.now() - 90 * 86_400_000) })
      .where(eq(preauthCases.id, draft.id));
    await t.platform.jobs.requestRun(PREAUTH_EXPIRY_JOB);
    const outcome = await t.platform.jobs.runDue(PREAUTH_EXPIRY_JOB);
    expect(outcome).toMatchObject({ status: 'ran', result: { expired: 1 } });
    const status = async (id: string) =>
      (await t.platform.db.select().from(preauthCases).where(eq(preauthCases.id, id)))[0].status;
    expect(await status(due.id)).toBe('07');
    expect(await status(live.id)).toBe('04');
    expect(await status(draft.id)).toBe('01');
    expect((await pendingOf(due.id))[0].status).toBe('released');
    expect((await pendingOf(live.id))[0].status).toBe('pending');
    const flow = await t.platform.db.select().from(preauthFlow).where(eq(preauthFlow.caseRef, due.id));
    expect(flow.at(-1)).toMatchObject({ action: 'expire', operatorNameEn: 'System' });
  });
});

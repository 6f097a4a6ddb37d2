import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitBill } from '@portal/domain/appointments/rules';
import { maskPersonalData } from '@portal/domain/personal-data/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { sheetRows } from '../../test/xlsx.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import {
  customers,
  groupPlans,
  members,
  planProviders,
  policies,
  policyCoverages,
} from '../members/members.tables.ts';
import { MSG_CHANGED_CHANNEL } from '../messages/messages.live.ts';
import { APPOINTMENT_EXPIRY_JOB } from './appointments.expiry.ts';
import { appointmentProcess, appointments } from './appointments.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';

const B = '/saasapi/smartportal';
/** Names leave the server masked (decision 0020); the reveal answers them. */
const masked = (name: string) => maskPersonalData('name', name);
const LIST = `${B}/appointmentBasic/getAppointmentBasicList`;
const SAVE = `${B}/appointmentBasic/saveAppointMentInfo`;
const REGISTER = `${B}/appointDetail/visitRegistration`;
const CONFIRM = `${B}/appointDetail/visitConfirmation`;
const UPDATE_CONFIRM = `${B}/appointDetail/updateVisitConfirmation`;
const PATIENTS = `${B}/appointDetail/getPatientList`;
const FORM = `${B}/download/downloadDBClaimForm`;

const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);
const today = () => chinaDay(new Date());
const dayOffset = (days: number) => chinaDay(new Date(Date.now() + days * 86_400_000));

/** Registers a visit of 张伟 (M0001001) today at P10001 as the demo hospital user. */
async function register(extra: Record<string, unknown> = {}, who = 'demo/hospital') {
  const res = await as(who, {
    method: 'POST',
    url: REGISTER,
    payload: { memberId: 'M0001001', coverageCode: 'OP', visitDate: today(), department: '内科', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; version: number; appointNo: string; status: string };
}

async function confirm(a: { id: string; version: number }, billAmount = '1000.00', who = 'demo/hospital') {
  return as(who, {
    method: 'POST',
    url: CONFIRM,
    payload: { id: a.id, version: a.version, diagnosis: '上呼吸道感染', billAmount },
  });
}

function pdfText(body: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'appoint-pdf-'));
  const file = join(dir, 'out.pdf');
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

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
  // A second provider of the demo tenant serving its own plan with one member: 李四.
  await t.platform.db.insert(providers).values({
    tenantId: demoId,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second Test Hospital',
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
      cardNumber: '6200090010001',
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
  await t.platform.db
    .insert(policyCoverages)
    .values({ tenantId: demoId, policyRef: policy.id, coverageCode: 'OP', currency: 'CNY' });
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.platform.db
    .update(providers)
    .set({ appointmentEnabled: true, signStatus: '01' })
    .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
  await t.platform.authCache.invalidate({ all: true });
});

describe('patients and visit registration', () => {
  it('finds 张伟 by name and birthday, and by card number, with plan, policy and coverages', async () => {
    const byName = await as('demo/hospital', {
      method: 'POST',
      url: PATIENTS,
      payload: { name: '张伟', birthday: '1985-03-12' },
    });
    expect(byName.statusCode).toBe(200);
    const [zhang] = byName.json().data;
    expect(zhang).toMatchObject({
      memberId: 'M0001001',
      name: masked('张伟'),
      nameEn: masked('Zhang Wei'),
      grpPlanCode: 'GP-DEMO-01',
      customerId: 'C0001',
      directBilling: true,
    });
    expect(zhang.birthday).toBe(maskPersonalData('birthday', '1985-03-12'));
    expect(zhang.cardNumber).not.toBe('6200010010001');
    expect(zhang.coverages).toEqual(expect.arrayContaining([{ coverageCode: 'OP', currency: 'CNY' }]));
    const byEnglishName = await as('demo/hospital', {
      method: 'POST',
      url: PATIENTS,
      payload: { name: 'zhang wei', birthday: '1985-03-12' },
    });
    expect(byEnglishName.json().data.map((m: { memberId: string }) => m.memberId)).toEqual(['M0001001']);
    const byCard = await as('demo/hospital', {
      method: 'POST',
      url: PATIENTS,
      payload: { cardNumber: '6200010010002' },
    });
    expect(byCard.json().data.map((m: { name: string }) => m.name)).toEqual([masked('李娜')]);
    const wrongBirthday = await as('demo/hospital', {
      method: 'POST',
      url: PATIENTS,
      payload: { name: '张伟', birthday: '1985-03-13' },
    });
    expect(wrongBirthday.json().data).toEqual([]);
  });

  it('asks for name and birthday or card number, in both languages', async () => {
    const res = await as('demo/hospital', { method: 'POST', url: PATIENTS, payload: { name: '张伟' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入姓名和出生日期，或会员卡号');
    expect(res.json().msg_en).toBe('Enter the name and birthday, or the card number');
  });

  it('shows a provider only members of plans it serves', async () => {
    const other = await as('demo/hospital', {
      method: 'POST',
      url: PATIENTS,
      payload: { cardNumber: '6200090010001' },
    });
    expect(other.json().data).toEqual([]);
    const res = await as('demo/hospital', {
      method: 'POST',
      url: REGISTER,
      payload: { memberId: 'M0009001', coverageCode: 'OP', visitDate: today(), department: '内科' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40411);
  });

  it('registers a visit to be treated with its first history row', async () => {
    const a = await register({ doctor: '王医生', visitTime: '09:30' });
    expect(a).toMatchObject({
      status: '01',
      memberName: masked('张伟'),
      providerId: 'P10001',
      coverageCode: 'OP',
    });
    expect(a.appointNo).toMatch(/^AP\d{10}$/);
    const history = await as('demo/hospital', {
      method: 'GET',
      url: `${B}/appointmentBasic/processDetail/${a.id}`,
    });
    expect(history.json().data).toEqual([
      expect.objectContaining({
        action: 'register',
        fromStatus: '',
        toStatus: '01',
        operatorName: '北京和睦国际医院 李娜',
      }),
    ]);
  });

  it('refuses a past visit date, an unknown coverage and a bad date, in both languages', async () => {
    const past = await as('demo/hospital', {
      method: 'POST',
      url: REGISTER,
      payload: { memberId: 'M0001001', coverageCode: 'OP', visitDate: dayOffset(-1), department: '内科' },
    });
    expect(past.json()).toMatchObject({ code: 40224, msg: '就诊日期不能早于今天' });
    const coverage = await as('demo/hospital', {
      method: 'POST',
      url: REGISTER,
      payload: { memberId: 'M0001001', coverageCode: 'MT', visitDate: today(), department: '内科' },
    });
    expect(coverage.json()).toMatchObject({ code: 40222, msg_en: 'The policy has no coverage MT' });
    const bad = await as('demo/hospital', {
      method: 'POST',
      url: REGISTER,
      payload: { memberId: 'M0001001', coverageCode: 'OP', visitDate: '2026-02-30', department: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fieldErrors)).toEqual(
      expect.arrayContaining(['visitDate', 'department']),
    );
  });

  it('makes an operator name an existing provider', async () => {
    const missing = await as('demo/admin', {
      method: 'POST',
      url: REGISTER,
      payload: { memberId: 'M0001001', coverageCode: 'OP', visitDate: today(), department: '内科' },
    });
    expect(missing.json().code).toBe(40223);
    const unknown = await as('demo/admin', {
      method: 'POST',
      url: REGISTER,
      payload: {
        providerId: 'P99999',
        memberId: 'M0001001',
        coverageCode: 'OP',
        visitDate: today(),
        department: '内科',
      },
    });
    expect(unknown.json().code).toBe(40226);
  });
});

describe('transitions', () => {
  it('to be treated -> confirmed -> confirmation updated -> finished, each with a history row', async () => {
    const a = await register();
    const confirmed = await confirm(a);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: '02',
      diagnosis: '上呼吸道感染',
      billAmount: '1000.00',
    });
    const updated = await as('demo/hospital', {
      method: 'POST',
      url: UPDATE_CONFIRM,
      payload: {
        id: a.id,
        version: confirmed.json().data.version,
        diagnosis: '急性支气管炎',
        billAmount: '3000.50',
      },
    });
    expect(updated.json().data).toMatchObject({
      status: '02',
      diagnosis: '急性支气管炎',
      billAmount: '3000.50',
    });
    const finished = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointmentBasic/finish`,
      payload: { id: a.id, version: updated.json().data.version },
    });
    expect(finished.json().data.status).toBe('05');
    const history = (
      await as('demo/hospital', { method: 'GET', url: `${B}/appointmentBasic/processDetail/${a.id}` })
    ).json().data;
    expect(history.map((h: { action: string; toStatus: string }) => `${h.action}:${h.toStatus}`)).toEqual([
      'register:01',
      'confirm:02',
      'updateConfirmation:02',
      'finish:05',
    ]);
  });

  it('to be treated -> cancelled; a cancelled one cannot be confirmed (40925, both languages)', async () => {
    const a = await register();
    const cancelled = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointmentBasic/cancel`,
      payload: { id: a.id, version: a.version, remark: '患者改期' },
    });
    expect(cancelled.json().data.status).toBe('03');
    const res = await confirm({ id: a.id, version: cancelled.json().data.version });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 40925,
      msg: `预约 ${a.appointNo} 当前状态为“已取消”，不能确认就诊`,
      msg_en: `Appointment ${a.appointNo} is "Cancelled", so it cannot be confirmed`,
    });
  });

  it('answers 40900 case status changed to an action on a stale version, and changes nothing', async () => {
    const a = await register();
    expect((await confirm(a)).statusCode).toBe(200);
    const stale = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointmentBasic/cancel`,
      payload: { id: a.id, version: a.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40900, msg_en: 'Case status changed' });
    const [row] = await t.platform.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row.status).toBe('02');
  });

  it('refuses to confirm a visit whose day has not come', async () => {
    const a = await register({ visitDate: dayOffset(3) });
    const res = await confirm(a);
    expect(res.json()).toMatchObject({ code: 40225 });
  });

  it('changes a booking still to be treated with saveAppointMentInfo, and books a new one', async () => {
    const booked = await as('demo/hospital', {
      method: 'POST',
      url: SAVE,
      payload: { memberId: 'M0001003', coverageCode: 'DT', visitDate: dayOffset(2), department: '口腔科' },
    });
    expect(booked.json().data).toMatchObject({
      status: '01',
      source: '01',
      memberName: masked('张小雨'),
      coverageCode: 'DT',
    });
    const changed = await as('demo/hospital', {
      method: 'POST',
      url: SAVE,
      payload: {
        id: booked.json().data.id,
        version: booked.json().data.version,
        memberId: 'M0001003',
        coverageCode: 'OP',
        currency: 'HKD',
        visitDate: dayOffset(4),
        department: '儿科',
        doctor: '陈医生',
      },
    });
    expect(changed.json().data).toMatchObject({
      department: '儿科',
      currency: 'HKD',
      visitDate: dayOffset(4),
    });
  });

  it('keeps nothing half-saved: a failing history row rolls the confirmation back', async () => {
    const a = await register();
    // A history row needs its appointment: deleting the row under the transaction is not possible
    // here, so make the history insert fail by a remark the column cannot hold.
    await t.platform.db.execute(
      'alter table appointment_process add constraint test_short_remark check (length(remark) < 5)' as never,
    );
    try {
      const res = await as('demo/hospital', {
        method: 'POST',
        url: CONFIRM,
        payload: {
          id: a.id,
          version: a.version,
          diagnosis: '感冒',
          billAmount: '10',
          remark: '一个很长的备注',
        },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.platform.db.execute(
        'alter table appointment_process drop constraint test_short_remark' as never,
      );
    }
    const [row] = await t.platform.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row).toMatchObject({ status: '01', diagnosis: '', billAmount: null });
  });
});

describe('the expiry job', () => {
  it('expires appointments still to be treated after their visit day, and no others', async () => {
    const due = await register();
    const keep = await register();
    const confirmedOld = await register();
    await confirm(confirmedOld);
    await t.platform.db
      .update(appointments)
      .set({ visitDate: dayOffset(-1) })
      .where(eq(appointments.id, due.id));
    await t.platform.db
      .update(appointments)
      .set({ visitDate: dayOffset(-1) })
      .where(eq(appointments.id, confirmedOld.id));
    await t.platform.jobs.requestRun(APPOINTMENT_EXPIRY_JOB);
    const outcome = await t.platform.jobs.runDue(APPOINTMENT_EXPIRY_JOB);
    expect(outcome).toMatchObject({ status: 'ran', result: { expired: 1 } });
    const status = async (id: string) =>
      (await t.platform.db.select().from(appointments).where(eq(appointments.id, id)))[0].status;
    expect(await status(due.id)).toBe('04');
    expect(await status(keep.id)).toBe('01');
    expect(await status(confirmedOld.id)).toBe('02');
    const history = await t.platform.db
      .select()
      .from(appointmentProcess)
      .where(eq(appointmentProcess.appointmentRef, due.id));
    expect(history.at(-1)).toMatchObject({
      action: 'expire',
      fromStatus: '01',
      toStatus: '04',
      operatorNameEn: 'System',
    });
  });
});

describe('the list and its filter', () => {
  let zhang: { id: string; appointNo: string };
  let li: { id: string; appointNo: string };
  beforeAll(async () => {
    await t.platform.db.delete(appointments).where(eq(appointments.tenantId, demoId));
    zhang = await register();
    li = await register({ memberId: 'M0001002' });
    const done = await register({ memberId: 'M0001003' });
    await confirm(done);
    await t.platform.db
      .update(appointments)
      .set({ createdAt: new Date('2026-01-10T02:00:00Z') })
      .where(eq(appointments.id, li.id));
  });
  const list = async (
    model: Record<string, unknown>,
    who = 'demo/hospital',
    extra: Record<string, unknown> = {},
  ) => as(who, { method: 'POST', url: LIST, payload: { current: 1, size: 10, model, ...extra } });
  const names = async (model: Record<string, unknown>) =>
    (await list(model))
      .json()
      .data.records.map((r: { memberName: string }) => r.memberName)
      .sort();

  it('filters by status (several), appointNo, member name or id, birthday and provider', async () => {
    expect(await names({ status: ['01'] })).toEqual(['张伟', '李娜'].map(masked));
    expect(await names({ status: ['02'] })).toEqual(['张小雨'].map(masked));
    expect(await names({ status: ['01', '02'] })).toEqual(['张伟', '张小雨', '李娜'].map(masked));
    expect(await names({ appointNo: zhang.appointNo })).toEqual(['张伟'].map(masked));
    expect(await names({ member: '张' })).toEqual(['张伟', '张小雨'].map(masked));
    expect(await names({ member: 'li na' })).toEqual(['李娜'].map(masked));
    expect(await names({ member: 'M0001002' })).toEqual(['李娜'].map(masked));
    expect(await names({ patientBirthday: '2015-10-05' })).toEqual(['张小雨'].map(masked));
    expect(await names({ providerIds: ['P10001'] })).toHaveLength(3);
    expect(await names({ providerIds: ['P10002'] })).toEqual([]);
  });

  it('filters by createTime in China time, and refuses an end not later than the start', async () => {
    expect(
      await names({ createTimeStart: '2026-01-10 00:00:00', createTimeEnd: '2026-01-10 23:59:59' }),
    ).toEqual(['李娜'].map(masked));
    expect(await names({ createTimeStart: '2026-01-11 00:00:00' })).toEqual(['张伟', '张小雨'].map(masked));
    const bad = await list({ createTimeStart: '2026-01-10 10:00:00', createTimeEnd: '2026-01-10 10:00:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fieldErrors['model.createTimeEnd']).toEqual({
      msg: '结束时间必须晚于开始时间',
      msg_en: 'The end time must be later than the start time',
    });
  });

  it('pages with the spec sizes only, newest first', async () => {
    const page = (await list({}, 'demo/hospital', { size: 5, current: 1 })).json().data;
    expect(page).toMatchObject({ total: 3, size: 5, current: 1 });
    expect(page.records[2].memberName).toBe(masked('李娜'));
    const bad = await list({}, 'demo/hospital', { size: 7 });
    expect(bad.statusCode).toBe(400);
  });

  it('marks appointments read once (haveReadMessage)', async () => {
    await t.platform.db.update(appointments).set({ haveRead: false }).where(eq(appointments.id, zhang.id));
    const mark = () =>
      as('demo/hospital', {
        method: 'POST',
        url: `${B}/appointmentMessage/haveReadMessage`,
        payload: { ids: [zhang.id] },
      });
    expect((await mark()).json().data).toBe(1);
    expect((await mark()).json().data).toBe(0);
  });

  it('exports the filtered list as .xlsx in the language of the request', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointmentBasic/downloadAppointmentList`,
      payload: { model: { status: ['01'] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res);
    expect(rows[0][0]).toBe('预约列表');
    expect(rows[2]).toContain('预约编号');
    const data = rows.slice(3);
    expect(data.map((r) => r[5]).sort()).toEqual(['张伟', '李娜']);
    expect(data[0][1]).toBe('待就诊');
    const en = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/download/downloadAppointInfoList`,
      headers: { language: 'en' },
      payload: { ids: [li.id] },
    });
    const enRows = await sheetRows(en);
    expect(enRows[0][0]).toBe('Appointments');
    expect(enRows[3]).toEqual(expect.arrayContaining([li.appointNo, 'To be treated', 'Li Na']));
  });
});

describe('documents', () => {
  it('prints the direct-billing claim form with provider, member, policy, coverage and signature area in Chinese', async () => {
    const a = await register({ doctor: '王医生' });
    await confirm(a);
    const res = await as('demo/hospital', { method: 'POST', url: FORM, payload: { ids: [a.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      '直付理赔申请表',
      '张伟',
      'Zhang Wei',
      'M0001001',
      '6200010010001',
      'GP-DEMO-01',
      '员工及家属医疗计划',
      '华东示范科技有限公司',
      a.appointNo,
      '上呼吸道感染',
      '患者签名',
      '医疗机构盖章',
      'P10001',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('needs at least 1 and fewer than 50 records: 0 and 50 refused, 1 and 49 printed', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const a = await register();
      const c = await confirm(a, '100');
      expect(c.statusCode).toBe(200);
      ids.push(a.id);
    }
    const form = (list: string[]) =>
      as('demo/hospital', { method: 'POST', url: FORM, payload: { ids: list } });
    const zero = await form([]);
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({
      code: 40220,
      msg: '直付理赔申请表一次须下载至少 1 条、少于 50 条记录',
      msg_en: 'The direct-billing claim form needs at least 1 and fewer than 50 records',
    });
    expect((await form(ids)).json().code).toBe(40220);
    const one = await form(ids.slice(0, 1));
    expect(one.statusCode).toBe(200);
    const fortyNine = await form(ids.slice(0, 49));
    expect(fortyNine.statusCode).toBe(200);
    const pages = pdfText(fortyNine.rawPayload)
      .split('\f')
      .filter((p) => p.includes('直付理赔申请表'));
    expect(pages).toHaveLength(49);
  }, 120_000);

  it('refuses the claim form of a visit not confirmed (40925)', async () => {
    const a = await register();
    const res = await as('demo/hospital', { method: 'POST', url: FORM, payload: { ids: [a.id] } });
    expect(res.json().code).toBe(40925);
  });

  it('splits the bill exactly: 3000.50 with 10% co-pay and a 2000.00 per-visit limit', async () => {
    const a = await register();
    await confirm(a, '3000.50');
    const bill = await as('demo/hospital', {
      method: 'GET',
      url: `${B}/appointDetail/getAppointBill?id=${a.id}`,
    });
    // co-pay 300.05; plan share 2700.45, of which 700.45 is over the limit; member pays 1000.50.
    expect(bill.json().data).toMatchObject({
      currency: 'CNY',
      billAmount: '3000.50',
      coPayAmount: '300.05',
      overLimitAmount: '700.45',
      payableByPlan: '2000.00',
      payableByMember: '1000.50',
    });
    const pdf = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/download/downloadClaimBill`,
      payload: { id: a.id },
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('就诊账单');
    expect(text).toContain('计划支付');
    expect(text).toContain('2000.00');
  });

  it('rounds the co-pay half up to the cent: 0.05 at 10% is 0.01', () => {
    expect(splitBill({ billAmount: '0.05', coPayPercent: '10.00', perVisitLimit: null })).toEqual({
      coPayAmount: '0.01',
      overLimitAmount: '0.00',
      payableByPlan: '0.04',
      payableByMember: '0.01',
    });
  });
});

describe('client, providers and detail', () => {
  it('answers the customer and policy behind an appointment and the related providers', async () => {
    const a = await register();
    const client = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointDetail/getAppointmentClient`,
      payload: { id: a.id },
    });
    expect(client.json().data).toMatchObject({
      customerId: 'C0001',
      name: '华东示范科技有限公司',
      grpPlanCode: 'GP-DEMO-01',
    });
    const mine = await as('demo/hospital', { method: 'GET', url: `${B}/config/getRelaProviderInfo` });
    expect(mine.json().data.map((p: { providerId: string }) => p.providerId)).toEqual(['P10001']);
    const all = await as('demo/admin', { method: 'GET', url: `${B}/config/getRelaProviderInfo` });
    expect(all.json().data.map((p: { providerId: string }) => p.providerId)).toEqual(['P10001', 'P10002']);
    const detail = await as('demo/hospital', { method: 'GET', url: `${B}/appointmentBasic/detail/${a.id}` });
    expect(detail.json().data).toMatchObject({
      id: a.id,
      providerCnName: expect.any(String),
      memberName: masked('张伟'),
    });
  });
});

describe('isolation and permissions', () => {
  let other: { id: string };
  let own: { id: string; version: number };
  beforeAll(async () => {
    other = await register({ providerId: 'P10002', memberId: 'M0009001' }, 'demo/admin');
    own = await register();
  });

  it("hides another provider's appointments from provider staff, everywhere", async () => {
    const list = await as('demo/hospital', {
      method: 'POST',
      url: LIST,
      payload: { model: { member: 'M0009001' } },
    });
    expect(list.json().data.total).toBe(0);
    for (const url of [
      `${B}/appointmentBasic/detail/${other.id}`,
      `${B}/appointmentBasic/processDetail/${other.id}`,
    ]) {
      expect((await as('demo/hospital', { method: 'GET', url })).json().code).toBe(40410);
    }
    expect((await confirm({ id: other.id, version: 0 })).json().code).toBe(40410);
    expect(
      (await as('demo/hospital', { method: 'POST', url: FORM, payload: { ids: [other.id] } })).json().code,
    ).toBe(40410);
    // The operator sees both providers.
    const admin = await as('demo/admin', {
      method: 'POST',
      url: LIST,
      payload: { model: { member: 'M0009001' } },
    });
    expect(admin.json().data.total).toBe(1);
  });

  it("logs the reveal of a member's masked name on an appointment the user may see, and only then", async () => {
    const reveal = (id: string, field = 'memberName') =>
      as('demo/hospital', {
        method: 'POST',
        url: '/saasapi/authority/personalData/reveal',
        payload: { bizType: 'appointment', bizId: id, field },
      });
    const shown = await reveal(own.id);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({ logged: true, value: '张伟' });
    expect((await reveal(own.id, 'patientBirthday')).json().data.value).toBe('1985-03-12');
    expect((await reveal(own.id, 'memberNameEn')).json().data.value).toBe('Zhang Wei');
    const logs = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'reveal'), eq(operationLogs.targetId, own.id)));
    expect(logs.map((l) => l.after)).toEqual(
      expect.arrayContaining([{ field: 'memberName' }, { field: 'patientBirthday' }]),
    );
    expect((await reveal(other.id)).statusCode).toBe(404);
    expect((await reveal(own.id, 'diagnosis')).statusCode).toBe(400);
    const acme = await as('acme/hospital', {
      method: 'POST',
      url: '/saasapi/authority/personalData/reveal',
      payload: { bizType: 'appointment', bizId: own.id, field: 'memberName' },
    });
    expect(acme.statusCode).toBe(404);
    expect(JSON.stringify(acme.json())).not.toContain('张伟');
  });

  it("hides a tenant's appointments from another tenant", async () => {
    for (const who of ['acme/admin', 'acme/hospital']) {
      const res = await as(who, { method: 'GET', url: `${B}/appointmentBasic/detail/${own.id}` });
      expect(res.statusCode).toBe(404);
      const list = await as(who, { method: 'POST', url: LIST, payload: {} });
      expect(list.json().data.total).toBe(0);
    }
    const patients = await as('acme/hospital', {
      method: 'POST',
      url: PATIENTS,
      payload: { cardNumber: '6200010010001' },
    });
    expect(patients.json().data).toEqual([]);
  });

  it('refuses users without the permission (403) and read-only operators the changes', async () => {
    const res = await as('demo/netview', { method: 'POST', url: LIST, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40300);
    const read = await as('demo/auditor', { method: 'POST', url: LIST, payload: {} });
    expect(read.statusCode).toBe(200);
    const write = await as('demo/auditor', {
      method: 'POST',
      url: `${B}/appointmentBasic/cancel`,
      payload: { id: own.id, version: own.version },
    });
    expect(write.json().code).toBe(40300);
  });

  it("refuses every appointment call with 40303 while the provider's appointment management is off", async () => {
    await t.platform.db
      .update(providers)
      .set({ appointmentEnabled: false })
      .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
    await t.platform.authCache.invalidate({ all: true });
    const calls: [string, string, unknown?][] = [
      ['POST', LIST, {}],
      ['GET', `${B}/appointmentBasic/detail/${own.id}`],
      ['GET', `${B}/appointmentBasic/processDetail/${own.id}`],
      ['POST', SAVE, {}],
      ['POST', `${B}/appointmentBasic/downloadAppointmentList`, {}],
      ['POST', `${B}/appointmentMessage/haveReadMessage`, { ids: [] }],
      ['POST', `${B}/appointDetail/getAppointmentClient`, { id: own.id }],
      ['POST', CONFIRM, {}],
      ['POST', UPDATE_CONFIRM, {}],
      ['POST', PATIENTS, { cardNumber: '1' }],
      ['POST', REGISTER, {}],
      ['GET', `${B}/appointDetail/getAppointBill?id=${own.id}`],
      ['GET', `${B}/config/getRelaProviderInfo`],
      ['POST', FORM, { ids: [own.id] }],
      ['POST', `${B}/download/downloadAppointInfoList`, { ids: [own.id] }],
      ['POST', `${B}/download/downloadClaimBill`, { id: own.id }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as('demo/hospital', { method: method as 'GET', url, payload: payload as object });
      expect(res.json().code, url).toBe(40303);
    }
    // The operator is not limited by a provider's switch.
    expect((await as('demo/admin', { method: 'POST', url: LIST, payload: {} })).statusCode).toBe(200);
  });

  it('shows the appointment menus to the demo hospital user, in both groups, only while the switch is on', async () => {
    const menuNames = async (group?: string) => {
      const res = await as('demo/hospital', {
        method: 'GET',
        url: `/saasapi/oauth/menu/router${group ? `?group=${group}` : ''}`,
      });
      return JSON.stringify(res.json().data);
    };
    expect(await menuNames()).toContain('appointment-list');
    expect(await menuNames('smartPortal')).toContain('smartPortal-appointment-list');
    await t.platform.db
      .update(providers)
      .set({ appointmentEnabled: false })
      .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
    await t.platform.authCache.invalidate({ all: true });
    expect(await menuNames()).not.toContain('appointment-list');
    expect(await menuNames('smartPortal')).not.toContain('smartPortal-appointment');
  });
});

describe('appointment messages in the message centre (haveReadMessage)', () => {
  const COLLECT = '/saasapi/msg/msg/center/collect';
  const appointmentCount = async (who: string) => {
    const res = await as(who, { method: 'POST', url: COLLECT, payload: { codes: ['03'] } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.statisticsList[0].count as number;
  };
  const published: string[] = [];
  beforeAll(async () => {
    await t.platform.kv.subscribe(MSG_CHANGED_CHANNEL, (message) => published.push(message));
  });

  it("counts an appointment booked for the provider by an operator until the provider's staff read it, and tells open sessions", async () => {
    const before = await appointmentCount('demo/hospital');
    const adminBefore = await appointmentCount('demo/admin');
    const sent = published.length;
    const booked = await register({ providerId: 'P10001' }, 'demo/admin');
    expect(await appointmentCount('demo/hospital')).toBe(before + 1);
    await expect.poll(() => published.length).toBeGreaterThan(sent);
    // Other tenants and operators do not count it.
    expect(await appointmentCount('acme/hospital')).toBe(0);
    expect(await appointmentCount('demo/admin')).toBe(adminBefore);

    const read = published.length;
    const res = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointmentMessage/haveReadMessage`,
      payload: { ids: [booked.id] },
    });
    expect(res.json().data).toBe(1);
    expect(await appointmentCount('demo/hospital')).toBe(before);
    await expect.poll(() => published.length).toBeGreaterThan(read);
    expect(JSON.parse(published.at(-1)!)).toMatchObject({ tenantId: demoId });
    // Read twice: nothing changes, nothing is told.
    const again = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointmentMessage/haveReadMessage`,
      payload: { ids: [booked.id] },
    });
    expect(again.json().data).toBe(0);
  });

  it("does not count the provider's own bookings, nor let another provider or tenant read them", async () => {
    const before = await appointmentCount('demo/hospital');
    await register();
    expect(await appointmentCount('demo/hospital')).toBe(before);
    const other = await register({ providerId: 'P10002', memberId: 'M0009001' }, 'demo/admin');
    expect(await appointmentCount('demo/hospital')).toBe(before);
    for (const who of ['demo/hospital', 'acme/hospital']) {
      const res = await as(who, {
        method: 'POST',
        url: `${B}/appointmentMessage/haveReadMessage`,
        payload: { ids: [other.id] },
      });
      expect(res.json().data, who).toBe(0);
    }
    const [row] = await t.platform.db.select().from(appointments).where(eq(appointments.id, other.id));
    expect(row.haveRead).toBe(false);
  });

  it('refuses a bad body and users without the permission', async () => {
    const bad = await as('demo/hospital', {
      method: 'POST',
      url: `${B}/appointmentMessage/haveReadMessage`,
      payload: { ids: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const denied = await as('demo/netview', {
      method: 'POST',
      url: `${B}/appointmentMessage/haveReadMessage`,
      payload: { ids: [] },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('related providers: the picker searches the server (issue 10)', () => {
  const rela = async (who: string, query = '') => {
    const res = await as(who, { method: 'GET', url: `${B}/config/getRelaProviderInfo${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { providerId: string }[]).map((p) => p.providerId);
  };

  it('answers an operator at most 50 by keyword, the named ones first; staff their own; nothing of another tenant', async () => {
    await t.platform.db.insert(providers).values(
      Array.from({ length: 60 }, (_, i) => ({
        tenantId: demoId,
        providerId: `P4${String(i).padStart(4, '0')}`,
        providerCnName: `预约医院 ${i}`,
        providerEnName: `Booking Clinic ${i}`,
        signStatus: '01',
      })),
    );
    const first = await rela('demo/admin');
    expect(first).toHaveLength(50);
    expect(first.slice(0, 2)).toEqual(['P10001', 'P10002']);
    expect(await rela('demo/admin', '?keyword=Clinic%2042')).toEqual(['P40042']);
    expect(await rela('demo/admin', `?keyword=${encodeURIComponent('预约医院 59')}`)).toEqual(['P40059']);
    expect(await rela('demo/admin', '?keyword=P4005&codes=P10002,P40001')).toEqual([
      'P10002',
      'P40001',
      'P40050',
      'P40051',
      'P40052',
      'P40053',
      'P40054',
      'P40055',
      'P40056',
      'P40057',
      'P40058',
      'P40059',
    ]);
    expect(await rela('demo/admin', '?keyword=%25')).toEqual([]);
    expect(await rela('demo/hospital', '?keyword=Booking')).toEqual([]);
    // Another provider named in codes is not answered to staff: their own only.
    expect(await rela('demo/hospital', '?codes=P40001')).toEqual(['P10001']);
    expect(await rela('demo/hospital', '?keyword=Booking&codes=P40001')).toEqual([]);
    expect(await rela('demo/hospital')).toEqual(['P10001']);
    expect(await rela('acme/hospital', '?keyword=Booking')).toEqual([]);
    expect(await rela('acme/admin', '?keyword=Booking')).toEqual([]);
  });

  it('answers the named ones besides up to limit others (default 50, at most 100), so one more tells more match', async () => {
    // The 60 P4 providers of the test above, and P10001, P10002: 62 in demo.
    expect(await rela('demo/admin', '?limit=51')).toHaveLength(51);
    expect(await rela('demo/admin', '?limit=100')).toHaveLength(62);
    expect(await rela('demo/admin', '?keyword=Booking&limit=2')).toEqual(['P40000', 'P40001']);
    // The named ones are answered whatever the keyword and do not count against the limit.
    expect(await rela('demo/admin', '?keyword=Booking&codes=P40059,P10001&limit=2')).toEqual([
      'P10001',
      'P40059',
      'P40000',
      'P40001',
    ]);
    const named = Array.from({ length: 50 }, (_, i) => `P4${String(i).padStart(4, '0')}`);
    const all = await rela('demo/admin', `?codes=${named.join(',')}&limit=3`);
    expect(all).toEqual([...named, 'P10001', 'P10002', 'P40050']);
    // Another tenant's providers are answered neither by keyword nor by id.
    expect(await rela('acme/admin', '?codes=P40001,P40002&limit=100')).not.toContain('P40001');
  });

  it('refuses users without the appointment permission (403)', async () => {
    const res = await as('demo/netview', { method: 'GET', url: `${B}/config/getRelaProviderInfo?limit=5` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40300);
  });

  it('refuses a keyword, a list of codes or a limit out of bounds', async () => {
    for (const query of [
      `?keyword=${'x'.repeat(65)}`,
      `?codes=${Array.from({ length: 51 }, (_, i) => `P${i}`).join(',')}`,
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?limit=1.5',
    ]) {
      const res = await as('demo/admin', { method: 'GET', url: `${B}/config/getRelaProviderInfo${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe(40010);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import {
  type TServiceTimeWeekRow,
  toClientServiceTimes,
  toServerServiceTimes,
} from '@portal/domain/hospital-tasks/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { multipart } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { rolePermissions, roles, userRoles } from '../roles/roles.tables.ts';
import { users } from '../users/users.tables.ts';
import { hospitalPhotoPng } from './hospital-tasks.seed.ts';
import { hospitalTaskFlows, hospitalTasks, providers } from './hospital-tasks.tables.ts';

let t: TTestApp;
let hospital: string;
let auditor: string;
let admin: string;
let acmeHospital: string;
let acmeAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  admin = (await login(t.app, 'demo', 'admin')).token;
  acmeHospital = (await login(t.app, 'acme', 'hospital')).token;
  acmeAdmin = (await login(t.app, 'acme', 'admin')).token;
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers

async function uploadPhotos(token: string, count = 4, tenant = 'demo'): Promise<string[]> {
  const body = multipart(
    Array.from({ length: count }, (_, i) => ({
      filename: `photo-${i + 1}.png`,
      content: hospitalPhotoPng([20 * i, 100, 150], [200, 30, 30], 40, 30),
    })),
  );
  const res = await call(t.app, tenant, token, {
    method: 'POST',
    url: '/saasapi/file/file/anyone/uploadBatch?bucket=drsystem&bizType=PROVIDER_TASK_SAVE',
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((f: { id: string }) => f.id);
}

const api = (tenant: string, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(t.app, tenant, token, {
    method,
    url: `/saasapi/drsystem/providerTask/${url}`,
    ...(payload ? { payload: payload as object } : {}),
  });
const post = (token: string, url: string, payload: unknown, tenant = 'demo') =>
  api(tenant, token, 'POST', url, payload);
const get = (token: string, url: string, tenant = 'demo') => api(tenant, token, 'GET', url);

/** A complete new-hospital form for provider P10001 with the given photos. */
function newHospital(photos: string[], patch: Record<string, unknown> = {}) {
  return {
    providerId: 'P10001',
    providerCnName: '北京和睦国际医院亦庄院区',
    providerEnName: 'Beijing Harmony International Hospital Yizhuang',
    medicalType: '01',
    providerPro: '01',
    providerLeval: '04',
    proDeptCategory: '03',
    socialSecurity: '01',
    directPayType: '01',
    languages: ['01', '02'],
    invoiceType: '01',
    providerIntroduceCn: '亦庄院区提供门诊和体检服务。',
    providerIntroduceEn: 'The Yizhuang campus offers outpatient and check-up services.',
    deptListCn: '内科、儿科',
    deptListEn: 'Internal medicine, pediatrics',
    outPatients: ['03', '07'],
    currency: '01',
    bankCode: '102',
    bankName: '中国工商银行',
    bank: '中国工商银行北京亦庄支行',
    accountName: '北京和睦国际医院有限公司',
    accountNo: '0200 0012 3456 7890',
    hospitalCAddress: '北京市大兴区荣华南路8号',
    hospitalEAddress: '8 Ronghua South Road, Daxing District, Beijing',
    webAddr: 'www.bjharmony-hospital.cn/yizhuang',
    continent: '01',
    country: '23',
    provinceCity: ['110000', '110100', '110115'],
    longitude: '116.5061',
    latitude: '39.7953',
    dbFlag: '01',
    notesC: '1.请提前预约',
    notesE: '1.Please make appointment inadvance',
    photos,
    attaches: [],
    contacts: {
      '01': [{ id: 'x1', tel: '+86-10-6785-0000', telType: ['01'], show: '01' }],
      '02': [
        { id: 'x2', name: '周敏', tel: '+86-138-0000-1111', mail: 'yz.insurance@bjharmony-hospital.cn' },
      ],
      '03': [{ id: 'x3', name: '孙磊', tel: '+86-138-0000-2222', mail: 'yz.records@bjharmony-hospital.cn' }],
      '04': [{ id: 'x4', name: '吴婷', tel: '+86-138-0000-3333', mail: 'yz.preauth@bjharmony-hospital.cn' }],
      '05': [{ id: 'x5', name: '郑洁', tel: '+86-138-0000-4444', mail: 'yz.finance@bjharmony-hospital.cn' }],
    },
    serviceTimes: toServerServiceTimes(
      [1, 2, 3, 4, 5, 6, 7].map((week) => ({
        week,
        am: week < 6 ? '08:00-12:00' : '',
        pm: week < 6 ? '13:00-17:00' : '',
        remark: '',
      })),
    ),
    ...patch,
  };
}

async function demoTenantId() {
  return (await findTenantByCode(t.platform.db, 'demo'))!.id;
}

async function flowsOf(taskId: string) {
  return t.platform.db.select().from(hospitalTaskFlows).where(eq(hospitalTaskFlows.taskId, taskId));
}

/** The approved P10001 record as the form for modifyHosp. */
async function approvedForm(token = hospital): Promise<THospitalTaskView> {
  const res = await get(token, 'editDetail?providerId=P10001');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The view's form fields only (what the client sends back). */
function formOf(view: THospitalTaskView, patch: Record<string, unknown> = {}) {
  const {
    id: _i,
    taskNo: _t,
    taskType: _y,
    version: _v,
    photoList: _p,
    attacheList: _a,
    auditFlows: _f,
    ...rest
  } = view;
  return { ...rest, ...patch };
}

// ---------------------------------------------------------------------------------------------

describe('seeded provider records', () => {
  it('has the approved demo record P10001 with four real photos, contacts and a weekly schedule', async () => {
    const view = await approvedForm();
    expect(view.providerId).toBe('P10001');
    expect(view.providerCnName).toBe('北京和睦国际医院');
    expect(view.provinceCity).toEqual(['110000', '110100', '110105']);
    expect(view.photos).toHaveLength(4);
    expect(view.photoList.map((f) => f.name)).toEqual([
      'hospital-front.png',
      'reception-lobby.png',
      'consulting-room.png',
      'inpatient-ward.png',
    ]);
    const image = await call(t.app, 'demo', hospital, { method: 'GET', url: view.photoList[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(view.contacts['01']).toHaveLength(2);
    expect(toClientServiceTimes(view.serviceTimes)[0]).toEqual({
      week: 1,
      am: '08:00-12:00',
      pm: '13:00-17:30',
      remark: '',
    });
    expect(view.taskNo).toBeNull();
  });

  it('has P20001 in acme, invisible from demo', async () => {
    const acme = await call(t.app, 'acme', acmeHospital, {
      method: 'GET',
      url: '/saasapi/drsystem/providerTask/editDetail?providerId=P20001',
    });
    expect(acme.json().data).toMatchObject({
      providerId: 'P20001',
      currency: '09',
      country: 'SG',
      bankCode: '',
    });
    expect(acme.json().data.photoList).toHaveLength(4);
    const fromDemo = await get(admin, 'editDetail?providerId=P20001');
    expect(fromDemo.statusCode).toBe(404);
    const change = await post(
      acmeHospital,
      'createCase',
      formOf(acme.json().data, { notesE: '1.Please book ahead' }),
      'acme',
    );
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json().data.compareResult).toBe('["notesE"]');
    expect(
      (await post(acmeHospital, 'withdraw', { taskNo: change.json().data.taskNo }, 'acme')).statusCode,
    ).toBe(200);
  });
});

describe('draft then submit', () => {
  it('saves a draft with only the provider id, fills the form, saves again, then submits', async () => {
    const draft = await post(hospital, 'saveCache', {
      providerId: 'P10001',
      providerCnName: '北京和睦国际医院亦庄院区',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const saved = draft.json().data;
    expect(saved).toMatchObject({ taskType: '03', status: '08', version: 0, compareResult: null });
    expect(saved.taskNo).toMatch(/^HT\d{8}\d{4}$/);

    const fill = (await get(hospital, `editDetail?taskNo=${saved.taskNo}`)).json().data as THospitalTaskView;
    expect(fill).toMatchObject({
      taskNo: saved.taskNo,
      status: '08',
      cacheStatus: '08',
      providerCnName: '北京和睦国际医院亦庄院区',
    });
    expect(fill.notesC).toBe('1.请提前预约');
    expect(fill.notesE).toBe('1.Please make appointment inadvance');
    expect(Object.values(fill.contacts).map((rows) => rows.length)).toEqual([1, 1, 1, 1, 1]);
    expect(fill.currency).toBe('');

    const photos = await uploadPhotos(hospital);
    const second = await post(hospital, 'saveCache', {
      ...newHospital(photos.slice(0, 2)),
      taskNo: saved.taskNo,
      version: 0,
    });
    expect(second.json().data).toMatchObject({ taskNo: saved.taskNo, status: '08', version: 1 });
    const detail = (await get(hospital, `detail/${saved.id}`)).json().data as THospitalTaskView;
    expect(detail.photoList.map((f) => f.id)).toEqual(photos.slice(0, 2));
    expect(detail.auditFlows).toEqual([]);
    expect(detail.commitDate).toBeNull();

    const submit = await post(hospital, 'commit', { ...newHospital(photos), taskNo: saved.taskNo });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json()).toMatchObject({
      isSuccess: true,
      msg: '提交成功',
      msg_en: 'Submitted',
      data: { status: '01', version: 2 },
    });
    const after = (await get(hospital, `detail/${saved.taskNo}`)).json().data as THospitalTaskView;
    expect(after).toMatchObject({
      status: '01',
      commitName: '北京和睦国际医院 李娜',
      providerEnName: 'Beijing Harmony International Hospital Yizhuang',
    });
    expect(after.commitDate).not.toBeNull();
    expect(after.photos).toEqual(photos);
    expect(after.auditFlows).toEqual([
      expect.objectContaining({
        status: '01',
        flowType: '01',
        operatorKind: 'O',
        operateMember: '北京和睦国际医院 李娜',
        text: { zh: '已提交', en: 'Submitted' },
      }),
    ]);
  });

  it('submits a new add-hospital task in one call and stores the normalised form', async () => {
    const photos = await uploadPhotos(hospital);
    const res = await post(
      hospital,
      'commit',
      newHospital(photos, { providerPro: '03', providerLeval: '', proDeptCategory: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.platform.db
      .select()
      .from(hospitalTasks)
      .where(eq(hospitalTasks.id, res.json().data.id));
    expect(row).toMatchObject({ taskType: '03', status: '01', providerLeval: '10', proDeptCategory: '01' });
    expect(row).toMatchObject({ province: '110000', city: '110100', district: '110115' });
    expect(row.contacts.map((c) => c.contactType)).toEqual(['01', '02', '03', '04', '05']);
    expect(row.serviceTimes.map((r) => r.serviceType)).toEqual(['AM', 'PM', 'OTHER']);
  });

  it('ignores the audit and commit fields a provider sends', async () => {
    const photos = await uploadPhotos(hospital);
    const res = await post(hospital, 'commit', {
      ...newHospital(photos),
      status: '06',
      auditResult: '01',
      auditDate: '2026-01-01',
      auditMember: 'someone',
      returnReason: 'none',
      commitName: 'forged',
      personInCharge: 'boss',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(hospital, `detail/${res.json().data.id}`)).json().data as THospitalTaskView;
    expect(detail).toMatchObject({
      status: '01',
      auditResult: null,
      auditDate: null,
      auditMember: null,
      returnReason: null,
      personInCharge: null,
      commitName: '北京和睦国际医院 李娜',
    });
  });

  it('clears the bank code when the currency is not 01', async () => {
    const photos = await uploadPhotos(hospital);
    const res = await post(
      hospital,
      'commit',
      newHospital(photos, {
        currency: '02',
        bankCode: '102',
        countryCode: 'ICBKCNBJ',
        bankAddress: '55 Fuxingmennei Avenue, Beijing',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(hospital, `detail/${res.json().data.id}`)).json().data as THospitalTaskView;
    expect(detail).toMatchObject({ currency: '02', bankCode: '', bankName: '', countryCode: 'ICBKCNBJ' });
  });
});

describe('submit validation (per field, both languages)', () => {
  let photos: string[];
  beforeAll(async () => {
    photos = await uploadPhotos(hospital);
  });

  async function refused(body: unknown, url = 'commit') {
    const before = (await t.platform.db.select({ id: hospitalTasks.id }).from(hospitalTasks)).length;
    const res = await post(hospital, url, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 40010 });
    expect((await t.platform.db.select({ id: hospitalTasks.id }).from(hospitalTasks)).length).toBe(before);
    return res.json().data.fieldErrors as Record<string, { msg: string; msg_en: string }>;
  }

  it('lists every missing required field with Please enter / Please select and the label', async () => {
    const errors = await refused({ providerId: 'P10001' });
    expect(errors.providerEnName).toEqual({
      msg: '请输入医院英文名称',
      msg_en: 'Please enter Provider English Name',
    });
    expect(errors.medicalType).toEqual({ msg: '请选择医疗类型', msg_en: 'Please select Medical Type' });
    expect(errors.currency).toEqual({ msg: '请选择币种', msg_en: 'Please select Currency' });
    expect(errors.bankCode).toBeUndefined();
    for (const field of [
      'languages',
      'outPatients',
      'photos',
      'dbFlag',
      'notesC',
      'notesE',
      'latitude',
      'longitude',
      'webAddr',
    ]) {
      expect(errors[field], field).toBeDefined();
    }
    expect(errors['contacts.01.0.tel']).toEqual({ msg: '请输入电话', msg_en: 'Please enter Phone' });
    expect(errors['contacts.05.0.mail']).toEqual({ msg: '请输入邮箱', msg_en: 'Please enter Email' });
  });

  it('refuses a missing provider id even for a draft', async () => {
    const errors = await refused({ providerCnName: 'x' }, 'saveCache');
    expect(errors.providerId).toEqual({ msg: '请输入医院编号', msg_en: 'Please enter Provider ID' });
  });

  it('applies the currency rules', async () => {
    const domestic = await refused(newHospital(photos, { bankCode: '', bank: '' }));
    expect(Object.keys(domestic).sort()).toEqual(['bank', 'bankCode']);
    const foreign = await refused(newHospital(photos, { currency: '04', countryCode: '', bankAddress: '' }));
    expect(Object.keys(foreign).sort()).toEqual(['bankAddress', 'countryCode']);
    expect(foreign.countryCode).toEqual({ msg: '请输入SWIFT代码', msg_en: 'Please enter Swift Code' });
  });

  it('requires provinceCity for country 23 only', async () => {
    expect(await refused(newHospital(photos, { provinceCity: [] }))).toEqual({
      provinceCity: { msg: '请选择省/市/区', msg_en: 'Please select Province/City/District' },
    });
    const abroad = await post(
      hospital,
      'saveCache',
      newHospital(await uploadPhotos(hospital), { country: 'SG', provinceCity: [] }),
    );
    expect(abroad.statusCode).toBe(200);
  });

  it('refuses over-long texts, bad numbers, bad times and the characters | and ^', async () => {
    const errors = await refused(
      newHospital(photos, {
        notesC: '约'.repeat(1334),
        providerIntroduceEn: 'a'.repeat(5001),
        latitude: 'north',
        bank: '中国|工商银行',
        serviceTimes: [
          { serviceType: 'AM', monday: '24:00-12:00', tuesday: '12:60-13:00' },
          { serviceType: 'OTHER', friday: 'a^b' },
        ],
      }),
    );
    expect(errors.notesC.msg_en).toBe('Chinese Remarks must be at most 1333 characters');
    expect(errors.providerIntroduceEn.msg_en).toBe('English Introduction must be at most 5000 characters');
    expect(errors.latitude).toEqual({ msg: '请输入数字', msg_en: 'Please enter a number' });
    expect(errors.bank).toEqual({
      msg: '不能包含 | 或 ^ 字符',
      msg_en: 'The characters | and ^ are not allowed',
    });
    expect(errors['serviceTimes.0.monday'].msg_en).toBe('Please use the format HH:MM-HH:MM (24-hour clock)');
    expect(errors['serviceTimes.0.tuesday']).toBeDefined();
    expect(errors['serviceTimes.1.friday']).toBeDefined();
  });

  it('accepts the limits exactly', async () => {
    const res = await post(
      hospital,
      'commit',
      newHospital(await uploadPhotos(hospital), {
        notesC: '约'.repeat(1333),
        notesE: 'e'.repeat(4000),
        deptListCn: '科'.repeat(1000),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs exactly 4 photos and at least one outpatient department', async () => {
    expect((await refused(newHospital(photos.slice(0, 3)))).photos).toEqual({
      msg: '请上传 4 张医院宣传照片',
      msg_en: 'Please upload exactly 4 hospital promo photos',
    });
    const five = [...photos, ...(await uploadPhotos(hospital, 1))];
    expect((await refused(newHospital(five))).photos.msg_en).toBe('At most 4 hospital promo photos');
    expect((await refused(newHospital(photos, { outPatients: [] }))).outPatients).toEqual({
      msg: '请选择门诊科室',
      msg_en: 'Please select Outpatient Departments',
    });
  });

  it('checks contacts on submit and trims them', async () => {
    const contacts = {
      ...newHospital(photos).contacts,
      '02': [{ name: '   ', tel: ' 010-1234 ', mail: 'x@y.cn' }],
    };
    expect(await refused(newHospital(photos, { contacts }))).toEqual({
      'contacts.02.0.name': { msg: '请输入姓名', msg_en: 'Please enter Name' },
    });
    const bad = { ...newHospital(photos).contacts, '03': [{ name: 'A', tel: 'phone', mail: 'not-mail' }] };
    const errors = await refused(newHospital(photos, { contacts: bad }));
    expect(errors['contacts.03.0.tel'].msg_en).toBe('Phone number is invalid');
    expect(errors['contacts.03.0.mail'].msg_en).toBe('Email is invalid');
  });

  it('refuses codes that are not in the dictionaries, and areas out of their chain', async () => {
    const contacts = {
      ...newHospital(photos).contacts,
      '01': [{ tel: '010-1234', telType: ['01', '77'], show: '01' }],
    };
    const errors = await refused(
      newHospital(photos, {
        medicalType: '98',
        languages: ['01', 'zz'],
        bankCode: '999',
        outPatients: ['03', '99.99'],
        contacts,
      }),
    );
    expect(errors.medicalType).toEqual({
      msg: '请选择有效的医疗类型',
      msg_en: 'Please select a valid Medical Type',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'bankCode',
      'contacts.01.0.telType',
      'languages',
      'medicalType',
      'outPatients',
    ]);
    expect(Object.keys(await refused(newHospital(photos, { continent: '02' })))).toEqual(['country']);
    expect(
      Object.keys(await refused(newHospital(photos, { provinceCity: ['310000', '110100', '110115'] }))),
    ).toEqual(['provinceCity']);
    expect(
      Object.keys(await refused(newHospital(photos, { provinceCity: ['110000', '110100', '220104'] }))),
    ).toEqual(['provinceCity']);
  });

  it('names the bank after the chosen bank code', async () => {
    const res = await post(
      hospital,
      'saveCache',
      newHospital(await uploadPhotos(hospital), { bankCode: '104', bankName: 'whatever' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(hospital, `detail/${res.json().data.id}`)).json().data.bankName).toBe('中国银行');
  });

  it('refuses photo ids that are not uploaded photos of this tenant', async () => {
    const acmePhoto = (await uploadPhotos(acmeHospital, 1, 'acme'))[0];
    const errors = await refused(newHospital([...photos.slice(0, 3), acmePhoto]));
    expect(errors.photos).toBeDefined();
    expect((await refused(newHospital([...photos.slice(0, 3), randomUUID()]))).photos).toBeDefined();
    expect((await refused(newHospital([...photos.slice(0, 3), 'not-a-file'])))['photos.3'].msg_en).toBe(
      'The file does not exist; upload it again',
    );
  });

  it('refuses a photo already used by another task', async () => {
    const own = await uploadPhotos(hospital);
    expect((await post(hospital, 'saveCache', newHospital(own))).statusCode).toBe(200);
    const errors = await refused(newHospital([...photos.slice(0, 3), own[0]]));
    expect(errors.photos).toBeDefined();
  });
});

/** A second provider user in tenant demo (provider P10002, role SMART_PORTAL); their token. */
async function otherProviderUser(): Promise<string> {
  const tenantId = await demoTenantId();
  const [role] = await t.platform.db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.code, 'SMART_PORTAL')));
  const [user] = await t.platform.db
    .insert(users)
    .values({
      tenantId,
      account: 'hospital2',
      passwordHash: await hashPassword('Portal2026'),
      name: '协和国际门诊 刘洋',
      nameEn: 'Liu Yang',
      userType: '02',
      providerId: 'P10002',
    })
    .returning();
  await t.platform.db.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id });
  return (await login(t.app, 'demo', 'hospital2')).token;
}

describe('isolation', () => {
  let task: { id: string; taskNo: string };
  let other: string;
  beforeAll(async () => {
    other = await otherProviderUser();
    const res = await post(hospital, 'saveCache', { providerId: 'P10001', providerCnName: '隔离测试' });
    task = res.json().data;
  });

  it("refuses another provider's task as not found", async () => {
    for (const url of [
      `detail/${task.id}`,
      `detail/${task.taskNo}`,
      `editDetail?taskNo=${task.taskNo}`,
      'editDetail?providerId=P10001',
    ]) {
      const res = await get(other, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400, msg_en: 'Sorry, resource not found' });
    }
    expect((await post(other, 'withdraw', { taskNo: task.taskNo })).statusCode).toBe(404);
    expect((await post(other, 'close', { taskNo: task.taskNo })).statusCode).toBe(404);
    expect((await post(other, 'saveCache', { providerId: 'P10002', taskNo: task.taskNo })).statusCode).toBe(
      404,
    );
    expect((await get(other, 'checkEdit?providerId=P10001')).statusCode).toBe(404);
    const list = (await post(other, 'list', {})).json().data;
    expect(list.records).toEqual([]);
  });

  it("refuses to create or change another provider's record", async () => {
    const draft = await post(other, 'saveCache', { providerId: 'P10001' });
    expect(draft.statusCode).toBe(403);
    expect(draft.json().code).toBe(40300);
    const change = await post(other, 'createCase', formOf(await approvedForm()));
    expect(change.statusCode).toBe(404);
    const ownDraft = await post(other, 'saveCache', { providerId: 'P10002', providerCnName: '协和国际门诊' });
    expect(ownDraft.statusCode).toBe(200);
    expect((await get(hospital, `detail/${ownDraft.json().data.id}`)).statusCode).toBe(404);
  });

  it("refuses another tenant's task, even to its super administrator", async () => {
    for (const token of [acmeHospital, acmeAdmin]) {
      expect((await get(token, `detail/${task.id}`, 'acme')).statusCode).toBe(404);
      expect((await get(token, `detail/${task.taskNo}`, 'acme')).statusCode).toBe(404);
      expect((await post(token, 'close', { taskNo: task.taskNo }, 'acme')).statusCode).toBe(404);
      const list = (await post(token, 'list', { size: 100 }, 'acme')).json().data;
      expect(list.records.map((r: { id: string }) => r.id)).not.toContain(task.id);
    }
    const acmeChange = await post(acmeHospital, 'createCase', formOf(await approvedForm()), 'acme');
    expect(acmeChange.statusCode).toBe(404);
  });
});

describe('withdraw and close', () => {
  async function submitted() {
    const res = await post(hospital, 'commit', newHospital(await uploadPhotos(hospital)));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; taskNo: string; version: number };
  }

  it('withdraws a submitted task (01 to 03) with the record Withdrew by Hospital; a second withdraw is refused', async () => {
    const task = await submitted();
    const res = await post(hospital, 'withdraw', { taskNo: task.taskNo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: '03', version: task.version + 1 });
    const flows = (await get(hospital, `detail/${task.id}`)).json().data.auditFlows;
    expect(
      flows.map((f: { status: string; flowType: string; text: { en: string } }) => [
        f.status,
        f.flowType,
        f.text.en,
      ]),
    ).toEqual([
      ['01', '01', 'Submitted'],
      ['03', '03', 'Withdrew by Hospital'],
    ]);
    const again = await post(hospital, 'withdraw', { taskNo: task.taskNo });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 40900, msg: '案件状态已变更', msg_en: 'Case status changed' });
    expect((await post(hospital, 'close', { taskNo: task.taskNo })).statusCode).toBe(409);
    expect((await post(hospital, 'modify', { ...newHospital([]), taskNo: task.taskNo })).statusCode).toBe(
      400,
    );
  });

  it('closes a draft (08 to 07, flow type 06 Closed by Hospital); closing again or withdrawing a draft is refused', async () => {
    const draft = (await post(hospital, 'saveCache', { providerId: 'P10001' })).json().data;
    expect((await post(hospital, 'withdraw', { taskNo: draft.taskNo })).statusCode).toBe(409);
    const res = await post(hospital, 'close', { taskNo: draft.taskNo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('07');
    const flows = await flowsOf(draft.id);
    expect(flows.map((f) => [f.status, f.flowType, f.operatorKind])).toEqual([['07', '06', 'O']]);
    expect((await get(hospital, `detail/${draft.id}`)).json().data.auditFlows[0].text.en).toBe(
      'Closed by Hospital',
    );
    expect((await post(hospital, 'close', { taskNo: draft.taskNo })).statusCode).toBe(409);
    expect(
      (await post(hospital, 'saveCache', { providerId: 'P10001', taskNo: draft.taskNo })).statusCode,
    ).toBe(409);
  });

  it('refuses to close a task under audit', async () => {
    const task = await submitted();
    const res = await post(hospital, 'close', { taskNo: task.taskNo });
    expect(res.statusCode).toBe(409);
    expect((await get(hospital, `detail/${task.id}`)).json().data.status).toBe('01');
  });

  it('refuses an action on a stale version', async () => {
    const draft = (await post(hospital, 'saveCache', { providerId: 'P10001' })).json().data;
    expect(
      (await post(hospital, 'saveCache', { providerId: 'P10001', taskNo: draft.taskNo, version: 0 }))
        .statusCode,
    ).toBe(200);
    const stale = await post(hospital, 'close', { taskNo: draft.taskNo, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(
      (await post(hospital, 'saveCache', { providerId: 'P10001', taskNo: draft.taskNo, version: 0 }))
        .statusCode,
    ).toBe(409);
    expect((await post(hospital, 'close', { taskNo: draft.taskNo, version: 1 })).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous withdrawals succeed', async () => {
    const task = await submitted();
    const results = await Promise.all([
      post(hospital, 'withdraw', { taskNo: task.taskNo }),
      post(hospital, 'withdraw', { taskNo: task.taskNo }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await flowsOf(task.id)).filter((f) => f.status === '03')).toHaveLength(1);
  });

  it('lets a returned task be edited and submitted again', async () => {
    const task = await submitted();
    // The auditor's return (next issue) in the database: status 04 with the reason.
    await t.platform.db
      .update(hospitalTasks)
      .set({
        status: '04',
        auditResult: '02',
        returnReason: '请补充英文地址',
        auditDate: new Date(),
        auditMember: '审核员王敏',
        version: 5,
      })
      .where(eq(hospitalTasks.id, task.id));
    const returned = (await get(hospital, `detail/${task.id}`)).json().data;
    expect(returned).toMatchObject({ status: '04', returnReason: '请补充英文地址' });
    const draft = await post(hospital, 'saveCache', {
      ...formOf(returned, { hospitalEAddress: 'Floor 1' }),
      taskNo: task.taskNo,
    });
    expect(draft.json().data).toMatchObject({ status: '04', version: 6 });
    const res = await post(hospital, 'modify', {
      ...formOf(returned, { hospitalEAddress: '8 Ronghua South Road, Daxing District, Beijing 100176' }),
      taskNo: task.taskNo,
      version: 6,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await get(hospital, `detail/${task.id}`)).json().data;
    expect(after).toMatchObject({
      status: '01',
      returnReason: null,
      auditResult: null,
      hospitalEAddress: '8 Ronghua South Road, Daxing District, Beijing 100176',
    });
    expect(after.auditFlows.map((f: { status: string }) => f.status)).toEqual(['01', '01']);
    expect((await post(hospital, 'close', { taskNo: task.taskNo })).statusCode).toBe(409);
  });
});

describe('change of the approved record (createCase)', () => {
  it('computes compareResult and oldData for exactly the changed fields; blocks a second change until the first is finished', async () => {
    expect((await get(hospital, 'checkEdit?providerId=P10001')).json().data).toEqual({
      providerId: 'P10001',
      canEdit: true,
    });
    const approved = await approvedForm();
    const res = await post(
      hospital,
      'createCase',
      formOf(approved, { webAddr: 'https://www.bjharmony.cn', accountNo: '3380 6012 0000 1111 22' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({ taskType: '04', status: '01', compareResult: '["accountNo","webAddr"]' });
    const detail = (await get(hospital, `detail/${created.taskNo}`)).json().data as THospitalTaskView;
    expect(JSON.parse(detail.compareResult!)).toEqual(['accountNo', 'webAddr']);
    expect(detail.oldData?.webAddr).toEqual({ flag: true, oldValue: 'https://www.bjharmony-hospital.cn' });
    expect(detail.oldData?.accountNo).toEqual({ flag: true, oldValue: '3380 6012 3456 7890 12' });
    expect(detail.oldData?.providerCnName).toEqual({ flag: false, oldValue: '北京和睦国际医院' });
    expect(detail.photoList).toHaveLength(4);
    const [record] = await t.platform.db.select().from(providers).where(eq(providers.providerId, 'P10001'));
    expect(record.webAddr).toBe('https://www.bjharmony-hospital.cn');

    const check = await get(hospital, 'checkEdit?providerId=P10001');
    expect(check.statusCode).toBe(409);
    expect(check.json()).toMatchObject({ code: 40910, data: { taskNo: created.taskNo } });
    expect(check.json().msg_en).toContain(created.taskNo);
    expect(
      (await post(hospital, 'createCase', formOf(approved, { webAddr: 'https://x.cn' }))).statusCode,
    ).toBe(409);

    expect((await post(hospital, 'withdraw', { taskNo: created.taskNo })).statusCode).toBe(200);
    expect((await get(hospital, 'checkEdit?providerId=P10001')).statusCode).toBe(200);
  });

  it('refuses a change that changes nothing', async () => {
    const res = await post(hospital, 'createCase', formOf(await approvedForm()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 40081,
      msg_en: 'Nothing in the hospital information has changed',
    });
  });

  it('accepts new photos next to the approved ones and compares them', async () => {
    const approved = await approvedForm();
    const [fresh] = await uploadPhotos(hospital, 1);
    const photos = [...approved.photos.slice(0, 3), fresh];
    const res = await post(hospital, 'createCase', formOf(approved, { photos }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.compareResult).toBe('["photos"]');
    const detail = (await get(hospital, `detail/${res.json().data.id}`)).json().data as THospitalTaskView;
    expect(detail.photoList.map((f) => f.id)).toEqual(photos);
    expect((await post(hospital, 'withdraw', { taskNo: detail.taskNo })).statusCode).toBe(200);
  });

  it('keeps a change draft compared when it is saved, and refuses a change of a provider without an approved record', async () => {
    const approved = await approvedForm();
    const draft = await post(hospital, 'saveCache', {
      ...formOf(approved, { latitude: '39.9800' }),
      taskType: '04',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ status: '08', compareResult: '["latitude"]' });
    expect((await get(hospital, 'checkEdit?providerId=P10001')).statusCode).toBe(409);
    expect((await post(hospital, 'close', { taskNo: draft.json().data.taskNo })).statusCode).toBe(200);

    const other = await login(t.app, 'demo', 'hospital2');
    const missing = await post(other.token, 'saveCache', { providerId: 'P10002', taskType: '04' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(40082);
  });
});

describe('service times through the API', () => {
  it('round-trips the seven client rows through the server rows', async () => {
    const client: TServiceTimeWeekRow[] = [1, 2, 3, 4, 5, 6, 7].map((week) => ({
      week,
      am: week === 3 ? '' : `0${week}:15-11:45`,
      pm: week < 6 ? `13:${week}0-18:00` : '',
      remark: week === 7 ? '急诊 24 小时 Emergency 24h' : week === 1 ? '上午仅限预约' : '',
    }));
    const res = await post(hospital, 'saveCache', {
      providerId: 'P10001',
      serviceTimes: toServerServiceTimes(client),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(hospital, `detail/${res.json().data.id}`)).json().data as THospitalTaskView;
    expect(detail.serviceTimes.map((r) => r.serviceType)).toEqual(['AM', 'PM', 'OTHER']);
    expect(toClientServiceTimes(detail.serviceTimes)).toEqual(client);
  });
});

describe('task list', () => {
  it('lists the own tasks with the section 3 columns, newest first, paged', async () => {
    const page = (
      await post(hospital, 'list', { size: 2, current: 1, sort: 'id', order: 'descending', model: {} })
    ).json().data;
    expect(page).toMatchObject({ current: 1, size: 2 });
    expect(page.records).toHaveLength(2);
    expect(page.total).toBeGreaterThan(5);
    const first = page.records[0];
    for (const key of [
      'taskNo',
      'taskType',
      'status',
      'commitDate',
      'auditDate',
      'commitName',
      'auditMember',
      'publicityDate',
    ]) {
      expect(first).toHaveProperty(key);
    }
    expect(new Date(page.records[0].createdAt) >= new Date(page.records[1].createdAt)).toBe(true);
    expect(page.records.every((r: { providerId: string }) => r.providerId === 'P10001')).toBe(true);
  });

  it('filters by title, status and submit dates', async () => {
    const byName = (
      await post(hospital, 'list', { size: 100, model: { title: '亦庄', status: '01' } })
    ).json().data;
    expect(byName.total).toBeGreaterThan(0);
    expect(
      byName.records.every(
        (r: { status: string; providerCnName: string }) =>
          r.status === '01' && r.providerCnName.includes('亦庄'),
      ),
    ).toBe(true);
    const one = byName.records[0];
    const byNo = (await post(hospital, 'list', { model: { title: one.taskNo } })).json().data;
    expect(byNo.records.map((r: { taskNo: string }) => r.taskNo)).toEqual([one.taskNo]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const dated = (
      await post(hospital, 'list', {
        model: { sendStartDate: today, sendEndDate: today, status: ['01', '03'] },
      })
    ).json().data;
    expect(dated.total).toBeGreaterThan(0);
    const future = (await post(hospital, 'list', { model: { sendStartDate: '2099-01-01' } })).json().data;
    expect(future.total).toBe(0);
    const drafts = (await post(hospital, 'list', { size: 100, model: { status: '08' } })).json().data;
    expect(drafts.records.every((r: { commitDate: string | null }) => r.commitDate === null)).toBe(true);
  });

  it('refuses a malformed list request', async () => {
    const res = await post(hospital, 'list', { size: 500, model: { sendStartDate: 'yesterday' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.fieldErrors)).toEqual(
      expect.arrayContaining(['size', 'model.sendStartDate']),
    );
  });
});

describe('permissions', () => {
  it('refuses operator staff whose role does not grant the provider task calls', async () => {
    const calls = [
      () => post(auditor, 'list', {}),
      () => post(auditor, 'saveCache', { providerId: 'P10001' }),
      () => post(auditor, 'commit', { providerId: 'P10001' }),
      () => post(auditor, 'createCase', { providerId: 'P10001' }),
      () => post(auditor, 'withdraw', { taskNo: 'HT202601010001' }),
      () => post(auditor, 'close', { taskNo: 'HT202601010001' }),
      () => get(auditor, 'detail/HT202601010001'),
      () => get(auditor, 'editDetail?providerId=P10001'),
      () => get(auditor, 'checkEdit?providerId=P10001'),
      () => get(auditor, 'providerDetail/P10001'),
    ];
    for (const request of calls) {
      const res = await request();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 40300, msg_en: 'You have no permission for this operation' });
    }
    expect((await post(hospital, 'list', {}, 'demo')).statusCode).toBe(200);
    const anonymous = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/drsystem/providerTask/list',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an operator in once the role grants it, over every provider of the tenant', async () => {
    const tenantId = await demoTenantId();
    const [role] = await t.platform.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.code, 'AUDITOR')));
    await t.platform.db
      .insert(rolePermissions)
      .values({ tenantId, roleId: role.id, permission: 'drsystem:providerTask:list' });
    // Written behind the services' back: drop the tenant's cached sessions as a role change must.
    await t.platform.authCache.invalidate({ tenantId });
    try {
      const page = (await post(auditor, 'list', { size: 100 })).json().data;
      const providerIds = new Set(page.records.map((r: { providerId: string }) => r.providerId));
      expect(providerIds).toEqual(new Set(['P10001', 'P10002']));
      expect((await get(auditor, `detail/${page.records[0].id}`)).statusCode).toBe(403);
    } finally {
      await t.platform.db
        .delete(rolePermissions)
        .where(
          and(
            eq(rolePermissions.roleId, role.id),
            eq(rolePermissions.permission, 'drsystem:providerTask:list'),
          ),
        );
      await t.platform.authCache.invalidate({ tenantId });
    }
    const adminDetail = await get(admin, 'providerDetail/P10001');
    expect(adminDetail.statusCode).toBe(200);
  });
});

describe('provider notes', () => {
  const notes = (token: string, path: string, providerId: string, tenant = 'demo') =>
    call(t.app, tenant, token, {
      method: 'POST',
      url: `/saasapi/drsystem/liproviderinfo/${path}`,
      payload: { model: { providerId }, current: 1, size: 10 },
    });

  it("lets provider staff read their own provider's notes, newest first", async () => {
    for (const path of ['pageProviderNotes', 'getHospitalNoteInfo']) {
      const res = await notes(hospital, path, 'P10001');
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      expect(page).toMatchObject({ current: 1, size: 10, total: 2 });
      expect(page.records[0].notesC).toBe('口腔科仅接受预约，不提供急诊服务。');
      expect(page.records[0].notesE).toBe(
        'The dental department accepts appointments only and has no emergency service.',
      );
      expect(page.records[0].createdByName).toBe('审核员王敏');
    }
  });

  it("refuses another provider's or tenant's notes and users without the permission", async () => {
    expect((await notes(hospital, 'pageProviderNotes', 'P20001')).statusCode).toBe(404);
    expect((await notes(acmeHospital, 'pageProviderNotes', 'P10001', 'acme')).statusCode).toBe(404);
    const acmeAdminPage = (await notes(acmeAdmin, 'pageProviderNotes', 'P10001', 'acme')).json().data;
    expect(acmeAdminPage.total).toBe(0);
    expect((await notes(auditor, 'pageProviderNotes', 'P10001')).json().data.total).toBe(2);
    const netview = (await login(t.app, 'demo', 'netview')).token;
    expect((await notes(netview, 'pageProviderNotes', 'P10001')).statusCode).toBe(403);
    const bad = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/drsystem/liproviderinfo/pageProviderNotes',
      payload: { model: {}, current: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('provider detail and blank form', () => {
  it('shows the approved record; a blank form starts with the defaults', async () => {
    const detail = (await get(hospital, 'providerDetail/P10001')).json().data as THospitalTaskView;
    expect(detail).toMatchObject({ providerId: 'P10001', taskNo: null, status: null, compareResult: null });
    expect(detail.contacts['02'][0].name).toBe('王芳');
    const other = await login(t.app, 'demo', 'hospital2');
    const blank = (await get(other.token, 'editDetail')).json().data as THospitalTaskView;
    expect(blank).toMatchObject({ providerId: 'P10002', currency: '01', notesC: '1.请提前预约', photos: [] });
    expect(toClientServiceTimes(blank.serviceTimes)).toHaveLength(7);
    expect((await get(other.token, 'editDetail?providerId=P10002')).statusCode).toBe(404);
  });
});

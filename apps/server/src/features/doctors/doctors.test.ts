import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTenantByCode } from '../../platform/tenancy/tenancy.service.ts';
import { createUser, upload } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { sheetRows } from '../../test/xlsx.ts';
import { closeOverdueTasks } from '../change-tasks/change-tasks.audit.ts';
import { hospitalPhotoPng } from '../hospital-tasks/hospital-tasks.seed.ts';
import { doctorTaskKind } from './doctors.kind.ts';
import { doctorPractices, doctors, doctorTaskAudits, doctorTasks } from './doctors.tables.ts';

let t: TTestApp;
let hospital: string;
let hospital2: string;
let auditor: string;
let auditor2: string;
let admin: string;
let netview: string;
let acmeHospital: string;
let acmeAuditor: string;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t, {
    account: 'hospital2',
    userType: '02',
    roles: ['SMART_PORTAL'],
    providerId: 'P10002',
  });
  await createUser(t, { account: 'auditor2', userType: '01', roles: ['AUDITOR'] });
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  hospital2 = (await login(t.app, 'demo', 'hospital2')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  auditor2 = (await login(t.app, 'demo', 'auditor2')).token;
  admin = (await login(t.app, 'demo', 'admin')).token;
  netview = (await login(t.app, 'demo', 'netview')).token;
  acmeHospital = (await login(t.app, 'acme', 'hospital')).token;
  acmeAuditor = (await login(t.app, 'acme', 'auditor')).token;
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object, tenant = 'demo') =>
  call(t.app, tenant, token, { method, url: `/saasapi/drsystem/${url}`, ...(payload ? { payload } : {}) });

let seq = 0;
/** A complete doctor form with a new certificate number. */
function doctorForm(patch: Record<string, unknown> = {}) {
  seq += 1;
  return {
    certificateNo: `110${String(Date.now()).slice(-6)}${seq}`,
    cnLastName: '张',
    cnFirstName: '伟',
    enLastName: 'Zhang',
    enFirstName: 'Wei',
    gender: '1',
    multiPractice: '02',
    externalDisplay: '01',
    languages: ['01', '02'],
    professionalLevel: '01',
    expertiseCn: '冠心病介入治疗',
    expertiseEn: 'Coronary intervention',
    serviceOverviewCn: '心内科门诊',
    serviceOverviewEn: 'Cardiology outpatient clinic',
    departments: ['01', '01.X01'],
    practiceEndDate: '2030-12-31',
    collectors: ['李娜'],
    ...patch,
  };
}

const create = (token: string, form: object, submit = true) =>
  api(token, 'POST', 'management/create', { ...form, submit });
const audit = (token: string, key: string, auditResult: '01' | '02', extra: object = {}) =>
  api(token, 'POST', `management/task-audit/${key}`, {
    auditResult,
    returnReason: auditResult === '02' ? '请补充擅长领域' : '',
    ...extra,
  });

/** An approved doctor of `token`'s provider: its id, form and the approved task. */
async function approvedDoctor(token = hospital, patch: Record<string, unknown> = {}) {
  const form = doctorForm(patch);
  const res = await create(token, form);
  expect(res.statusCode, res.body).toBe(200);
  const approved = await audit(auditor, res.json().data.taskNo, '01');
  expect(approved.statusCode, approved.body).toBe(200);
  return { id: approved.json().data.doctorId as string, form, task: res.json().data };
}

describe('add doctor (01): draft, submit, return, resubmit, approve', () => {
  it('walks every transition and creates the doctor and its practice on approval', async () => {
    const form = doctorForm();
    const draft = await create(hospital, { certificateNo: form.certificateNo }, false);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({
      isSuccess: true,
      msg_en: 'Saved',
      data: { taskType: '01', status: '08' },
    });
    const { id, taskNo } = draft.json().data;
    expect(taskNo).toMatch(/^DT\d{12,}$/);

    const incomplete = await api(hospital, 'POST', `management/task-update/${id}`, {
      certificateNo: form.certificateNo,
      submit: true,
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().data.fieldErrors.cnLastName.msg_en).toBe('Please enter Chinese last name');
    expect(incomplete.json().data.fieldErrors.gender.msg_en).toBe('Please select gender');

    const submitted = await api(hospital, 'POST', `management/task-update/${id}`, { ...form, submit: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.status).toBe('01');

    const returned = await audit(auditor, taskNo, '02');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ msg_en: 'Returned', data: { status: '04' } });

    const again = await api(hospital, 'POST', `management/task-update/${taskNo}`, {
      ...form,
      expertiseEn: 'Coronary and structural intervention',
      submit: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('01');

    const approved = await api(auditor, 'POST', `management/task-audit/med/${taskNo}`, { auditResult: '01' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ msg_en: 'Approved', data: { status: '06' } });
    const doctorId = approved.json().data.doctorId;

    const detail = await api(hospital, 'GET', `management/detail/${doctorId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      certificateNo: form.certificateNo,
      cnLastName: '张',
      expertiseEn: 'Coronary and structural intervention',
      departments: ['01', '01.X01'],
      providerId: 'P10001',
    });
    expect(detail.json().data).not.toHaveProperty('recommendRating');

    const task = (await api(hospital, 'GET', `management/task-detail/${id}`)).json().data;
    expect(task.auditFlows.map((f: { text: { en: string } }) => f.text.en)).toEqual([
      'Submitted',
      'Rejected',
      'Submitted',
      'Approved',
    ]);
    const list = (await api(hospital, 'POST', 'management/task-list', { model: { taskType: '01' } })).json()
      .data;
    expect(list.records.map((r: { taskNo: string }) => r.taskNo)).toContain(taskNo);
  });

  it('withdraws a submitted task and closes a draft, and refuses a second withdraw', async () => {
    const submitted = (await create(hospital, doctorForm())).json().data;
    const withdrawn = await api(hospital, 'POST', `management/task-withdraw/${submitted.id}`, {});
    expect(withdrawn.json()).toMatchObject({ msg_en: 'Withdrawn', data: { status: '03' } });
    const twice = await api(hospital, 'POST', `management/task-withdraw/${submitted.id}`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 40900, msg_en: 'Case status changed' });

    const draft = (await create(hospital, doctorForm(), false)).json().data;
    const closed = await api(hospital, 'POST', `management/task-close/${draft.taskNo}`, {
      version: draft.version,
    });
    expect(closed.json()).toMatchObject({ msg_en: 'Closed', data: { status: '07' } });
    const flows = (await api(hospital, 'GET', `management/task-detail/${draft.id}`)).json().data.auditFlows;
    expect(flows.at(-1)).toMatchObject({ status: '07', flowType: '06', text: { en: 'Closed by Hospital' } });
  });
});

describe('update doctor (02)', () => {
  it('compares with the approved doctor, applies only the changed fields, and refuses no change', async () => {
    const { id, form } = await approvedDoctor();
    const same = await api(hospital, 'POST', `management/update/${id}`, { ...form, submit: true });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 40086,
      msg_en: 'Nothing in the doctor information has changed',
    });

    const change = await api(hospital, 'POST', `management/update/${id}`, {
      ...form,
      professionalLevel: '02',
      departments: ['01.X01', '01'],
      practiceEndDate: '2031-06-30',
      submit: true,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(JSON.parse(change.json().data.compareResult)).toEqual(['professionalLevel', 'practiceEndDate']);
    const approved = await audit(auditor, change.json().data.taskNo, '01');
    expect(approved.json().data.appliedFields).toEqual(['professionalLevel', 'practiceEndDate']);
    const detail = (await api(hospital, 'GET', `management/detail/${id}`)).json().data;
    expect(detail).toMatchObject({ professionalLevel: '02', practiceEndDate: '2031-06-30' });
    expect(detail.oldData.professionalLevel).toEqual({ flag: true, oldValue: '01' });
    const [decision] = await t.platform.db
      .select()
      .from(doctorTaskAudits)
      .where(eq(doctorTaskAudits.taskNo, change.json().data.taskNo));
    expect(decision.changes).toContainEqual({ field: 'professionalLevel', oldValue: '01', newValue: '02' });
  });

  it("refuses a second change while one is unfinished: 'Doctor has an unfinished task'", async () => {
    const { id, form } = await approvedDoctor();
    const first = await api(hospital, 'POST', `management/update/${id}`, {
      ...form,
      gender: '0',
      submit: false,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await api(hospital, 'POST', `management/update/${id}`, {
      ...form,
      gender: '2',
      submit: true,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 40913,
      msg_en: `Doctor has an unfinished task (${first.json().data.taskNo}); finish it before starting another change`,
    });
    // An add task of the same certificate is blocked too while the first add task is unfinished.
    const fresh = doctorForm();
    expect((await create(hospital, fresh)).statusCode).toBe(200);
    expect((await create(hospital, fresh)).json().code).toBe(40913);
    // A doctor already practising here cannot be added again.
    const taken = await create(hospital, { ...form });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(40088);
  });
});

describe('check-edit/{id}: may an update of the doctor start', () => {
  it('answers canEdit, then 409 while a change is unfinished, and again once it is closed', async () => {
    const { id, form } = await approvedDoctor();
    const free = await api(hospital, 'GET', `management/check-edit/${id}`);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data).toEqual({ doctorId: id, canEdit: true });
    const draft = await api(hospital, 'POST', `management/update/${id}`, {
      ...form,
      gender: '2',
      submit: false,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const busy = await api(hospital, 'GET', `management/check-edit/${id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      isSuccess: false,
      code: 40913,
      msg_en: `Doctor has an unfinished task (${draft.json().data.taskNo}); finish it before starting another change`,
      data: { taskNo: draft.json().data.taskNo },
    });
    expect(busy.json().msg).toContain(draft.json().data.taskNo);
    const closed = await api(hospital, 'POST', `management/task-close/${draft.json().data.id}`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await api(hospital, 'GET', `management/check-edit/${id}`)).statusCode).toBe(200);
  });

  it('refuses a bad id, users without the permission, other providers and other tenants', async () => {
    const { id } = await approvedDoctor();
    expect((await api(hospital, 'GET', 'management/check-edit/not-a-uuid')).statusCode).toBe(400);
    expect((await api(netview, 'GET', `management/check-edit/${id}`)).statusCode).toBe(403);
    expect((await api(auditor, 'GET', `management/check-edit/${id}`)).statusCode).toBe(403);
    const other = await api(hospital2, 'GET', `management/check-edit/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(40085);
    const acme = await api(acmeHospital, 'GET', `management/check-edit/${id}`, undefined, 'acme');
    expect(acme.statusCode).toBe(404);
  });
});

describe('bad input and permissions', () => {
  it('refuses bad codes, a bad photo id and unknown departments with field errors', async () => {
    const bad = await create(
      hospital,
      doctorForm({ gender: '9', practiceEndDate: '2030-13-45', photo: 'x' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fieldErrors).sort()).toEqual(['gender', 'photo', 'practiceEndDate']);
    const unknown = await create(hospital, doctorForm({ departments: ['ZZ9'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fieldErrors.departments.msg_en).toBe('Please select departments');
  });

  it('refuses routes to users without the permission, and operators every provider write', async () => {
    expect((await create(netview, doctorForm())).statusCode).toBe(403);
    expect((await api(hospital, 'POST', 'management/msh-task-list', {})).statusCode).toBe(403);
    expect(
      (await api(hospital, 'POST', `management/task-audit/med/DT202601010001`, { auditResult: '01' }))
        .statusCode,
    ).toBe(403);
    const byAdmin = await create(admin, doctorForm());
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().code).toBe(40300);
  });

  it('keeps another provider and another tenant out', async () => {
    const { id, form, task } = await approvedDoctor();
    expect((await api(hospital2, 'GET', `management/detail/${id}`)).statusCode).toBe(404);
    expect((await api(hospital2, 'GET', `management/task-detail/${task.id}`)).statusCode).toBe(404);
    expect((await api(hospital2, 'POST', `management/task-close/${task.id}`, {})).statusCode).toBe(404);
    const notMine = await api(hospital2, 'POST', `management/update/${id}`, {
      ...form,
      gender: '2',
      submit: true,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({
      code: 40085,
      msg_en: expect.stringMatching(/^Doctor not matched/),
    });
    const list = (await api(hospital2, 'POST', 'management/list', {})).json().data;
    expect(list.records.map((r: { id: string }) => r.id)).not.toContain(id);

    expect((await api(acmeHospital, 'GET', `management/detail/${id}`, undefined, 'acme')).statusCode).toBe(
      404,
    );
    expect(
      (await api(acmeAuditor, 'GET', `management/msh-task-detail/${task.id}`, undefined, 'acme')).statusCode,
    ).toBe(404);
    const acmeAudit = await api(
      acmeAuditor,
      'POST',
      `management/task-audit/${task.taskNo}`,
      { auditResult: '01' },
      'acme',
    );
    expect(acmeAudit.statusCode).toBe(404);
  });

  it("answers 'Doctor not matched' in both languages for an unknown certificate or name", async () => {
    const { form } = await approvedDoctor();
    const found = await api(hospital, 'GET', `management/match?certificateNo=${form.certificateNo}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data[0].certificateNo).toBe(form.certificateNo);
    const none = await api(hospital, 'GET', 'management/match?certificateNo=NOPE123');
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toMatch(/^医生不匹配/);
    expect(none.json().msg_en).toMatch(/create a new doctor task or edit the attending doctor$/);
    expect(
      (await api(hospital2, 'GET', `management/match?certificateNo=${form.certificateNo}`)).statusCode,
    ).toBe(404);
  });
});

describe('multi-practice, operator fields, photo', () => {
  it('models the doctor once with a practice per provider', async () => {
    const { id, form } = await approvedDoctor();
    const other = await create(hospital2, { ...form, departments: ['01'], multiPractice: '01' });
    expect(other.statusCode, other.body).toBe(200);
    expect((await audit(auditor, other.json().data.taskNo, '01')).statusCode).toBe(200);
    const rows = await t.platform.db
      .select()
      .from(doctors)
      .where(eq(doctors.certificateNo, form.certificateNo));
    expect(rows).toHaveLength(1);
    const practices = await t.platform.db
      .select()
      .from(doctorPractices)
      .where(eq(doctorPractices.doctorId, id));
    expect(practices.map((p) => p.providerId).sort()).toEqual(['P10001', 'P10002']);
    const info = (await api(auditor, 'GET', `info/detail/${id}`)).json().data;
    expect(info.practices).toHaveLength(2);
    expect(info).toMatchObject({ multiPractice: '01', recommendRating: null });
    expect((await api(hospital2, 'GET', `management/detail/${id}`)).json().data.departments).toEqual(['01']);
  });

  it('lets only operators set the internal recommendation, with a version check', async () => {
    const { id } = await approvedDoctor();
    expect(
      (await api(hospital, 'POST', `info/update/${id}`, { recommendRating: 5, recommendNote: '' }))
        .statusCode,
    ).toBe(403);
    const version = (await api(auditor, 'GET', `info/detail/${id}`)).json().data.version;
    const set = await api(auditor, 'POST', `info/update/${id}`, {
      recommendRating: 4,
      recommendNote: '口碑好',
      version,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ recommendRating: 4, recommendNote: '口碑好' });
    const stale = await api(auditor, 'POST', `info/update/${id}`, {
      recommendRating: 3,
      recommendNote: '',
      version,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await api(auditor, 'POST', `info/update/${id}`, { recommendRating: 9, recommendNote: '' })).statusCode,
    ).toBe(400);
    expect((await api(hospital, 'GET', `management/detail/${id}`)).json().data).not.toHaveProperty(
      'recommendNote',
    );
  });

  it('takes a jpg/png photo (the image rules) and refuses other files', async () => {
    const [photo] = await upload(
      t,
      hospital,
      [{ filename: 'dr.png', content: hospitalPhotoPng([10, 20, 30], [200, 0, 0], 20, 20) }],
      'bucket=drsystem&bizType=DOCTOR_PHOTO',
    );
    const res = await create(hospital, doctorForm({ photo }));
    expect(res.statusCode, res.body).toBe(200);
    const task = (await api(hospital, 'GET', `management/task-detail/${res.json().data.id}`)).json().data;
    expect(task.photoFile).toMatchObject({ id: photo, name: 'dr.png' });
    const pdf = await call(t.app, 'demo', hospital, {
      method: 'POST',
      url: '/saasapi/file/file/anyone/uploadBatch?bucket=drsystem&bizType=DOCTOR_PHOTO',
      ...(await import('../../test/change-tasks.ts')).multipart([
        { filename: 'cv.pdf', content: Buffer.from('%PDF-1.4\n') },
      ]),
    });
    expect(pdf.statusCode).toBe(400);
    // A hospital promo photo is not a doctor photo.
    const [promo] = await upload(t, hospital, [
      { filename: 'p.png', content: hospitalPhotoPng([1, 2, 3], [4, 5, 6], 20, 20) },
    ]);
    expect((await create(hospital, doctorForm({ photo: promo }))).statusCode).toBe(400);
  });
});

describe('audit', () => {
  it('lets exactly one of two auditors acting at once win; a stale version is refused', async () => {
    const task = (await create(hospital, doctorForm())).json().data;
    const stale = await audit(auditor, task.id, '01', { version: task.version + 1 });
    expect(stale.statusCode).toBe(409);
    const [a, b] = await Promise.all([audit(auditor, task.taskNo, '01'), audit(auditor2, task.taskNo, '02')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json()).toMatchObject({
      code: 40900,
      msg: '案件状态已变更',
    });
    const decisions = await t.platform.db
      .select()
      .from(doctorTaskAudits)
      .where(eq(doctorTaskAudits.taskId, task.id));
    expect(decisions).toHaveLength(1);
    const detail = (await api(auditor, 'GET', `management/msh-task-detail/${task.taskNo}`)).json().data;
    expect(detail).toMatchObject({ auditable: false, decisions: [{ conclusion: decisions[0].conclusion }] });
  });

  it("lists every provider's doctor tasks for operators, and closes idle tasks as overdue", async () => {
    const mine = (await create(hospital2, doctorForm(), false)).json().data;
    const list = (await api(auditor, 'POST', 'management/msh-task-list', { size: 100 })).json().data;
    expect(list.records.map((r: { id: string }) => r.id)).toContain(mine.id);
    const later = new Date(Date.now() + (t.config.taskOverdueDays + 1) * 86_400_000);
    const { taskNos } = await closeOverdueTasks(t.platform, doctorTaskKind, { now: later });
    expect(taskNos).toContain(mine.taskNo);
    const tenantId = (await findTenantByCode(t.platform.db, 'demo'))!.id;
    const [row] = await t.platform.db
      .select()
      .from(doctorTasks)
      .where(and(eq(doctorTasks.tenantId, tenantId), eq(doctorTasks.id, mine.id)));
    expect(row.status).toBe('07');
  });
});

describe('doctor tasks in the task lists across kinds (providerTask/list, providerTaskMsh/list)', () => {
  type TRow = { id: string; taskType: string; status: string; certificateNo?: string; doctorCnName?: string };
  const providerList = (token: string, body: object) =>
    api(token, 'POST', 'providerTask/list', body).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { records: TRow[]; total: number };
    });

  it("shows the provider's own doctor tasks beside its hospital tasks, with types, filters and paging", async () => {
    const hospitalDraft = await api(hospital, 'POST', 'providerTask/saveCache', {
      providerId: 'P10001',
      providerCnName: '北京和睦国际医院亦庄院区',
    });
    expect(hospitalDraft.statusCode, hospitalDraft.body).toBe(200);
    const draftForm = doctorForm({ cnLastName: '欧阳', cnFirstName: '明' });
    const draft = (await create(hospital, draftForm, false)).json().data;
    const submitted = (await create(hospital, doctorForm())).json().data;
    const other = (await create(hospital2, doctorForm())).json().data;

    const all = await providerList(hospital, { size: 100 });
    const ids = all.records.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([draft.id, submitted.id]));
    expect(ids).not.toContain(other.id);
    expect(all.total).toBe(all.records.length);
    expect(ids).toContain(hospitalDraft.json().data.id);
    expect(all.records.find((r) => r.id === hospitalDraft.json().data.id)?.taskType).toBe('03');
    expect(all.records.find((r) => r.id === draft.id)).toMatchObject({
      taskType: '01',
      status: '08',
      certificateNo: draftForm.certificateNo,
      doctorCnName: '欧阳明',
    });
    // Newest first: the two doctor tasks made last lead the list.
    expect(ids.slice(0, 2)).toEqual([submitted.id, draft.id]);

    // Paging walks the same order, near pages and far pages (read from the end) alike.
    const size = 3;
    const pages: string[] = [];
    for (let current = 1; (current - 1) * size < all.total; current += 1) {
      const page = await providerList(hospital, { size, current });
      expect(page.total).toBe(all.total);
      pages.push(...page.records.map((r) => r.id));
    }
    expect(pages).toEqual(ids);

    const byCertificate = await providerList(hospital, { model: { title: draftForm.certificateNo } });
    expect(byCertificate.records.map((r) => r.id)).toEqual([draft.id]);
    const drafts = await providerList(hospital, { size: 100, model: { status: ['08'] } });
    expect(drafts.records.map((r) => r.id)).toContain(draft.id);
    expect(drafts.records.map((r) => r.id)).not.toContain(submitted.id);
    expect(drafts.records.every((r) => r.status === '08')).toBe(true);
  });

  it("shows every provider's doctor tasks in the audit list, filtered by type", async () => {
    const submitted = (await create(hospital2, doctorForm())).json().data;
    const list = async (model: object) => {
      const r = await api(auditor, 'POST', 'providerTaskMsh/list', { size: 100, model });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json().data.records as TRow[]).map((x) => x.id);
    };
    expect(await list({ taskType: ['01'] })).toContain(submitted.id);
    expect(await list({ taskType: ['03', '04'] })).not.toContain(submitted.id);
    expect(await list({ providerId: 'P10002', status: ['01'] })).toContain(submitted.id);
    expect(await list({ providerName: 'no such hospital name' })).not.toContain(submitted.id);
    const denied = await api(hospital, 'POST', 'providerTaskMsh/list', { size: 10 });
    expect(denied.statusCode).toBe(403);
  });
});

describe('exports (.xlsx)', () => {
  const exportAs = (
    token: string,
    url: string,
    payload: object,
    { tenant = 'demo', language = 'zh' }: { tenant?: string; language?: 'zh' | 'en' } = {},
  ) =>
    call(t.app, tenant, token, {
      method: 'POST',
      url: `/saasapi/drsystem/management/${url}`,
      payload,
      headers: { language },
    });
  const certificates = (rows: string[][]) => rows.slice(3).map((r) => r[1]);

  it("exports the provider's own doctors with the list's filter, headers in the request's language", async () => {
    const mine = await approvedDoctor(hospital, { cnFirstName: '导出甲', enFirstName: 'Exporta' });
    const other = await approvedDoctor(hospital2, { cnFirstName: '导出乙', enFirstName: 'Exportb' });

    const all = await exportAs(hospital, 'export', {});
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toContain('spreadsheetml');
    expect(all.headers['content-disposition']).toMatch(
      /^attachment; filename=".*\.xlsx"; filename\*=UTF-8''/,
    );
    const rows = await sheetRows(all);
    expect(rows[0][0]).toBe('医生列表');
    expect(rows[2]).toEqual(expect.arrayContaining(['执业证号', '中文姓名', '职称', '科室']));
    const listed = (await api(hospital, 'POST', 'management/list', { size: 100 })).json().data;
    expect(certificates(rows)).toHaveLength(listed.total);
    expect(certificates(rows)).toContain(mine.form.certificateNo);
    expect(certificates(rows)).not.toContain(other.form.certificateNo);
    expect([...certificates(rows)].sort()).toEqual(certificates(rows));
    const row = rows.find((r) => r[1] === mine.form.certificateNo)!;
    expect(row).toEqual(
      expect.arrayContaining(['张导出甲', 'Exporta Zhang', '男', '主任医师', 'P10001', '有效']),
    );

    const filtered = await exportAs(hospital, 'export', { model: { keyword: '导出甲' } }, { language: 'en' });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const enRows = await sheetRows(filtered);
    expect(enRows[0][0]).toBe('Doctor List');
    expect(enRows[2]).toEqual(expect.arrayContaining(['Certificate number', 'Chinese name', 'Departments']));
    expect(certificates(enRows)).toEqual([mine.form.certificateNo]);
    expect(enRows[3]).toEqual(expect.arrayContaining(['Male', 'Chief physician', 'Valid']));
    // Provider staff cannot widen the export to another provider through the filter.
    const widened = await exportAs(hospital, 'export', {
      model: { keyword: '导出乙', providerId: 'P10002' },
    });
    expect(certificates(await sheetRows(widened))).toEqual([]);
  });

  it('exports the doctor tasks of the audit list with its filter', async () => {
    const form = doctorForm({ cnFirstName: '任务导出' });
    const task = (await create(hospital2, form)).json().data;
    const draft = (await create(hospital, doctorForm(), false)).json().data;

    const byTitle = await exportAs(auditor, 'msh-task-export', { model: { title: form.certificateNo } });
    expect(byTitle.statusCode, byTitle.body).toBe(200);
    const rows = await sheetRows(byTitle);
    expect(rows[0][0]).toBe('医生任务审核列表');
    expect(rows[2]).toEqual(expect.arrayContaining(['任务号', '任务类型', '状态', '提交时间']));
    expect(rows.slice(3)).toHaveLength(1);
    expect(rows[3]).toEqual(
      expect.arrayContaining([task.taskNo, '新增医生', 'P10002', form.certificateNo, '张任务导出', '审核中']),
    );

    const submittedOnly = await exportAs(
      auditor,
      'msh-task-export',
      { model: { status: ['01'], providerId: 'P1000' } },
      { language: 'en' },
    );
    const enRows = await sheetRows(submittedOnly);
    expect(enRows[2]).toEqual(expect.arrayContaining(['Task number', 'Task type', 'Status']));
    const numbers = enRows.slice(3).map((r) => r[1]);
    expect(numbers).toContain(task.taskNo);
    expect(numbers).not.toContain(draft.taskNo);
    expect(enRows.slice(3).every((r) => r.includes('Auditing'))).toBe(true);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    const listed = await api(auditor, 'POST', 'providerTaskMsh/list', {
      size: 100,
      model: { status: ['01'], providerId: 'P1000', taskType: ['01', '02'] },
    });
    expect(numbers).toHaveLength(listed.json().data.total);

    const hospitalsOnly = await exportAs(auditor, 'msh-task-export', {
      model: { providerName: '北京', title: form.certificateNo },
    });
    expect((await sheetRows(hospitalsOnly)).slice(3)).toEqual([]);
  });

  it('refuses a bad filter with field errors, as the JSON envelope', async () => {
    const longKeyword = await exportAs(hospital, 'export', { model: { keyword: 'x'.repeat(101) } });
    expect(longKeyword.statusCode).toBe(400);
    expect(longKeyword.headers['content-type']).toMatch(/application\/json/);
    expect(longKeyword.json().data.fieldErrors).toHaveProperty(['model.keyword']);
    const badDate = await exportAs(auditor, 'msh-task-export', { model: { sendStartDate: '2026-13-01' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().isSuccess).toBe(false);
  });

  it('refuses users without the export permission', async () => {
    expect((await exportAs(netview, 'export', {})).statusCode).toBe(403);
    expect((await exportAs(auditor, 'export', {})).statusCode).toBe(403);
    expect((await exportAs(netview, 'msh-task-export', {})).statusCode).toBe(403);
    const provider = await exportAs(hospital, 'msh-task-export', {});
    expect(provider.statusCode).toBe(403);
    expect(provider.json().isSuccess).toBe(false);
  });

  it("leaves another tenant's doctors and tasks out", async () => {
    const { form, task } = await approvedDoctor();
    const acmeDoctors = await exportAs(acmeHospital, 'export', {}, { tenant: 'acme' });
    expect(acmeDoctors.statusCode, acmeDoctors.body).toBe(200);
    expect(certificates(await sheetRows(acmeDoctors))).not.toContain(form.certificateNo);
    const acmeTasks = await exportAs(acmeAuditor, 'msh-task-export', {}, { tenant: 'acme' });
    expect(acmeTasks.statusCode, acmeTasks.body).toBe(200);
    const numbers = (await sheetRows(acmeTasks)).slice(3).map((r) => r[1]);
    expect(numbers).not.toContain(task.taskNo);
    const demoTasks = await exportAs(auditor, 'msh-task-export', {});
    expect((await sheetRows(demoTasks)).slice(3).map((r) => r[1])).toContain(task.taskNo);
  });
});

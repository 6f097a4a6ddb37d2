import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let hospital: string;
let auditor: string;
let admin: string;
let netview: string;
let acmeAuditor: string;
let diabetesDoctor: string;
let heartDoctor: string;

const api = (token: string, method: 'GET' | 'POST', url: string, payload?: object, tenant = 'demo') =>
  call(t.app, tenant, token, { method, url: `/saasapi/drsystem/${url}`, ...(payload ? { payload } : {}) });
const search = (token: string, body: object, tenant = 'demo') =>
  api(token, 'POST', 'info/advance', body, tenant);
const ids = (res: { json: () => { data: { records: { doctorId: string }[] } } }) =>
  res.json().data.records.map((r) => r.doctorId);

let seq = 0;
/** An approved doctor of the demo hospital P10001 (the hospital submits, the auditor approves). */
async function approvedDoctor(patch: Record<string, unknown>) {
  seq += 1;
  const form = {
    certificateNo: `KB${String(Date.now()).slice(-6)}${seq}`,
    cnLastName: '张',
    cnFirstName: '伟',
    enLastName: 'Zhang',
    enFirstName: 'Wei',
    gender: '1',
    multiPractice: '02',
    externalDisplay: '01',
    languages: ['01'],
    professionalLevel: '01',
    expertiseCn: '',
    expertiseEn: '',
    serviceOverviewCn: '门诊',
    serviceOverviewEn: 'Outpatient clinic',
    departments: ['01'],
    practiceEndDate: '2030-12-31',
    collectors: ['李娜'],
    ...patch,
  };
  const res = await api(hospital, 'POST', 'management/create', { ...form, submit: true });
  expect(res.statusCode, res.body).toBe(200);
  const approved = await api(auditor, 'POST', `management/task-audit/${res.json().data.taskNo}`, {
    auditResult: '01',
    returnReason: '',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().data.doctorId as string;
}

async function termId(token: string, kind: string, code: string, tenant = 'demo') {
  const res = await api(
    token,
    'POST',
    'system/knowledge/list',
    { current: 1, size: 10, model: { kind, keyword: code } },
    tenant,
  );
  expect(res.statusCode, res.body).toBe(200);
  const hit = res.json().data.records.find((r: { code: string }) => r.code === code);
  expect(hit, `${kind} ${code}`).toBeTruthy();
  return hit.id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await login(t.app, 'demo', 'hospital')).token;
  auditor = (await login(t.app, 'demo', 'auditor')).token;
  admin = (await login(t.app, 'demo', 'admin')).token;
  netview = (await login(t.app, 'demo', 'netview')).token;
  acmeAuditor = (await login(t.app, 'acme', 'auditor')).token;
  diabetesDoctor = await approvedDoctor({
    cnLastName: '王',
    cnFirstName: '建国',
    enLastName: 'Wang',
    enFirstName: 'Jianguo',
    expertiseCn: '2型糖尿病的胰岛素治疗与并发症管理',
    expertiseEn: 'Insulin therapy of type 2 diabetes and its complications',
    departments: ['03.07'],
    languages: ['01', '02'],
    professionalLevel: '01',
  });
  heartDoctor = await approvedDoctor({
    cnLastName: '李',
    cnFirstName: '明',
    enLastName: 'Li',
    enFirstName: 'Ming',
    expertiseCn: '冠心病经皮冠状动脉介入治疗',
    expertiseEn: 'Percutaneous coronary intervention for coronary heart disease',
    departments: ['03.04'],
    languages: ['01'],
    professionalLevel: '02',
  });
});
afterAll(async () => {
  await t?.close();
  if (t) rmSync(t.config.dataDir, { recursive: true, force: true });
});

describe('advanced doctor search /drsystem/info/advance', () => {
  it('refuses a search without symptom, disease, treatment or doctor name with the spec message', async () => {
    for (const body of [{}, { disease: '   ', area: '110000', department: '03.07' }]) {
      const res = await search(auditor, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        isSuccess: false,
        code: 40120,
        msg: '请至少输入症状、疾病、治疗方式或医生姓名中的一项',
        msg_en: 'Search needs at least one of symptom, disease, treatment or doctor name',
      });
    }
  });

  it('finds doctors by disease in Chinese and English, through expertise and department', async () => {
    const zh = await search(auditor, { disease: '糖尿病' });
    expect(zh.statusCode, zh.body).toBe(200);
    expect(ids(zh)).toContain(diabetesDoctor);
    expect(ids(zh)).not.toContain(heartDoctor);
    const row = zh.json().data.records.find((r: { doctorId: string }) => r.doctorId === diabetesDoctor);
    expect(row).toMatchObject({ providerId: 'P10001', cnName: '王建国', enName: 'Jianguo Wang' });
    expect(row.providerCnName).not.toBe('');
    expect(row.matches.some((m: { criterion: string }) => m.criterion === 'disease')).toBe(true);
    const en = await search(auditor, { disease: 'diabetes' });
    expect(ids(en)).toContain(diabetesDoctor);
    // A disease whose name is nowhere in the expertise still reaches doctors of its department.
    const angina = await search(auditor, { disease: '心绞痛' });
    expect(ids(angina)).toContain(heartDoctor);
    expect(ids(angina)).not.toContain(diabetesDoctor);
  });

  it('finds doctors by symptom through the bonded diseases', async () => {
    const res = await search(auditor, { symptom: '多饮' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toContain(diabetesDoctor);
    expect(ids(res)).not.toContain(heartDoctor);
    const chest = await search(auditor, { symptom: 'chest pain' });
    expect(ids(chest)).toContain(heartDoctor);
  });

  it('finds doctors by treatment', async () => {
    expect(ids(await search(auditor, { treatment: '胰岛素' }))).toEqual([diabetesDoctor]);
    const pci = await search(auditor, { treatment: '经皮冠状动脉介入' });
    expect(ids(pci)).toContain(heartDoctor);
    expect(ids(pci)).not.toContain(diabetesDoctor);
  });

  it('finds doctors by name, one Chinese character, a full name or English text', async () => {
    expect(ids(await search(auditor, { doctorName: '王建国' }))).toEqual([diabetesDoctor]);
    expect(ids(await search(auditor, { doctorName: '王' }))).toEqual([diabetesDoctor]);
    expect(ids(await search(auditor, { doctorName: 'jianguo' }))).toEqual([diabetesDoctor]);
    expect(ids(await search(auditor, { doctorName: 'Ming Li' }))).toEqual([heartDoctor]);
    expect(ids(await search(auditor, { doctorName: '赵' }))).toEqual([]);
  });

  it('requires every given criterion and applies the filters', async () => {
    expect(ids(await search(auditor, { doctorName: '李明', disease: '糖尿病' }))).toEqual([]);
    expect(ids(await search(auditor, { disease: '糖尿病', professionalLevel: '02' }))).toEqual([]);
    expect(ids(await search(auditor, { disease: '糖尿病', professionalLevel: '01' }))).toContain(
      diabetesDoctor,
    );
    expect(ids(await search(auditor, { doctorName: '王', language: '02' }))).toEqual([diabetesDoctor]);
    expect(ids(await search(auditor, { doctorName: '李', language: '02' }))).toEqual([]);
    expect(ids(await search(auditor, { doctorName: '王', department: '03.04' }))).toEqual([]);
    expect(ids(await search(auditor, { doctorName: '王', department: '03.07' }))).toEqual([diabetesDoctor]);
    // P10001 is in Beijing (110000), Chaoyang (110105).
    expect(ids(await search(auditor, { doctorName: '王', area: '110105' }))).toEqual([diabetesDoctor]);
    expect(ids(await search(auditor, { doctorName: '王', area: '310000' }))).toEqual([]);
  });

  it('ranks by relevance and pages with current, size and total', async () => {
    const all = await search(auditor, { treatment: '介入', size: 1 });
    expect(all.json().data).toMatchObject({ current: 1, size: 1, total: 1 });
    const both = await search(auditor, { disease: '糖尿病', treatment: '胰岛素' });
    expect(both.json().data.records[0].doctorId).toBe(diabetesDoctor);
    const page2 = await search(auditor, { doctorName: '王', current: 2, size: 1 });
    expect(page2.json().data).toMatchObject({ records: [], current: 2, total: 1 });
  });

  it('is for operator staff with the permission', async () => {
    expect((await search(hospital, { disease: '糖尿病' })).statusCode).toBe(403);
    expect((await search(netview, { disease: '糖尿病' })).statusCode).toBe(403);
    expect((await search(admin, { disease: '糖尿病' })).statusCode).toBe(200);
  });

  it("never shows another tenant's doctors", async () => {
    const res = await search(acmeAuditor, { doctorName: '王建国' }, 'acme');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(0);
  });

  it('opens the hospital of a result, for operators only', async () => {
    const res = await api(auditor, 'GET', 'info/query/infoDetail?providerId=P10001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.providerId).toBe('P10001');
    expect((await api(hospital, 'GET', 'info/query/infoDetail?providerId=P10001')).statusCode).toBe(403);
    expect(
      (await api(acmeAuditor, 'GET', 'info/query/infoDetail?providerId=P10001', undefined, 'acme'))
        .statusCode,
    ).toBe(404);
  });
});

describe('advanced search rankings kept for paging (decision 0025)', () => {
  const names = (res: { json: () => { data: { records: { cnName: string }[] } } }) =>
    res.json().data.records.map((r) => r.cnName);

  it('pages the same ranking, and sees an approval, a recommendation and a deletion at once', async () => {
    const first = await approvedDoctor({ cnLastName: '欧阳', cnFirstName: '甲', enLastName: 'Ouyang' });
    const second = await approvedDoctor({ cnLastName: '欧阳', cnFirstName: '乙', enLastName: 'Ouyang' });
    const whole = await search(auditor, { doctorName: '欧阳', size: 10 });
    expect(whole.statusCode, whole.body).toBe(200);
    // Equal scores and no ratings: the names decide, in the database's collation.
    const [top, next] = ids(whole);
    expect([top, next].sort()).toEqual([first, second].sort());
    expect(names(whole).sort()).toEqual(['欧阳乙', '欧阳甲'].sort());
    expect(whole.json().data.total).toBe(2);
    const page1 = await search(auditor, { doctorName: '欧阳', size: 1 });
    const page2 = await search(auditor, { doctorName: '欧阳', size: 1, current: 2 });
    expect([...ids(page1), ...ids(page2)]).toEqual([top, next]);
    expect(page2.json().data).toMatchObject({ current: 2, size: 1, total: 2 });
    expect(page2.json().data.records[0]).toMatchObject({ score: 4, providerId: 'P10001' });
    expect(page2.json().data.records[0].matches).toEqual([
      { criterion: 'doctorName', via: 'name', cnText: '欧阳', enText: '欧阳' },
    ]);

    // A recommendation reorders the ranking at once.
    const detail = (await api(auditor, 'GET', `info/detail/${next}`)).json().data;
    const rated = await api(auditor, 'POST', `info/update/${next}`, {
      recommendRating: 5,
      recommendNote: '',
      version: detail.version,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(ids(await search(auditor, { doctorName: '欧阳' }))).toEqual([next, top]);

    // An approved new doctor is found at once.
    const third = await approvedDoctor({ cnLastName: '欧阳', cnFirstName: '丙', enLastName: 'Ouyang' });
    const after = await search(auditor, { doctorName: '欧阳' });
    expect(ids(after)[0]).toBe(next);
    expect(ids(after).sort()).toEqual([first, second, third].sort());
    expect(after.json().data.total).toBe(3);

    // A deleted doctor leaves at once.
    const again = (await api(auditor, 'GET', `info/detail/${next}`)).json().data;
    const deleted = await api(auditor, 'POST', `info/update/${next}`, {
      recommendRating: 5,
      recommendNote: '',
      delFlag: '1',
      version: again.version,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await search(auditor, { doctorName: '欧阳' });
    expect(ids(left).sort()).toEqual([top, third].sort());
    expect(left.json().data.total).toBe(2);
  });

  it('counts the matches on a page past the kept ranking', async () => {
    const near = await search(auditor, { doctorName: '欧阳', size: 100, current: 10 });
    expect(near.json().data).toMatchObject({ records: [], current: 10, total: 2 });
    const past = await search(auditor, { doctorName: '欧阳', size: 100, current: 11 });
    expect(past.statusCode, past.body).toBe(200);
    expect(past.json().data).toMatchObject({ records: [], current: 11, size: 100, total: 2 });
  });

  it("keeps each tenant's rankings apart", async () => {
    expect((await search(auditor, { doctorName: '欧阳' })).json().data.total).toBe(2);
    const acme = await search(acmeAuditor, { doctorName: '欧阳' }, 'acme');
    expect(acme.statusCode, acme.body).toBe(200);
    expect(acme.json().data.total).toBe(0);
  });
});

describe('knowledge bases', () => {
  it('are seeded with the ICD-10 chapters, blocks and diseases, symptoms and treatments', async () => {
    const chapters = await api(auditor, 'POST', 'system/knowledge/list', {
      current: 1,
      size: 50,
      model: { kind: 'disease', level: 1 },
    });
    expect(chapters.json().data.total).toBe(22);
    expect(chapters.json().data.records[0]).toMatchObject({
      code: 'A00-B99',
      cnName: '某些传染病和寄生虫病',
      level: 1,
    });
    const e11 = await api(auditor, 'POST', 'system/knowledge/list', {
      model: { kind: 'disease', keyword: 'E11' },
    });
    expect(e11.json().data.records[0]).toMatchObject({
      cnName: '2型糖尿病',
      level: 3,
      parentCode: 'E10-E14',
    });
    for (const kind of ['symptom', 'treatment']) {
      const res = await api(auditor, 'POST', 'system/knowledge/list', { model: { kind, level: 3 } });
      expect(res.json().data.total).toBeGreaterThan(0);
    }
  });

  it('adds diseases and treatments under a parent, with the next code when none is given', async () => {
    const res = await api(auditor, 'POST', 'info/add/disease', {
      parentCode: 'E10-E14',
      cnName: '妊娠期糖尿病',
      enName: 'Gestational diabetes',
      departments: ['05.02'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, msg_en: 'Added' });
    expect(res.json().data).toMatchObject({ code: 'E10-E14.01', level: 3, kind: 'disease' });
    const again = await api(auditor, 'POST', 'info/add/disease', {
      code: 'E10-E14.01',
      parentCode: 'E10-E14',
      cnName: '重复',
      enName: 'Duplicate',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(40122);
    const tooDeep = await api(auditor, 'POST', 'info/add/disease', {
      parentCode: 'E11',
      cnName: '甲',
      enName: 'A',
    });
    expect(tooDeep.json().code).toBe(40121);
    const noName = await api(auditor, 'POST', 'info/add/treatment', {
      parentCode: 'T01',
      cnName: '',
      enName: 'x',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().data.fieldErrors).toBeTruthy();
    const treatment = await api(admin, 'POST', 'info/add/treatment', {
      code: 'T01.99',
      parentCode: 'T01',
      cnName: '生物制剂治疗',
      enName: 'Biologic therapy',
    });
    expect(treatment.json().data).toMatchObject({ code: 'T01.99', level: 2, kind: 'treatment' });
    // A disease code cannot be a treatment's parent.
    expect(
      (
        await api(auditor, 'POST', 'info/add/treatment', { parentCode: 'E10-E14', cnName: '甲', enName: 'A' })
      ).json().code,
    ).toBe(40121);
  });

  it('adds a symptom under a symptom group, in its own tenant only, with the same rules', async () => {
    const res = await api(auditor, 'POST', 'info/add/symptom', {
      parentCode: 'SG',
      cnName: '夜间盗汗',
      enName: 'Night sweats',
      departments: ['05.02'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, msg: '新增成功', msg_en: 'Added' });
    expect(res.json().data).toMatchObject({ code: 'SG.01', parentCode: 'SG', level: 2, kind: 'symptom' });
    const listed = await api(auditor, 'POST', 'system/knowledge/list', {
      model: { kind: 'symptom', keyword: '夜间盗汗' },
    });
    expect(listed.json().data.records.map((r: { code: string }) => r.code)).toEqual(['SG.01']);
    // Another tenant's base does not have it.
    const acme = await api(
      acmeAuditor,
      'POST',
      'system/knowledge/list',
      { model: { kind: 'symptom', keyword: '夜间盗汗' } },
      'acme',
    );
    expect(acme.json().data.total).toBe(0);
    // Bad input: no Chinese name, a disease as the parent, a taken code.
    const noName = await api(auditor, 'POST', 'info/add/symptom', {
      parentCode: 'SG',
      cnName: ' ',
      enName: 'x',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().data.fieldErrors.cnName).toBeTruthy();
    const diseaseParent = await api(auditor, 'POST', 'info/add/symptom', {
      parentCode: 'E10-E14',
      cnName: '甲',
      enName: 'A',
    });
    expect(diseaseParent.json().code).toBe(40121);
    const taken = await api(auditor, 'POST', 'info/add/symptom', {
      code: 'SG.01',
      cnName: '甲',
      enName: 'A',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(40122);
    // Without the permission: provider staff and network-view users.
    for (const token of [hospital, netview]) {
      const refused = await api(token, 'POST', 'info/add/symptom', { cnName: '甲', enName: 'A' });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('refuses knowledge administration without the permission', async () => {
    for (const token of [hospital, netview]) {
      expect((await api(token, 'POST', 'info/add/disease', { cnName: '甲', enName: 'A' })).statusCode).toBe(
        403,
      );
      expect(
        (await api(token, 'POST', 'system/knowledge/list', { model: { kind: 'disease' } })).statusCode,
      ).toBe(403);
    }
  });

  it('bonds symptoms to diseases, and the search follows the bonding', async () => {
    const symptom = await termId(auditor, 'symptom', 'R53');
    const gout = await termId(auditor, 'disease', 'M10');
    const before = await api(auditor, 'GET', `system/symptom/bondingdisease/${symptom}`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.symptom).toMatchObject({ code: 'R53', cnName: '乏力' });
    expect(before.json().data.diseases.map((d: { code: string }) => d.code)).not.toContain('M10');
    const goutDoctor = await approvedDoctor({
      cnLastName: '赵',
      enLastName: 'Zhao',
      expertiseCn: '痛风',
      expertiseEn: 'Gout',
      departments: ['03.08'],
    });
    expect(ids(await search(auditor, { symptom: '乏力' }))).not.toContain(goutDoctor);
    const saved = await api(auditor, 'POST', `system/symptom/bondingdisease/${symptom}`, {
      diseaseIds: [gout],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.diseases.map((d: { code: string }) => d.code)).toEqual(['M10']);
    expect(ids(await search(auditor, { symptom: '乏力' }))).toContain(goutDoctor);
    const wrong = await api(auditor, 'POST', `system/symptom/bondingdisease/${symptom}`, {
      diseaseIds: [symptom],
    });
    expect(wrong.json().code).toBe(40123);
    expect(
      (await api(hospital, 'POST', `system/symptom/bondingdisease/${symptom}`, { diseaseIds: [] }))
        .statusCode,
    ).toBe(403);
  });

  it("keeps each tenant's bases apart", async () => {
    const demoSymptom = await termId(auditor, 'symptom', 'R50');
    const res = await api(
      acmeAuditor,
      'GET',
      `system/symptom/bondingdisease/${demoSymptom}`,
      undefined,
      'acme',
    );
    expect(res.statusCode).toBe(404);
    const acmeGout = await termId(acmeAuditor, 'disease', 'M10', 'acme');
    const cross = await api(auditor, 'POST', `system/symptom/bondingdisease/${demoSymptom}`, {
      diseaseIds: [acmeGout],
    });
    expect(cross.json().code).toBe(40123);
    const added = await api(
      acmeAuditor,
      'POST',
      'system/knowledge/list',
      { model: { kind: 'disease', keyword: '妊娠期糖尿病' } },
      'acme',
    );
    expect(added.json().data.total).toBe(0);
  });
});

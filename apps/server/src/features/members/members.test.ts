import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { DEMO_CUSTOMER_ID, DEMO_PLAN_CODE } from './members.seed.ts';
import {
  benefitUsage,
  groupPlans,
  members,
  planProviders,
  policies,
  policyCoverages,
} from './members.tables.ts';
import { benefitBalance, recordBenefitUsage } from './members.usage.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);

const ZHANG = { customId: DEMO_CUSTOMER_ID, memberId: 'M0001001', grpPlanCode: DEMO_PLAN_CODE };
const USED_BODY = {
  currency: '',
  coverage: '',
  employeeID: 'M0001001',
  customID: DEMO_CUSTOMER_ID,
  birthday: '',
  insuredName: '',
  providerID: '',
  grpPlanCode: DEMO_PLAN_CODE,
};

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

async function readSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => String(v ?? ''))));
  return rows;
}

/** Moves the demo plan's network row for P10001 (validity), returning a function that restores it. */
async function setDemoNetwork(values: { validFrom?: string | null; validTo?: string | null }) {
  const [plan] = await t.platform.db
    .select()
    .from(groupPlans)
    .where(eq(groupPlans.grpPlanCode, DEMO_PLAN_CODE));
  const where = and(eq(planProviders.planRef, plan.id), eq(planProviders.providerId, 'P10001'));
  const [before] = await t.platform.db.select().from(planProviders).where(where);
  await t.platform.db.update(planProviders).set(values).where(where);
  return () =>
    t.platform.db
      .update(planProviders)
      .set({ validFrom: before.validFrom, validTo: before.validTo })
      .where(where);
}

describe('member search (provider staff)', () => {
  it('hospital finds 张伟 by name + birthday, with birthday and card number masked', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/member/search',
      payload: { name: '张伟', birthday: '1985-03-12' },
    });
    expect(res.statusCode).toBe(200);
    const hits = res.json().data;
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      memberId: 'M0001001',
      customId: 'C0001',
      grpPlanCode: 'GP-DEMO-01',
      name: '张*',
      nameEn: 'Z**** ***',
      inForce: true,
      birthday: '****-**-**',
      cardNumber: '*********0001',
    });
    expect(JSON.stringify(hits)).not.toContain('6200010010001');
    expect(JSON.stringify(hits)).not.toContain('1985-03-12');
    expect(JSON.stringify(hits)).not.toContain('张伟');
  });

  it('finds by English name without case, and by card number', async () => {
    const byEn = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/member/search',
      payload: { name: 'zhang wei', birthday: '1985-03-12' },
    });
    expect(byEn.json().data.map((h: { memberId: string }) => h.memberId)).toEqual(['M0001001']);
    const byCard = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/member/search',
      payload: { cardNumber: '6200010010003' },
    });
    expect(byCard.json().data.map((h: { memberId: string }) => h.memberId)).toEqual(['M0001003']);
  });

  it('a name without birthday is refused with 40200 in both languages; a bad birthday with 40206', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/member/search',
      payload: { name: '张伟' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 40200,
      msg: '请输入姓名和出生日期，或输入卡号',
      msg_en: 'Enter the name and the birthday, or the card number',
    });
    const bad = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/member/search',
      payload: { name: '张伟', birthday: '1985-02-30' },
    });
    expect(bad.json().code).toBe(40206);
  });

  it('a user without the benefit permission (netview) gets 403', async () => {
    const res = await as('demo/netview', {
      method: 'POST',
      url: '/saasapi/smartportal/member/search',
      payload: { name: '张伟', birthday: '1985-03-12' },
    });
    expect(res.statusCode).toBe(403);
  });

  it("another tenant's staff find nothing: acme admin and acme hospital", async () => {
    for (const who of ['acme/admin', 'acme/hospital']) {
      const res = await as(who, {
        method: 'POST',
        url: '/saasapi/smartportal/member/search',
        payload: { cardNumber: '6200010010001' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
  });

  it('when P10001 no longer serves the plan (network validity ended), hospital finds nothing and details are 404', async () => {
    const restore = await setDemoNetwork({ validTo: '2000-12-31' });
    try {
      const res = await as('demo/hospital', {
        method: 'POST',
        url: '/saasapi/smartportal/member/search',
        payload: { name: '张伟', birthday: '1985-03-12' },
      });
      expect(res.json().data).toEqual([]);
      const detail = await as('demo/hospital', {
        method: 'POST',
        url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
        payload: ZHANG,
      });
      expect(detail.statusCode).toBe(404);
      expect(detail.json().code).toBe(40404);
      // The operator still sees the member.
      const admin = await as('demo/admin', {
        method: 'POST',
        url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
        payload: ZHANG,
      });
      expect(admin.statusCode).toBe(200);
    } finally {
      await restore();
    }
  });

  it('a providerId in the payload cannot widen a provider user to another provider', async () => {
    const restore = await setDemoNetwork({ validTo: '2000-12-31' });
    try {
      const res = await as('demo/hospital', {
        method: 'POST',
        url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
        payload: { ...ZHANG, providerId: 'P99999' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await restore();
    }
  });
});

describe('policy detail and benefits', () => {
  it('getPolicyDetailInfo: OP CNY annual 20,000.00, used 1,250.50, pending 0 → remaining 18,749.50; IP unlimited per visit', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
      payload: { ...ZHANG, hospitalName: '', language: 'en', providerId: '' },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      customId: 'C0001',
      grpPlanCode: 'GP-DEMO-01',
      providerId: 'P10001',
      directBilling: true,
      inForce: true,
      currencies: ['CNY', 'HKD'],
    });
    expect(d.member).toMatchObject({
      memberId: 'M0001001',
      name: '张*',
      idNumber: '110***********0019',
      phone: '138****8001',
    });
    const op = d.coverages.find(
      (c: { coverageCode: string; currency: string }) => c.coverageCode === 'OP' && c.currency === 'CNY',
    );
    expect(op).toMatchObject({
      annualLimit: '20000.00',
      perVisitLimit: '2000.00',
      used: '1250.50',
      pending: '0.00',
      remaining: '18749.50',
      coverageNameEn: 'Outpatient',
    });
    const ip = d.coverages.find((c: { coverageCode: string }) => c.coverageCode === 'IP');
    expect(ip).toMatchObject({
      perVisitLimit: null,
      annualLimit: '200000.00',
      remaining: '200000.00',
      deductible: '1000.00',
    });
    expect(
      d.coverages.map((c: { coverageCode: string; currency: string }) => `${c.coverageCode}/${c.currency}`),
    ).toEqual(['OP/CNY', 'OP/HKD', 'IP/CNY', 'DT/CNY']);
  });

  it('getPolicyDetailInfo with a missing memberId is a 400 with field errors', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
      payload: { customId: 'C0001', grpPlanCode: 'GP-DEMO-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fieldErrors.memberId).toBeDefined();
  });

  it("getPolicyDetailInfo of acme's admin for the demo member is 404 (tenant isolation)", async () => {
    const res = await as('acme/admin', {
      method: 'POST',
      url: '/saasapi/smartportal/policy/getPolicyDetailInfo',
      payload: ZHANG,
    });
    expect(res.statusCode).toBe(404);
  });

  it('getCurrency lists CNY and HKD with both names; netview is refused', async () => {
    const res = await as('demo/hospital', {
      method: 'GET',
      url: '/saasapi/smartportal/config/getCurrency?ts=1',
    });
    expect(res.json().data).toContainEqual({ code: 'CNY', name: '人民币', nameEn: 'Chinese yuan' });
    expect(res.json().data).toContainEqual({ code: 'HKD', name: '港币', nameEn: 'Hong Kong dollar' });
    const denied = await as('demo/netview', {
      method: 'GET',
      url: '/saasapi/smartportal/config/getCurrency',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('getCoverage lists OP (CNY, HKD), IP and DT for employee M0001001; an unknown plan is 404; empty payload 400', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/config/getCoverage',
      payload: { employeeId: 'M0001001', customId: 'C0001', grpPlanCode: 'GP-DEMO-01' },
    });
    expect(res.json().data).toEqual([
      { coverageCode: 'OP', coverageName: '门诊', coverageNameEn: 'Outpatient', currencies: ['CNY', 'HKD'] },
      { coverageCode: 'IP', coverageName: '住院', coverageNameEn: 'Inpatient', currencies: ['CNY'] },
      { coverageCode: 'DT', coverageName: '牙科', coverageNameEn: 'Dental', currencies: ['CNY'] },
    ]);
    const unknown = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/config/getCoverage',
      payload: { employeeId: 'M0001001', customId: 'C0001', grpPlanCode: 'NOPE' },
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/config/getCoverage',
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('getBenefitUsedInfo OP/CNY: used 1,250.50 with its line; a dependant (李娜) named by employee + name + birthday has used nothing', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/benefit/getBenefitUsedInfo',
      payload: { ...USED_BODY, currency: 'CNY', coverage: 'OP' },
    });
    expect(res.statusCode).toBe(200);
    const info = res.json().data;
    expect(info.summaries).toHaveLength(1);
    expect(info.summaries[0]).toMatchObject({ used: '1250.50', remaining: '18749.50' });
    expect(info.lines).toEqual([
      expect.objectContaining({ amount: '1250.50', status: 'used', providerId: 'P10001' }),
    ]);
    expect(info).not.toHaveProperty('policy');

    const spouse = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/benefit/getBenefitUsedInfo',
      payload: { ...USED_BODY, insuredName: '李娜', birthday: '1987-07-21', currency: 'CNY', coverage: 'OP' },
    });
    expect(spouse.json().data).toMatchObject({ memberId: 'M0001002', lines: [] });
    expect(spouse.json().data.summaries[0]).toMatchObject({ used: '0.00', remaining: '20000.00' });
  });

  it('getBenefitUsedInfo counts a pending reservation: used 1,250.50 + pending 500.00 → remaining 18,249.50', async () => {
    const [policy] = await t.platform.db
      .select({ id: policies.id, tenantId: policies.tenantId })
      .from(policies)
      .innerJoin(members, eq(members.id, policies.memberRef))
      .where(eq(members.memberId, 'M0001001'));
    const [op] = await t.platform.db
      .select()
      .from(policyCoverages)
      .where(
        and(
          eq(policyCoverages.policyRef, policy.id),
          eq(policyCoverages.coverageCode, 'OP'),
          eq(policyCoverages.currency, 'CNY'),
        ),
      );
    const { benefitUsage } = await import('./members.tables.ts');
    const year = new Date().getUTCFullYear();
    await t.platform.db.insert(benefitUsage).values({
      tenantId: policy.tenantId,
      coverageRef: op.id,
      sourceType: 'preauth',
      sourceId: 'TEST-PENDING-1',
      visitDate: `${year}-06-01`,
      amount: '500.00',
      status: 'pending',
    });
    try {
      const res = await as('demo/hospital', {
        method: 'POST',
        url: '/saasapi/smartportal/benefit/getBenefitUsedInfo',
        payload: { ...USED_BODY, currency: 'CNY', coverage: 'OP' },
      });
      expect(res.json().data.summaries[0]).toMatchObject({
        used: '1250.50',
        pending: '500.00',
        remaining: '18249.50',
      });
    } finally {
      await t.platform.db.delete(benefitUsage).where(eq(benefitUsage.sourceId, 'TEST-PENDING-1'));
    }
  });

  it('special rules and riders of the policy, in both languages', async () => {
    const rules = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/benefit/getBenefitSpecialRuleList',
      payload: ZHANG,
    });
    expect(rules.json().data.map((r: { ruleCode: string }) => r.ruleCode)).toEqual([
      'EXCL-COSMETIC',
      'WAIT-MT-90',
    ]);
    expect(rules.json().data[1]).toMatchObject({
      enContent: 'Maternity benefits have a 90-day waiting period.',
    });
    const riders = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/benefit/getBenefitRiderList',
      payload: ZHANG,
    });
    expect(riders.json().data).toEqual([
      expect.objectContaining({
        riderCode: 'RDR-VISION',
        nameEn: 'Vision care rider',
        limitAmount: '800.00',
        currency: 'CNY',
      }),
    ]);
    const acme = await as('acme/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/benefit/getBenefitRiderList',
      payload: ZHANG,
    });
    expect(acme.statusCode).toBe(404);
  });
});

describe('benefit downloads (.xlsx parsed back)', () => {
  it('downloadBenefitUsedList in Chinese: balance row of OP CNY and the used line', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/download/downloadBenefitUsedList',
      payload: USED_BODY,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('福利使用明细-M0001001');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0][0]).toBe('福利使用明细');
    expect(rows[1][0]).toContain('张伟 (M0001001)');
    expect(rows[2]).toContain('剩余额度');
    const firstEight = rows.map((r) => r.slice(0, 8));
    expect(firstEight).toContainEqual([
      '门诊',
      'CNY',
      '额度汇总',
      '',
      '20,000.00',
      '1,250.50',
      '0.00',
      '18,749.50',
    ]);
    expect(
      rows.some((r) => r[0] === '门诊' && r[5] === '1,250.50' && (r[8] ?? '').startsWith('已使用')),
    ).toBe(true);
    expect(firstEight).toContainEqual([
      '住院',
      'CNY',
      '额度汇总',
      '',
      '200,000.00',
      '0.00',
      '0.00',
      '200,000.00',
    ]);
  });

  it('downloadBenefitRider in English lists the vision rider; another tenant gets the JSON 404', async () => {
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/smartportal/download/downloadBenefitRider',
      headers: { language: 'en' },
      payload: ZHANG,
    });
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    expect(rows[0][0]).toBe('Benefit riders');
    expect(rows[3]).toEqual([
      'RDR-VISION',
      'Vision care rider',
      'Outpatient',
      'CNY',
      '800.00',
      expect.any(String),
      expect.any(String),
    ]);
    const acme = await as('acme/admin', {
      method: 'POST',
      url: '/saasapi/smartportal/download/downloadBenefitRider',
      payload: ZHANG,
    });
    expect(acme.statusCode).toBe(404);
    expect(acme.json().code).toBe(40404);
  });
});

describe('every enquiry call: bad input 400, no permission 403, another tenant 404', () => {
  const calls = [
    { url: '/saasapi/smartportal/policy/getPolicyDetailInfo', payload: ZHANG },
    {
      url: '/saasapi/smartportal/config/getCoverage',
      payload: { employeeId: 'M0001001', customId: 'C0001', grpPlanCode: 'GP-DEMO-01' },
    },
    { url: '/saasapi/smartportal/benefit/getBenefitUsedInfo', payload: USED_BODY },
    { url: '/saasapi/smartportal/benefit/getBenefitSpecialRuleList', payload: ZHANG },
    { url: '/saasapi/smartportal/benefit/getBenefitRiderList', payload: ZHANG },
    { url: '/saasapi/smartportal/download/downloadBenefitUsedList', payload: USED_BODY },
    { url: '/saasapi/smartportal/download/downloadBenefitRider', payload: ZHANG },
  ];
  for (const c of calls) {
    it(`${c.url.split('/').pop()}`, async () => {
      expect((await as('demo/hospital', { method: 'POST', url: c.url, payload: c.payload })).statusCode).toBe(
        200,
      );
      const bad = await as('demo/hospital', {
        method: 'POST',
        url: c.url,
        payload: { ...c.payload, grpPlanCode: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().data.fieldErrors.grpPlanCode).toBeDefined();
      expect((await as('demo/netview', { method: 'POST', url: c.url, payload: c.payload })).statusCode).toBe(
        403,
      );
      const acme = await as('acme/hospital', { method: 'POST', url: c.url, payload: c.payload });
      expect(acme.statusCode).toBe(404);
      expect(acme.json()).toMatchObject({
        code: 40404,
        msg_en: 'Member not found, or not in a plan your provider serves',
      });
    });
  }
});

describe("revealing a member's masked data", () => {
  const reveal = (who: string, bizId: string, field: string) =>
    as(who, {
      method: 'POST',
      url: '/saasapi/authority/personalData/reveal',
      payload: { bizType: 'member', bizId, field },
    });
  const revealLogs = () =>
    t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.action, 'reveal'), eq(operationLogs.targetId, 'M0001001')));

  it('answers the value of one field and logs who revealed it', async () => {
    const before = (await revealLogs()).length;
    for (const [field, value] of [
      ['name', '张伟'],
      ['nameEn', 'Zhang Wei'],
      ['birthday', '1985-03-12'],
      ['cardNumber', '6200010010001'],
      ['idNumber', '110101198503120019'],
    ]) {
      const res = await reveal('demo/hospital', 'M0001001', field);
      expect(res.statusCode, field).toBe(200);
      expect(res.json().data).toEqual({ logged: true, value });
    }
    const logs = await revealLogs();
    expect(logs).toHaveLength(before + 5);
    expect(logs.at(-1)).toMatchObject({
      account: 'hospital',
      targetTable: 'member',
      after: { field: 'idNumber' },
    });
    expect((await reveal('demo/auditor', 'M0001001', 'phone')).json().data.value).toMatch(/^138\d{4}8001$/);
  });

  it("refuses another tenant's member, an unknown one and a field that is not personal data, logging nothing", async () => {
    const before = (await revealLogs()).length;
    expect((await reveal('demo/hospital', 'M0009999', 'name')).statusCode).toBe(404);
    const otherTenant = await reveal('acme/hospital', 'M0001001', 'name');
    expect(otherTenant.statusCode).toBe(404);
    expect(JSON.stringify(otherTenant.json())).not.toContain('张伟');
    expect((await reveal('acme/admin', 'M0001001', 'birthday')).statusCode).toBe(404);
    expect((await reveal('demo/hospital', 'M0001001', 'customerRef')).statusCode).toBe(400);
    expect(await revealLogs()).toHaveLength(before);
  });

  it('needs the reveal permission', async () => {
    const res = await reveal('demo/netview', 'M0001001', 'name');
    expect(res.statusCode).toBe(403);
  });

  it("refuses another provider's member: provider staff reveal only members of plans their provider serves today", async () => {
    const restore = await setDemoNetwork({ validTo: '2020-12-31' });
    try {
      expect((await reveal('demo/hospital', 'M0001001', 'name')).statusCode).toBe(404);
      expect((await reveal('demo/admin', 'M0001001', 'name')).statusCode).toBe(200);
    } finally {
      await restore();
    }
  });
});

describe('benefit usage per policy year', () => {
  // The demo policy runs from 1 January of this year to 31 December of the next: two policy years.
  const year = new Date().getUTCFullYear();
  const source = { sourceType: 'claim', sourceId: 'TEST-POLICY-YEAR', providerId: 'P10001', actor: 'test' };

  it('counts what falls in the current policy year; a visit after the anniversary counts in the next one', async () => {
    const [tenant] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo'));
    const [op] = await t.platform.db
      .select({ id: policyCoverages.id })
      .from(policyCoverages)
      .innerJoin(policies, eq(policies.id, policyCoverages.policyRef))
      .innerJoin(members, eq(members.id, policies.memberRef))
      .where(
        and(
          eq(members.memberId, 'M0001001'),
          eq(policyCoverages.coverageCode, 'OP'),
          eq(policyCoverages.currency, 'CNY'),
        ),
      );
    const record = (visitDate: string, amount: string) =>
      recordBenefitUsage(t.platform.db, {
        ...source,
        tenantId: tenant.id,
        coverageRef: op.id,
        visitDate,
        amount,
        status: 'used',
      });
    const balance = (on: string) =>
      benefitBalance(t.platform.db, { tenantId: tenant.id, coverageRef: op.id, on });
    await record(`${year + 1}-01-01`, '500.00');
    try {
      const res = await as('demo/hospital', {
        method: 'POST',
        url: '/saasapi/smartportal/benefit/getBenefitUsedInfo',
        payload: USED_BODY,
      });
      const info = res.json().data;
      expect(info.policyYear).toEqual({ from: `${year}-01-01`, to: `${year}-12-31` });
      const opCny = info.summaries.find(
        (s: { coverageCode: string; currency: string }) => s.coverageCode === 'OP' && s.currency === 'CNY',
      );
      expect(opCny).toMatchObject({ used: '1250.50', remaining: '18749.50' });
      expect(info.lines.map((l: { amount: string }) => l.amount)).not.toContain('500.00');

      expect(await balance(`${year}-12-31`)).toMatchObject({
        policyYear: { from: `${year}-01-01`, to: `${year}-12-31` },
        used: '1250.50',
        remaining: '18749.50',
      });
      expect(await balance(`${year + 1}-01-01`)).toMatchObject({
        policyYear: { from: `${year + 1}-01-01`, to: `${year + 1}-12-31` },
        used: '500.00',
        pending: '0.00',
        remaining: '19500.00',
      });
      // The same source again replaces its row.
      await record(`${year + 1}-01-01`, '600.00');
      expect((await balance(`${year + 1}-06-30`))?.used).toBe('600.00');
    } finally {
      await t.platform.db.delete(benefitUsage).where(eq(benefitUsage.sourceId, source.sourceId));
    }
  });

  it("answers nothing for another tenant's coverage", async () => {
    const [acme] = await t.platform.db.select().from(tenants).where(eq(tenants.code, 'acme'));
    const [op] = await t.platform.db.select({ id: policyCoverages.id }).from(policyCoverages).limit(1);
    expect(
      await benefitBalance(t.platform.db, { tenantId: acme.id, coverageRef: op.id, on: `${year}-06-01` }),
    ).toBeNull();
  });
});

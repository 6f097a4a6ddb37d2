import { STATEMENT_COLUMNS, statementHeader } from '@portal/domain/claims/rules';
import { chinaDay } from '@portal/domain/format/format';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser, upload } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { messageRecipients, messages } from '../messages/messages.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';

const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);
const post = (who: string, url: string, payload: Record<string, unknown>) =>
  as(who, { method: 'POST', url: `/saasapi${url}`, payload });
const get = (who: string, url: string) => as(who, { method: 'GET', url: `/saasapi${url}` });
const dayOffset = (days: number) => chinaDay(new Date(Date.now() + days * 86_400_000));
const fieldError = (
  res: { json(): { data: { fieldErrors: Record<string, { msg: string; msg_en: string }> } } },
  field: string,
) => res.json().data.fieldErrors[field];

type TMeasure = {
  id: string;
  version: number;
  status: string;
  measureNo: string;
  round: number;
  basis: string;
  validFrom: string;
};

/** A period of its own for each test (so accepted measures of one test never overlap another's). */
let yearSeq = 2030;
const period = () => {
  const year = yearSeq++;
  return { validFrom: `${year}-01-01`, validTo: `${year}-12-31` };
};

async function propose(body: Record<string, unknown> = {}, who = 'demo/auditor'): Promise<TMeasure> {
  const res = await post(who, '/claim/controlAudit/propose', {
    providerId: 'P10001',
    proportion: '5',
    basis: '门诊次均费用高于区域均值 30%',
    ...period(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** accept and disagree are the provider's calls, withdraw the operator's. */
const act = (
  who: string,
  action: 'accept' | 'disagree' | 'withdraw',
  m: { id: string; version: number },
  extra = {},
) =>
  post(who, `/claim/${action === 'withdraw' ? 'controlAudit' : 'control'}/${action}`, {
    id: m.id,
    version: m.version,
    ...extra,
  });
const generateId = async (who: string): Promise<string> =>
  (await get(who, '/authority/common/generateId')).json().data;

async function noticesOf(measureNo: string) {
  return t.platform.db
    .select({
      nameEn: messages.nameEn,
      code: messages.code,
      kind: messageRecipients.kind,
      target: messageRecipients.target,
    })
    .from(messages)
    .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(and(eq(messages.tenantId, demoId), like(messages.nameEn, `%${measureNo}%`)));
}

const setProvider = async (patch: Partial<typeof providers.$inferInsert>) => {
  await t.platform.db
    .update(providers)
    .set(patch)
    .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
  await t.platform.authCache.invalidate({ tenantId: demoId, providerId: 'P10001' });
};

let itemSeq = 0;
/** A batch of the demo hospital with lines of these amounts, visited three days ago. */
async function submitBatch(amounts: string[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('s');
  sheet.addRow(STATEMENT_COLUMNS.map(statementHeader));
  for (const amount of amounts) {
    const row: Record<string, string> = {
      memberId: 'M0001001',
      patientName: '张伟',
      visitDate: dayOffset(-3),
      visitType: '01',
      coverageCode: 'OP',
      icdCode: 'J06.9',
      diagnosis: '',
      itemCode: `CC-${++itemSeq}`,
      itemName: '检查',
      quantity: '1',
      amount,
      currency: 'CNY',
      preauthNo: '',
    };
    sheet.addRow(STATEMENT_COLUMNS.map((c) => row[c[0]]));
  }
  const [statementFileId] = await upload(
    t,
    tokens['demo/hospital'],
    [{ filename: `cc-${itemSeq}.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()) }],
    'bucket=claim&bizType=CLAIM_STATEMENT',
  );
  const imageFileIds = await upload(
    t,
    tokens['demo/hospital'],
    [
      {
        filename: `cc-${itemSeq}.pdf`,
        content: Buffer.from('%PDF-1.4\n%cc\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      },
    ],
    'bucket=claim&bizType=CLAIM_IMAGE',
  );
  const res = await post('demo/hospital', '/claim/batch/submit', { statementFileId, imageFileIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
}

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
  await t.platform.db.insert(providers).values({
    tenantId: demoId,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second',
    signStatus: '01',
  });
  await createUser(t, { account: 'clinic2', userType: '02', roles: ['SMART_PORTAL'], providerId: 'P10002' });
  await createUser(t, { account: 'nurse2', userType: '02', roles: ['SMART_PORTAL'], providerId: 'P10001' });
  for (const who of [
    'demo/admin',
    'demo/auditor',
    'demo/hospital',
    'demo/nurse2',
    'demo/netview',
    'demo/clinic2',
    'acme/auditor',
    'acme/hospital',
  ]) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('proposing a measure', () => {
  it('proposes to a provider under a generated id and tells the provider', async () => {
    const id = await generateId('demo/auditor');
    const m = await propose({ id, proportion: 7.5 });
    expect(m).toMatchObject({
      id,
      status: '01',
      providerId: 'P10001',
      proportion: '7.50',
      round: 1,
      autoConfirmed: false,
      version: 0,
    });
    expect(m.measureNo).toMatch(/^CM\d{10}$/);
    expect(await noticesOf(m.measureNo)).toEqual([
      expect.objectContaining({ code: '13', kind: 'provider', target: 'P10001' }),
    ]);
    const shown = (await get('demo/hospital', `/claim/control/detail/${id}`)).json().data;
    expect(shown.flow).toEqual([
      expect.objectContaining({
        action: 'propose',
        toStatus: '01',
        proportion: '7.50',
        validFrom: m.validFrom,
      }),
    ]);
    // The same new id again (a second click) finds the measure taken.
    const twice = await post('demo/auditor', '/claim/controlAudit/propose', {
      id,
      providerId: 'P10001',
      proportion: '7.5',
      basis: '再次',
      ...period(),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses a proportion that is not a number, and every other bad field, in both languages', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ proportion: 'abc' }, 'proportion', '比例必须是数字', 'The proportion must be a number'],
      [{ proportion: '' }, 'proportion', '比例必须是数字', 'The proportion must be a number'],
      [{ proportion: '5%' }, 'proportion', '比例必须是数字', 'The proportion must be a number'],
      [{ proportion: null }, 'proportion', '比例必须是数字', 'The proportion must be a number'],
      [
        { proportion: '0' },
        'proportion',
        '比例须大于 0 且不超过 100（%）',
        'The proportion must be above 0 and at most 100 (%)',
      ],
      [
        { proportion: '100.01' },
        'proportion',
        '比例须大于 0 且不超过 100（%）',
        'The proportion must be above 0 and at most 100 (%)',
      ],
      [{ proportion: '5.125' }, 'proportion', '比例最多两位小数', 'The proportion has at most two decimals'],
      [{ basis: '  ' }, 'basis', '请填写管控依据', 'Enter the basis of the measure'],
      [{ basis: '依据^' }, 'basis', '不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed'],
      [{ basis: 'b'.repeat(1001) }, 'basis', '最多 1000 个字符', 'At most 1000 characters'],
      [{ providerId: '' }, 'providerId', '请选择医疗机构', 'Please select the provider'],
      [{ validFrom: '2030-02-30' }, 'validFrom', '格式不正确', 'Incorrect Format'],
      [
        { validFrom: '2030-06-01', validTo: '2030-05-31' },
        'validTo',
        '结束日期不能早于开始日期',
        'The end date cannot be before the start date',
      ],
    ];
    for (const [patch, field, zh, en] of cases) {
      const res = await post('demo/auditor', '/claim/controlAudit/propose', {
        providerId: 'P10001',
        proportion: '5',
        basis: '依据',
        validFrom: '2030-01-01',
        validTo: '2030-12-31',
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe(40010);
      expect(fieldError(res, field), JSON.stringify(patch)).toEqual({ msg: zh, msg_en: en });
    }
    // A period may lie in the past: the claims of its visits are audited later.
    const past = await propose({ validFrom: '2026-01-01', validTo: '2026-03-31' });
    expect(past).toMatchObject({ status: '01', validTo: '2026-03-31' });
    const unknown = await post('demo/auditor', '/claim/controlAudit/propose', {
      providerId: 'P99999',
      proportion: '5',
      basis: '依据',
      ...period(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 40491, msg_en: 'Provider P99999 does not exist' });
    const list = (await post('demo/auditor', '/claim/controlAudit/list', { size: 50 })).json().data;
    expect(list.records.some((r: { basis: string }) => r.basis === '依据')).toBe(false);
  });

  it('needs the provider’s medical expense management, and follows its auto-confirm', async () => {
    await setProvider({ medicalExpenseEnabled: false });
    try {
      const off = await post('demo/auditor', '/claim/controlAudit/propose', {
        providerId: 'P10001',
        proportion: '5',
        basis: '依据',
        ...period(),
      });
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({ code: 40992 });
      const refused = await post('demo/hospital', '/claim/control/list', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 40303 });
      expect(refused.json().msg_en).toContain('Medical expense management');
      const options = (
        await post('demo/auditor', '/claim/controlAudit/providers', { keyword: 'P10001' })
      ).json().data;
      expect(options).toEqual([
        expect.objectContaining({ providerId: 'P10001', medicalExpense: false, autoConfirm: false }),
      ]);
    } finally {
      await setProvider({ medicalExpenseEnabled: true });
    }
    await setProvider({ medicalExpenseAutoConfirm: true });
    try {
      const options = (
        await post('demo/auditor', '/claim/controlAudit/providers', { keyword: '10001' })
      ).json().data;
      expect(options[0]).toMatchObject({ medicalExpense: true, autoConfirm: true });
      const m = await propose();
      expect(m).toMatchObject({ status: '02', autoConfirmed: true, version: 1 });
      const flow = (await get('demo/auditor', `/claim/controlAudit/detail/${m.id}`)).json().data.flow;
      expect(
        flow.map((f: { action: string; operatorNameEn: string }) => [f.action, f.operatorNameEn]),
      ).toEqual([
        ['propose', 'Wang Min (Auditor)'],
        ['autoAccept', 'System'],
      ]);
      expect((await noticesOf(m.measureNo)).map((n) => n.nameEn)).toEqual([
        `Cost-control measure ${m.measureNo} accepted automatically`,
      ]);
    } finally {
      await setProvider({ medicalExpenseAutoConfirm: false });
    }
  });
});

describe('answering and proposing again', () => {
  it('disagrees with a reason, takes a second round, accepts; the claim audit suggests the deduction', async () => {
    const window = { validFrom: dayOffset(-10), validTo: dayOffset(20) };
    const first = await propose({ proportion: '20', ...window });
    const noReason = await act('demo/hospital', 'disagree', first, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(fieldError(noReason, 'reason')).toEqual({ msg: '请填写异议原因', msg_en: 'Enter the reason' });
    const disputed = await act('demo/hospital', 'disagree', first, { reason: '比例过高，请参考去年数据' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json().data).toMatchObject({
      status: '03',
      reason: '比例过高，请参考去年数据',
      version: 1,
    });
    expect((await noticesOf(first.measureNo)).map((n) => n.kind).sort()).toEqual([
      'allOperators',
      'provider',
    ]);

    const second = await propose({
      id: first.id,
      version: 1,
      proportion: '12.5',
      basis: '按去年数据调整',
      ...window,
    });
    expect(second).toMatchObject({
      id: first.id,
      status: '01',
      round: 2,
      proportion: '12.50',
      reason: '',
      version: 2,
    });
    const accepted = await act('demo/nurse2', 'accept', second);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: '02', version: 3 });
    const flow = (await get('demo/hospital', `/claim/control/detail/${first.id}`)).json().data.flow;
    expect(flow.map((f: { action: string; proportion: string | null }) => [f.action, f.proportion])).toEqual([
      ['propose', '20.00'],
      ['disagree', null],
      ['revise', '12.50'],
      ['accept', null],
    ]);

    // 85.00 × 12.5 % = 10.625, rounded half up to 10.63; 1,250.50 × 12.5 % = 156.3125 -> 156.31.
    const batch = await submitBatch(['85.00', '1250.50']);
    const suggested = (await get('demo/auditor', `/claim/audit/costControl/${batch.id}`)).json().data;
    expect(suggested.lines).toEqual([
      expect.objectContaining({
        measureNo: first.measureNo,
        proportion: '12.50',
        deduction: '10.63',
        suggestedPayable: '74.37',
      }),
      expect.objectContaining({ deduction: '156.31', suggestedPayable: '1094.19' }),
    ]);
    // A suggestion only: the lines' amounts are untouched until the auditor decides.
    const lines = (await get('demo/auditor', `/claim/audit/detail/${batch.id}`)).json().data.lines;
    expect(
      lines.map((l: { amount: string; payableAmount: string | null }) => [l.amount, l.payableAmount]),
    ).toEqual([
      ['85.00', null],
      ['1250.50', null],
    ]);
    // The auditor applies it: the decision pays the suggested amounts.
    const detail = (await get('demo/auditor', `/claim/audit/detail/${batch.id}`)).json().data;
    const decided = await post('demo/auditor', '/claim/audit/decide', {
      id: batch.id,
      version: detail.batch.version,
      lines: detail.lines.map((l: { id: string }, i: number) => ({
        lineId: l.id,
        result: 'approved',
        payableAmount: suggested.lines[i].suggestedPayable,
        reasonCodes: [],
      })),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data.totals).toEqual([{ currency: 'CNY', claimed: '1335.50', payable: '1168.56' }]);
  });

  it('refuses what a status forbids, a stale version, another provider and overlapping accepted periods', async () => {
    const span = period();
    const a = await propose(span);
    const b = await propose({ ...span, validFrom: span.validFrom.replace('01-01', '06-01') });
    const stale = await act('demo/hospital', 'accept', { id: a.id, version: 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40900, msg_en: 'Case status changed' });
    // Two people accept two overlapping proposals at once: one wins.
    const [x, y] = await Promise.all([act('demo/hospital', 'accept', a), act('demo/nurse2', 'accept', b)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const lost = x.statusCode === 409 ? x : y;
    const won = x.statusCode === 200 ? a : b;
    expect(lost.json().code).toBe(40991);
    expect(lost.json().msg_en).toContain(won.measureNo);
    const overlapping = await post('demo/auditor', '/claim/controlAudit/propose', {
      providerId: 'P10001',
      proportion: '3',
      basis: '依据',
      ...span,
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe(40991);

    const again = await act('demo/hospital', 'accept', { id: won.id, version: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 40990 });
    expect(again.json().msg_en).toBe(`Measure ${won.measureNo} is Accepted; it cannot be accepted`);
    expect((await act('demo/auditor', 'withdraw', { id: won.id, version: 1 })).json().code).toBe(40990);

    const c = await propose();
    const moved = await post('demo/auditor', '/claim/controlAudit/propose', {
      id: c.id,
      version: 0,
      providerId: 'P10002',
      proportion: '5',
      basis: '依据',
      ...period(),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe(40993);
    const withdrawn = await act('demo/auditor', 'withdraw', c, { remark: '数据有误' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.status).toBe('04');
    const revive = await post('demo/auditor', '/claim/controlAudit/propose', {
      id: c.id,
      version: 1,
      providerId: 'P10001',
      proportion: '5',
      basis: '依据',
      ...period(),
    });
    expect(revive.statusCode).toBe(409);
    expect(revive.json().code).toBe(40990);
    expect(
      (await act('demo/hospital', 'disagree', { id: c.id, version: 1 }, { reason: '晚了' })).json().code,
    ).toBe(40990);
  });
});

describe('permissions per route', () => {
  it('lets each side use its own routes only', async () => {
    const m = await propose();
    const batch = await submitBatch(['10.00']);
    const operator: [string, string, Record<string, unknown>?][] = [
      ['POST', '/claim/controlAudit/list', {}],
      ['GET', `/claim/controlAudit/detail/${m.id}`],
      [
        'POST',
        '/claim/controlAudit/propose',
        { providerId: 'P10001', proportion: '5', basis: 'x', ...period() },
      ],
      ['POST', '/claim/controlAudit/withdraw', { id: m.id, version: 0 }],
      ['POST', '/claim/controlAudit/providers', {}],
      ['GET', `/claim/audit/costControl/${batch.id}`],
    ];
    for (const [method, url, payload] of operator) {
      for (const who of ['demo/hospital', 'demo/netview']) {
        const res = await as(who, { method: method as 'GET', url: `/saasapi${url}`, payload });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
    }
    const provider: [string, string, Record<string, unknown>?][] = [
      ['POST', '/claim/control/list', {}],
      ['GET', `/claim/control/detail/${m.id}`],
      ['POST', '/claim/control/accept', { id: m.id, version: 0 }],
      ['POST', '/claim/control/disagree', { id: m.id, version: 0, reason: 'x' }],
    ];
    for (const [method, url, payload] of provider) {
      for (const who of ['demo/auditor', 'demo/netview']) {
        const res = await as(who, { method: method as 'GET', url: `/saasapi${url}`, payload });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
      expect(
        (await t.app.inject({ method: method as 'GET', url: `/saasapi${url}`, payload })).statusCode,
      ).toBe(401);
    }
    // The super administrator proposes but never answers for a provider, and a provider never proposes.
    const admin = await post('demo/admin', '/claim/control/accept', { id: m.id, version: 0 });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe(40300);
    expect((await get('demo/admin', `/claim/control/detail/${m.id}`)).statusCode).toBe(200);
  });
});

describe('isolation', () => {
  it("keeps a measure from other tenants and other providers' staff", async () => {
    const m = await propose();
    const batch = await submitBatch(['10.00']);
    for (const [who, url] of [
      ['acme/auditor', `/claim/controlAudit/detail/${m.id}`],
      ['acme/hospital', `/claim/control/detail/${m.id}`],
      ['demo/clinic2', `/claim/control/detail/${m.id}`],
    ] as const) {
      const res = await get(who, url);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe(40490);
    }
    const clinicAccept = await act('demo/clinic2', 'accept', m);
    expect(clinicAccept.statusCode).toBe(404);
    const acmeWithdraw = await post('acme/auditor', '/claim/controlAudit/withdraw', { id: m.id, version: 0 });
    expect(acmeWithdraw.statusCode).toBe(404);
    const acmePropose = await post('acme/auditor', '/claim/controlAudit/propose', {
      id: m.id,
      version: 0,
      providerId: 'P10001',
      proportion: '5',
      basis: '跨租户',
      ...period(),
    });
    expect(acmePropose.statusCode).not.toBe(200);
    const still = (await get('demo/auditor', `/claim/controlAudit/detail/${m.id}`)).json().data.measure;
    expect(still).toMatchObject({ status: '01', version: 0, providerId: 'P10001', basis: m.basis });
    const acmeSuggest = await get('acme/auditor', `/claim/audit/costControl/${batch.id}`);
    expect(acmeSuggest.statusCode).toBe(404);
    expect(acmeSuggest.json().code).toBe(40430);
    expect((await post('demo/clinic2', '/claim/control/list', {})).json().data.total).toBe(0);
    expect((await post('acme/auditor', '/claim/controlAudit/list', {})).json().data.total).toBe(0);
    const own = (
      await post('demo/hospital', '/claim/control/list', { model: { measureNo: m.measureNo } })
    ).json().data;
    expect(own.records.map((r: { id: string }) => r.id)).toEqual([m.id]);
  });
});

import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser, upload } from '../../test/change-tasks.ts';
import { createTestApp, login } from '../../test/test-app.ts';
import {
  approvedClaims,
  expectOutstandingKept,
  get,
  invoiced,
  post,
  type TKit,
} from '../accounting/accounting.kit.ts';
import { claimPayableAdjustments } from '../accounting/accounting.tables.ts';
import { files } from '../files/files.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { benefitUsage } from '../members/members.tables.ts';
import { messageRecipients, messages } from '../messages/messages.tables.ts';
import { loadActor } from '../session/session.service.ts';
import { auditAppeal } from './appeals.lifecycle.ts';
import { appeals } from './appeals.tables.ts';

const k: TKit = { t: undefined as unknown as TKit['t'], tokens: {} };
let demoId = '';

const pdf = (name: string) => ({
  filename: name,
  content: Buffer.from(`%PDF-1.4\n%${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
});
let fileSeq = 0;
const attachments = (names = [`evidence-${++fileSeq}.pdf`], who = 'demo/hospital') =>
  upload(k.t, k.tokens[who], names.map(pdf), 'bucket=claim&bizType=APPEAL_FILE', who.split('/')[0]);

type TAppealDto = { id: string; appealNo: string; status: string; version: number; amount: string };
const create = (who: string, body: Record<string, unknown>, language: 'zh' | 'en' = 'zh') =>
  post(
    k,
    who,
    '/claim/appeal/create',
    { reason: '已补充病历，符合保障范围', fileIds: [], ...body },
    language,
  );
const created = async (lineId: string, amount: string, extra: Record<string, unknown> = {}) => {
  const res = await create('demo/hospital', { lineId, amount, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TAppealDto;
};
const audit = (
  who: string,
  a: { id: string; version: number },
  body: Record<string, unknown>,
  language?: 'zh' | 'en',
) => post(k, who, `/claim/appealAudit/audit/${a.id}`, { version: a.version, ...body }, language);
const payableOf = async (lineId: string) => {
  const res = await get(k, 'demo/auditor', '/claim/acc/payable?providerId=P10001&size=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.records as { lineId: string; payableAmount: string; outstanding: string }[]).find(
    (l) => l.lineId === lineId,
  );
};

/** An approved batch: one approved line (100 of 100) and one rejected line (80), invoices uploaded. */
const decidedBatch = () =>
  approvedClaims(k, [
    { amount: '100.00', payable: '100.00' },
    { amount: '80.00', payable: null },
    { amount: '50.00', payable: '20.00' },
  ]).then((c) => invoiced(k, c));

async function noticesOf(appealNo: string) {
  return k.t.platform.db
    .select({ kind: messageRecipients.kind, target: messageRecipients.target, code: messages.code })
    .from(messages)
    .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(and(eq(messages.tenantId, demoId), like(messages.nameEn, `%${appealNo}%`)));
}

beforeAll(async () => {
  k.t = await createTestApp();
  demoId = (await k.t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
  await k.t.platform.db.insert(providers).values({
    tenantId: demoId,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second Hospital',
    signStatus: '01',
  });
  await createUser(k.t, {
    account: 'clinic2',
    userType: '02',
    roles: ['SMART_PORTAL'],
    providerId: 'P10002',
  });
  await createUser(k.t, { account: 'auditor2', userType: '01', roles: ['AUDITOR'] });
  for (const who of [
    'demo/auditor',
    'demo/auditor2',
    'demo/hospital',
    'demo/clinic2',
    'demo/netview',
    'acme/auditor',
    'acme/hospital',
  ]) {
    const [tenant, account] = who.split('/');
    k.tokens[who] = (await login(k.t.app, tenant, account)).token;
  }
});
// After every test: each claim line's stored outstanding amount (migration 0051) equals the one
// derived from its payments and adjustments (approved appeals add adjustments).
afterEach(async () => {
  if (k.t) await expectOutstandingKept(k);
});
afterAll(async () => {
  await k.t?.close();
});

describe('appealing a claim line', () => {
  it('appeals a rejected line; the auditor approves it and the next payment batch pays it', async () => {
    const batch = await decidedBatch();
    const rejected = batch.lineIds[1];
    expect(await payableOf(rejected)).toBeUndefined();

    const line = await get(k, 'demo/hospital', `/claim/appeal/line/${rejected}`);
    expect(line.statusCode, line.body).toBe(200);
    expect(line.json().data).toMatchObject({ status: '02', maxAmount: '80.00', openAppealNo: null });

    const fileIds = await attachments(['medical-record.pdf', 'discharge-summary.pdf']);
    const a = await created(rejected, '80.00', { fileIds });
    expect(a).toMatchObject({
      status: '01',
      amount: '80.00',
      lineStatus: '02',
      claimedAmount: '80.00',
      version: 0,
    });
    expect(a.appealNo).toMatch(/^CA\d{10}$/);
    expect(await noticesOf(a.appealNo)).toEqual([
      expect.objectContaining({ code: '13', kind: 'allOperators' }),
    ]);

    const shown = (await get(k, 'demo/auditor', `/claim/appealAudit/detail/${a.id}`)).json().data;
    expect(shown.files.map((f: { originalName: string }) => f.originalName).sort()).toEqual([
      'discharge-summary.pdf',
      'medical-record.pdf',
    ]);
    expect(shown.flow.map((f: { action: string }) => f.action)).toEqual(['create']);
    const approved = await audit('demo/auditor', a, { result: 'approve', remark: '资料齐全' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: '04', approvedAmount: '80.00', version: 1 });
    expect(await noticesOf(a.appealNo)).toContainEqual(
      expect.objectContaining({ kind: 'provider', target: 'P10001' }),
    );

    // The rejected line is now payable for 80.00, and a payment batch takes it.
    expect(await payableOf(rejected)).toMatchObject({ payableAmount: '80.00', outstanding: '80.00' });
    const pay = await post(k, 'demo/auditor', '/claim/acc/payBill/save', {
      providerId: 'P10001',
      invoiceCurrency: 'CNY',
      items: [{ lineId: rejected, amount: '80.00' }],
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().data.batch.totalAmount).toBe('80.00');
    // Held in full by the batch to be confirmed: no longer offered.
    expect(await payableOf(rejected)).toBeUndefined();

    // Approved is final; the same appeal adds once.
    const again = await audit('demo/auditor', { id: a.id, version: 1 }, { result: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 40986 });
    const adjustments = await k.t.platform.db
      .select()
      .from(claimPayableAdjustments)
      .where(eq(claimPayableAdjustments.sourceId, a.id));
    expect(adjustments).toHaveLength(1);
    // The amount granted is used of the member's benefit, once.
    const usage = await k.t.platform.db
      .select()
      .from(benefitUsage)
      .where(and(eq(benefitUsage.sourceType, 'appeal'), eq(benefitUsage.sourceId, a.id)));
    expect(usage).toEqual([expect.objectContaining({ amount: '80.00', status: 'used', remark: a.appealNo })]);
  });

  it('appeals the unpaid part of a partly paid line; the auditor may grant less than asked', async () => {
    const batch = await decidedBatch();
    const partly = batch.lineIds[2];
    const tooMuch = await create('demo/hospital', { lineId: partly, amount: '30.01' }, 'en');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({
      code: 40354,
      msg: '申诉金额 30.01 超过可申诉金额 30.00（申请金额减去已应付金额）',
      msg_en: 'The amount 30.01 is more than the 30.00 that can be appealed (claimed less payable)',
    });
    const a = await created(partly, '30.00');
    const over = await audit('demo/auditor', a, { result: 'approve', approvedAmount: '30.50' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 40355 });
    const ok = await audit('demo/auditor', a, { result: 'approve', approvedAmount: '12.50' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await payableOf(partly)).toMatchObject({ payableAmount: '32.50' });
    // The line can be appealed again for what is left (17.50) now that the first is final.
    const line = (await get(k, 'demo/hospital', `/claim/appeal/line/${partly}`)).json().data;
    expect(line.maxAmount).toBe('17.50');
  });

  it("refuses a fully paid line and another provider's or tenant's line", async () => {
    const batch = await decidedBatch();
    const full = await create('demo/hospital', { lineId: batch.lineIds[0], amount: '1.00' });
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({ code: 40353 });
    const other = await create('demo/clinic2', { lineId: batch.lineIds[1], amount: '1.00' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 40481 });
    const foreign = await create('acme/hospital', { lineId: batch.lineIds[1], amount: '1.00' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('one transaction per decision, four eyes', () => {
  it('writes nothing when the payable adjustment fails at the end of an approval', async () => {
    const batch = await decidedBatch();
    const partly = batch.lineIds[2];
    const a = await created(partly, '30.00');
    // Meanwhile an upheld dispute added 10.00 to the line: 20 + 10 + 30 would pass the 50 claimed.
    await k.t.platform.db.insert(claimPayableAdjustments).values({
      tenantId: demoId,
      lineRef: partly,
      providerId: 'P10001',
      currency: 'CNY',
      amount: '10.00',
      sourceType: 'dispute',
      sourceId: `test-${a.id}`,
    });
    const res = await audit('demo/auditor', a, { result: 'approve' }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 40319,
      msg_en: 'With this adjustment the payable 60.00 would be more than the claimed 50.00',
    });
    const [row] = await k.t.platform.db.select().from(appeals).where(eq(appeals.id, a.id));
    expect(row).toMatchObject({ status: '01', version: 0, approvedAmount: null });
    const usage = await k.t.platform.db.select().from(benefitUsage).where(eq(benefitUsage.sourceId, a.id));
    expect(usage).toEqual([]);
    const shown = (await get(k, 'demo/auditor', `/claim/appealAudit/detail/${a.id}`)).json().data;
    expect(shown.flow.map((f: { action: string }) => f.action)).toEqual(['create']);
  });

  it('refuses a decision by the person who submitted the appeal', async () => {
    const batch = await decidedBatch();
    const a = await created(batch.lineIds[1], '80.00');
    const hospital = await loadActor(
      k.t.platform,
      await k.t.platform.tokens.verifyAccess(k.tokens['demo/hospital']),
    );
    // The submitter seen as an operator (a user who changed sides keeps their id).
    const asOperator = { ...hospital, userType: '01', providerId: null };
    await expect(
      auditAppeal(k.t.platform, {
        actor: asOperator,
        id: a.id,
        input: { version: 0, result: 'approve', remark: '' },
      }),
    ).rejects.toMatchObject({
      code: 40987,
      msgEn: 'You cannot decide an appeal you submitted; another auditor must decide it',
    });
    const [row] = await k.t.platform.db.select().from(appeals).where(eq(appeals.id, a.id));
    expect(row.status).toBe('01');
  });
});

describe('one ongoing appeal per claim line', () => {
  it('lets exactly one of several concurrent submissions through', async () => {
    const batch = await decidedBatch();
    const lineId = batch.lineIds[1];
    const results = await Promise.all(
      Array.from({ length: 5 }, () => create('demo/hospital', { lineId, amount: '10.00' })),
    );
    const codes = results.map((r) => r.json().code).sort();
    expect(codes).toEqual([0, 40985, 40985, 40985, 40985]);
    const refused = results.find((r) => r.json().code === 40985);
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().msg_en).toMatch(
      /^Current claim has an appeal in progress \(CA\d{10}\), finish it first$/,
    );
    expect(refused?.json().msg).toMatch(/^当前理赔有申诉正在处理中（CA\d{10}），请先完成$/);
    const rows = await k.t.platform.db.select().from(appeals).where(eq(appeals.lineRef, lineId));
    expect(rows).toHaveLength(1);
  });

  it('blocks a new appeal while one is returned; a withdrawn (closed) or rejected one frees the line', async () => {
    const batch = await decidedBatch();
    const lineId = batch.lineIds[1];
    const a = await created(lineId, '80.00');
    const returned = await audit('demo/auditor', a, { result: 'return', remark: '请补充出院小结' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ status: '02', decisionRemark: '请补充出院小结' });
    const blocked = await create('demo/hospital', { lineId, amount: '5.00' });
    expect(blocked.json()).toMatchObject({ code: 40985 });

    const closed = await post(k, 'demo/hospital', `/claim/appeal/close/${a.id}`, { version: 1 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.status).toBe('05');
    const b = await created(lineId, '70.00');
    const rejected = await audit('demo/auditor', b, { result: 'reject', remark: '不在保障范围内' });
    expect(rejected.json().data.status).toBe('03');
    await created(lineId, '60.00');
  });
});

describe('returning and resubmitting', () => {
  it('returns with a reason; the provider changes it and resubmits; stale versions are refused', async () => {
    const batch = await decidedBatch();
    const [first] = await attachments(['first.pdf']);
    const a = await created(batch.lineIds[1], '80.00', { fileIds: [first] });
    const returned = (await audit('demo/auditor', a, { result: 'return', remark: '请补充资料' })).json().data;

    const stale = await post(
      k,
      'demo/hospital',
      `/claim/appeal/update/${a.id}`,
      {
        version: 0,
        amount: '70.00',
        reason: '补充',
      },
      'en',
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40900, msg: '案件状态已变更', msg_en: 'Case status changed' });

    const [second] = await attachments(['second.pdf']);
    const dup = await attachments(['first.pdf']);
    const twice = await post(
      k,
      'demo/hospital',
      `/claim/appeal/update/${a.id}`,
      {
        version: returned.version,
        amount: '70.00',
        reason: '补充',
        fileIds: [first, dup[0]],
      },
      'en',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 40258,
      msg: '文件名重复：first.pdf',
      msg_en: 'Duplicate file names: first.pdf',
    });

    const res = await post(k, 'demo/hospital', `/claim/appeal/update/${a.id}`, {
      version: returned.version,
      amount: '70.00',
      reason: '已补充出院小结',
      fileIds: [second],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: '01', amount: '70.00', submitCount: 2, version: 2 });
    const shown = (await get(k, 'demo/hospital', `/claim/appeal/detail/${a.id}`)).json().data;
    expect(shown.files.map((f: { originalName: string }) => f.originalName)).toEqual(['second.pdf']);
    expect(shown.flow.map((f: { action: string }) => f.action)).toEqual(['create', 'return', 'resubmit']);

    // A processing appeal cannot be updated; the auditor's stale version is refused.
    const notReturned = await post(k, 'demo/hospital', `/claim/appeal/update/${a.id}`, {
      version: 2,
      amount: '70.00',
      reason: 'x',
    });
    expect(notReturned.json()).toMatchObject({ code: 40986 });
    const staleAudit = await audit('demo/auditor', { id: a.id, version: 1 }, { result: 'approve' });
    expect(staleAudit.json()).toMatchObject({ code: 40900 });
  });

  it('refuses two decisions sent at once: one wins, the other gets Case status changed', async () => {
    const batch = await decidedBatch();
    const a = await created(batch.lineIds[1], '80.00');
    const results = await Promise.all([
      audit('demo/auditor', a, { result: 'approve' }),
      audit('demo/auditor2', a, { result: 'reject', remark: '拒绝' }),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual([0, 40900]);
  });
});

describe('validation, in both languages', () => {
  it('refuses bad input with field messages and saves nothing', async () => {
    const batch = await decidedBatch();
    const lineId = batch.lineIds[1];
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ reason: '' }, 'reason', '请填写申诉理由', 'Enter the reason of the appeal'],
      [{ reason: '理由|' }, 'reason', '不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed'],
      [{ reason: 'x'.repeat(2001) }, 'reason', '最多 2000 个字符', 'At most 2000 characters'],
      [{ amount: '0' }, 'amount', '金额须大于 0', 'The amount must be more than 0'],
      [{ amount: '1.234' }, 'amount', '金额最多两位小数', 'At most two decimals'],
      [{ lineId: 'nope' }, 'lineId', '格式不正确', 'Incorrect Format'],
    ];
    for (const [patch, field, zh, en] of cases) {
      const res = await create('demo/hospital', { lineId, amount: '10.00', ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe(40010);
      expect(res.json().data.fieldErrors[field]).toEqual({ msg: zh, msg_en: en });
    }
    expect(await k.t.platform.db.select().from(appeals).where(eq(appeals.lineRef, lineId))).toEqual([]);
  });

  it('needs a reason to return or reject, not to approve', async () => {
    const batch = await decidedBatch();
    const a = await created(batch.lineIds[1], '80.00');
    for (const result of ['return', 'reject']) {
      const res = await audit('demo/auditor', a, { result, remark: '  ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fieldErrors.remark).toEqual({
        msg: '退回或拒绝须填写原因',
        msg_en: 'Enter the reason for Return or Reject',
      });
    }
  });

  it('needs at least one search criterion', async () => {
    for (const [who, path] of [
      ['demo/hospital', '/claim/appeal/list'],
      ['demo/auditor', '/claim/appealAudit/list'],
    ] as const) {
      const res = await post(
        k,
        who,
        path,
        { current: 1, size: 10, model: { status: [], appealNo: ' ' } },
        'en',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 40350,
        msg: '请至少输入一个查询条件',
        msg_en: 'Search needs at least one condition',
      });
    }
  });

  it('refuses duplicate names, long names, files used elsewhere and more than 200 MB in all', async () => {
    const batch = await decidedBatch();
    const lineId = batch.lineIds[1];
    const dup = [...(await attachments(['scan.pdf'])), ...(await attachments(['SCAN.pdf']))];
    const twice = await create('demo/hospital', { lineId, amount: '10.00', fileIds: dup });
    expect(twice.json()).toMatchObject({ code: 40258, msg: '文件名重复：scan.pdf, SCAN.pdf' });

    const long = await upload(
      k.t,
      k.tokens['demo/hospital'],
      [pdf(`${'a'.repeat(97)}.pdf`)],
      'bucket=claim&bizType=APPEAL_FILE',
    ).catch((e: Error) => e);
    expect(long).toBeInstanceOf(Error);
    const [fits] = await attachments([`${'病'.repeat(96)}.pdf`]);
    expect(fits).toBeTruthy();

    const a = await created(lineId, '10.00');
    const hospital = await loadActor(
      k.t.platform,
      await k.t.platform.tokens.verifyAccess(k.tokens['demo/hospital']),
    );
    await k.t.platform.db.insert(files).values({
      tenantId: demoId,
      bucket: 'claim',
      bizType: 'APPEAL_FILE',
      bizId: a.id,
      profile: 'appeal',
      originalName: 'big.pdf',
      extension: 'pdf',
      storedKey: `${demoId}/claim/none/big.pdf`,
      contentType: 'application/pdf',
      size: 209_715_200 - 10,
      sha256: '0'.repeat(64),
      crc32: 0,
      uploadedBy: hospital.userId,
      uploaderProviderId: 'P10001',
    });
    await audit('demo/auditor', a, { result: 'return', remark: '补充' });
    const big = await post(
      k,
      'demo/hospital',
      `/claim/appeal/update/${a.id}`,
      {
        version: 1,
        amount: '10.00',
        reason: '补充',
        fileIds: [
          (await k.t.platform.db.select().from(files).where(eq(files.bizId, a.id)))[0].id,
          ...(await attachments(['more.pdf'])),
        ],
      },
      'en',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 40351,
      msg: '附件大小超出限制（每个申诉最多 200M）',
      msg_en: 'Attachment size exceeded (200M an appeal at most)',
    });

    const used = await create('demo/hospital', { lineId: batch.lineIds[2], amount: '1.00', fileIds: [fits] });
    expect(used.statusCode, used.body).toBe(200);
    const reused = await create('demo/hospital', {
      lineId: (await decidedBatch()).lineIds[1],
      amount: '1.00',
      fileIds: [fits],
    });
    expect(reused.json()).toMatchObject({ code: 40356 });
  });
});

describe('isolation and permissions', () => {
  it('hides appeals from other providers and tenants and refuses roles without the permission', async () => {
    const batch = await decidedBatch();
    const a = await created(batch.lineIds[1], '80.00');
    for (const who of ['demo/clinic2', 'acme/hospital']) {
      const res = await get(k, who, `/claim/appeal/detail/${a.id}`);
      expect(res.statusCode, who).toBe(404);
    }
    const foreignAudit = await get(k, 'acme/auditor', `/claim/appealAudit/detail/${a.id}`);
    expect(foreignAudit.statusCode).toBe(404);
    expect(foreignAudit.json().code).toBe(40480);
    const foreignDecision = await audit('acme/auditor', a, { result: 'approve' });
    expect(foreignDecision.statusCode).toBe(404);
    const otherClose = await post(k, 'demo/clinic2', `/claim/appeal/close/${a.id}`, { version: 0 });
    expect(otherClose.statusCode).toBe(404);

    const mine = await post(k, 'demo/hospital', '/claim/appeal/list', { model: { appealNo: a.appealNo } });
    expect(mine.json().data.total).toBe(1);
    const theirs = await post(k, 'demo/clinic2', '/claim/appeal/list', { model: { appealNo: a.appealNo } });
    expect(theirs.json().data.total).toBe(0);
    const all = await post(k, 'demo/auditor', '/claim/appealAudit/list', { model: { status: ['01'] } });
    expect(all.json().data.records.map((r: { id: string }) => r.id)).toContain(a.id);

    // Missing permissions: 403, nothing changes.
    for (const [who, method, url, body] of [
      ['demo/netview', 'POST', '/claim/appeal/list', { model: { status: ['01'] } }],
      ['demo/netview', 'GET', `/claim/appeal/detail/${a.id}`, undefined],
      ['demo/hospital', 'POST', `/claim/appealAudit/audit/${a.id}`, { version: 0, result: 'approve' }],
      ['demo/hospital', 'POST', '/claim/appealAudit/list', { model: { status: ['01'] } }],
      [
        'demo/auditor',
        'POST',
        '/claim/appeal/create',
        { lineId: batch.lineIds[2], amount: '1.00', reason: 'x' },
      ],
      ['demo/auditor', 'POST', `/claim/appeal/close/${a.id}`, { version: 0 }],
    ] as const) {
      const res =
        method === 'GET' ? await get(k, who, url) : await post(k, who, url, body as Record<string, unknown>);
      expect(res.statusCode, `${who} ${url}`).toBe(403);
    }
    const [row] = await k.t.platform.db.select().from(appeals).where(eq(appeals.id, a.id));
    expect(row.status).toBe('01');
  });
});

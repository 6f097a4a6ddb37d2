import { STATEMENT_COLUMNS, statementHeader } from '@portal/domain/claims/rules';
import { chinaDay } from '@portal/domain/format/format';
import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActor } from '../../platform/auth/access.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser, upload } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { files } from '../files/files.tables.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { messageRecipients, messages } from '../messages/messages.tables.ts';
import { loadActor } from '../session/session.service.ts';
import { answerInvestigation, openInvestigation } from './investigations.lifecycle.ts';
import { investigationDetail } from './investigations.service.ts';
import { investigationFlow, investigations } from './investigations.tables.ts';
import { INVESTIGATION_TIMEOUT_JOB, timeOutInvestigations } from './investigations.timeout.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';

const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);
const post = (who: string, url: string, payload: Record<string, unknown>) =>
  as(who, { method: 'POST', url: `/saasapi${url}`, payload });
const get = (who: string, url: string) => as(who, { method: 'GET', url: `/saasapi${url}` });
const actorOf = async (who: string): Promise<TActor> =>
  loadActor(t.platform, await t.platform.tokens.verifyAccess(tokens[who]));
const today = () => chinaDay(new Date());
const dayOffset = (days: number) => chinaDay(new Date(Date.now() + days * 86_400_000));

// ---- Claim batches to investigate ------------------------------------------------------------

let itemSeq = 0;
async function statement(count: number) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('s');
  sheet.addRow(STATEMENT_COLUMNS.map(statementHeader));
  for (let i = 0; i < count; i++) {
    const row: Record<string, string> = {
      memberId: 'M0001001',
      patientName: '张伟',
      visitDate: dayOffset(-3),
      visitType: '01',
      coverageCode: 'OP',
      icdCode: 'J06.9',
      diagnosis: '上呼吸道感染',
      itemCode: `INV-${++itemSeq}`,
      itemName: '血常规',
      quantity: '1',
      amount: '85.00',
      currency: 'CNY',
      preauthNo: '',
    };
    sheet.addRow(STATEMENT_COLUMNS.map((c) => row[c[0]]));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const pdf = (name: string, text = name) => ({
  filename: name,
  content: Buffer.from(`%PDF-1.4\n%${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
});
let fileSeq = 0;

type TLine = { id: string; rowNo: number };
/** A batch of `count` lines submitted by the demo hospital; its id, version and lines. */
async function submitBatch(count = 2): Promise<{ id: string; version: number; lines: TLine[] }> {
  const [statementFileId] = await upload(
    t,
    tokens['demo/hospital'],
    [{ filename: `inv-statement-${++fileSeq}.xlsx`, content: await statement(count) }],
    'bucket=claim&bizType=CLAIM_STATEMENT',
  );
  const imageFileIds = await upload(
    t,
    tokens['demo/hospital'],
    [pdf(`inv-img-${++fileSeq}.pdf`)],
    'bucket=claim&bizType=CLAIM_IMAGE',
  );
  const res = await post('demo/hospital', '/claim/batch/submit', { statementFileId, imageFileIds });
  expect(res.statusCode, res.body).toBe(200);
  const batch = res.json().data;
  const detail = (await get('demo/auditor', `/claim/audit/detail/${batch.id}`)).json().data;
  return { id: batch.id, version: batch.version, lines: detail.lines };
}
async function aLine(): Promise<TLine> {
  return (await submitBatch(1)).lines[0];
}

type TCase = { id: string; version: number; status: string; caseNo: string; lineId: string };
async function open(lineId: string, extra: Record<string, unknown> = {}): Promise<TCase> {
  const res = await post('demo/auditor', '/claim/medicalAudit/open', {
    lineId,
    type: 'normal',
    request: '请提供门诊病历及检查报告',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const uploadRecords = (who = 'demo/hospital', names = [`record-${++fileSeq}.pdf`]) =>
  upload(
    t,
    tokens[who],
    names.map((n) => pdf(n)),
    'bucket=claim&bizType=INVESTIGATION_FILE',
    who.split('/')[0],
  );
const answer = (who: string, c: { id: string; version: number }, body: Record<string, unknown>) =>
  post(who, '/claim/medical/reply', { id: c.id, version: c.version, ...body });
const detail = async (who: string, id: string, area = 'medical') =>
  (await get(who, `/claim/${area}/detail/${id}`)).json().data;

/** The message-centre notices whose title names the case, with their recipients. */
async function noticesOf(caseNo: string) {
  return t.platform.db
    .select({
      name: messages.name,
      code: messages.code,
      kind: messageRecipients.kind,
      target: messageRecipients.target,
    })
    .from(messages)
    .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(and(eq(messages.tenantId, demoId), like(messages.nameEn, `%${caseNo}%`)));
}

const fieldError = (
  res: { json(): { data: { fieldErrors: Record<string, { msg: string; msg_en: string }> } } },
  field: string,
) => res.json().data.fieldErrors[field];

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
  // A second provider of the demo tenant with its own staff: it must never see P10001's cases.
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

describe('opening an investigation', () => {
  it('asks the provider for records of a claim line, fixes the deadline and tells the provider', async () => {
    const line = await aLine();
    const c = await open(line.id);
    expect(c).toMatchObject({
      status: '01',
      type: 'normal',
      providerId: 'P10001',
      lineId: line.id,
      rowNo: 2,
      memberId: 'M0001001',
      openedOn: today(),
      countdown: 5,
      uploadOpen: true,
      replyCount: 0,
      version: 0,
    });
    expect(c.caseNo).toMatch(/^CI\d{10}$/);
    // The member's name travels masked, as on the claim screens.
    expect((c as unknown as { memberName: string }).memberName).not.toBe('张伟');
    const notices = await noticesOf(c.caseNo);
    expect(notices).toEqual([expect.objectContaining({ code: '13', kind: 'provider', target: 'P10001' })]);
    const shown = await detail('demo/hospital', c.id);
    expect(shown.investigation.caseNo).toBe(c.caseNo);
    expect(shown.flow.map((f: { action: string }) => f.action)).toEqual(['open']);
  });

  it('refuses bad input with the message in both languages and saves nothing', async () => {
    const line = await aLine();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ request: '' }, 'request', '请说明需要的病历资料', 'Say which medical records are needed'],
      [{ request: '病历|报告' }, 'request', '不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed'],
      [{ request: 'x'.repeat(1001) }, 'request', '最多 1000 个字符', 'At most 1000 characters'],
      [{ type: 'urgent' }, 'type', '不能为空', "Can't be empty"],
      [{ lineId: 'not-a-line' }, 'lineId', '格式不正确', 'Incorrect Format'],
    ];
    for (const [patch, field, zh, en] of cases) {
      const res = await post('demo/auditor', '/claim/medicalAudit/open', {
        lineId: line.id,
        type: 'normal',
        request: '病历',
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe(40010);
      expect(fieldError(res, field)).toEqual({ msg: zh, msg_en: en });
    }
    const rows = await t.platform.db.select().from(investigations).where(eq(investigations.lineRef, line.id));
    expect(rows).toEqual([]);
  });

  it('refuses a missing line, a second case on a line, a withdrawn batch and a provider without the switch', async () => {
    const missing = await post('demo/auditor', '/claim/medicalAudit/open', {
      lineId: '00000000-0000-4000-8000-000000000000',
      type: 'normal',
      request: '病历',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 40471 });

    const batch = await submitBatch(1);
    const first = await open(batch.lines[0].id);
    const again = await post('demo/auditor', '/claim/medicalAudit/open', {
      lineId: batch.lines[0].id,
      type: 'longer',
      request: '再次',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 40983 });
    expect(again.json().msg_en).toContain(first.caseNo);

    const other = await submitBatch(1);
    const withdrawn = await post('demo/hospital', '/claim/batch/withdraw', {
      id: other.id,
      version: other.version,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const refused = await post('demo/auditor', '/claim/medicalAudit/open', {
      lineId: other.lines[0].id,
      type: 'normal',
      request: '病历',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 40335 });

    const line = await aLine();
    await t.platform.db
      .update(providers)
      .set({ investigationEnabled: false })
      .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
    try {
      const off = await post('demo/auditor', '/claim/medicalAudit/open', {
        lineId: line.id,
        type: 'normal',
        request: '病历',
      });
      expect(off.statusCode).toBe(409);
      expect(off.json()).toMatchObject({
        code: 40984,
        msg_en:
          'Provider P10001 does not have claim investigation management switched on, so it cannot be asked',
      });
    } finally {
      await t.platform.db
        .update(providers)
        .set({ investigationEnabled: true })
        .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
    }
  });

  it('opens one case per line when two operators open at once', async () => {
    const line = await aLine();
    const body = { lineId: line.id, type: 'normal', request: '病历' };
    const results = await Promise.all([
      post('demo/auditor', '/claim/medicalAudit/open', body),
      post('demo/admin', '/claim/medicalAudit/open', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe(40983);
    const rows = await t.platform.db.select().from(investigations).where(eq(investigations.lineRef, line.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps the case, with its copy of the line, when the provider changes the batch', async () => {
    const batch = await submitBatch(1);
    const c = await open(batch.lines[0].id);
    const [statementFileId] = await upload(
      t,
      tokens['demo/hospital'],
      [{ filename: `inv-statement-${++fileSeq}.xlsx`, content: await statement(1) }],
      'bucket=claim&bizType=CLAIM_STATEMENT',
    );
    const imageFileIds = await upload(
      t,
      tokens['demo/hospital'],
      [pdf(`inv-img-${++fileSeq}.pdf`)],
      'bucket=claim&bizType=CLAIM_IMAGE',
    );
    const edited = await post('demo/hospital', '/claim/batch/submit', {
      id: batch.id,
      version: batch.version,
      statementFileId,
      imageFileIds,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await detail('demo/auditor', c.id, 'medicalAudit')).investigation;
    expect(after).toMatchObject({ id: c.id, lineId: null, rowNo: 2, status: '01', batchId: batch.id });
  });
});

describe("the provider's answer", () => {
  it('takes files, a description, a remark and tracking numbers; the operators are told', async () => {
    const c = await open((await aLine()).id);
    const fileIds = await uploadRecords('demo/hospital', ['门诊病历.pdf', 'lab-report.pdf']);
    const res = await answer('demo/hospital', c, {
      fileIds,
      description: '门诊病历及化验单',
      remark: '原件已寄出',
      trackingNumbers: ' SF1234567890 ; YT-998877 ;',
      postingDate: dayOffset(-1),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: '01', replyCount: 1, version: 1 });
    const shown = await detail('demo/auditor', c.id, 'medicalAudit');
    expect(shown.answers).toEqual([
      expect.objectContaining({
        description: '门诊病历及化验单',
        remark: '原件已寄出',
        trackingNumbers: 'SF1234567890;YT-998877',
        postingDate: dayOffset(-1),
        files: [
          expect.objectContaining({ originalName: '门诊病历.pdf' }),
          expect.objectContaining({ originalName: 'lab-report.pdf' }),
        ],
      }),
    ]);
    expect(shown.usedBytes).toBeGreaterThan(0);
    expect(shown.flow.map((f: { action: string }) => f.action)).toEqual(['open', 'reply']);
    expect((await noticesOf(c.caseNo)).map((n) => n.kind).sort()).toEqual(['allOperators', 'provider']);
    // A description alone is an answer too, and a file alone.
    const again = await answer('demo/hospital', { id: c.id, version: 1 }, { description: '补充说明' });
    expect(again.statusCode, again.body).toBe(200);
    const onlyFile = await answer(
      'demo/hospital',
      { id: c.id, version: 2 },
      { fileIds: await uploadRecords() },
    );
    expect(onlyFile.statusCode, onlyFile.body).toBe(200);
  });

  it('refuses every bad answer with the message in both languages', async () => {
    const c = await open((await aLine()).id);
    const empty = await answer('demo/hospital', c, { description: '   ', remark: '只有备注' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 40330,
      msg: '请上传文件或填写说明后再提交',
      msg_en: 'Upload a file or enter a description before submitting',
    });
    const fields: [Record<string, unknown>, string, string, string][] = [
      [
        { description: '病历^1' },
        'description',
        '不能包含 | 或 ^ 字符',
        'The characters | and ^ are not allowed',
      ],
      [{ remark: 'a|b' }, 'remark', '不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed'],
      [{ remark: '备'.repeat(1001) }, 'remark', '最多 1000 个字符', 'At most 1000 characters'],
      [{ description: 'd'.repeat(2001) }, 'description', '最多 2000 个字符', 'At most 2000 characters'],
      [
        { trackingNumbers: `${'SF12345678;'.repeat(18)}SF1234567` },
        'trackingNumbers',
        '快递单号最多 200 个字符',
        'Tracking numbers are at most 200 characters',
      ],
      [
        { trackingNumbers: 'SF123；YT456' },
        'trackingNumbers',
        '多个快递单号请用英文分号（;）分隔',
        'Separate tracking numbers with English semicolons (;)',
      ],
      [
        { trackingNumbers: 'SF123,YT456' },
        'trackingNumbers',
        '多个快递单号请用英文分号（;）分隔',
        'Separate tracking numbers with English semicolons (;)',
      ],
      [
        { trackingNumbers: 'SF 123' },
        'trackingNumbers',
        '快递单号只能包含字母、数字和连字符',
        'A tracking number has letters, digits and hyphens only',
      ],
      [
        { trackingNumbers: 'SF1^2' },
        'trackingNumbers',
        '不能包含 | 或 ^ 字符',
        'The characters | and ^ are not allowed',
      ],
      [
        { trackingNumbers: 'SF1', postingDate: '2026-02-30' },
        'postingDate',
        '格式不正确',
        'Incorrect Format',
      ],
    ];
    for (const [patch, field, zh, en] of fields) {
      const res = await answer('demo/hospital', c, { description: '病历', ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe(40010);
      expect(fieldError(res, field), JSON.stringify(patch)).toEqual({ msg: zh, msg_en: en });
    }
    const noDate = await answer('demo/hospital', c, { description: '病历', trackingNumbers: 'SF1' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toMatchObject({
      code: 40331,
      msg_en: 'Enter the posting date of the tracking numbers',
    });
    expect(fieldError(noDate, 'postingDate')).toEqual({
      msg: '填写快递单号时须填写寄出日期',
      msg_en: 'Enter the posting date of the tracking numbers',
    });
    for (const postingDate of [today(), dayOffset(1)]) {
      const res = await answer('demo/hospital', c, {
        description: '病历',
        trackingNumbers: 'SF1',
        postingDate,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 40332,
        msg: '寄出日期须早于今天',
        msg_en: 'The posting date must be earlier than today',
      });
    }
    // Exactly 200 characters pass; nothing above was saved.
    const max = `${'SF12345678;'.repeat(17)}SF12345678901`;
    expect(max).toHaveLength(200);
    const ok = await answer('demo/hospital', c, {
      description: '病历',
      trackingNumbers: max,
      postingDate: dayOffset(-2),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await detail('demo/hospital', c.id)).answers).toHaveLength(1);
  });

  it('refuses a file name over 100 characters, files over 200 MB in all and files uploaded for something else', async () => {
    const long = `${'病'.repeat(97)}.pdf`;
    const body = await call(t.app, 'demo', tokens['demo/hospital'], {
      method: 'POST',
      url: '/saasapi/file/file/anyone/uploadBatch?bucket=claim&bizType=INVESTIGATION_FILE',
      ...(await import('../../test/change-tasks.ts')).multipart([pdf(long)]),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 40029 });
    const [fits] = await uploadRecords('demo/hospital', [`${'病'.repeat(96)}.pdf`]);
    expect(fits).toBeTruthy();

    const c = await open((await aLine()).id);
    // 199.9 MB already held by the case (rows only: the rule counts the recorded sizes).
    const hospitalUser = await actorOf('demo/hospital');
    await t.platform.db.insert(files).values({
      tenantId: demoId,
      bucket: 'claim',
      bizType: 'INVESTIGATION_FILE',
      bizId: c.id,
      profile: 'investigation',
      originalName: 'scan.pdf',
      extension: 'pdf',
      storedKey: `${demoId}/claim/none/scan.pdf`,
      contentType: 'application/pdf',
      size: 209_715_200 - 10,
      sha256: '0'.repeat(64),
      crc32: 0,
      uploadedBy: hospitalUser.userId,
      uploaderProviderId: 'P10001',
    });
    const over = await answer('demo/hospital', c, { fileIds: await uploadRecords() });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      code: 40333,
      msg: '附件大小超出限制（每个调查最多 200M）',
      msg_en: 'Attachment size exceeded (200M an investigation at most)',
    });
    const [image] = await upload(
      t,
      tokens['demo/hospital'],
      [pdf('image.pdf')],
      'bucket=claim&bizType=CLAIM_IMAGE',
    );
    const wrong = await answer('demo/hospital', c, { fileIds: [image] });
    expect(wrong.statusCode).toBe(400);
    expect(fieldError(wrong, 'fileIds').msg_en).toBe(
      'A file is missing or cannot be used here; upload it again',
    );
  });

  it('refuses an answer on a case that changed since it was read: Case status changed', async () => {
    const c = await open((await aLine()).id);
    const [a, b] = await Promise.all([
      answer('demo/hospital', c, { description: '第一份' }),
      answer('demo/nurse2', c, { description: '第二份' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json()).toMatchObject({ code: 40900, msg: '案件状态已变更', msg_en: 'Case status changed' });
    expect((await detail('demo/hospital', c.id)).answers).toHaveLength(1);
  });
});

describe('completing and cancelling', () => {
  it('completes an answered case, cancels with a reason, and refuses what their status forbids', async () => {
    const c = await open((await aLine()).id);
    const early = await post('demo/auditor', '/claim/medicalAudit/complete', { id: c.id, version: 0 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 40334 });
    await answer('demo/hospital', c, { description: '病历' });
    const stale = await post('demo/auditor', '/claim/medicalAudit/complete', { id: c.id, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(40900);
    const done = await post('demo/auditor', '/claim/medicalAudit/complete', {
      id: c.id,
      version: 1,
      remark: '资料齐全',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({
      status: '04',
      countdown: null,
      uploadOpen: false,
      decisionRemark: '资料齐全',
    });
    const late = await answer('demo/hospital', { id: c.id, version: 2 }, { description: '再补充' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 40982,
      msg_en: `Investigation ${c.caseNo} is Completed; it cannot be answered`,
    });

    const d = await open((await aLine()).id);
    const noReason = await post('demo/auditor', '/claim/medicalAudit/cancel', {
      id: d.id,
      version: 0,
      remark: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(fieldError(noReason, 'remark')).toEqual({ msg: '请填写取消原因', msg_en: 'Enter the reason' });
    const cancelled = await post('demo/auditor', '/claim/medicalAudit/cancel', {
      id: d.id,
      version: 0,
      remark: '已获取资料',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('03');
    for (const res of [
      await answer('demo/hospital', { id: d.id, version: 1 }, { description: '病历' }),
      await post('demo/auditor', '/claim/medicalAudit/complete', { id: d.id, version: 1 }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 40981, msg: '案件已取消', msg_en: 'Case cancelled' });
    }
    const names = (await noticesOf(d.caseNo)).map((n) => n.name);
    expect(names).toContain(`理赔调查 ${d.caseNo} 已取消`);
    const flow = await t.platform.db
      .select({ action: investigationFlow.action })
      .from(investigationFlow)
      .where(eq(investigationFlow.investigationRef, d.id));
    expect(flow.map((f) => f.action).sort()).toEqual(['cancel', 'open']);
  });
});

describe('the countdown across weekends and holidays (2026 as seeded)', () => {
  const at = (iso: string) => new Date(iso);
  it('opened on Friday 18 September: Mid-autumn and the golden week do not count, the adjusted Sunday does', async () => {
    const auditor = await actorOf('demo/auditor');
    const line = await aLine();
    // 10:00 China time, Friday 2026-09-18.
    const c = await openInvestigation(t.platform, {
      actor: auditor,
      input: { lineId: line.id, type: 'normal', request: '病历' },
      now: at('2026-09-18T02:00:00Z'),
    });
    expect(c).toMatchObject({
      openedOn: '2026-09-18',
      lastUploadDay: '2026-10-09',
      closesAt: '2026-10-10 00:00:00',
    });
    const on = async (iso: string) =>
      (await investigationDetail(t.platform, { actor: auditor, id: c.id, now: at(iso) })).investigation;
    expect(await on('2026-09-19T04:00:00Z')).toMatchObject({ countdown: 5, uploadOpen: true }); // Saturday
    expect(await on('2026-09-20T04:00:00Z')).toMatchObject({ countdown: 5 }); // adjusted Sunday, first working day
    expect(await on('2026-09-21T04:00:00Z')).toMatchObject({ countdown: 4 });
    expect(await on('2026-09-26T04:00:00Z')).toMatchObject({ countdown: 0 }); // Mid-autumn
    expect(await on('2026-10-03T04:00:00Z')).toMatchObject({ countdown: -3 }); // golden week
    expect(await on('2026-10-09T15:59:00Z')).toMatchObject({ countdown: -4, uploadOpen: true }); // 23:59 of the last day
    expect(await on('2026-10-09T16:00:00Z')).toMatchObject({ countdown: -4, uploadOpen: false }); // 00:00 after it

    const hospital = await actorOf('demo/hospital');
    const last = await answerInvestigation(t.platform, {
      actor: hospital,
      input: {
        id: c.id,
        version: 0,
        fileIds: [],
        description: '最后一天上传',
        remark: '',
        trackingNumbers: 'SF1',
        postingDate: '2026-10-08',
      },
      now: at('2026-10-09T15:59:00Z'),
    });
    expect(last.replyCount).toBe(1);
    await expect(
      answerInvestigation(t.platform, {
        actor: hospital,
        input: {
          id: c.id,
          version: 1,
          fileIds: [],
          description: '太晚',
          remark: '',
          trackingNumbers: '',
          postingDate: null,
        },
        now: at('2026-10-09T16:00:00Z'),
      }),
    ).rejects.toMatchObject({ code: 40980, msgEn: 'Case timed out and terminated', msgZh: '案件已超时终止' });
  });

  it('opened on Saturday 19 September, longer: counts from Monday like a Friday case and runs to -9', async () => {
    const auditor = await actorOf('demo/auditor');
    const c = await openInvestigation(t.platform, {
      actor: auditor,
      input: { lineId: (await aLine()).id, type: 'longer', request: '病历' },
      now: at('2026-09-19T02:00:00Z'),
    });
    expect(c).toMatchObject({ lastUploadDay: '2026-10-15', closesAt: '2026-10-16 00:00:00' });
    const on = async (iso: string) =>
      (await investigationDetail(t.platform, { actor: auditor, id: c.id, now: at(iso) })).investigation
        .countdown;
    expect(await on('2026-10-10T04:00:00Z')).toBe(-5); // the adjusted Saturday works
    expect(await on('2026-10-12T04:00:00Z')).toBe(-6);
    expect(await on('2026-10-15T04:00:00Z')).toBe(-9);
  });

  it('opened on Wednesday 25 November with weekends only: a Saturday shows what Monday will', async () => {
    const auditor = await actorOf('demo/auditor');
    const c = await openInvestigation(t.platform, {
      actor: auditor,
      input: { lineId: (await aLine()).id, type: 'normal', request: '病历' },
      now: at('2026-11-25T01:00:00Z'),
    });
    expect(c.lastUploadDay).toBe('2026-12-09');
    const on = async (iso: string) =>
      (await investigationDetail(t.platform, { actor: auditor, id: c.id, now: at(iso) })).investigation
        .countdown;
    expect(await on('2026-11-27T04:00:00Z')).toBe(4);
    expect(await on('2026-11-28T04:00:00Z')).toBe(3);
    expect(await on('2026-11-30T04:00:00Z')).toBe(3);
  });
});

describe('permissions per route', () => {
  it('lets each side use its own routes only', async () => {
    const c = await open((await aLine()).id);
    const audit: [string, string, Record<string, unknown>?][] = [
      ['POST', '/claim/medicalAudit/list', {}],
      ['GET', `/claim/medicalAudit/detail/${c.id}`],
      ['GET', `/claim/medicalAudit/batch/${c.id}`],
      ['POST', '/claim/medicalAudit/open', { lineId: c.id, type: 'normal', request: 'x' }],
      ['POST', '/claim/medicalAudit/complete', { id: c.id, version: 0 }],
      ['POST', '/claim/medicalAudit/cancel', { id: c.id, version: 0, remark: 'x' }],
    ];
    for (const [method, url, payload] of audit) {
      for (const who of ['demo/hospital', 'demo/netview']) {
        const res = await as(who, { method: method as 'GET', url: `/saasapi${url}`, payload });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
    }
    const provider: [string, string, Record<string, unknown>?][] = [
      ['POST', '/claim/medical/list', {}],
      ['GET', `/claim/medical/detail/${c.id}`],
      ['POST', '/claim/medical/reply', { id: c.id, version: 0, description: 'x' }],
    ];
    for (const [method, url, payload] of provider) {
      for (const who of ['demo/auditor', 'demo/netview']) {
        const res = await as(who, { method: method as 'GET', url: `/saasapi${url}`, payload });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
      }
      const anonymous = await t.app.inject({ method: method as 'GET', url: `/saasapi${url}`, payload });
      expect(anonymous.statusCode).toBe(401);
    }
    // The super administrator reads everything but never answers for a provider.
    const admin = await answer('demo/admin', c, { description: '代答' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe(40300);
    expect((await post('demo/admin', '/claim/medical/list', {})).statusCode).toBe(200);
  });

  it("refuses the provider's routes while its claim investigation switch is off", async () => {
    await t.platform.db
      .update(providers)
      .set({ investigationEnabled: false })
      .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
    try {
      // Cached sessions of the provider see the change once the cache is told (the admin screen does it).
      await t.platform.authCache.invalidate({ tenantId: demoId, providerId: 'P10001' });
      const res = await post('demo/hospital', '/claim/medical/list', {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 40303 });
      expect(res.json().msg_en).toContain('Claim investigation management');
    } finally {
      await t.platform.db
        .update(providers)
        .set({ investigationEnabled: true })
        .where(and(eq(providers.tenantId, demoId), eq(providers.providerId, 'P10001')));
      await t.platform.authCache.invalidate({ tenantId: demoId, providerId: 'P10001' });
    }
    expect((await post('demo/hospital', '/claim/medical/list', {})).statusCode).toBe(200);
  });
});

describe('isolation', () => {
  it("keeps a case from other tenants and other providers' staff", async () => {
    const c = await open((await aLine()).id);
    for (const [who, url] of [
      ['acme/auditor', `/claim/medicalAudit/detail/${c.id}`],
      ['acme/hospital', `/claim/medical/detail/${c.id}`],
      ['demo/clinic2', `/claim/medical/detail/${c.id}`],
    ] as const) {
      const res = await get(who, url);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe(40470);
    }
    const foreign = await answer('demo/clinic2', c, { description: '不是我的' });
    expect(foreign.statusCode).toBe(404);
    const acmeComplete = await post('acme/auditor', '/claim/medicalAudit/cancel', {
      id: c.id,
      version: 0,
      remark: '跨租户',
    });
    expect(acmeComplete.statusCode).toBe(404);
    const acmeOpen = await post('acme/auditor', '/claim/medicalAudit/open', {
      lineId: c.lineId,
      type: 'normal',
      request: '跨租户',
    });
    expect(acmeOpen.statusCode).toBe(404);
    expect(acmeOpen.json().code).toBe(40471);
    const clinicList = (await post('demo/clinic2', '/claim/medical/list', {})).json().data;
    expect(clinicList.total).toBe(0);
    const acmeList = (await post('acme/auditor', '/claim/medicalAudit/list', {})).json().data;
    expect(acmeList.total).toBe(0);
    const ownList = (
      await post('demo/hospital', '/claim/medical/list', { model: { caseNo: c.caseNo } })
    ).json().data;
    expect(ownList.records.map((r: { id: string }) => r.id)).toEqual([c.id]);
    // The answer's files follow the case: the other provider cannot read them.
    const [fileId] = await uploadRecords();
    await answer('demo/hospital', c, { fileIds: [fileId] });
    const peek = await get('demo/clinic2', `/file/file/view/${fileId}`);
    expect(peek.statusCode).toBe(404);
    expect((await get('demo/auditor', `/file/file/view/${fileId}`)).statusCode).toBe(200);
  });
});

describe('the time-out job', () => {
  it('terminates processing cases whose upload closed, once, and tells both sides', async () => {
    const auditor = await actorOf('demo/auditor');
    const old = await openInvestigation(t.platform, {
      actor: auditor,
      input: { lineId: (await aLine()).id, type: 'normal', request: '病历' },
      now: new Date('2026-09-18T02:00:00Z'),
    });
    const fresh = await open((await aLine()).id);
    // Not yet: one minute before the old case closes.
    expect(await timeOutInvestigations(t.platform, new Date('2026-10-09T15:59:00Z'))).toEqual({
      terminated: 0,
    });
    await t.platform.jobs.requestRun(INVESTIGATION_TIMEOUT_JOB);
    const run = await t.platform.jobs.runDue(INVESTIGATION_TIMEOUT_JOB);
    expect(run.status).toBe('ran');
    const shown = (await detail('demo/auditor', old.id, 'medicalAudit')).investigation;
    expect(shown).toMatchObject({ status: '02', countdown: -4, uploadOpen: false });
    expect((await detail('demo/auditor', fresh.id, 'medicalAudit')).investigation.status).toBe('01');
    const flow = (await detail('demo/hospital', old.id)).flow.map((f: { action: string }) => f.action);
    expect(flow).toEqual(['open', 'timeout']);
    const notices = (await noticesOf(old.caseNo)).filter((n) => n.name.includes('超时'));
    expect(notices.map((n) => n.kind).sort()).toEqual(['allOperators', 'provider']);
    expect(await timeOutInvestigations(t.platform)).toEqual({ terminated: 0 });
    const late = await answer('demo/hospital', shown, { description: '迟到的病历' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 40980, msg_en: 'Case timed out and terminated' });
    const complete = await post('demo/auditor', '/claim/medicalAudit/complete', {
      id: old.id,
      version: shown.version,
    });
    expect(complete.json().code).toBe(40980);
  });
});

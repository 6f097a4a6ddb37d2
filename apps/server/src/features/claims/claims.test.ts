import { STATEMENT_COLUMNS, statementHeader } from '@portal/domain/claims/rules';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { createUser, upload } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { providers } from '../hospital-tasks/hospital-tasks.tables.ts';
import { benefitUsage, policyCoverages } from '../members/members.tables.ts';
import { claimFlow, claimMenuClicks } from './claims.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
let demoId = '';

const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);
const post = (who: string, url: string, payload: Record<string, unknown>) =>
  as(who, { method: 'POST', url: `/saasapi${url}`, payload });
const dayOffset = (days: number) => chinaDay(new Date(Date.now() + days * 86_400_000));
const VISIT = dayOffset(-3);

type TRow = Partial<Record<(typeof STATEMENT_COLUMNS)[number][0], string>>;
const line = (extra: TRow = {}): TRow => ({
  memberId: 'M0001001',
  patientName: '张伟',
  visitDate: VISIT,
  visitType: '01',
  coverageCode: 'OP',
  icdCode: 'J06.9',
  diagnosis: '上呼吸道感染',
  itemCode: 'LAB-001',
  itemName: '血常规',
  quantity: '1',
  amount: '85.00',
  currency: 'CNY',
  preauthNo: '',
  ...extra,
});

let itemSeq = 0;
/** A distinct item code, so lines of different tests are never duplicates of each other. */
const item = () => `IT-${++itemSeq}`;

async function statement(rows: TRow[], headers: 'both' | 'zh' | 'en' = 'both', drop: string[] = []) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('s');
  const cols = STATEMENT_COLUMNS.filter((c) => !drop.includes(c[0]));
  sheet.addRow(cols.map((c) => (headers === 'both' ? statementHeader(c) : headers === 'zh' ? c[1] : c[2])));
  for (const r of rows) sheet.addRow(cols.map((c) => r[c[0]] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
let fileSeq = 0;
async function uploadStatement(
  who: string,
  rows: TRow[],
  name?: string,
  headers: 'both' | 'zh' | 'en' = 'both',
) {
  const [id] = await upload(
    t,
    tokens[who],
    [{ filename: name ?? `statement-${++fileSeq}.xlsx`, content: await statement(rows, headers) }],
    'bucket=claim&bizType=CLAIM_STATEMENT',
    who.split('/')[0],
  );
  return id;
}
const pdf = (name: string) => ({
  filename: name,
  content: Buffer.from(`%PDF-1.4\n%${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
});
const uploadImages = (who: string, names = [`img-${++fileSeq}.pdf`]) =>
  upload(t, tokens[who], names.map(pdf), 'bucket=claim&bizType=CLAIM_IMAGE', who.split('/')[0]);

type TBatch = { id: string; version: number; status: string; batchNo: string };
async function submit(who: string, rows: TRow[], extra: Record<string, unknown> = {}): Promise<TBatch> {
  const res = await post(who, '/claim/batch/submit', {
    statementFileId: await uploadStatement(who, rows),
    imageFileIds: await uploadImages(who),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const detail = async (who: string, id: string, area = 'batch') =>
  (await as(who, { method: 'GET', url: `/saasapi/claim/${area}/detail/${id}` })).json().data;

beforeAll(async () => {
  t = await createTestApp();
  demoId = (await t.platform.db.select().from(tenants).where(eq(tenants.code, 'demo')))[0].id;
  // A second provider of the demo tenant, with its own staff, serving none of the demo plans.
  await t.platform.db.insert(providers).values({
    tenantId: demoId,
    providerId: 'P10002',
    providerCnName: '测试第二医院',
    providerEnName: 'Second',
    signStatus: '01',
  });
  await createUser(t, { account: 'clinic2', userType: '02', roles: ['SMART_PORTAL'], providerId: 'P10002' });
  for (const who of [
    'demo/admin',
    'demo/auditor',
    'demo/hospital',
    'demo/clinic2',
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

describe('statement template and check', () => {
  it('downloads a bilingual template whose example row passes the check', async () => {
    const res = await as('demo/hospital', { method: 'GET', url: '/saasapi/claim/batch/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = workbook.worksheets[0].getRow(1).values as string[];
    expect(header).toContain('会员编号 / Member ID');
    expect(workbook.worksheets[0].getRow(2).getCell(1).value).toBe('M0001001');
  });

  it('accepts Chinese-only and English-only headers', async () => {
    for (const headers of ['zh', 'en'] as const) {
      const id = await uploadStatement('demo/hospital', [line({ itemCode: item() })], undefined, headers);
      const res = await post('demo/hospital', '/claim/batch/check', { statementFileId: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        rows: 1,
        valid: 1,
        errorCount: 0,
        totals: [{ currency: 'CNY', claimed: '85.00' }],
      });
    }
  });

  it('reports every kind of row problem with row, column and both languages', async () => {
    const dup = line({ itemCode: item() });
    const id = await uploadStatement('demo/hospital', [
      line({ itemCode: item(), memberId: '' }), // 2 required
      line({ itemCode: item(), visitDate: '2026-02-30' }), // 3 format
      line({ itemCode: item(), visitDate: dayOffset(3) }), // 4 future
      line({ itemCode: item(), amount: '12.345' }), // 5 amount
      line({ itemCode: item(), quantity: '0' }), // 6 quantity
      line({ itemCode: item(), visitType: '09' }), // 7 visit type
      line({ itemCode: item(), icdCode: 'XYZ' }), // 8 icd
      line({ itemCode: item(), itemName: 'a|b' }), // 9 special characters
      line({ itemCode: item(), memberId: 'M9999999' }), // 10 member not served
      line({ itemCode: item(), patientName: '王五' }), // 11 name mismatch
      line({ itemCode: item(), coverageCode: 'OP', currency: 'USD' }), // 12 coverage missing
      line({ itemCode: item(), preauthNo: 'PA0000000001' }), // 13 pre-authorisation not found
      dup, // 14
      dup, // 15 duplicate in file
      line({ itemCode: item(), patientName: 'zhang  wei', amount: '1,250.5' }), // 16 valid (English name, grouping)
    ]);
    const res = await post('demo/hospital', '/claim/batch/check', { statementFileId: id });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.rows).toBe(15);
    expect(report.valid).toBe(2);
    const at = (row: number) => report.errors.filter((e: { row: number }) => e.row === row);
    expect(at(2)[0]).toMatchObject({ column: 'memberId', msg_en: "Can't be empty", msg: '不能为空' });
    expect(at(3)[0]).toMatchObject({ column: 'visitDate', msg_en: 'Incorrect Format' });
    expect(at(4)[0].msg_en).toBe('The visit date cannot be after today');
    expect(at(5)[0].column).toBe('amount');
    expect(at(6)[0].column).toBe('quantity');
    expect(at(7)[0].column).toBe('visitType');
    expect(at(8)[0].column).toBe('icdCode');
    expect(at(9)[0]).toMatchObject({ column: 'itemName', msg_en: 'The characters | and ^ are not allowed' });
    expect(at(10)[0].column).toBe('memberId');
    expect(at(11)[0].column).toBe('patientName');
    expect(at(12)[0].column).toBe('coverageCode');
    expect(at(13)[0].column).toBe('preauthNo');
    expect(at(14)).toEqual([]);
    expect(at(15)[0].msg_en).toBe('Duplicate of row 14 (same member, visit date, item and amount)');
    expect(at(16)).toEqual([]);
    expect(report.errorCount).toBe(report.errors.length);
  });

  it('refuses a statement without the columns, one that is not a statement, and another tenant’s file', async () => {
    const [noMember] = await upload(
      t,
      tokens['demo/hospital'],
      [{ filename: 'cols.xlsx', content: await statement([line()], 'both', ['memberId']) }],
      'bucket=claim&bizType=CLAIM_STATEMENT',
    );
    const res = await post('demo/hospital', '/claim/batch/check', { statementFileId: noMember });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40253);
    const [image] = await uploadImages('demo/hospital');
    expect((await post('demo/hospital', '/claim/batch/check', { statementFileId: image })).json().code).toBe(
      40254,
    );
    const acmeFile = await uploadStatement('acme/hospital', [line()]);
    expect(
      (await post('demo/hospital', '/claim/batch/check', { statementFileId: acmeFile })).statusCode,
    ).toBe(404);
  });

  it('checks members against the provider’s own tenant and network', async () => {
    const id = await uploadStatement('acme/hospital', [line({ itemCode: item() })]);
    const report = (await post('acme/hospital', '/claim/batch/check', { statementFileId: id })).json().data;
    expect(report.errors[0]).toMatchObject({ row: 2, column: 'memberId' });
  });

  it('refuses uploads that break the file rules', async () => {
    const body = (await import('../../test/change-tasks.ts')).multipart([
      { filename: 'fake.pdf', content: Buffer.from('not a pdf at all') },
    ]);
    const res = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/file/file/anyone/uploadBatch?bucket=claim&bizType=CLAIM_IMAGE',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(400);
    const long = (await import('../../test/change-tasks.ts')).multipart([pdf(`${'a'.repeat(97)}.pdf`)]);
    const tooLong = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/file/file/anyone/uploadBatch?bucket=claim&bizType=CLAIM_IMAGE',
      payload: long.payload,
      headers: long.headers,
    });
    expect(tooLong.json().code).toBe(40029);
  });
});

describe('submission, edit and withdrawal', () => {
  it('needs both a statement and a PDF, a statement with rows, distinct image names and a fresh statement name', async () => {
    const statementFileId = await uploadStatement('demo/hospital', [line({ itemCode: item() })]);
    const missing = await post('demo/hospital', '/claim/batch/submit', { statementFileId, imageFileIds: [] });
    expect(missing.json()).toMatchObject({
      code: 40251,
      msg_en: 'Please upload claim image PDF or statement',
    });
    const empty = await post('demo/hospital', '/claim/batch/submit', {
      statementFileId: await uploadStatement('demo/hospital', []),
      imageFileIds: await uploadImages('demo/hospital'),
    });
    expect(empty.json()).toMatchObject({ code: 40250, msg_en: 'No records in statement' });
    const twice = await post('demo/hospital', '/claim/batch/submit', {
      statementFileId,
      imageFileIds: [
        ...(await uploadImages('demo/hospital', ['x.pdf'])),
        ...(await uploadImages('demo/hospital', ['X.pdf'])),
      ],
    });
    expect(twice.json().code).toBe(40258);
    const bad = await post('demo/hospital', '/claim/batch/submit', {
      statementFileId: await uploadStatement('demo/hospital', [line({ itemCode: item(), amount: 'x' })]),
      imageFileIds: await uploadImages('demo/hospital'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(40252);
    expect(bad.json().data.report.errors[0]).toMatchObject({ row: 2, column: 'amount' });

    const first = await post('demo/hospital', '/claim/batch/submit', {
      statementFileId: await uploadStatement('demo/hospital', [line({ itemCode: item() })], 'same-name.xlsx'),
      imageFileIds: await uploadImages('demo/hospital'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('demo/hospital', '/claim/batch/submit', {
      statementFileId: await uploadStatement('demo/hospital', [line({ itemCode: item() })], 'same-name.xlsx'),
      imageFileIds: await uploadImages('demo/hospital'),
    });
    expect(again.json().code).toBe(40255);
  });

  it('submits a batch that the provider and operators see, not another provider or tenant', async () => {
    const b = await submit('demo/hospital', [
      line({ itemCode: item() }),
      line({ itemCode: item(), amount: '20.10' }),
    ]);
    expect(b.status).toBe('01');
    expect(b.batchNo).toMatch(/^CB\d{10}$/);
    const d = await detail('demo/hospital', b.id);
    expect(d.lines).toHaveLength(2);
    expect(d.batch.totals).toEqual([{ currency: 'CNY', claimed: '105.10', payable: '0.00' }]);
    expect(d.images).toHaveLength(1);
    expect(d.statement).not.toBeNull();
    expect(d.lines[0].benefit.annualLimit).toBe('20000.00');
    // The member's name is masked until revealed (decision 0036); the member id is not personal data.
    expect(d.lines[0]).toMatchObject({ memberId: 'M0001001', memberName: '张*' });
    expect(d.lines[0].memberName).not.toContain('伟');
    expect(d.flow.map((f: { action: string }) => f.action)).toEqual(['submit']);
    const list = (await post('demo/hospital', '/claim/batch/list', { model: { status: ['01'] } })).json()
      .data;
    expect(list.records.some((r: { id: string }) => r.id === b.id)).toBe(true);
    expect(
      (await as('demo/auditor', { method: 'GET', url: `/saasapi/claim/audit/detail/${b.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await as('acme/admin', { method: 'GET', url: `/saasapi/claim/audit/detail/${b.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await as('acme/hospital', { method: 'GET', url: `/saasapi/claim/batch/detail/${b.id}` })).statusCode,
    ).toBe(404);
    const acmeList = (await post('acme/hospital', '/claim/batch/list', {})).json().data;
    expect(acmeList.records).toEqual([]);
    expect(
      (await as('demo/clinic2', { method: 'GET', url: `/saasapi/claim/batch/detail/${b.id}` })).statusCode,
    ).toBe(404);
    expect((await post('demo/clinic2', '/claim/batch/list', {})).json().data.total).toBe(0);
    expect(
      (await post('demo/clinic2', '/claim/batch/withdraw', { id: b.id, version: b.version })).statusCode,
    ).toBe(404);
    const other = await uploadStatement('demo/clinic2', [line({ itemCode: item() })]);
    const otherReport = (await post('demo/clinic2', '/claim/batch/check', { statementFileId: other })).json()
      .data;
    expect(otherReport.errors[0]).toMatchObject({ row: 2, column: 'memberId' });
    expect(
      (await post('demo/clinic2', '/claim/batch/check', { statementFileId: d.statement.id })).statusCode,
    ).toBe(404);
    // The same lines again are duplicates of the pending batch.
    const dupId = await uploadStatement('demo/hospital', [line({ itemCode: d.lines[0].itemCode })]);
    const report = (await post('demo/hospital', '/claim/batch/check', { statementFileId: dupId })).json()
      .data;
    expect(report.errors[0].msg_en).toBe(
      `Already claimed in batch ${b.batchNo} (same member, visit date, item and amount)`,
    );
  });

  it('refuses the audit calls to provider staff and the provider calls without permission', async () => {
    expect((await post('demo/hospital', '/claim/audit/list', {})).statusCode).toBe(403);
    expect(
      (await post('demo/hospital', '/claim/audit/decide', { id: crypto.randomUUID(), version: 0, lines: [] }))
        .statusCode,
    ).toBe(403);
    expect((await post('demo/auditor', '/claim/batch/list', {})).statusCode).toBe(403);
  });

  it('lets one of two simultaneous actions on the same version through; the other is told the batch changed', async () => {
    const b = await submit('demo/hospital', [line({ itemCode: item() })]);
    const answers = await Promise.all([
      post('demo/hospital', '/claim/batch/withdraw', { id: b.id, version: b.version }),
      post('demo/hospital', '/claim/batch/withdraw', { id: b.id, version: b.version }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe(40901);
    const flows = await t.platform.db.select().from(claimFlow).where(eq(claimFlow.batchRef, b.id));
    expect(flows.map((f) => f.action).sort()).toEqual(['submit', 'withdraw']);
  });

  it('withdraws with the version read, refuses a stale or repeated action, and resubmits an edit', async () => {
    const b = await submit('demo/hospital', [line({ itemCode: item() })]);
    const stale = await post('demo/hospital', '/claim/batch/withdraw', { id: b.id, version: b.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 40901, msg_en: 'Batch status changed' });
    const w = await post('demo/hospital', '/claim/batch/withdraw', { id: b.id, version: b.version });
    expect(w.json().data.status).toBe('04');
    const again = await post('demo/hospital', '/claim/batch/withdraw', {
      id: b.id,
      version: w.json().data.version,
    });
    expect(again.json().code).toBe(40950);
    const acme = await post('acme/hospital', '/claim/batch/withdraw', {
      id: b.id,
      version: w.json().data.version,
    });
    expect(acme.statusCode).toBe(404);
    const edited = await submit('demo/hospital', [line({ itemCode: item() }), line({ itemCode: item() })], {
      id: b.id,
      version: w.json().data.version,
    });
    expect(edited).toMatchObject({ id: b.id, status: '01' });
    const d = await detail('demo/hospital', b.id);
    expect(d.lines).toHaveLength(2);
    expect(d.images).toHaveLength(1);
    expect(d.flow.map((f: { action: string }) => f.action)).toEqual(['submit', 'withdraw', 'edit']);
  });
});

describe('audit and benefits', () => {
  async function opUsed() {
    const [op] = await t.platform.db
      .select({ id: policyCoverages.id })
      .from(policyCoverages)
      .where(
        and(
          eq(policyCoverages.tenantId, demoId),
          eq(policyCoverages.coverageCode, 'OP'),
          eq(policyCoverages.currency, 'CNY'),
          eq(policyCoverages.annualLimit, '20000.00'),
        ),
      );
    const d = await t.platform.db.select().from(benefitUsage).where(eq(benefitUsage.coverageRef, op.id));
    return d.filter((u) => u.status === 'used').reduce((s, u) => s + Math.round(Number(u.amount) * 100), 0);
  }

  it('approves some lines and rejects one: the batch is approved and used grows by the payable amounts', async () => {
    const b = await submit('demo/hospital', [
      line({ itemCode: item(), amount: '100.00' }),
      line({ itemCode: item(), amount: '50.55' }),
      line({ itemCode: item(), amount: '30.00' }),
    ]);
    const d = await detail('demo/auditor', b.id, 'audit');
    const before = await opUsed();
    const [a, c, r] = d.lines.map((l: { id: string }) => l.id);
    const decide = (lines: unknown[], version = b.version) =>
      post('demo/auditor', '/claim/audit/decide', { id: b.id, version, lines, remark: 'ok' });
    const noReason = await decide([{ lineId: a, result: 'rejected' }]);
    expect(noReason.statusCode).toBe(400);
    const incomplete = await decide([{ lineId: a, result: 'approved', payableAmount: '100.00' }]);
    expect(incomplete.json().code).toBe(40290);
    // The last line fails: nothing of the decision stays (one transaction).
    const over = await decide([
      { lineId: a, result: 'approved', payableAmount: '100.00' },
      { lineId: c, result: 'approved', payableAmount: '50.55' },
      { lineId: r, result: 'approved', payableAmount: '30.01' },
    ]);
    expect(over.json().code).toBe(40291);
    expect(await opUsed()).toBe(before);
    const untouched = await detail('demo/auditor', b.id, 'audit');
    expect(untouched.lines.map((l: { status: string }) => l.status)).toEqual(['00', '00', '00']);
    expect(untouched.batch).toMatchObject({ status: '01', version: b.version });
    const okRes = await decide([
      { lineId: a, result: 'approved', payableAmount: '90.00', reasonCodes: ['R08'] },
      { lineId: c, result: 'approved', payableAmount: '50.55' },
      { lineId: r, result: 'rejected', reasonCodes: ['R01', 'R04'], remark: '不在保障范围' },
    ]);
    expect(okRes.statusCode, okRes.body).toBe(200);
    expect(okRes.json().data).toMatchObject({
      status: '02',
      totals: [{ currency: 'CNY', claimed: '180.55', payable: '140.55' }],
    });
    expect((await opUsed()) - before).toBe(14055);
    const after = await detail('demo/hospital', b.id);
    expect(after.lines.map((l: { status: string }) => l.status)).toEqual(['01', '01', '02']);
    expect(after.lines[2].reasonCodes).toEqual(['R01', 'R04']);
    const stale = await decide([{ lineId: a, result: 'approved', payableAmount: '1.00' }]);
    expect(stale.json().code).toBe(40901);
    const late = await decide(
      [{ lineId: a, result: 'approved', payableAmount: '1.00' }],
      after.batch.version,
    );
    expect(late.json().code).toBe(40950);
    const flows = await t.platform.db.select().from(claimFlow).where(eq(claimFlow.batchRef, b.id));
    expect(flows.map((f) => f.action).sort()).toEqual(['approve', 'submit']);
    // The rejected line may be claimed again; the approved ones are duplicates.
    const report = (
      await post('demo/hospital', '/claim/batch/check', {
        statementFileId: await uploadStatement('demo/hospital', [
          line({ itemCode: after.lines[2].itemCode, amount: '30.00' }),
          line({ itemCode: after.lines[0].itemCode, amount: '100.00' }),
        ]),
      })
    ).json().data;
    expect(report.errors.map((e: { row: number }) => e.row)).toEqual([3]);
  });

  it('rejects every line: not approved, nothing used', async () => {
    const b = await submit('demo/hospital', [line({ itemCode: item() })]);
    const d = await detail('demo/auditor', b.id, 'audit');
    const before = await opUsed();
    const res = await post('demo/auditor', '/claim/audit/decide', {
      id: b.id,
      version: b.version,
      lines: [{ lineId: d.lines[0].id, result: 'rejected', reasonCodes: ['R03'] }],
    });
    expect(res.json().data.status).toBe('03');
    expect(await opUsed()).toBe(before);
  });

  it('pays above the remaining benefit only with the claim-admin flag', async () => {
    // DT: 3,000.00 a year in the demo plan.
    const b = await submit('demo/hospital', [
      line({ itemCode: item(), coverageCode: 'DT', amount: '3500.00' }),
    ]);
    const d = await detail('demo/auditor', b.id, 'audit');
    expect(d.claimAdmin).toBe(false);
    const lines = [{ lineId: d.lines[0].id, result: 'approved', payableAmount: '3500.00' }];
    const refused = await post('demo/auditor', '/claim/audit/decide', {
      id: b.id,
      version: b.version,
      lines,
    });
    expect(refused.json().code).toBe(40292);
    const ok = await post('demo/admin', '/claim/audit/decide', { id: b.id, version: b.version, lines });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await detail('demo/admin', b.id, 'audit')).lines[0]).toMatchObject({
      exGratia: true,
      status: '01',
    });
  });

  it('honours the workflow auditor role of task type claim', async () => {
    const setRole = (auditorRoleCode: string | null) =>
      as('demo/admin', {
        method: 'PUT',
        url: '/saasapi/authority/workflow',
        payload: { taskType: 'claim', auditorRoleCode, overdueDays: 30 },
      });
    expect((await setRole('CLAIM_ADMIN')).statusCode).toBe(200);
    try {
      const b = await submit('demo/hospital', [line({ itemCode: item() })]);
      const d = await detail('demo/auditor', b.id, 'audit');
      const res = await post('demo/auditor', '/claim/audit/decide', {
        id: b.id,
        version: b.version,
        lines: [{ lineId: d.lines[0].id, result: 'rejected', reasonCodes: ['R04'] }],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40248);
    } finally {
      await setRole(null);
    }
  });

  it('nobody decides a batch they submitted', async () => {
    const b = await submit('demo/admin', [line({ itemCode: item() })], { providerId: 'P10001' });
    const d = await detail('demo/admin', b.id, 'audit');
    const res = await post('demo/admin', '/claim/audit/decide', {
      id: b.id,
      version: b.version,
      lines: [{ lineId: d.lines[0].id, result: 'approved', payableAmount: '85.00' }],
    });
    expect(res.json().code).toBe(40951);
  });

  it('a line naming an approved pre-authorisation releases its reservation when approved', async () => {
    const pre = await post('demo/hospital', '/preauth/case/save', {
      memberId: 'M0001001',
      coverageCode: 'OP',
      currency: 'CNY',
      visitType: '01',
      visitDate: VISIT,
      lengthOfStay: 0,
      estimatedCost: '500.00',
      icdCodes: ['J06.9'],
      caseHandler: '01',
    });
    expect(pre.statusCode, pre.body).toBe(200);
    const c = pre.json().data;
    const sub = (await post('demo/hospital', '/preauth/case/submit', { id: c.id, version: c.version })).json()
      .data;
    const appr = await post('demo/auditor', '/preauth/audit/approve', {
      id: sub.id,
      version: sub.version,
      approvedAmount: '400.00',
      validUntil: dayOffset(10),
    });
    expect(appr.statusCode, appr.body).toBe(200);
    const b = await submit('demo/hospital', [
      line({ itemCode: item(), amount: '380.00', preauthNo: c.caseNo }),
    ]);
    const d = await detail('demo/auditor', b.id, 'audit');
    expect(d.lines[0].preauthNo).toBe(c.caseNo);
    const res = await post('demo/auditor', '/claim/audit/decide', {
      id: b.id,
      version: b.version,
      lines: [{ lineId: d.lines[0].id, result: 'approved', payableAmount: '380.00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [reservation] = await t.platform.db
      .select()
      .from(benefitUsage)
      .where(eq(benefitUsage.sourceId, c.id));
    expect(reservation.status).toBe('released');
    // The case's reservation is used up: another line naming it is refused.
    const report = (
      await post('demo/hospital', '/claim/batch/check', {
        statementFileId: await uploadStatement('demo/hospital', [
          line({ itemCode: item(), preauthNo: c.caseNo }),
        ]),
      })
    ).json().data;
    expect(report.errors[0]).toMatchObject({
      column: 'preauthNo',
      msg_en: 'The pre-authorisation is not approved, has expired or has been used',
    });
  });
});

describe('schedule, export and menu clicks', () => {
  it('lists and exports the lines of the batches the reader may see', async () => {
    const b = await submit('demo/hospital', [line({ itemCode: item(), amount: '12.34' })]);
    const page = (
      await post('demo/hospital', '/claim/schedule/list', { model: { batchNo: b.batchNo } })
    ).json().data;
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ batchNo: b.batchNo, amount: '12.34', batchStatus: '01' });
    const acme = (await post('acme/hospital', '/claim/schedule/list', {})).json().data;
    expect(acme.total).toBe(0);
    const operator = (
      await post('demo/auditor', '/claim/audit/schedule/list', { model: { batchNo: b.batchNo } })
    ).json().data;
    expect(operator.total).toBe(1);
    const exp = await post('demo/hospital', '/claim/schedule/export', { model: { batchNo: b.batchNo } });
    expect(exp.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exp.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(4).getCell(1).value).toBe(b.batchNo);
    expect(workbook.worksheets[0].getRow(4).getCell(11).value).toBe('12.34');
  });

  it('logs menu clicks and refuses unknown menus', async () => {
    const res = await post('demo/hospital', '/claim/buryLog', { menuPath: '/claim/schedule' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.platform.db
      .select()
      .from(claimMenuClicks)
      .where(eq(claimMenuClicks.menuPath, '/claim/schedule'));
    expect(rows).toHaveLength(1);
    expect((await post('demo/hospital', '/claim/buryLog', { menuPath: '/elsewhere' })).statusCode).toBe(400);
    expect(
      (
        await as('demo/hospital', {
          method: 'POST',
          url: '/saasapi/claim/buryLog',
          payload: { menuPath: '/claim/acc' },
          headers: { token: '' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('a 5,000-row statement', () => {
  it('is checked in under 10 seconds', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      line({
        itemCode: `BULK-${i}`,
        memberId: ['M0001001', 'M0001002', 'M0001003'][i % 3],
        patientName: ['张伟', '李娜', '张小雨'][i % 3],
      }),
    );
    const id = await uploadStatement('demo/hospital', rows);
    const started = performance.now();
    const res = await post('demo/hospital', '/claim/batch/check', { statementFileId: id });
    const took = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 5000, valid: 5000, errorCount: 0 });
    expect(took).toBeLessThan(10_000);
  }, 60_000);
});

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDay } from '../../platform/http/xlsx-export.ts';
import { upload } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { preauthCases } from './preauth.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const B = '/saasapi/preauth';
const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);
const post = (who: string, path: string, payload: Record<string, unknown>) =>
  as(who, { method: 'POST', url: `${B}${path}`, payload });
const get = (who: string, path: string) => as(who, { method: 'GET', url: `${B}${path}` });
const dayOffset = (days: number) => chinaDay(new Date(Date.now() + days * 86_400_000));
const pdf = (name: string) => ({
  filename: name,
  content: Buffer.from(`%PDF-1.4\n%${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
});
type TCase = { id: string; version: number; status: string; caseNo: string };

async function submitted(extra: Record<string, unknown> = {}): Promise<TCase> {
  const saved = await post('demo/hospital', '/case/save', {
    memberId: 'M0001001',
    coverageCode: 'IP',
    currency: 'CNY',
    visitType: '02',
    visitDate: dayOffset(5),
    lengthOfStay: 2,
    department: '骨科',
    doctor: '王医生',
    estimatedCost: '8000.00',
    icdCodes: ['S72.0'],
    caseHandler: '01',
    ...extra,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const c = saved.json().data;
  const res = await post('demo/hospital', '/case/submit', { id: c.id, version: c.version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const unreadPreauth = async (who: string) => {
  const res = await as(who, {
    method: 'POST',
    url: '/saasapi/msg/msg/center/collect',
    payload: { codes: ['02'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.statisticsList[0].count as number;
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

describe('leave a message', () => {
  it('carries a conversation both ways with an attachment, unread marks and a notice to the other side', async () => {
    const c = await submitted();
    const operatorBefore = await unreadPreauth('demo/auditor');
    const [fileId] = await upload(
      t,
      tokens['demo/hospital'],
      [pdf('scan.pdf')],
      'bucket=drsystem&bizType=PREAUTH_MSG',
    );
    const sent = await post('demo/hospital', '/case/message', {
      caseId: c.id,
      content: '请问还需要哪些资料？',
      fileIds: [fileId],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.messages).toEqual([
      expect.objectContaining({
        side: 'provider',
        content: '请问还需要哪些资料？',
        mine: true,
        read: false,
        files: [expect.objectContaining({ originalName: 'scan.pdf' })],
      }),
    ]);
    expect(await unreadPreauth('demo/auditor')).toBe(operatorBefore + 1);

    const opened = await get('demo/auditor', `/audit/messages/${c.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.messages[0]).toMatchObject({ mine: false, read: false });
    const file = await as('demo/auditor', { method: 'GET', url: `/saasapi/file/file/view/${fileId}` });
    expect(file.statusCode).toBe(200);
    expect(
      (await as('acme/admin', { method: 'GET', url: `/saasapi/file/file/view/${fileId}` })).statusCode,
    ).toBe(404);

    const providerBefore = await unreadPreauth('demo/hospital');
    const reply = await post('demo/auditor', '/audit/message', {
      caseId: c.id,
      content: 'Please send the X-ray.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await unreadPreauth('demo/hospital')).toBe(providerBefore + 1);
    const seen = await get('demo/hospital', `/case/messages/${c.id}`);
    expect(seen.json().data.messages.map((m: { side: string; read: boolean }) => [m.side, m.read])).toEqual([
      ['provider', true],
      ['operator', false],
    ]);
    const again = await get('demo/hospital', `/case/messages/${c.id}`);
    expect(again.json().data.messages[1].read).toBe(true);
  });

  it('refuses an empty message, | and ^, too long, and a file attached elsewhere; writes nothing', async () => {
    const c = await submitted();
    for (const bad of [
      { content: '' },
      { content: 'a|b' },
      { content: 'x^y' },
      { content: 'x'.repeat(2001) },
    ]) {
      const res = await post('demo/hospital', '/case/message', { caseId: c.id, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [foreign] = await upload(
      t,
      tokens['demo/hospital'],
      [pdf('a.pdf')],
      'bucket=drsystem&bizType=PREAUTH_ATTACH',
    );
    await submitted({ fileIds: [foreign] });
    const res = await post('demo/hospital', '/case/message', {
      caseId: c.id,
      content: 'hi',
      fileIds: [foreign],
    });
    expect(res.statusCode).toBe(400);
    expect((await get('demo/hospital', `/case/messages/${c.id}`)).json().data.messages).toEqual([]);
  });

  it('needs the permission and hides the case from another tenant and another provider', async () => {
    const c = await submitted();
    expect((await get('demo/netview', `/case/messages/${c.id}`)).statusCode).toBe(403);
    expect((await post('demo/hospital', '/audit/message', { caseId: c.id, content: 'x' })).statusCode).toBe(
      403,
    );
    for (const who of ['acme/hospital', 'acme/admin']) {
      const area = who === 'acme/admin' ? 'audit' : 'case';
      const res = await post(who, `/${area}/message`, { caseId: c.id, content: 'x' });
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe(40425);
      expect((await get(who, `/${area}/messages/${c.id}`)).statusCode).toBe(404);
    }
    const other = await submitted();
    await t.platform.db
      .update(preauthCases)
      .set({ providerId: 'P10099' })
      .where(eq(preauthCases.id, other.id));
    expect((await get('demo/hospital', `/case/messages/${other.id}`)).statusCode).toBe(404);
    expect(
      (await post('demo/hospital', '/case/message', { caseId: other.id, content: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('notices on decisions', () => {
  it('tells the provider of documents asked for, an approval and a rejection', async () => {
    const before = await unreadPreauth('demo/hospital');
    const a = await submitted();
    const asked = await post('demo/auditor', '/audit/requestDocuments', {
      id: a.id,
      version: a.version,
      remark: '补充X光片',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const b = await submitted();
    await post('demo/auditor', '/audit/approve', {
      id: b.id,
      version: b.version,
      approvedAmount: '5000.00',
      validUntil: dayOffset(20),
    });
    const c = await submitted();
    await post('demo/auditor', '/audit/reject', { id: c.id, version: c.version, remark: '不在保障范围' });
    expect(await unreadPreauth('demo/hospital')).toBe(before + 3);
    const list = await as('demo/hospital', {
      method: 'POST',
      url: '/saasapi/msg/msg/center/list',
      payload: { code: '02', current: 1, size: 3 },
    });
    const titles = list.json().data.records.map((r: { titleEn: string }) => r.titleEn);
    expect(titles).toEqual([
      `Pre-authorisation ${c.caseNo} rejected`,
      `Pre-authorisation ${b.caseNo} approved`,
      `Pre-authorisation ${a.caseNo}: documents required`,
    ]);
    expect(list.json().data.records[1].enContent).toContain('CNY 5000.00');
  });
});

describe('guarantee letter and export', () => {
  it('gives the letter of an approved case only, to its provider and the operator', async () => {
    const c = await submitted();
    const early = await get('demo/hospital', `/case/guaranteeLetter/${c.id}`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 40942, msg_en: expect.stringContaining('Auditing') });
    const ok = await post('demo/auditor', '/audit/approve', {
      id: c.id,
      version: c.version,
      approvedAmount: '6000.00',
      validUntil: dayOffset(30),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    for (const [who, area] of [
      ['demo/hospital', 'case'],
      ['demo/auditor', 'audit'],
    ]) {
      const res = await get(who, `/${area}/guaranteeLetter/${c.id}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(`担保付款函-${c.caseNo}.pdf`));
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await get('acme/hospital', `/case/guaranteeLetter/${c.id}`)).statusCode).toBe(404);
    expect((await get('demo/netview', `/case/guaranteeLetter/${c.id}`)).statusCode).toBe(403);
  });

  it('exports the filtered list as .xlsx, the provider its own cases only', async () => {
    const c = await submitted();
    const res = await post('demo/hospital', '/case/export', { model: { caseNo: c.caseNo } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(3).getCell(1).value).toBe('预授权编号');
    expect(sheet.getRow(4).getCell(1).value).toBe(c.caseNo);
    expect(sheet.rowCount).toBe(4);
    await t.platform.db.update(preauthCases).set({ providerId: 'P10099' }).where(eq(preauthCases.id, c.id));
    const none = await post('demo/hospital', '/case/export', { model: { caseNo: c.caseNo } });
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(none.rawPayload as unknown as ArrayBuffer);
    expect(empty.worksheets[0].rowCount).toBe(3);
    const operator = await post('demo/auditor', '/audit/export', { model: { caseNo: c.caseNo } });
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(operator.rawPayload as unknown as ArrayBuffer);
    expect(all.worksheets[0].rowCount).toBe(4);
    expect((await post('demo/hospital', '/case/export', { model: { status: ['99'] } })).statusCode).toBe(400);
    expect((await post('demo/netview', '/audit/export', { model: {} })).statusCode).toBe(403);
    expect((await post('acme/admin', '/audit/export', { model: { caseNo: c.caseNo } })).statusCode).toBe(200);
  });
});

describe('masked personal data', () => {
  it("reveals a case's member name and birthday, logged, only to who may see the case", async () => {
    const c = await submitted();
    const reveal = (who: string, field: string, bizId = c.id) =>
      as(who, {
        method: 'POST',
        url: '/saasapi/authority/personalData/reveal',
        payload: { bizType: 'preauth', bizId, field },
      });
    for (const who of ['demo/hospital', 'demo/auditor']) {
      for (const field of ['memberName', 'patientBirthday']) {
        const res = await reveal(who, field);
        expect(res.statusCode, `${who} ${field} ${res.body}`).toBe(200);
      }
    }
    expect((await reveal('demo/hospital', 'policyNo')).statusCode).toBe(400);
    expect((await reveal('acme/hospital', 'memberName')).statusCode).toBe(404);
    expect((await reveal('acme/admin', 'memberName')).statusCode).toBe(404);
    await t.platform.db.update(preauthCases).set({ providerId: 'P10099' }).where(eq(preauthCases.id, c.id));
    expect((await reveal('demo/hospital', 'memberName')).statusCode).toBe(404);
  });
});

describe('unread marks in the lists', () => {
  it("counts the other side's unread messages per case until the conversation is opened or answered", async () => {
    const c = await submitted();
    const unreadIn = async (who: string, area: string) => {
      const res = await post(who, `/${area}/list`, { model: { caseNo: c.caseNo } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.records[0].unreadMessages as number;
    };
    await post('demo/auditor', '/audit/message', { caseId: c.id, content: 'one' });
    await post('demo/auditor', '/audit/message', { caseId: c.id, content: 'two' });
    expect(await unreadIn('demo/hospital', 'case')).toBe(2);
    expect(await unreadIn('demo/auditor', 'audit')).toBe(0);
    // Answering shows the writer the whole conversation: what they answered is read.
    await post('demo/hospital', '/case/message', { caseId: c.id, content: 'three' });
    expect(await unreadIn('demo/hospital', 'case')).toBe(0);
    expect(await unreadIn('demo/auditor', 'audit')).toBe(1);
    await get('demo/auditor', `/audit/messages/${c.id}`);
    expect(await unreadIn('demo/auditor', 'audit')).toBe(0);
  });
});

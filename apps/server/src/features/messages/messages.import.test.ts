import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { xlsxUpload } from '../../test/xlsx.ts';
import { messages } from './messages.tables.ts';

const IMPORT = '/saasapi/msg/msg/import';
const TEMPLATE = '/saasapi/msg/msg/import/template';
const HEADER = [
  '消息名称 / Name',
  '英文名称 / English name',
  '消息类型 / Type',
  '消息级别 / Level',
  '中文内容 / Content (Chinese)',
  '英文内容 / Content (English)',
  '开始时间 / Validity start',
  '失效时间 / Validity end',
  '收信范围 / Recipient type',
  '收信人 / Recipients',
];
const KEYS = [
  'name',
  'nameEn',
  'msgType',
  'msgLevel',
  'content',
  'enContent',
  'validFrom',
  'validTo',
  'searchType',
  'recipients',
] as const;
type TRow = Partial<Record<(typeof KEYS)[number], string | Date>>;

let t: TTestApp;
const tokens: Record<string, string> = {};

/** A China-time 'YYYY-MM-DD HH:mm' at `ms` from now. */
const china = (ms: number) => {
  const d = new Date(Date.now() + ms + 8 * 3_600_000);
  return d.toISOString().slice(0, 16).replace('T', ' ');
};
const HOUR = 3_600_000;

const good = (over: TRow = {}): TRow => ({
  name: `停诊通知${Math.random().toString(36).slice(2, 8)}`,
  nameEn: 'Clinic closure',
  msgType: '01',
  msgLevel: '03',
  content: '明天停诊。\n请改期。',
  enContent: 'Closed tomorrow.\nPlease reschedule.',
  validFrom: china(0),
  validTo: china(48 * HOUR),
  searchType: '02',
  recipients: 'P10001',
  ...over,
});

async function xlsx(rows: TRow[], header = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('messages');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(KEYS.map((k) => r[k] ?? ''));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(
  who: string,
  bytes: Buffer,
  opts: { dryRun?: boolean; filename?: string; language?: string } = {},
) {
  const body = xlsxUpload(bytes, opts.filename ?? 'messages.xlsx');
  return call(t.app, who.split('/')[0], tokens[who], {
    method: 'POST',
    url: `${IMPORT}${opts.dryRun ? '?dryRun=true' : ''}`,
    payload: body.payload,
    headers: { ...body.headers, language: opts.language ?? 'zh' },
  });
}

const countOf = async (tenantCode: string) => {
  const rows = await t.platform.db.execute(
    sql`select count(*)::int as n from messages m join tenants t on t.id = m.tenant_id where t.code = ${tenantCode}`,
  );
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0].n);
};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of [
    'demo/auditor',
    'demo/admin',
    'demo/hospital',
    'demo/netview',
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

describe('GET /msg/msg/import/template', () => {
  it('answers a bilingual template with an example row that passes, and the codes', async () => {
    const res = await call(t.app, 'demo', tokens['demo/auditor'], { method: 'GET', url: TEMPLATE });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('message-import-template.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet, codes] = workbook.worksheets;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(HEADER);
    expect(codes.name).toBe('codes');
    expect(codes.getColumn(3).values).toContain('紧急');
    expect(codes.getColumn(4).values).toContain('All providers');
    // The template as downloaded is a valid import.
    const dry = await upload('demo/auditor', res.rawPayload, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ total: 1, valid: 1, invalid: 0, errors: [], created: 0 });
  });

  it('is refused to provider staff', async () => {
    const res = await call(t.app, 'demo', tokens['demo/hospital'], { method: 'GET', url: TEMPLATE });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /msg/msg/import: the file', () => {
  it('accepts only .xlsx, by name and by content, in both languages', async () => {
    for (const [language, text] of [
      ['zh', '仅支持 .xlsx 文件'],
      ['en', 'Only .xlsx files are supported'],
    ]) {
      const csv = await upload('demo/auditor', Buffer.from('name,type\n'), { filename: 'm.csv', language });
      expect(csv.statusCode).toBe(400);
      expect(csv.json()).toMatchObject({ isSuccess: false, code: 40020, msg: '仅支持 .xlsx 文件' });
      expect(csv.json().msg_en).toBe('Only .xlsx files are supported');
      const fake = await upload('demo/auditor', Buffer.from('not a workbook'), { language });
      expect(fake.json().code).toBe(40020);
      expect([fake.json().msg, fake.json().msg_en]).toContain(text);
    }
  });

  it('refuses another header, an empty file and more than 200 rows', async () => {
    const header = await upload('demo/auditor', await xlsx([good()], ['账号', ...HEADER.slice(1)]));
    expect(header.json()).toMatchObject({ code: 40134 });
    expect(header.json().msg_en).toContain('does not match the message import template');
    const empty = await upload('demo/auditor', await xlsx([]));
    expect(empty.json()).toMatchObject({ code: 40132, msg: '导入文件中没有数据行' });
    const many = await upload('demo/auditor', await xlsx(Array.from({ length: 201 }, () => good())), {
      dryRun: true,
    });
    expect(many.json()).toMatchObject({
      code: 40133,
      msg_en: 'A message import file holds at most 200 rows',
    });
  });
});

describe('POST /msg/msg/import: every rule of the compose form, row by row', () => {
  it('reports each problem with its row, column and both languages, and saves nothing', async () => {
    const [area] = (
      (await t.platform.db.execute(
        sql`select a.code from areas a join tenants t on t.id = a.tenant_id where t.code = 'demo'
            and not exists (select 1 from providers p where p.tenant_id = a.tenant_id
              and a.code in (p.province, p.city, p.district)) order by a.code limit 1`,
      )) as unknown as { rows: { code: string }[] }
    ).rows;
    const rows: TRow[] = [
      good({ name: '停' }), // 2
      good({ nameEn: '' }), // 3
      good({ msgType: '03' }), // 4
      good({ msgLevel: '紧急程度' }), // 5
      good({ content: '' }), // 6
      good({ enContent: 'x'.repeat(2001) }), // 7
      good({ validFrom: china(-48 * HOUR) }), // 8
      good({ validTo: china(10 * 60_000) }), // 9
      good({ validFrom: china(5 * HOUR), validTo: china(2 * HOUR) }), // 10
      good({ validFrom: '明天' }), // 11
      good({ validTo: '' }), // 12
      good({ searchType: '03' }), // 13
      good({ recipients: '' }), // 14
      good({ recipients: 'P10001, P99999' }), // 15
      good({ searchType: '01', recipients: '999999' }), // 16
      good({ searchType: '01', recipients: area.code }), // 17
      good(), // 18: fine
    ];
    const before = await countOf('demo');
    const res = await upload('demo/auditor', await xlsx(rows), { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report).toMatchObject({ total: 17, valid: 1, invalid: 16, created: 0 });
    const at = (row: number) =>
      report.errors
        .filter((e: { row: number }) => e.row === row)
        .map((e: { column: string; msg: string; msg_en: string }) => [e.column, e.msg, e.msg_en]);
    expect(at(2)).toEqual([['name', '名称为 2 到 50 个字符', 'Name is 2 to 50 characters']]);
    expect(at(3)).toEqual([['nameEn', '名称为 2 到 50 个字符', 'Name is 2 to 50 characters']]);
    expect(at(4)).toEqual([
      ['msgType', '消息类型应为 01（弹窗）或 02（滚动）', 'Type must be 01 (Pop-up) or 02 (Rolling)'],
    ]);
    expect(at(5)[0][0]).toBe('msgLevel');
    expect(at(5)[0][2]).toBe('Level must be 01 (Normal), 02 (High) or 03 (Urgent)');
    expect(at(6)).toEqual([['content', '不能为空', "Can't be empty"]]);
    expect(at(7)).toEqual([['enContent', '内容最多 2000 个字符', 'Content is at most 2000 characters']]);
    expect(at(8)).toEqual([['validFrom', '开始时间不能早于今天', 'Start must not be earlier than today']]);
    expect(at(9)).toEqual([
      ['validTo', '失效时间必须至少晚于当前时间 15 分钟', 'Expiry must be at least 15 minutes after now'],
    ]);
    expect(at(10)).toEqual([['validTo', '失效时间必须晚于开始时间', 'Expiry must be after the start']]);
    expect(at(11)).toEqual([
      [
        'validFrom',
        '时间格式应为 YYYY-MM-DD HH:mm（北京时间）',
        'Write the time as YYYY-MM-DD HH:mm (China time)',
      ],
    ]);
    expect(at(12)).toEqual([['validTo', '请选择有效期', 'A validity period is required']]);
    expect(at(13)[0][0]).toBe('searchType');
    expect(at(13)[0][2]).toContain('Recipient type must be 01 (area codes), 02 (provider ids) or 04');
    expect(at(14)).toEqual([['recipients', '医疗机构列表不能为空', 'The provider list cannot be empty']]);
    expect(at(15)).toEqual([
      ['recipients', '医疗机构编号不存在或已停用：P99999', 'Unknown or inactive provider ids: P99999'],
    ]);
    expect(at(16)).toEqual([['recipients', '地区编码不存在：999999', 'Unknown area codes: 999999']]);
    expect(at(17)).toEqual([['recipients', '医疗机构列表不能为空', 'The provider list cannot be empty']]);
    expect(at(18)).toEqual([]);
    expect(report.rows[16]).toMatchObject({
      row: 18,
      ok: true,
      recipients: 1,
      msgType: '01',
      msgLevel: '03',
    });
    expect(report.rows[0]).toMatchObject({ row: 2, ok: false, recipients: 0 });
    expect(await countOf('demo')).toBe(before);
  });

  it('reads labels for codes, Excel date cells as China time, and several separators', async () => {
    const start = new Date(Date.UTC(2099, 0, 2, 9, 30)); // an Excel cell holding 2099-01-02 09:30
    const res = await upload(
      'demo/auditor',
      await xlsx([
        good({
          msgType: 'Rolling',
          msgLevel: '普通',
          validFrom: start,
          validTo: '2099/1/9 18:00',
          searchType: '2',
          recipients: 'P10001；P10001',
        }),
      ]),
      { dryRun: true },
    );
    expect(res.json().data.errors).toEqual([]);
    expect(res.json().data.rows[0]).toMatchObject({
      msgType: '02',
      msgLevel: '01',
      searchType: '02',
      validFrom: '2099-01-02T09:30:00+08:00',
      validTo: '2099-01-09T18:00:00+08:00',
      recipients: 1,
    });
  });
});

describe('POST /msg/msg/import: the commit', () => {
  it('imports nothing when one row is bad (both languages), then everything once it is fixed', async () => {
    const rows = [
      good({ name: '导入一' }),
      good({ name: '导入二', recipients: 'P10001,PX' }),
      good({ name: '导入三', msgType: '02', searchType: '04', recipients: '' }),
    ];
    const before = await countOf('demo');
    for (const language of ['zh', 'en']) {
      const refused = await upload('demo/auditor', await xlsx(rows), { language });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        isSuccess: false,
        code: 40135,
        msg: '导入文件有 1 行错误，未导入任何消息',
        msg_en: 'The file has 1 rows with errors; no message was imported',
      });
      expect(refused.json().data.errors).toEqual([
        {
          row: 3,
          column: 'recipients',
          msg: '医疗机构编号不存在或已停用：PX',
          msg_en: 'Unknown or inactive provider ids: PX',
        },
      ]);
    }
    expect(await countOf('demo')).toBe(before);

    rows[1] = good({ name: '导入二', recipients: 'P10001' });
    const res = await upload('demo/auditor', await xlsx(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 3, valid: 3, created: 3, errors: [] });
    expect(await countOf('demo')).toBe(before + 3);

    // The list shows them sent, by the importer, with their recipients.
    const page = await call(t.app, 'demo', tokens['demo/auditor'], {
      method: 'POST',
      url: '/saasapi/msg/msg/page',
      payload: { name: '导入', size: 10 },
    });
    const records = page.json().data.records as {
      name: string;
      status: string;
      recipients: number;
      sender: string;
    }[];
    expect(records.map((r) => r.name).sort()).toEqual(['导入一', '导入三', '导入二']);
    expect(records.every((r) => r.status === '01' && r.recipients >= 1)).toBe(true);
    // The hospital sees the pop-ups in its centre.
    const list = await call(t.app, 'demo', tokens['demo/hospital'], {
      method: 'POST',
      url: '/saasapi/msg/msg/center/list',
      payload: { size: 100 },
    });
    const titles = (list.json().data.records as { title: string }[]).map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['导入一', '导入二', '导入三']));
  });

  it('checks again inside the transaction: a provider deactivated after the dry run is caught', async () => {
    const before = await countOf('demo');
    const file = await xlsx([good({ name: '复查一' }), good({ name: '复查二' })]);
    expect((await upload('demo/auditor', file, { dryRun: true })).json().data.invalid).toBe(0);
    await t.platform.db.execute(sql`update providers set status = '02' where provider_id = 'P10001'`);
    try {
      const res = await upload('demo/auditor', file);
      expect(res.json()).toMatchObject({ code: 40135 });
      expect(res.json().data.errors.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
        [2, 'recipients'],
        [3, 'recipients'],
      ]);
    } finally {
      await t.platform.db.execute(sql`update providers set status = '01' where provider_id = 'P10001'`);
    }
    expect(await countOf('demo')).toBe(before);
  });

  it('keeps nothing when the last row fails at its insert (one transaction)', async () => {
    const before = await countOf('demo');
    // A trigger makes the insert of the last row fail after the first two were written.
    await t.platform.db.execute(sql`create or replace function fail_import_test() returns trigger language plpgsql as $$
      begin if new.name = '事务三' then raise exception 'boom'; end if; return new; end $$`);
    await t.platform.db.execute(
      sql`create trigger fail_import_test before insert on messages for each row execute function fail_import_test()`,
    );
    try {
      const res = await upload(
        'demo/auditor',
        await xlsx([good({ name: '事务一' }), good({ name: '事务二' }), good({ name: '事务三' })]),
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await t.platform.db.execute(sql`drop trigger fail_import_test on messages`);
      await t.platform.db.execute(sql`drop function fail_import_test()`);
    }
    expect(await countOf('demo')).toBe(before);
    const left = await t.platform.db.select().from(messages).where(eq(messages.name, '事务一'));
    expect(left).toHaveLength(0);
  });

  it('is refused to provider staff and to operators without msg:msg:import; admin (*) may', async () => {
    const before = await countOf('demo');
    for (const who of ['demo/hospital', 'demo/netview']) {
      const res = await upload(who, await xlsx([good()]));
      expect(res.statusCode, who).toBe(403);
      expect(res.json().isSuccess).toBe(false);
      const template = await call(t.app, 'demo', tokens[who], { method: 'GET', url: TEMPLATE });
      expect(template.statusCode, who).toBe(403);
    }
    expect(await countOf('demo')).toBe(before);
    const admin = await upload('demo/admin', await xlsx([good()]), { dryRun: true });
    expect(admin.statusCode).toBe(200);
  });

  it("keeps tenants apart: acme cannot name demo's providers, and its 'all' reaches only its own", async () => {
    const foreign = await upload('acme/auditor', await xlsx([good()]), { dryRun: true });
    expect(foreign.json().data.errors[0]).toMatchObject({
      column: 'recipients',
      msg_en: 'Unknown or inactive provider ids: P10001',
    });
    const res = await upload(
      'acme/auditor',
      await xlsx([good({ name: 'acme全部', searchType: '04', recipients: '' })]),
    );
    expect(res.json().data).toMatchObject({ created: 1 });
    expect(res.json().data.rows[0].recipients).toBe(1);
    const [row] = await t.platform.db.select().from(messages).where(eq(messages.name, 'acme全部'));
    expect(row.recipientCount).toBe(1);
    const demoList = await call(t.app, 'demo', tokens['demo/hospital'], {
      method: 'POST',
      url: '/saasapi/msg/msg/center/list',
      payload: { size: 100 },
    });
    expect((demoList.json().data.records as { id: string }[]).map((r) => r.id)).not.toContain(row.id);
    const acmeList = await call(t.app, 'acme', tokens['acme/hospital'], {
      method: 'POST',
      url: '/saasapi/msg/msg/center/list',
      payload: { size: 100 },
    });
    expect((acmeList.json().data.records as { id: string }[]).map((r) => r.id)).toContain(row.id);
  });
});

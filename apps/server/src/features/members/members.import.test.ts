import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/change-tasks.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { COVERAGE_COLUMNS, MEMBER_COLUMNS } from './members.import.ts';
import { members, policies, policyCoverages } from './members.tables.ts';
import { UPSERT_CHUNK } from './members.upsert.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const as = (who: string, options: Parameters<typeof call>[3]) =>
  call(t.app, who.split('/')[0], tokens[who], options);

const year = new Date().getUTCFullYear();
const memberRow = (memberId: string, extra: Record<string, string> = {}) => ({
  customerId: 'C0700',
  customerName: '东方保险',
  customerNameEn: 'Eastern Insurance',
  memberId,
  employeeId: memberId,
  relation: '01',
  name: `导入${memberId}`,
  nameEn: `Imported ${memberId}`,
  birthday: '1979-11-02',
  sex: '02',
  idType: '01',
  idNumber: '',
  cardNumber: `IMP-${memberId}`,
  phone: '',
  email: '',
  policyNo: `POL-${memberId}`,
  grpPlanCode: 'GP-EAST-01',
  planName: '东方计划',
  planNameEn: 'Eastern plan',
  validFrom: `${year}-01-01`,
  validTo: `${year}-12-31`,
  policyStatus: '01',
  ...extra,
});
const coverageRows = [
  {
    grpPlanCode: 'GP-EAST-01',
    coverageCode: 'OP',
    currency: 'CNY',
    perVisitLimit: '800',
    annualLimit: '8000',
    coPayPercent: '15',
    deductible: '0',
    directBilling: 'Y',
  },
  {
    grpPlanCode: 'GP-EAST-01',
    coverageCode: 'IP',
    currency: 'CNY',
    perVisitLimit: '',
    annualLimit: '',
    coPayPercent: '0',
    deductible: '500',
    directBilling: 'N',
  },
];

/** A workbook in the template's layout, from the template the server hands out. */
async function workbook(rows: Record<string, string>[], coverages: Record<string, string>[] = coverageRows) {
  const res = await as('demo/admin', { method: 'GET', url: '/saasapi/member/import/template' });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const [memberSheet, coverageSheet] = book.worksheets;
  memberSheet.spliceRows(2, 1);
  coverageSheet.spliceRows(2, 1);
  for (const r of rows) memberSheet.addRow(MEMBER_COLUMNS.map(([key]) => r[key] ?? ''));
  for (const c of coverages) coverageSheet.addRow(COVERAGE_COLUMNS.map(([key]) => c[key] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}

function csv(rows: Record<string, string>[]) {
  const head = MEMBER_COLUMNS.map(([key, zh, en]) => `"${zh} / ${en} [${key}]"`).join(',');
  const lines = rows.map((r) =>
    MEMBER_COLUMNS.map(([key]) => `"${(r[key] ?? '').replace(/"/g, '""')}"`).join(','),
  );
  return Buffer.from(`\uFEFF${[head, ...lines].join('\r\n')}\r\n`);
}

const send = (
  who: string,
  url: string,
  content: Buffer,
  filename = 'members.xlsx',
  language: 'zh' | 'en' = 'zh',
) => {
  const body = multipart([{ filename, content }]);
  return as(who, { method: 'POST', url, payload: body.payload, headers: { ...body.headers, language } });
};

const memberCount = async (ids: string[]) => {
  const [{ n }] = await t.platform.db
    .select({ n: count() })
    .from(members)
    .where(inArray(members.memberId, ids));
  return n;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['demo/admin', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    tokens[who] = (await login(t.app, tenant, account)).token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('member import', () => {
  it('the template has the members and coverages sheets with bilingual headers; hospital may not have it', async () => {
    const res = await as('demo/admin', { method: 'GET', url: '/saasapi/member/import/template' });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['members', 'coverages']);
    expect(book.worksheets[0].getCell(1, 7).value).toBe('姓名 / Name [name]');
    expect(
      (await as('demo/hospital', { method: 'GET', url: '/saasapi/member/import/template' })).statusCode,
    ).toBe(403);
  });

  it('the preview reports each error kind by sheet, row and column in both languages, and saves nothing', async () => {
    const file = await workbook(
      [
        memberRow('IM001'),
        memberRow('IM002', { birthday: '1979-02-30' }),
        memberRow('IM003', { name: '' }),
        memberRow('IM004', { relation: '09' }),
        memberRow('M0001001', { customerId: 'C0700' }),
        memberRow('IM001', { policyNo: 'POL-IM001' }),
        memberRow('IM005', { validFrom: `${year}-12-31`, validTo: `${year}-01-01` }),
      ],
      [
        ...coverageRows,
        { grpPlanCode: 'GP-EAST-01', coverageCode: 'DT', currency: 'XXX', annualLimit: '1.234' },
      ],
    );
    const res = await send('demo/admin', '/saasapi/member/import/preview', file);
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ total: 7, errorCount: 8 });
    const at = (sheet: string, row: number, field: string) =>
      r.errors.find(
        (e: { sheet: string; row: number; field: string }) =>
          e.sheet === sheet && e.row === row && e.field === field,
      );
    expect(at('members', 3, 'birthday')).toMatchObject({
      msg: '日期格式应为 YYYY-MM-DD',
      msg_en: 'Dates use YYYY-MM-DD',
    });
    expect(at('members', 4, 'name')).toMatchObject({ msg_en: "Can't be empty" });
    expect(at('members', 5, 'relation')).toMatchObject({ msg_en: 'Relation is a code 01–05' });
    expect(at('members', 6, 'customerId')).toMatchObject({
      msg_en: 'Member M0001001 belongs to customer C0001 and cannot move to another customer',
    });
    expect(at('members', 7, 'policyNo')).toMatchObject({ msg_en: 'Policy POL-IM001 appears twice' });
    expect(at('members', 8, 'validTo')).toMatchObject({
      msg_en: 'The end date cannot be before the start date',
    });
    expect(at('coverages', 4, 'currency')).toMatchObject({ msg: '不支持的币种' });
    expect(at('coverages', 4, 'annualLimit')).toMatchObject({
      msg_en: 'Incorrect amount format (at most 2 decimals)',
    });
    expect(await memberCount(['IM001', 'IM005'])).toBe(0);

    // The commit of the same file refuses it whole.
    const commit = await send('demo/admin', '/saasapi/member/import', file);
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ code: 40201, data: { errorCount: 8 } });
    expect(await memberCount(['IM001', 'IM005'])).toBe(0);
  });

  it('a clean .xlsx imports members, plans and policies with the plan coverages; the same file again adds nothing', async () => {
    const rows = [
      memberRow('IM101'),
      memberRow('IM102', { employeeId: 'IM101', relation: '03', policyNo: 'POL-IM101' }),
    ];
    const file = await workbook(rows);
    const preview = await send('demo/admin', '/saasapi/member/import/preview', file);
    expect(preview.json().data).toMatchObject({
      total: 2,
      members: 2,
      policies: 2,
      errorCount: 0,
      errors: [],
    });
    const first = await send('demo/admin', '/saasapi/member/import', file);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ created: 4, updated: 0 });
    const again = await send('demo/admin', '/saasapi/member/import', file);
    expect(again.json().data).toMatchObject({ created: 0, updated: 0 });
    expect(await memberCount(['IM101', 'IM102'])).toBe(2);
    const coverages = await t.platform.db
      .select({
        code: policyCoverages.coverageCode,
        annual: policyCoverages.annualLimit,
        direct: policyCoverages.directBilling,
      })
      .from(policyCoverages)
      .innerJoin(policies, eq(policies.id, policyCoverages.policyRef))
      .innerJoin(members, eq(members.id, policies.memberRef))
      .where(eq(members.memberId, 'IM102'));
    expect(coverages).toEqual(
      expect.arrayContaining([
        { code: 'OP', annual: '8000.00', direct: true },
        { code: 'IP', annual: null, direct: false },
      ]),
    );
    // A changed value is an update.
    const changed = await workbook([rows[0], { ...rows[1], name: '改名' }]);
    expect((await send('demo/admin', '/saasapi/member/import', changed)).json().data).toMatchObject({
      created: 0,
      updated: 1,
    });
  });

  it('a .csv imports the members and policies; another tenant gets its own rows', async () => {
    const file = csv([memberRow('IM201', { name: '逗号, "引号"' })]);
    const res = await send('acme/admin', '/saasapi/member/import', file, 'members.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, created: 2 });
    const [row] = await t.platform.db.select().from(members).where(eq(members.memberId, 'IM201'));
    expect(row.name).toBe('逗号, "引号"');
    const demo = await as('demo/admin', {
      method: 'POST',
      url: '/saasapi/smartportal/member/search',
      payload: { cardNumber: 'IMP-IM201' },
    });
    expect(demo.json().data).toEqual([]);
  });

  it('refusals: a .txt file 40202, a foreign header 40204, an empty file 40203, hospital 403', async () => {
    const txt = await send(
      'demo/admin',
      '/saasapi/member/import/preview',
      Buffer.from('x'),
      'members.txt',
      'en',
    );
    expect(txt.json()).toMatchObject({ code: 40202, msg_en: 'Only .xlsx or .csv files are supported' });
    const header = await send(
      'demo/admin',
      '/saasapi/member/import/preview',
      Buffer.from('a,b\n1,2\n'),
      'm.csv',
    );
    expect(header.json().code).toBe(40204);
    const empty = await send('demo/admin', '/saasapi/member/import/preview', csv([]), 'm.csv');
    expect(empty.json().code).toBe(40203);
    const hospital = await send(
      'demo/hospital',
      '/saasapi/member/import/preview',
      csv([memberRow('IM301')]),
      'm.csv',
    );
    expect(hospital.statusCode).toBe(403);
  });

  describe(`files longer than one write statement (${UPSERT_CHUNK} rows)`, () => {
    const ids = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

    it('a plan of another customer on the last row, past the first chunk, refuses the file and saves nothing', async () => {
      const list = ids('IMC', UPSERT_CHUNK + 2);
      const rows = list.map((id) => memberRow(id, { customerId: 'C0720', grpPlanCode: 'GP-C0720' }));
      // GP-DEMO-01 belongs to C0001: found only when the policies are written, after the members.
      rows[rows.length - 1].grpPlanCode = 'GP-DEMO-01';
      const file = await workbook(rows, [
        { ...coverageRows[0], grpPlanCode: 'GP-C0720' },
        { ...coverageRows[1], grpPlanCode: 'GP-C0720' },
        { ...coverageRows[0], grpPlanCode: 'GP-DEMO-01' },
      ]);
      const res = await send('demo/admin', '/saasapi/member/import', file, 'members.xlsx', 'en');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 40201,
        data: {
          errorCount: 1,
          errors: [{ sheet: 'members', row: list.length + 1, field: 'grpPlanCode' }],
        },
      });
      expect(res.json().data.errors[0].msg_en).toContain('GP-DEMO-01');
      expect(res.json().data.errors[0].msg).not.toBe(res.json().data.errors[0].msg_en);
      expect(await memberCount(list)).toBe(0);
    });

    it('imports every row, counts 0 created and 0 updated the second time, and 1 updated for a change in the second chunk', async () => {
      const list = ids('IMD', UPSERT_CHUNK + 2);
      const rows = list.map((id) => memberRow(id, { customerId: 'C0730', grpPlanCode: 'GP-C0730' }));
      const first = await send('demo/admin', '/saasapi/member/import', csv(rows), 'members.csv');
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toMatchObject({ total: list.length, created: 2 * list.length, updated: 0 });
      expect(await memberCount(list)).toBe(list.length);

      const again = await send('demo/admin', '/saasapi/member/import', csv(rows), 'members.csv');
      expect(again.json().data).toMatchObject({ created: 0, updated: 0 });

      const last = rows.length - 1;
      const changed = rows.map((r, i) => (i === last ? { ...r, phone: '13900000000' } : r));
      const third = await send('demo/admin', '/saasapi/member/import', csv(changed), 'members.csv');
      expect(third.json().data).toMatchObject({ created: 0, updated: 1 });
      const [row] = await t.platform.db
        .select({ phone: members.phone })
        .from(members)
        .where(eq(members.memberId, list[last]));
      expect(row.phone).toBe('13900000000');
    });
  });
});

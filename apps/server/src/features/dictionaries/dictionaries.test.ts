import { CODE_TABLES } from '@portal/domain/dictionaries/codes';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationLogs } from '../../platform/audit-log/audit-log.tables.ts';
import { tenants } from '../../platform/tenancy/tenancy.tables.ts';
import { call, createTestApp, login, type TTestApp } from '../../test/test-app.ts';
import { dictionaryCache } from './dictionaries.cache.ts';
import { seedTenantDictionaries } from './dictionaries.seed.ts';
import { entriesOfTypeAnswer } from './dictionaries.service.ts';
import { areas, banks, departments, dictionaryEntries, dictionaryTypes } from './dictionaries.tables.ts';

let t: TTestApp;
const tokens: Record<string, string> = {};
const userIds: Record<string, string> = {};
const tenantIds = new Map<string, string>();

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (who: string, method: TMethod, url: string, payload?: unknown) =>
  call(t.app, who.split('/')[0], tokens[who], {
    method,
    url: `/saasapi${url}`,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
const data = async <T = unknown>(
  who: string,
  method: TMethod,
  url: string,
  payload?: unknown,
): Promise<T> => {
  const res = await req(who, method, url, payload);
  const body = res.json();
  if (res.statusCode !== 200 || !body.isSuccess)
    throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return body.data as T;
};

interface TEntry {
  code: string;
  codeType: string;
  codeName: string;
  codeEnName: string;
  enabled: boolean;
}
interface TAreaRow {
  id: string;
  code: string;
  upCode: string;
  level: string;
  cnName: string;
  enName: string;
  hasChildren: boolean;
}
interface TRecord {
  id: string;
  codeType: string;
  code: string;
  codeName: string;
  codeEnName: string;
  kind: string;
  enabled: boolean;
  sort: number;
}
const codes = (who: string, queries: unknown) =>
  data<TEntry[]>(who, 'POST', '/oauth/dictionary/codes', queries);
const codeOf = (entries: TEntry[], code: string) => entries.find((e) => e.code === code);

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.platform.db.select().from(tenants)) tenantIds.set(row.code, row.id);
  for (const who of ['demo/admin', 'demo/auditor', 'demo/hospital', 'acme/admin']) {
    const [tenant, account] = who.split('/');
    const session = await login(t.app, tenant, account);
    tokens[who] = session.token;
    userIds[who] = session.userId;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('seed', () => {
  it('gives every tenant the code tables, areas, banks and departments once', async () => {
    const db = t.platform.db;
    for (const tenantId of tenantIds.values()) {
      const countOf = async (
        table: typeof areas | typeof banks | typeof departments | typeof dictionaryTypes,
      ) =>
        Number(
          (await db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.tenantId, tenantId)))[0]
            .n,
        );
      expect(await countOf(areas)).toBe(4094);
      expect(await countOf(banks)).toBe(123);
      expect(await countOf(departments)).toBe(180);
      expect(await countOf(dictionaryTypes)).toBe(Object.keys(CODE_TABLES).length + 1);
    }
    const demo = tenantIds.get('demo')!;
    const before = await db
      .select({ n: sql<number>`count(*)` })
      .from(dictionaryEntries)
      .where(eq(dictionaryEntries.tenantId, demo));
    await seedTenantDictionaries(db, { tenantId: demo });
    const after = await db
      .select({ n: sql<number>`count(*)` })
      .from(dictionaryEntries)
      .where(eq(dictionaryEntries.tenantId, demo));
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });
});

describe('POST /oauth/dictionary/codes and /drsystem/providerTask/queryDictList', () => {
  it('returns code tables and areas in both languages, filtered by codeList', async () => {
    const list = await codes('demo/hospital', [
      { codeType: 'ldCode-currency', codeList: ['01'] },
      { codeType: '02', codeList: ['23', 'US'] },
      { codeType: 'ldCode-providerleval' },
    ]);
    expect(list.filter((e) => e.codeType === 'ldCode-currency')).toEqual([
      {
        code: '01',
        codeType: 'ldCode-currency',
        codeName: '人民币',
        codeEnName: 'Chinese Yuan (CNY)',
        enabled: true,
      },
    ]);
    expect(list.filter((e) => e.codeType === '02').map((e) => [e.code, e.codeName, e.codeEnName])).toEqual([
      ['23', '中国', 'China'],
      ['US', '美国', 'United States'],
    ]);
    const levels = list.filter((e) => e.codeType === 'ldCode-providerleval');
    expect(levels.map((e) => e.code)).toEqual(CODE_TABLES['ldCode-providerleval'].map((e) => e.code));
    expect(codeOf(levels, '10')).toMatchObject({ codeName: '未定级', codeEnName: 'Not graded' });
  });

  it('knows every code type of the spec', async () => {
    const types = [
      'outpatients',
      'ldCode-language',
      'ldCode-medicaltype',
      'ldCode-providerpro',
      'ldCode-providerleval',
      'ldCode-directpaytype',
      'ldCode-prodeptcategory',
      'bizDict-invoice_type',
      'ldCode-currency',
      'teltype',
      'planreasunit',
      '01',
      '02',
      '03',
      '04',
      '05',
    ];
    const list = await data<TEntry[]>(
      'demo/auditor',
      'POST',
      '/drsystem/providerTask/queryDictList',
      types.map((codeType) => ({ codeType, codeList: [] })),
    );
    const counts = Object.fromEntries(
      types.map((type) => [type, list.filter((e) => e.codeType === type).length]),
    );
    expect(counts).toMatchObject({ '01': 7, '02': 246, '03': 34, '04': 367, '05': 3440, outpatients: 180 });
    for (const type of types) expect(counts[type], type).toBeGreaterThan(0);
    expect(
      codeOf(
        list.filter((e) => e.codeType === 'ldCode-providerpro'),
        '01',
      ),
    ).toMatchObject({ codeName: '公立医院' });
    expect(
      codeOf(
        list.filter((e) => e.codeType === 'ldCode-prodeptcategory'),
        '01',
      ),
    ).toMatchObject({ codeName: '普通部' });
    expect(
      codeOf(
        list.filter((e) => e.codeType === 'outpatients'),
        '03',
      ),
    ).toMatchObject({ codeName: '内科' });
    for (const entry of list)
      expect(entry.codeName && entry.codeEnName, `${entry.codeType}/${entry.code}`).toBeTruthy();
  });

  it('answers unknown code types with no entries, not an error', async () => {
    expect(await codes('demo/hospital', [{ codeType: 'no-such-type' }])).toEqual([]);
    const mixed = await codes('demo/hospital', [
      { codeType: 'no-such-type' },
      { codeType: 'teltype', codeList: ['02'] },
    ]);
    expect(mixed.map((e) => e.codeName)).toEqual(['手机']);
    expect(await codes('demo/hospital', [])).toEqual([]);
  });

  it('rejects a body that is not a list, and calls without a session', async () => {
    const bad = await req('demo/hospital', 'POST', '/oauth/dictionary/codes', { codeType: 'teltype' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ isSuccess: false, code: 40010 });
    const tooLong = await req('demo/hospital', 'POST', '/oauth/dictionary/codes', [
      { codeType: 'x'.repeat(65) },
    ]);
    expect(tooLong.statusCode).toBe(400);
    const anonymous = await call(t.app, 'demo', undefined, {
      method: 'POST',
      url: '/saasapi/oauth/dictionary/codes',
      payload: [{ codeType: 'teltype' }],
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('commonCode, sysDict and enums', () => {
  it('GET /drsystem/commonCode/getByType/{type} and ?codeType=', async () => {
    const byPath = await data<TEntry[]>('demo/admin', 'GET', '/drsystem/commonCode/getByType/user_type');
    expect(byPath.map((e) => e.code)).toEqual(['01', '02', '03', '04']);
    expect(byPath[1]).toMatchObject({ codeName: '医疗机构人员', codeEnName: 'Provider staff' });
    const byQuery = await data<TEntry[]>(
      'demo/admin',
      'GET',
      '/drsystem/commonCode/getByType?codeType=user_type&ts=1',
    );
    expect(byQuery).toEqual(byPath);
    expect(await data('demo/admin', 'GET', '/drsystem/commonCode/getByType/unknown')).toEqual([]);
    expect((await req('demo/admin', 'GET', '/drsystem/commonCode/getByType')).statusCode).toBe(400);
    // The kept answer is sent as UTF-8 bytes: its length is the bytes', its type says UTF-8.
    const raw = await req('demo/admin', 'GET', '/drsystem/commonCode/getByType/user_type');
    expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(raw.headers['content-length'])).toBe(raw.rawPayload.length);
    expect(raw.rawPayload.toString('utf8')).toContain('"codeName":"医疗机构人员"');
  });

  it('writes a code type answer once per loaded section and code type, and anew after a change', async () => {
    const tenantId = tenantIds.get('demo') as string;
    const writes: string[] = [];
    const answer = (codeType: string) =>
      entriesOfTypeAnswer(t.platform, { tenantId, codeType }, (entries) => {
        writes.push(codeType);
        return Buffer.from(JSON.stringify(entries));
      });
    await dictionaryCache(t.platform).invalidate(tenantId, ['entries', 'areas', 'departments']);
    const first = await answer('user_type');
    expect(await answer('user_type')).toBe(first);
    expect(JSON.parse(first.toString()).map((e: TEntry) => e.code)).toEqual(['01', '02', '03', '04']);
    // Areas and departments come from sections of their own.
    for (const codeType of ['01', '01', 'outpatients', 'outpatients', 'unknown', 'unknown'])
      await answer(codeType);
    expect(writes).toEqual(['user_type', '01', 'outpatients', 'unknown']);
    // A change drops the section, and with it the written answers of its code types only.
    await dictionaryCache(t.platform).invalidate(tenantId, ['entries']);
    const again = await answer('user_type');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    await answer('01');
    expect(writes).toEqual(['user_type', '01', 'outpatients', 'unknown', 'user_type']);
    // The answers above are this test's own: the routes write theirs after these sections go.
    await dictionaryCache(t.platform).invalidate(tenantId, ['entries', 'areas', 'departments']);
  });

  it('POST /drsystem/commonCode/getCodeGroupList and /getCodeList, GET /drsystem/sysDict/queryDictByType', async () => {
    const groups = await data<Record<string, TEntry[]>>(
      'demo/hospital',
      'POST',
      '/drsystem/commonCode/getCodeGroupList',
      {
        codeTypes: ['teltype', 'yesNo', 'nothing'],
      },
    );
    expect(Object.keys(groups)).toEqual(['teltype', 'yesNo', 'nothing']);
    expect(groups.yesNo.map((e) => e.codeEnName)).toEqual(['Yes', 'No']);
    expect(groups.nothing).toEqual([]);
    const list = await data<TEntry[]>('demo/hospital', 'POST', '/drsystem/commonCode/getCodeList', {
      codeType: 'dbFlag',
    });
    expect(list.map((e) => e.codeName)).toEqual(['支持', '不支持']);
    const sys = await data<TEntry[]>(
      'demo/hospital',
      'GET',
      '/drsystem/sysDict/queryDictByType/bizDict-invoice_type',
    );
    expect(sys.length).toBe(CODE_TABLES['bizDict-invoice_type'].length);
    expect(
      (await req('demo/hospital', 'POST', '/drsystem/commonCode/getCodeGroupList', { codeTypes: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('POST /oauth/enums gives statuses and task types as {code, name, nameEn}', async () => {
    const all = await data<Record<string, { code: string; name: string; nameEn: string }[]>>(
      'demo/hospital',
      'POST',
      '/oauth/enums',
      {},
    );
    expect(Object.keys(all)).toEqual(
      expect.arrayContaining(['hospitalTaskStatus', 'taskType', 'approvalConclusion', 'operationRecord']),
    );
    expect(all.outpatients).toBeUndefined();
    expect(all.hospitalTaskStatus.map((e) => e.code)).toEqual(['01', '03', '04', '06', '07', '08']);
    const some = await data<Record<string, unknown>>('demo/hospital', 'POST', '/oauth/enums', {
      enums: ['taskType', 'missing'],
    });
    expect(some).toEqual({
      taskType: [
        { code: '01', name: '新增医生', nameEn: 'Add doctor' },
        { code: '02', name: '修改医生', nameEn: 'Update doctor' },
        { code: '03', name: '新增医院', nameEn: 'Add hospital' },
        { code: '04', name: '修改医院', nameEn: 'Update hospital' },
      ],
      missing: [],
    });
  });
});

describe('areas, departments and banks', () => {
  it('GET /drsystem/ldaddress/getAddressByUpCode/{code}: continents, countries, Beijing districts', async () => {
    const continents = await data<TAreaRow[]>(
      'demo/hospital',
      'GET',
      '/drsystem/ldaddress/getAddressByUpCode/0',
    );
    expect(continents.map((a) => a.enName)).toEqual([
      'Asia',
      'Europe',
      'Africa',
      'North America',
      'South America',
      'Oceania',
      'Antarctica',
    ]);
    expect(continents.every((a) => a.level === '01' && a.hasChildren)).toBe(true);
    const asia = await data<TAreaRow[]>('demo/hospital', 'GET', '/drsystem/ldaddress/getAddressByUpCode/01');
    expect(asia[0]).toMatchObject({ code: '23', cnName: '中国', enName: 'China', level: '02' });
    const provinces = await data<TAreaRow[]>(
      'demo/hospital',
      'GET',
      '/drsystem/ldaddress/getAddressByUpCode/23',
    );
    expect(provinces).toHaveLength(34);
    const beijing = await data<TAreaRow[]>(
      'demo/hospital',
      'GET',
      '/drsystem/ldaddress/getAddressByUpCode/110100',
    );
    expect(beijing).toHaveLength(16);
    expect(beijing.find((a) => a.code === '110108')).toMatchObject({
      cnName: '海淀区',
      enName: 'Haidian Qu',
      level: '05',
      hasChildren: false,
    });
    expect(await data('demo/hospital', 'GET', '/drsystem/ldaddress/getAddressByUpCode/110108')).toEqual([]);
  });

  it('GET /drsystem/ldaddress/getProvinceCityCounty/{code}: the chain of a district, city or province', async () => {
    const chain = await data<TAreaRow[]>(
      'demo/hospital',
      'GET',
      '/drsystem/ldaddress/getProvinceCityCounty/110108',
    );
    expect(chain.map((a) => [a.code, a.level, a.cnName])).toEqual([
      ['110000', '03', '北京市'],
      ['110100', '04', '北京市'],
      ['110108', '05', '海淀区'],
    ]);
    const city = await data<TAreaRow[]>(
      'demo/hospital',
      'GET',
      '/drsystem/ldaddress/getProvinceCityCounty/440300',
    );
    expect(city.map((a) => a.enName)).toEqual(['Guangdong', 'Shenzhen Shi']);
    expect(await data('demo/hospital', 'GET', '/drsystem/ldaddress/getProvinceCityCounty/23')).toEqual([]);
    expect(await data('demo/hospital', 'GET', '/drsystem/ldaddress/getProvinceCityCounty/999999')).toEqual(
      [],
    );
  });

  it('GET /drsystem/providerTask/getDeptList?deptName= searches code, Chinese and English names', async () => {
    const all = await data<{ deptCode: string }[]>(
      'demo/hospital',
      'GET',
      '/drsystem/providerTask/getDeptList',
    );
    expect(all).toHaveLength(180);
    const zh = await data<{ deptCode: string; deptCnName: string; deptEnName: string }[]>(
      'demo/hospital',
      'GET',
      `/drsystem/providerTask/getDeptList?deptName=${encodeURIComponent('心血管')}`,
    );
    expect(zh.map((d) => d.deptCnName)).toContain('心血管内科');
    const en = await data<{ deptCnName: string }[]>(
      'demo/hospital',
      'GET',
      '/drsystem/providerTask/getDeptList?deptName=cardio',
    );
    expect(en.map((d) => d.deptCnName)).toContain('心血管内科');
    const byCode = await data<{ deptCode: string }[]>(
      'demo/hospital',
      'GET',
      '/drsystem/providerTask/getDeptList?deptName=X01',
    );
    expect(byCode.map((d) => d.deptCode)).toContain('X01');
  });

  it('GET /drsystem/providerTask/getBankName?bankName= finds banks and ignores | and ^', async () => {
    const icbc = await data<{ bankcode: string; bankname: string; bankEnName: string }[]>(
      'demo/hospital',
      'GET',
      `/drsystem/providerTask/getBankName?bankName=${encodeURIComponent('工商')}`,
    );
    expect(icbc).toEqual([
      { bankcode: '102', bankname: '中国工商银行', bankEnName: 'Industrial and Commercial Bank of China' },
    ]);
    const en = await data<{ bankcode: string }[]>(
      'demo/hospital',
      'GET',
      '/drsystem/providerTask/getBankName?bankName=hsbc',
    );
    expect(en.map((b) => b.bankcode)).toEqual(['501']);
    expect(
      await data(
        'demo/hospital',
        'GET',
        `/drsystem/providerTask/getBankName?bankName=${encodeURIComponent('工商|')}`,
      ),
    ).toEqual([]);
    expect(
      await data(
        'demo/hospital',
        'GET',
        `/drsystem/providerTask/getBankName?bankName=${encodeURIComponent('^')}`,
      ),
    ).toEqual([]);
    expect(
      await data<unknown[]>('demo/hospital', 'GET', '/drsystem/providerTask/getBankName?bankName='),
    ).toHaveLength(123);
  });
});

describe('dictionary administration', () => {
  it('needs the admin permission on every administration route', async () => {
    const routes: [TMethod, string, unknown][] = [
      ['POST', '/authority/dictionary/page', {}],
      [
        'POST',
        '/authority/dictionary',
        { codeType: 'teltype', code: '99', codeName: '其他', codeEnName: 'Other' },
      ],
      [
        'PUT',
        '/authority/dictionary',
        { id: crypto.randomUUID(), code: '99', codeName: 'a', codeEnName: 'b' },
      ],
      ['DELETE', '/authority/dictionary', [crypto.randomUUID()]],
      ['POST', '/authority/dictionary/type/page', {}],
      ['POST', '/authority/dictionary/pageType', {}],
      ['POST', '/authority/dictionary/type', { codeType: 'x', name: 'x', nameEn: 'x' }],
      [
        'PUT',
        '/authority/dictionary/type',
        { id: crypto.randomUUID(), name: 'x', nameEn: 'x', kind: 'dictionary' },
      ],
      ['DELETE', '/authority/dictionary/type', [crypto.randomUUID()]],
      ['POST', '/authority/area/page', {}],
      ['POST', '/authority/area', { upCode: '110100', code: '110199', cnName: 'a', enName: 'b' }],
      ['PUT', '/authority/area', { id: crypto.randomUUID(), cnName: 'a', enName: 'b' }],
    ];
    for (const who of ['demo/auditor', 'demo/hospital']) {
      for (const [method, url, payload] of routes) {
        const res = await req(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ isSuccess: false, code: 40300 });
      }
    }
  });

  it('pages entries by code type, code and name', async () => {
    const page = await data<{ records: TRecord[]; total: number }>(
      'demo/admin',
      'POST',
      '/authority/dictionary/page',
      {
        current: 1,
        size: 10,
        model: { codeType: 'ldCode-currency' },
      },
    );
    expect(page.total).toBe(CODE_TABLES['ldCode-currency'].length);
    expect(page.records).toHaveLength(10);
    expect(page.records[0]).toMatchObject({
      code: '01',
      codeName: '人民币',
      kind: 'codeTable',
      enabled: true,
    });
    const byName = await data<{ records: TRecord[] }>('demo/admin', 'POST', '/authority/dictionary/page', {
      model: { name: 'yen' },
    });
    expect(byName.records.map((r) => r.codeName)).toContain('日元');
    const depts = await data<{ records: TRecord[]; total: number }>(
      'demo/admin',
      'POST',
      '/authority/dictionary/page',
      {
        current: 2,
        size: 5,
        model: { codeType: 'outpatients' },
      },
    );
    expect(depts.total).toBe(180);
    expect(depts.records.every((r) => r.codeType === 'outpatients' && r.kind === 'dictionary')).toBe(true);
    // Without a code type the departments follow the other entries, across page boundaries.
    const first = await data<{ total: number }>('demo/admin', 'POST', '/authority/dictionary/page', {
      size: 1,
    });
    const lastPage = Math.ceil(first.total / 100);
    const tail = await data<{ records: TRecord[] }>('demo/admin', 'POST', '/authority/dictionary/page', {
      current: lastPage,
      size: 100,
    });
    expect(tail.records.at(-1)?.codeType).toBe('outpatients');
    const bad = await req('demo/admin', 'POST', '/authority/dictionary/page', { current: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('adds a dictionary type and entries that show up in lookups at once, only in the tenant', async () => {
    // Warm the cache first so the test proves invalidation, not a first load.
    expect(await codes('demo/hospital', [{ codeType: 'hospitalTag' }])).toEqual([]);
    expect(await data('demo/hospital', 'GET', '/drsystem/commonCode/getByType/hospitalTag')).toEqual([]);
    const type = await data<{ id: string; kind: string; entryCount: number }>(
      'demo/admin',
      'POST',
      '/authority/dictionary/type',
      {
        codeType: 'hospitalTag',
        name: '医院标签',
        nameEn: 'Hospital tags',
      },
    );
    expect(type).toMatchObject({ kind: 'dictionary', entryCount: 0 });
    const entry = await data<TRecord>('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'hospitalTag',
      code: 'JCI',
      codeName: 'JCI 认证',
      codeEnName: 'JCI accredited',
    });
    expect(entry).toMatchObject({
      codeType: 'hospitalTag',
      code: 'JCI',
      kind: 'dictionary',
      enabled: true,
      sort: 10,
    });
    expect(await codes('demo/hospital', [{ codeType: 'hospitalTag' }])).toEqual([
      {
        code: 'JCI',
        codeType: 'hospitalTag',
        codeName: 'JCI 认证',
        codeEnName: 'JCI accredited',
        enabled: true,
      },
    ]);
    // The same through the written answer of getByType, warmed above with no entries.
    expect(await data('demo/hospital', 'GET', '/drsystem/commonCode/getByType/hospitalTag')).toEqual(
      await codes('demo/hospital', [{ codeType: 'hospitalTag' }]),
    );

    const renamed = await data<TRecord>('demo/admin', 'PUT', '/authority/dictionary', {
      id: entry.id,
      code: 'JCI-A',
      codeName: 'JCI 学术医学中心认证',
      codeEnName: 'JCI academic medical center',
      enabled: false,
    });
    expect(renamed).toMatchObject({ code: 'JCI-A', enabled: false });
    expect(await data('demo/hospital', 'GET', '/drsystem/sysDict/queryDictByType/hospitalTag')).toEqual([
      {
        code: 'JCI-A',
        codeType: 'hospitalTag',
        codeName: 'JCI 学术医学中心认证',
        codeEnName: 'JCI academic medical center',
        enabled: false,
      },
    ]);

    // The other tenant sees nothing of it and cannot touch it.
    expect(await codes('acme/admin', [{ codeType: 'hospitalTag' }])).toEqual([]);
    const acmePage = await data<{ total: number }>('acme/admin', 'POST', '/authority/dictionary/page', {
      model: { codeType: 'hospitalTag' },
    });
    expect(acmePage.total).toBe(0);
    const acmeTypes = await data<{ total: number }>('acme/admin', 'POST', '/authority/dictionary/type/page', {
      model: { codeType: 'hospitalTag' },
    });
    expect(acmeTypes.total).toBe(0);
    const acmeEdit = await req('acme/admin', 'PUT', '/authority/dictionary', {
      id: entry.id,
      code: 'X',
      codeName: '篡改',
      codeEnName: 'Tampered',
    });
    expect(acmeEdit.statusCode).toBe(404);
    expect((await req('acme/admin', 'DELETE', '/authority/dictionary', [entry.id])).statusCode).toBe(404);
    expect((await req('acme/admin', 'DELETE', '/authority/dictionary/type', [type.id])).statusCode).toBe(404);
    expect(
      (
        await req('acme/admin', 'POST', '/authority/dictionary', {
          codeType: 'hospitalTag',
          code: 'A',
          codeName: 'a',
          codeEnName: 'a',
        })
      ).json(),
    ).toMatchObject({ code: 40090 });

    // A type with entries stays; empty, it goes.
    const inUse = await req('demo/admin', 'DELETE', '/authority/dictionary/type', { ids: [type.id] });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: 40092,
      msg_en: 'The code type still has 1 entries; delete them first',
    });
    expect(await data('demo/admin', 'DELETE', '/authority/dictionary', [entry.id])).toEqual({ deleted: 1 });
    expect(await codes('demo/hospital', [{ codeType: 'hospitalTag' }])).toEqual([]);
    expect(await data('demo/admin', 'DELETE', '/authority/dictionary/type', [type.id])).toEqual({
      deleted: 1,
    });
  });

  it('refuses duplicates, unknown and reserved code types, and bad input', async () => {
    const duplicate = await req('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'teltype',
      code: '01',
      codeName: '直线',
      codeEnName: 'Direct',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ code: 40025 });
    const unknown = await req('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'nope',
      code: '01',
      codeName: 'a',
      codeEnName: 'a',
    });
    expect(unknown.json()).toMatchObject({ code: 40090, msg: '字典类型不存在' });
    const area = await req('demo/admin', 'POST', '/authority/dictionary', {
      codeType: '02',
      code: 'ZZ',
      codeName: 'a',
      codeEnName: 'a',
    });
    expect(area.json()).toMatchObject({ code: 40091 });
    const areaType = await req('demo/admin', 'POST', '/authority/dictionary/type', {
      codeType: '03',
      name: 'a',
      nameEn: 'a',
    });
    expect(areaType.json()).toMatchObject({ code: 40091 });
    const existingType = await req('demo/admin', 'POST', '/authority/dictionary/type', {
      codeType: 'teltype',
      name: 'a',
      nameEn: 'a',
    });
    expect(existingType.json()).toMatchObject({ code: 40025 });
    const special = await req('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'teltype',
      code: '06',
      codeName: '卫星|电话',
      codeEnName: 'Satellite',
    });
    expect(special.statusCode).toBe(400);
    expect(special.json().data.fieldErrors.codeName).toMatchObject({ msg: '不能包含 | 或 ^ 字符' });
    const empty = await req('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'teltype',
      code: ' ',
      codeName: '',
      codeEnName: 'x',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fieldErrors).toMatchObject({
      code: { msg: '请输入编码', msg_en: 'Please enter Code' },
      codeName: { msg: '请输入中文名称' },
    });
    const badCode = await req('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'teltype',
      code: 'a b',
      codeName: 'x',
      codeEnName: 'x',
    });
    expect(badCode.json().data.fieldErrors.code.msg_en).toBe('Code: incorrect format');
  });

  it('keeps code tables add-only: new codes and names yes, other codes and deletes no', async () => {
    const added = await data<TRecord>('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'ldCode-currency',
      code: '24',
      codeName: '沙特里亚尔',
      codeEnName: 'Saudi Riyal (SAR)',
      sort: 240,
    });
    expect(added.kind).toBe('codeTable');
    expect(codeOf(await codes('demo/hospital', [{ codeType: 'ldCode-currency' }]), '24')).toMatchObject({
      codeName: '沙特里亚尔',
    });

    const [cny] = (
      await data<{ records: TRecord[] }>('demo/admin', 'POST', '/authority/dictionary/page', {
        model: { codeType: 'ldCode-currency', code: '01' },
      })
    ).records;
    const rename = await data<TRecord>('demo/admin', 'PUT', '/authority/dictionary', {
      id: cny.id,
      code: '01',
      codeName: '人民币（元）',
      codeEnName: 'Renminbi (CNY)',
    });
    expect(rename).toMatchObject({ code: '01', codeName: '人民币（元）' });
    expect(await codes('demo/hospital', [{ codeType: 'ldCode-currency', codeList: ['01'] }])).toEqual([
      {
        code: '01',
        codeType: 'ldCode-currency',
        codeName: '人民币（元）',
        codeEnName: 'Renminbi (CNY)',
        enabled: true,
      },
    ]);
    // acme keeps its own name.
    expect(codeOf(await codes('acme/admin', [{ codeType: 'ldCode-currency' }]), '01')?.codeName).toBe(
      '人民币',
    );

    const recode = await req('demo/admin', 'PUT', '/authority/dictionary', {
      id: cny.id,
      code: '00',
      codeName: '人民币',
      codeEnName: 'CNY',
    });
    expect(recode.statusCode).toBe(400);
    expect(recode.json()).toMatchObject({
      code: 40024,
      msg: '码表只允许新增',
      msg_en: 'Code tables are add-only',
    });
    const remove = await req('demo/admin', 'DELETE', '/authority/dictionary', [added.id]);
    expect(remove.json()).toMatchObject({ code: 40024 });
    expect(codeOf(await codes('demo/hospital', [{ codeType: 'ldCode-currency' }]), '24')).toBeDefined();

    const types = await data<{
      records: { id: string; codeType: string; kind: string; entryCount: number }[];
    }>('demo/admin', 'POST', '/authority/dictionary/pageType', { model: { codeType: 'ldCode-currency' } });
    const currency = types.records.find((r) => r.codeType === 'ldCode-currency')!;
    expect(currency).toMatchObject({
      kind: 'codeTable',
      entryCount: CODE_TABLES['ldCode-currency'].length + 1,
    });
    const toDictionary = await req('demo/admin', 'PUT', '/authority/dictionary/type', {
      id: currency.id,
      name: '币种',
      nameEn: 'Currencies',
      kind: 'dictionary',
    });
    expect(toDictionary.json()).toMatchObject({ code: 40024 });
    expect(
      (await req('demo/admin', 'DELETE', '/authority/dictionary/type', [currency.id])).json(),
    ).toMatchObject({ code: 40024 });
    const renamedType = await data<{ name: string }>('demo/admin', 'PUT', '/authority/dictionary/type', {
      id: currency.id,
      name: '结算币种',
      nameEn: 'Settlement currencies',
      kind: 'codeTable',
      sort: 5,
    });
    expect(renamedType.name).toBe('结算币种');
  });

  it('administers departments as code type outpatients', async () => {
    const byType = async () =>
      codeOf(
        await data<TEntry[]>('demo/hospital', 'GET', '/drsystem/commonCode/getByType/outpatients'),
        'X90',
      );
    expect(await byType()).toBeUndefined();
    const dept = await data<TRecord>('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'outpatients',
      code: 'X90',
      codeName: '国际旅行医学门诊',
      codeEnName: 'Travel Medicine Clinic',
    });
    expect(dept).toMatchObject({ codeType: 'outpatients', kind: 'dictionary' });
    const found = await data<{ deptCode: string }[]>(
      'demo/hospital',
      'GET',
      '/drsystem/providerTask/getDeptList?deptName=travel',
    );
    expect(found.map((d) => d.deptCode)).toEqual(['X90']);
    await data('demo/admin', 'PUT', '/authority/dictionary', {
      id: dept.id,
      code: 'X90',
      codeName: '旅行医学门诊',
      codeEnName: 'Travel Medicine',
      enabled: false,
    });
    expect(await data('demo/hospital', 'GET', '/drsystem/providerTask/getDeptList?deptName=travel')).toEqual(
      [],
    );
    expect(
      codeOf(await codes('demo/hospital', [{ codeType: 'outpatients', codeList: ['X90'] }]), 'X90'),
    ).toMatchObject({
      codeName: '旅行医学门诊',
      enabled: false,
    });
    expect(await byType()).toMatchObject({ codeName: '旅行医学门诊', enabled: false });
    const types = await data<{ records: { id: string; codeType: string }[] }>(
      'demo/admin',
      'POST',
      '/authority/dictionary/type/page',
      {
        model: { codeType: 'outpatients' },
      },
    );
    const outpatients = types.records.find((r) => r.codeType === 'outpatients')!;
    expect(
      (await req('demo/admin', 'DELETE', '/authority/dictionary/type', [outpatients.id])).json(),
    ).toMatchObject({ code: 40091 });
    expect(await data('demo/admin', 'DELETE', '/authority/dictionary', { ids: [dept.id] })).toEqual({
      deleted: 1,
    });
    expect(await codes('demo/hospital', [{ codeType: 'outpatients', codeList: ['X90'] }])).toEqual([]);
  });

  it('writes who, when and what to the operation log in the same transaction', async () => {
    const entry = await data<TRecord>('demo/admin', 'POST', '/authority/dictionary', {
      codeType: 'teltype',
      code: '06',
      codeName: '卫星电话',
      codeEnName: 'Satellite phone',
    });
    expect(entry.sort).toBe(60);
    const res = await req('demo/admin', 'PUT', '/authority/dictionary', {
      id: entry.id,
      code: '06',
      codeName: '海事卫星电话',
      codeEnName: 'Inmarsat phone',
    });
    const logs = await t.platform.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.tenantId, tenantIds.get('demo')!), eq(operationLogs.targetId, entry.id)))
      .orderBy(desc(operationLogs.createdAt));
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'update']);
    const update = logs.find((l) => l.action === 'update')!;
    expect(update).toMatchObject({
      userId: userIds['demo/admin'],
      account: 'admin',
      targetTable: 'dictionary_entries',
      requestId: res.headers['x-request-id'] ?? update.requestId,
    });
    expect(update.requestId).not.toBe('');
    expect(update.before).toMatchObject({ codeName: '卫星电话' });
    expect(update.after).toMatchObject({ codeName: '海事卫星电话', codeEnName: 'Inmarsat phone' });

    // When the log row cannot be written, the change is rolled back with it.
    await t.platform.db.execute(sql`alter table operation_logs rename to operation_logs_away`);
    try {
      const failed = await req('demo/admin', 'POST', '/authority/dictionary', {
        codeType: 'teltype',
        code: '07',
        codeName: '对讲机',
        codeEnName: 'Walkie-talkie',
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.platform.db.execute(sql`alter table operation_logs_away rename to operation_logs`);
    }
    expect(codeOf(await codes('demo/hospital', [{ codeType: 'teltype' }]), '07')).toBeUndefined();
    const rows = await t.platform.db
      .select()
      .from(dictionaryEntries)
      .where(
        and(
          eq(dictionaryEntries.tenantId, tenantIds.get('demo')!),
          eq(dictionaryEntries.code, '07'),
          eq(dictionaryEntries.codeType, 'teltype'),
        ),
      );
    expect(rows).toEqual([]);
  });
});

describe('area administration', () => {
  it('adds and renames areas, visible in lookups at once and only in the tenant', async () => {
    const continents = async (who: string) =>
      (await data<TEntry[]>(who, 'GET', '/drsystem/commonCode/getByType/01')).map((e) => e.code);
    expect(await continents('demo/hospital')).not.toContain('08');
    expect(
      (await data<TAreaRow[]>('demo/hospital', 'GET', '/drsystem/ldaddress/getAddressByUpCode/110100'))
        .length,
    ).toBe(16);
    const added = await data<TAreaRow>('demo/admin', 'POST', '/authority/area', {
      upCode: '110100',
      code: '110199',
      cnName: '中关村科学城',
      enName: 'Zhongguancun Science City',
    });
    expect(added).toMatchObject({ level: '05', upCode: '110100', hasChildren: false });
    const children = await data<TAreaRow[]>(
      'demo/hospital',
      'GET',
      '/drsystem/ldaddress/getAddressByUpCode/110100',
    );
    expect(children.at(-1)).toMatchObject({ code: '110199', cnName: '中关村科学城' });
    const chain = await data<TAreaRow[]>(
      'demo/hospital',
      'GET',
      '/drsystem/ldaddress/getProvinceCityCounty/110199',
    );
    expect(chain.map((a) => a.code)).toEqual(['110000', '110100', '110199']);
    expect(
      (await data<TAreaRow[]>('acme/admin', 'GET', '/drsystem/ldaddress/getAddressByUpCode/110100')).length,
    ).toBe(16);

    const renamed = await data<TAreaRow>('demo/admin', 'PUT', '/authority/area', {
      id: added.id,
      cnName: '中关村',
      enName: 'Zhongguancun',
    });
    expect(renamed).toMatchObject({ code: '110199', cnName: '中关村' });
    const entries = await codes('demo/hospital', [{ codeType: '05', codeList: ['110199'] }]);
    expect(entries).toEqual([
      { code: '110199', codeType: '05', codeName: '中关村', codeEnName: 'Zhongguancun', enabled: true },
    ]);
    expect(
      (await req('acme/admin', 'PUT', '/authority/area', { id: added.id, cnName: 'x', enName: 'x' }))
        .statusCode,
    ).toBe(404);

    const continent = await data<TAreaRow>('demo/admin', 'POST', '/authority/area', {
      upCode: '0',
      code: '08',
      cnName: '海外属地',
      enName: 'Overseas territories',
    });
    expect(continent.level).toBe('01');
    expect(await continents('demo/hospital')).toContain('08');
    expect(await continents('acme/admin')).not.toContain('08');
    const found = await data<{ records: TAreaRow[]; total: number }>(
      'demo/admin',
      'POST',
      '/authority/area/page',
      {
        model: { keyword: 'haidian' },
      },
    );
    expect(found.records.map((a) => a.code)).toEqual(['110108']);
    const byLevel = await data<{ total: number }>('demo/admin', 'POST', '/authority/area/page', {
      model: { level: '01' },
    });
    expect(byLevel.total).toBe(8);
  });

  it('refuses unknown parents, children of districts and duplicate codes', async () => {
    const orphan = await req('demo/admin', 'POST', '/authority/area', {
      upCode: 'QQ',
      code: 'QQ1',
      cnName: 'a',
      enName: 'a',
    });
    expect(orphan.json()).toMatchObject({ code: 40093 });
    const deep = await req('demo/admin', 'POST', '/authority/area', {
      upCode: '110108',
      code: '110108001',
      cnName: 'a',
      enName: 'a',
    });
    expect(deep.json()).toMatchObject({ code: 40094 });
    const duplicate = await req('demo/admin', 'POST', '/authority/area', {
      upCode: '110100',
      code: '110108',
      cnName: 'a',
      enName: 'a',
    });
    expect(duplicate.json()).toMatchObject({ code: 40025 });
    const bad = await req('demo/admin', 'POST', '/authority/area', {
      upCode: '110100',
      code: '',
      cnName: 'a',
      enName: 'a',
    });
    expect(bad.statusCode).toBe(400);
  });
});

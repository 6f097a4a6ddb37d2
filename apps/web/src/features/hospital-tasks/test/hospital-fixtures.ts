/** Test data and a fetch router for the hospital-task screens' component tests. */
import type { THospitalTaskListItem, THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { toServerServiceTimes } from '@portal/domain/hospital-tasks/rules';
import { vi } from 'vitest';
import { EMPTY_AUTHORITY, useSessionStore } from '../../../lib/session-store.ts';

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ isSuccess: true, code: 0, msg: '成功', msg_en: 'Success', data }), {
    headers: { 'content-type': 'application/json' },
  });

export const fail = (status: number, code: number, msg: string, msgEn: string) =>
  new Response(JSON.stringify({ isSuccess: false, code, msg, msg_en: msgEn, data: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export interface TRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type THandler = (request: TRequest) => Response | Promise<Response>;

/** Dictionary entries the detail screens look up. */
const DICTIONARY: Record<string, { code: string; codeName: string; codeEnName: string }[]> = {
  'ldCode-medicaltype': [{ code: '01', codeName: '综合医院', codeEnName: 'General hospital' }],
  'ldCode-providerpro': [{ code: '02', codeName: '私立医院', codeEnName: 'Private hospital' }],
  'ldCode-providerleval': [{ code: '10', codeName: '未定级', codeEnName: 'Not graded' }],
  'ldCode-prodeptcategory': [{ code: '01', codeName: '普通部', codeEnName: 'General department' }],
  'ldCode-directpaytype': [
    { code: '01', codeName: '门诊及住院直付', codeEnName: 'Outpatient and inpatient direct billing' },
  ],
  'ldCode-currency': [
    { code: '01', codeName: '人民币', codeEnName: 'Chinese Yuan (CNY)' },
    { code: '02', codeName: '美元', codeEnName: 'US Dollar (USD)' },
  ],
  'bizDict-invoice_type': [
    { code: '01', codeName: '医疗收费电子票据', codeEnName: 'Electronic medical fee receipt' },
  ],
  'ldCode-language': [
    { code: '01', codeName: '中文（普通话）', codeEnName: 'Chinese (Mandarin)' },
    { code: '02', codeName: '英语', codeEnName: 'English' },
  ],
  socialSecurity: [{ code: '02', codeName: '否', codeEnName: 'No' }],
  outpatients: [{ code: '02', codeName: '内科', codeEnName: 'Internal medicine' }],
  teltype: [{ code: '01', codeName: '直线电话', codeEnName: 'Direct line' }],
  '01': [{ code: '01', codeName: '亚洲', codeEnName: 'Asia' }],
  '02': [{ code: '23', codeName: '中国', codeEnName: 'China' }],
};

/** The answer of /oauth/dictionary/codes from the test dictionary. */
export function dictionaryAnswer(body: unknown): Response {
  const asked = Array.isArray(body) ? (body as { codeType: string }[]) : [];
  return ok(
    asked.flatMap(({ codeType }) =>
      (DICTIONARY[codeType] ?? []).map((e, i) => ({
        ...e,
        codeType,
        enabled: true,
        sort: i,
        id: `${codeType}-${e.code}`,
      })),
    ),
  );
}

const AREA_CHAIN = [
  {
    id: 'a1',
    code: '110000',
    upCode: '23',
    level: '03',
    cnName: '北京市',
    enName: 'Beijing',
    sort: 1,
    hasChildren: true,
  },
  {
    id: 'a2',
    code: '110100',
    upCode: '110000',
    level: '04',
    cnName: '北京市',
    enName: 'Beijing City',
    sort: 1,
    hasChildren: true,
  },
  {
    id: 'a3',
    code: '110105',
    upCode: '110100',
    level: '05',
    cnName: '朝阳区',
    enName: 'Chaoyang',
    sort: 1,
    hasChildren: false,
  },
];

/**
 * Stubs fetch with a router: `handlers` by 'METHOD /path' (without /saasapi); dictionary and
 * area lookups are answered by default. Returns the mock and the requests seen.
 */
export function mockApi(handlers: Record<string, THandler>) {
  const requests: TRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/saasapi/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, query: url.searchParams, body };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler(request);
    if (path === '/oauth/dictionary/codes') return dictionaryAnswer(body);
    if (path.startsWith('/drsystem/ldaddress/getProvinceCityCounty/')) return ok(AREA_CHAIN);
    if (path === '/drsystem/liproviderinfo/getHospitalNoteInfo')
      return ok({ records: [], current: 1, size: 10, total: 0 });
    return fail(404, 40400, '抱歉，资源未找到', 'Sorry, resource not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** Signs in the demo hospital user (provider P10001). */
export function signInHospital() {
  useSessionStore.getState().applyLogin({
    token: 't',
    refreshToken: 'r',
    expiresIn: 3600,
    userId: '7',
    account: 'hospital',
    name: '王芳',
    nameEn: 'Wang Fang',
    userType: '02',
    providerId: 'P10001',
  });
  useSessionStore.getState().applyAuthority({
    ...EMPTY_AUTHORITY,
    resourceList: ['drsystem:providerTask:*'],
    roleList: ['SMART_PORTAL'],
  });
}

export function listItem(overrides: Partial<THospitalTaskListItem>): THospitalTaskListItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    taskNo: 'HT202606150001',
    taskType: '04',
    status: '01',
    providerId: 'P10001',
    providerCnName: '北京和睦国际医院',
    providerEnName: 'Beijing Harmony International Hospital',
    commitDate: '2026-06-15T02:00:00.000Z',
    auditDate: null,
    commitName: '王芳',
    commitNameEn: 'Wang Fang',
    auditMember: null,
    auditMemberEn: null,
    publicityDate: null,
    returnReason: null,
    version: 1,
    createdAt: '2026-06-15T02:00:00.000Z',
    updatedAt: '2026-06-15T02:00:00.000Z',
    ...overrides,
  };
}

export const page = <T>(records: T[]) => ({ records, current: 1, size: 10, total: records.length });

const emptyGroups = { '01': [], '02': [], '03': [], '04': [], '05': [] };

/** An approved record as providerDetail answers it. */
export function hospitalView(overrides: Partial<THospitalTaskView> = {}): THospitalTaskView {
  return {
    id: null,
    taskNo: null,
    taskType: null,
    version: null,
    providerId: 'P10001',
    providerEnName: 'Beijing Harmony International Hospital',
    providerCnName: '北京和睦国际医院',
    medicalType: '01',
    providerPro: '02',
    providerLeval: '10',
    proDeptCategory: '01',
    socialSecurity: '02',
    directPayType: '01',
    languages: ['01', '02'],
    invoiceType: '01',
    providerIntroduceCn: '一家综合性国际医院。',
    providerIntroduceEn: 'A general international hospital.',
    deptListCn: '内科、外科',
    deptListEn: 'Internal medicine, surgery',
    outPatients: ['02'],
    currency: '01',
    bankCode: '104',
    bankName: '中国银行',
    bank: '中国银行北京将台路支行',
    accountName: '北京和睦国际医院有限公司',
    accountNo: '3380 6012 3456 7890 12',
    countryCode: '',
    bankAddress: '',
    hospitalCAddress: '北京市朝阳区将台路2号',
    hospitalEAddress: 'No. 2 Jiangtai Road, Chaoyang District, Beijing',
    webAddr: 'www.bjharmony-hospital.cn',
    continent: '01',
    country: '23',
    province: '110000',
    city: '110100',
    district: '110105',
    provinceCity: ['110000', '110100', '110105'],
    longitude: '116.4883',
    latitude: '39.9710',
    dbFlag: '01',
    notesC: '1.请提前预约',
    notesE: '1.Please make appointment inadvance',
    photos: [],
    photoList: [],
    attaches: [],
    attacheList: [],
    contacts: {
      ...emptyGroups,
      '01': [{ id: 'c1', contactType: '01', tel: '+86-10-5927-7000', telType: ['01'], show: '01' }],
      '02': [{ id: 'c2', contactType: '02', name: '王芳', tel: '+86-138-0101-2001', mail: 'ins@example.cn' }],
    },
    serviceTimes: toServerServiceTimes(
      [1, 2, 3, 4, 5, 6, 7].map((week) => ({
        week,
        am: week <= 5 ? '08:00-12:00' : '',
        pm: week <= 5 ? '13:00-17:30' : '',
        remark: '',
      })),
    ),
    auditFlows: [],
    compareResult: null,
    oldData: null,
    status: null,
    cacheStatus: null,
    auditResult: null,
    returnReason: null,
    auditDate: null,
    auditMember: null,
    auditMemberEn: null,
    commitDate: null,
    commitName: null,
    commitNameEn: null,
    personInCharge: null,
    publicityDate: null,
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}

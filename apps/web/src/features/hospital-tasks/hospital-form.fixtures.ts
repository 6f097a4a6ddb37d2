/**
 * Test fixtures of the hospital form: a complete task as editDetail answers it, and a fake of
 * the portal's API behind `fetch` (dictionaries, departments, banks, areas, the providerTask
 * calls), recording what the form sends.
 */
import { CODE_TABLES, type TCodeEntry } from '@portal/domain/dictionaries/codes';
import type { THospitalTaskView, TTaskFile } from '@portal/domain/hospital-tasks/api';
import { vi } from 'vitest';

export const photo = (n: number): TTaskFile => ({
  id: `photo-${n}`,
  fileId: `photo-${n}`,
  name: `hospital-${n}.png`,
  fileName: `hospital-${n}.png`,
  size: 2048,
  url: `/saasapi/file/file/view/photo-${n}`,
  fileUrl: `/saasapi/file/file/view/photo-${n}`,
  contentType: 'image/png',
});

/** A complete, valid task of provider P10001 (an add-hospital draft unless told). */
export function sampleView(overrides: Partial<THospitalTaskView> = {}): THospitalTaskView {
  return {
    id: 'task-1',
    taskNo: 'HT202611220001',
    taskType: '03',
    version: 1,
    providerId: 'P10001',
    providerEnName: 'Beijing Harmony International Hospital',
    providerCnName: '北京和睦国际医院',
    medicalType: '01',
    providerPro: '01',
    providerLeval: '03',
    proDeptCategory: '02',
    socialSecurity: '02',
    directPayType: '01',
    languages: ['01', '02'],
    invoiceType: '01',
    providerIntroduceCn: '一家综合性国际医院。',
    providerIntroduceEn: 'A general international hospital.',
    deptListCn: '内科、外科',
    deptListEn: 'Internal medicine, surgery',
    outPatients: ['D01'],
    currency: '01',
    bankCode: '104',
    bankName: '中国银行',
    bank: '中国银行北京朝阳支行',
    accountName: '北京和睦国际医院有限公司',
    accountNo: '3401 2345 6789 0123',
    countryCode: '',
    bankAddress: '',
    hospitalCAddress: '北京市朝阳区将台路2号',
    hospitalEAddress: '2 Jiangtai Road, Chaoyang District, Beijing',
    webAddr: 'https://www.harmony-hospital.example.cn',
    continent: '01',
    country: 'JP',
    province: '',
    city: '',
    district: '',
    provinceCity: [],
    longitude: '116.4883',
    latitude: '39.9710',
    dbFlag: '01',
    notesC: '1.请提前预约',
    notesE: '1.Please make appointment inadvance',
    photos: ['photo-1', 'photo-2', 'photo-3', 'photo-4'],
    photoList: [photo(1), photo(2), photo(3), photo(4)],
    attaches: [],
    attacheList: [],
    contacts: {
      '01': [{ id: 'c1', contactType: '01', tel: '+86-10-59277000', telType: ['01'], show: '01' }],
      '02': [{ id: 'c2', contactType: '02', name: '王芳', tel: '+86-10-59277001', mail: 'ic@example.cn' }],
      '03': [{ id: 'c3', contactType: '03', name: '李强', tel: '+86-10-59277002', mail: 'ms@example.cn' }],
      '04': [{ id: 'c4', contactType: '04', name: '赵敏', tel: '+86-10-59277003', mail: 'pa@example.cn' }],
      '05': [{ id: 'c5', contactType: '05', name: '孙丽', tel: '+86-10-59277004', mail: 'fin@example.cn' }],
    },
    serviceTimes: [
      {
        serviceType: 'AM',
        monday: '08:00-12:00',
        tuesday: '',
        wednesday: '',
        thursday: '',
        friday: '',
        saturday: '',
        sunday: '',
      },
      {
        serviceType: 'PM',
        monday: '13:30-17:30',
        tuesday: '',
        wednesday: '',
        thursday: '',
        friday: '',
        saturday: '',
        sunday: '',
      },
      {
        serviceType: 'OTHER',
        monday: '',
        tuesday: '',
        wednesday: '',
        thursday: '',
        friday: '',
        saturday: '',
        sunday: '',
      },
    ],
    auditFlows: [],
    compareResult: null,
    oldData: null,
    status: '08',
    cacheStatus: '08',
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

export const DEPARTMENTS = [
  { deptCode: 'D01', deptCnName: '内科', deptEnName: 'Internal Medicine' },
  { deptCode: 'D02', deptCnName: '外科', deptEnName: 'Surgery' },
  { deptCode: 'D03', deptCnName: '儿科', deptEnName: 'Pediatrics' },
  { deptCode: 'D04', deptCnName: '妇产科', deptEnName: 'Obstetrics and Gynecology' },
];

export const BANKS = [
  { bankcode: '102', bankname: '中国工商银行', bankEnName: 'Industrial and Commercial Bank of China' },
  { bankcode: '104', bankname: '中国银行', bankEnName: 'Bank of China' },
];

const AREAS: Record<string, { code: string; cnName: string; enName: string; hasChildren: boolean }[]> = {
  '0': [
    { code: '01', cnName: '亚洲', enName: 'Asia', hasChildren: true },
    { code: '02', cnName: '欧洲', enName: 'Europe', hasChildren: true },
  ],
  '01': [
    { code: '23', cnName: '中国', enName: 'China', hasChildren: true },
    { code: 'JP', cnName: '日本', enName: 'Japan', hasChildren: false },
  ],
  '02': [{ code: 'FR', cnName: '法国', enName: 'France', hasChildren: false }],
  '23': [{ code: '110000', cnName: '北京市', enName: 'Beijing', hasChildren: false }],
};

export interface TCall {
  method: string;
  path: string;
  body: unknown;
  query: Record<string, string>;
}

const envelope = (data: unknown, status = 200, extra: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({
      isSuccess: status === 200,
      code: status === 200 ? 0 : 40010,
      msg: '',
      msg_en: '',
      data,
      ...extra,
    }),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );

export interface TFakeApi {
  calls: TCall[];
  /** The calls to a path ending. */
  callsTo: (suffix: string) => TCall[];
  /** Answers for a path ending replaced (first match wins). */
  answer: (suffix: string, respond: (call: TCall) => Response) => void;
}

/** Installs the fake API as `fetch`; undo with vi.unstubAllGlobals(). */
export function installFakeApi(): TFakeApi {
  const calls: TCall[] = [];
  const overrides: [string, (call: TCall) => Response][] = [];
  let sequence = 1;
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const path = url.pathname.replace(/^\/saasapi/, '');
    const text = typeof init?.body === 'string' ? init.body : null;
    const call: TCall = {
      method: init?.method ?? 'GET',
      path,
      body: text ? JSON.parse(text) : null,
      query: Object.fromEntries(url.searchParams),
    };
    calls.push(call);
    const override = overrides.find(([suffix]) => path.endsWith(suffix));
    if (override) return override[1](call);
    if (path === '/oauth/dictionary/codes') {
      const asked = (call.body as { codeType: string }[]).map((q) => q.codeType);
      const tables = CODE_TABLES as Record<string, readonly TCodeEntry[]>;
      const entries = asked.flatMap((codeType) =>
        codeType === 'outpatients'
          ? DEPARTMENTS.map((d) => ({
              code: d.deptCode,
              codeType,
              codeName: d.deptCnName,
              codeEnName: d.deptEnName,
              enabled: true,
            }))
          : (tables[codeType] ?? []).map((e) => ({
              code: e.code,
              codeType,
              codeName: e.zh,
              codeEnName: e.en,
              enabled: true,
            })),
      );
      return envelope(entries);
    }
    if (path === '/drsystem/providerTask/getDeptList') {
      const q = (call.query.deptName ?? '').toLowerCase();
      return envelope(
        DEPARTMENTS.filter((d) => `${d.deptCode} ${d.deptCnName} ${d.deptEnName}`.toLowerCase().includes(q)),
      );
    }
    if (path === '/drsystem/providerTask/getBankName') {
      const q = call.query.bankName ?? '';
      return envelope(BANKS.filter((b) => `${b.bankcode} ${b.bankname} ${b.bankEnName}`.includes(q)));
    }
    const area = /^\/drsystem\/ldaddress\/getAddressByUpCode\/(.+)$/.exec(path);
    if (area) {
      const up = decodeURIComponent(area[1]);
      return envelope(
        (AREAS[up] ?? []).map((a) => ({ id: `id-${a.code}`, upCode: up, level: '01', sort: 0, ...a })),
      );
    }
    if (path === '/drsystem/liproviderinfo/pageProviderNotes')
      return envelope({ records: [], current: 1, size: 10, total: 0 });
    const ref = (taskType: string, status: string) =>
      envelope({
        id: 'task-x',
        taskNo: `HT2026112200${String(sequence++).padStart(2, '0')}`,
        taskType,
        status,
        version: 2,
        compareResult: null,
      });
    if (path === '/drsystem/providerTask/saveCache') {
      const body = call.body as { taskNo?: string; taskType?: string };
      return body.taskNo
        ? envelope({
            id: 'task-1',
            taskNo: body.taskNo,
            taskType: '03',
            status: '08',
            version: 2,
            compareResult: null,
          })
        : ref(body.taskType ?? '03', '08');
    }
    if (path === '/drsystem/providerTask/commit') return ref('03', '01');
    if (path === '/drsystem/providerTask/modify') return ref('03', '01');
    if (path === '/drsystem/providerTask/createCase') return ref('04', '01');
    if (path === '/drsystem/providerTaskMsh/approval') return ref('03', '06');
    return new Response(
      JSON.stringify({ isSuccess: false, code: 404, msg: '未找到', msg_en: 'not found', data: null }),
      {
        status: 404,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (suffix) => calls.filter((c) => c.path.endsWith(suffix)),
    answer: (suffix, respond) => overrides.unshift([suffix, respond]),
  };
}

/** A 400 answer with per-field messages, as the server's validation gives. */
export function fieldErrorsAnswer(fieldErrors: Record<string, { msg: string; msg_en: string }>): Response {
  return envelope({ fieldErrors }, 400, { msg: '参数校验失败', msg_en: 'Validation failed' });
}

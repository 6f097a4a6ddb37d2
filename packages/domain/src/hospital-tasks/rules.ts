/**
 * The hospital form rules (spec sections 3, 4 and 5 "Hospital form"), written once and used by
 * the server routes and services and by the web form. docs/decisions/0006-hospital-tasks.md
 * records the choices the spec left open.
 */
import { z } from 'zod';
import {
  compareRecords,
  parseCompareFields,
  TASK_NO_PREFIX,
  type TOldDataEntry,
  taskNoPattern,
} from '../change-tasks/lifecycle.ts';
import {
  CONTACT_SHOW,
  CONTACT_TYPE,
  DB_FLAG,
  DOMESTIC_COUNTRY_CODE,
  DOMESTIC_CURRENCY,
  SERVICE_TIME_TYPE,
  TASK_TYPE,
} from '../dictionaries/codes.ts';
import { ERRORS, formatMessage } from '../errors/catalogue.ts';
import { checkFile, FILE_PROFILES, fileIssueMessage, PHOTO_COUNT } from '../files/rules.ts';
import { bilingual, pleaseInput, pleaseSelect, type TBilingual } from '../i18n/bilingual.ts';
import {
  CHOOSABLE_LEVEL_CHARACTER,
  DEFAULT_REMARKS,
  FIXED_DEPT_CATEGORY,
  FIXED_LEVEL_CHARACTERS,
  FIXED_PROVIDER_LEVEL,
  SERVICE_TYPE_ORDER,
  type TServiceTypeCode,
  type TWeekdayKey,
  WEEKDAY_FIELDS,
  WEEKDAY_KEYS,
} from './codes.ts';

// ---------------------------------------------------------------------------------------------
// Labels

/** Bilingual label of every field of a hospital task / record: form labels and the compare view. */
export const LABELS = {
  taskNo: { zh: '任务编号', en: 'Task No.' },
  taskType: { zh: '任务类型', en: 'Task Type' },
  providerId: { zh: '医院编号', en: 'Provider ID' },
  providerEnName: { zh: '医院英文名称', en: 'Provider English Name' },
  providerCnName: { zh: '医院中文名称', en: 'Provider Chinese Name' },
  medicalType: { zh: '医疗类型', en: 'Medical Type' },
  providerPro: { zh: '医院性质', en: 'Provider Character' },
  providerLeval: { zh: '医院等级', en: 'Hospital Level' },
  proDeptCategory: { zh: '科室类别', en: 'Department Category' },
  socialSecurity: { zh: '社保', en: 'Social Security' },
  directPayType: { zh: '直付类型', en: 'Direct Billing Type' },
  languages: { zh: '服务语言', en: 'Service Languages' },
  invoiceType: { zh: '发票类型', en: 'Invoice Type' },
  providerIntroduceCn: { zh: '医院中文介绍', en: 'Chinese Introduction' },
  providerIntroduceEn: { zh: '医院英文介绍', en: 'English Introduction' },
  deptListCn: { zh: '中文科室列表', en: 'Chinese Department List' },
  deptListEn: { zh: '英文科室列表', en: 'English Department List' },
  outPatients: { zh: '门诊科室', en: 'Outpatient Departments' },
  currency: { zh: '币种', en: 'Currency' },
  bankCode: { zh: '银行', en: 'Bank' },
  bankName: { zh: '银行名称', en: 'Bank Name' },
  bank: { zh: '开户行/支行', en: 'Bank or Branch' },
  accountName: { zh: '账户名', en: 'Account Name' },
  accountNo: { zh: '账号', en: 'Account Number' },
  countryCode: { zh: 'SWIFT代码', en: 'Swift Code' },
  bankAddress: { zh: '银行地址', en: 'Bank Address' },
  hospitalCAddress: { zh: '中文地址', en: 'Chinese Address' },
  hospitalEAddress: { zh: '英文地址', en: 'English Address' },
  webAddr: { zh: '网址', en: 'Website' },
  continent: { zh: '洲', en: 'Continent' },
  country: { zh: '国家', en: 'Country' },
  province: { zh: '省', en: 'Province' },
  city: { zh: '市', en: 'City' },
  district: { zh: '区', en: 'District' },
  provinceCity: { zh: '省/市/区', en: 'Province/City/District' },
  longitude: { zh: '经度', en: 'Longitude' },
  latitude: { zh: '纬度', en: 'Latitude' },
  dbFlag: { zh: '24小时直付服务', en: '24-hour direct payment service' },
  notesC: { zh: '中文备注', en: 'Chinese Remarks' },
  notesE: { zh: '英文备注', en: 'English Remarks' },
  photos: { zh: '医院照片', en: 'Hospital Photos' },
  photoList: { zh: '医院照片', en: 'Hospital Photos' },
  attaches: { zh: '附件', en: 'Attachments' },
  attacheList: { zh: '附件', en: 'Attachments' },
  contacts: { zh: '联系人', en: 'Contact' },
  serviceTimes: { zh: '服务时间', en: 'Service Time' },
  auditFlows: { zh: '操作记录', en: 'Operation Log' },
  compareResult: { zh: '变更信息', en: 'Change Information' },
  oldData: { zh: '原值', en: 'Old Values' },
  status: { zh: '状态', en: 'Status' },
  auditResult: { zh: '审核结果', en: 'Audit Result' },
  returnReason: { zh: '退回原因', en: 'Return Reason' },
  auditDate: { zh: '审核日期', en: 'Audit Date' },
  auditMember: { zh: '审核人', en: 'Auditor' },
  commitDate: { zh: '提交日期', en: 'Submit Date' },
  commitName: { zh: '提交人', en: 'Submitter' },
  personInCharge: { zh: '负责人', en: 'Person in Charge' },
  publicityDate: { zh: '医院公示日期', en: 'Hospital Publicity Date' },
} as const satisfies Record<string, TBilingual>;
export type TLabelKey = keyof typeof LABELS;

/** Labels of the fields of one contact row. */
export const CONTACT_FIELD_LABELS = {
  tel: { zh: '电话', en: 'Phone' },
  telType: { zh: '电话类型', en: 'Phone Type' },
  show: { zh: '是否对患者显示', en: 'Show to Patients' },
  name: { zh: '姓名', en: 'Name' },
  mail: { zh: '邮箱', en: 'Email' },
} as const satisfies Record<string, TBilingual>;

/** Labels of the fields of one client service-time row. */
export const SERVICE_TIME_FIELD_LABELS = {
  week: { zh: '星期', en: 'Day' },
  am: { zh: '上午', en: 'AM' },
  pm: { zh: '下午', en: 'PM' },
  remark: { zh: '备注', en: 'Remark' },
} as const satisfies Record<string, TBilingual>;

// ---------------------------------------------------------------------------------------------
// Messages and field rules

const FORMAT = bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en);
/** 'The characters | and ^ are not allowed'. */
export const SPECIAL_CHARACTERS_MESSAGE = bilingual(
  ERRORS.SPECIAL_CHARACTERS.zh,
  ERRORS.SPECIAL_CHARACTERS.en,
);
const maxMessage = (label: TBilingual, max: number) =>
  bilingual(`${label.zh}不能超过${max}个字符`, `${label.en} must be at most ${max} characters`);
const formatOf = (label: TBilingual) => bilingual(`${label.zh}格式不正确`, `${label.en}: incorrect format`);
/** Latitude and longitude hint (spec: "hint to enter numbers"). */
export const NUMBER_MESSAGE = bilingual('请输入数字', 'Please enter a number');
/** Service-time hint. */
export const TIME_RANGE_MESSAGE = bilingual(
  '请按 HH:MM-HH:MM 格式输入（24小时制）',
  'Please use the format HH:MM-HH:MM (24-hour clock)',
);
export const PHONE_MESSAGE = bilingual('电话号码格式不正确', 'Phone number is invalid');
export const EMAIL_MESSAGE = bilingual('邮箱格式不正确', 'Email is invalid');
export const URL_MESSAGE = bilingual('网址格式不正确', 'URL is invalid');
/** At least one photo is required on submit (inline error of the photo section). */
export const PHOTO_REQUIRED_MESSAGE = bilingual('请上传医院照片', 'Please upload hospital photos');
/** The photo-count error of the submit flow: exactly 4 promo photos. */
export const PHOTO_COUNT_MESSAGE = bilingual(
  formatMessage(ERRORS.HOSPITAL_PHOTO_COUNT.zh, { count: PHOTO_COUNT }),
  formatMessage(ERRORS.HOSPITAL_PHOTO_COUNT.en, { count: PHOTO_COUNT }),
);
/** More photos than allowed: the exceed message. */
export const PHOTO_EXCEED_MESSAGE = bilingual(
  formatMessage(ERRORS.PHOTO_COUNT_EXCEEDED.zh, { max: PHOTO_COUNT }),
  formatMessage(ERRORS.PHOTO_COUNT_EXCEEDED.en, { max: PHOTO_COUNT }),
);

/** True when the text holds none of the characters | and ^. */
export const hasNoSpecialCharacters = (value: string): boolean => !/[|^]/.test(value);

/** HH:MM-HH:MM, 24-hour, hours 00-23 and minutes 00-59. */
export const TIME_RANGE_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
/** True for a blank value or a valid HH:MM-HH:MM range. */
export const isServiceTimeRange = (value: string): boolean => value === '' || TIME_RANGE_PATTERN.test(value);

/** A signed decimal: optional sign, digits, optional fraction. */
export const SIGNED_DECIMAL_PATTERN = /^[+-]?\d+(\.\d+)?$/;
/** Provider ids: letters, digits, hyphen and underscore (the "shared format validators"). */
export const PROVIDER_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Account numbers: letters, digits, spaces and hyphens, starting with a letter or digit and holding a digit. */
export const ACCOUNT_NO_PATTERN = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 -]*$/;
/** Codes of dictionaries (departments like 03.02.X01, countries like 23 or SG). */
export const CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** A website with or without scheme: a host with a dot and no spaces. */
export const WEB_ADDRESS_PATTERN = /^(https?:\/\/)?[^\s/?#.]+(\.[^\s/?#.]+)+([/?#]\S*)?$/i;
/** Phones: digits with + - ( ) and spaces; several separated by commas. */
export const PHONE_PATTERN = /^\+?[0-9()\- ]*[0-9][0-9()\- ]*(,\s*\+?[0-9()\- ]*[0-9][0-9()\- ]*)*$/;
const EMAIL_PATTERN = /^[^\s@;,]+@[^\s@;,]+\.[^\s@;,]+$/;
/** True when every ';'-separated part is an email address. */
export const isEmailList = (value: string): boolean =>
  value
    .split(';')
    .map((s) => s.trim())
    .every((s, i, all) => EMAIL_PATTERN.test(s) || (s === '' && i === all.length - 1 && all.length > 1));

/** Text length limits; the first six are the spec's, the others our bounds (decision 0006). */
export const MAX_LENGTHS = {
  providerIntroduceCn: 2000,
  providerIntroduceEn: 5000,
  deptListCn: 1000,
  deptListEn: 1000,
  notesC: 1333,
  notesE: 4000,
  providerId: 32,
  providerEnName: 200,
  providerCnName: 100,
  bankName: 100,
  bank: 200,
  accountName: 200,
  accountNo: 40,
  countryCode: 32,
  bankAddress: 500,
  hospitalCAddress: 500,
  hospitalEAddress: 500,
  webAddr: 300,
  longitude: 20,
  latitude: 20,
  code: 32,
  contactName: 100,
  contactTel: 200,
  contactMail: 300,
  serviceTimeRemark: 200,
  fileId: 64,
} as const;

/** A text input: null and missing become '', surrounding spaces are trimmed. */
function text(
  label: TBilingual,
  max: number,
  options: {
    noSpecial?: boolean;
    pattern?: RegExp;
    patternMessage?: string;
    check?: (v: string) => boolean;
  } = {},
) {
  let inner = z.string().max(max, maxMessage(label, max));
  if (options.noSpecial) inner = inner.refine(hasNoSpecialCharacters, { error: SPECIAL_CHARACTERS_MESSAGE });
  const { pattern, check } = options;
  const message = options.patternMessage ?? formatOf(label);
  if (pattern) inner = inner.refine((v) => v === '' || pattern.test(v), { error: message });
  if (check) inner = inner.refine((v) => v === '' || check(v), { error: message });
  return z
    .string({ error: FORMAT })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(inner);
}

/** A dictionary code chosen in a select; '' when nothing is chosen. */
const code = (label: TBilingual) =>
  text(label, MAX_LENGTHS.code, { noSpecial: true, pattern: CODE_PATTERN, patternMessage: formatOf(label) });

/** A list of codes (multi-select), duplicates removed. */
const codeList = (label: TBilingual, max = 200) =>
  z
    .array(
      z
        .string({ error: formatOf(label) })
        .trim()
        .min(1, formatOf(label))
        .max(MAX_LENGTHS.code, formatOf(label))
        .regex(CODE_PATTERN, formatOf(label)),
      { error: formatOf(label) },
    )
    .max(max, formatOf(label))
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);

const fileIds = (label: TBilingual, max: number, maxMessageText: string) =>
  z
    .array(
      z
        .string({ error: formatOf(label) })
        .trim()
        .min(1, formatOf(label))
        .max(MAX_LENGTHS.fileId, formatOf(label)),
      {
        error: formatOf(label),
      },
    )
    .nullish()
    .transform((v) => [...new Set(v ?? [])])
    .pipe(z.array(z.string()).max(max, maxMessageText));

const decimal = (label: TBilingual, limit: number) =>
  text(label, MAX_LENGTHS.latitude, {
    pattern: SIGNED_DECIMAL_PATTERN,
    patternMessage: NUMBER_MESSAGE,
  }).refine((v) => v === '' || !SIGNED_DECIMAL_PATTERN.test(v) || Math.abs(Number(v)) <= limit, {
    error: bilingual(
      `${label.zh}应在 -${limit} 到 ${limit} 之间`,
      `${label.en} must be between -${limit} and ${limit}`,
    ),
  });

// ---------------------------------------------------------------------------------------------
// Contacts

/** The five contact groups by contact type: 01 phones, 02 to 05 people (name, tel, mail). */
export const CONTACT_TYPE_CODES = ['01', '02', '03', '04', '05'] as const;
export type TContactTypeCode = (typeof CONTACT_TYPE_CODES)[number];
export const PERSON_CONTACT_TYPES = ['02', '03', '04', '05'] as const satisfies readonly TContactTypeCode[];
/** Label of each contact group. */
export const CONTACT_GROUP_LABELS: Record<TContactTypeCode, { zh: string; en: string }> = {
  '01': CONTACT_TYPE.PHONE,
  '02': CONTACT_TYPE.INSURANCE_COORDINATOR,
  '03': CONTACT_TYPE.MEDICAL_SURVEY,
  '04': CONTACT_TYPE.PRE_AUTHORIZATION,
  '05': CONTACT_TYPE.FINANCIAL,
};
const SHOW_CODES = [CONTACT_SHOW.REVEALED.code, CONTACT_SHOW.HIDDEN.code] as const;
const DB_FLAG_CODES = [DB_FLAG.SUPPORTED.code, DB_FLAG.NOT_SUPPORTED.code] as const;
/** The most rows one contact group may hold. */
export const MAX_CONTACT_ROWS = 20;

const contactId = z
  .string({ error: FORMAT })
  .max(64, FORMAT)
  .nullish()
  .transform((v) => v ?? '');
const contactTel = text(CONTACT_FIELD_LABELS.tel, MAX_LENGTHS.contactTel, {
  noSpecial: true,
  pattern: PHONE_PATTERN,
  patternMessage: PHONE_MESSAGE,
});

/** A row of group 01 (phones): tel, telType (multi-select), show. */
export const ZPhoneContact = z.object(
  {
    id: contactId,
    contactType: z
      .string({ error: FORMAT })
      .max(2, FORMAT)
      .nullish()
      .transform((): '01' => '01'),
    tel: contactTel,
    telType: codeList(CONTACT_FIELD_LABELS.telType, 10),
    show: z
      .union([z.enum(SHOW_CODES), z.literal('')], {
        error: formatOf(CONTACT_FIELD_LABELS.show),
      })
      .nullish()
      .transform((v) => v ?? ''),
  },
  { error: FORMAT },
);
export type TPhoneContact = z.output<typeof ZPhoneContact>;

/** A row of groups 02 to 05 (people): name, tel, mail. */
const personContact = <T extends (typeof PERSON_CONTACT_TYPES)[number]>(type: T) =>
  z.object(
    {
      id: contactId,
      contactType: z
        .string({ error: FORMAT })
        .max(2, FORMAT)
        .nullish()
        .transform((): T => type),
      name: text(CONTACT_FIELD_LABELS.name, MAX_LENGTHS.contactName, { noSpecial: true }),
      tel: contactTel,
      mail: text(CONTACT_FIELD_LABELS.mail, MAX_LENGTHS.contactMail, {
        noSpecial: true,
        check: isEmailList,
        patternMessage: EMAIL_MESSAGE,
      }),
    },
    { error: FORMAT },
  );
export const ZPersonContact = personContact('02');
export type TPersonContact = Omit<z.output<typeof ZPersonContact>, 'contactType'> & {
  contactType: (typeof PERSON_CONTACT_TYPES)[number];
};

const contactRows = <T extends z.ZodType>(row: T) =>
  z
    .array(row, { error: FORMAT })
    .max(MAX_CONTACT_ROWS, bilingual(`最多 ${MAX_CONTACT_ROWS} 行`, `At most ${MAX_CONTACT_ROWS} rows`))
    .nullish()
    .transform((v) => (v ?? []) as z.output<T>[]);

/** The five contact groups as the form holds them, keyed by contact type. */
export const ZContactGroups = z
  .object(
    {
      '01': contactRows(ZPhoneContact),
      '02': contactRows(personContact('02')),
      '03': contactRows(personContact('03')),
      '04': contactRows(personContact('04')),
      '05': contactRows(personContact('05')),
    },
    { error: FORMAT },
  )
  .nullish()
  .transform((v) => v ?? { '01': [], '02': [], '03': [], '04': [], '05': [] });
export type TContactGroups = z.output<typeof ZContactGroups>;
export type TContactGroupsInput = z.input<typeof ZContactGroups>;

/** One contact of the stored (flat) list: every field present, unused ones empty. */
export interface TFlatContact {
  id: string;
  contactType: TContactTypeCode;
  name: string;
  tel: string;
  mail: string;
  telType: string[];
  show: string;
}

let contactSequence = 0;
/** A client-side unique id for a new contact row. */
export function newContactId(): string {
  contactSequence += 1;
  return `c${Date.now().toString(36)}${contactSequence.toString(36)}`;
}

/** An empty row of a group, with a fresh client id. */
export function emptyContact(type: TContactTypeCode): TPhoneContact | TPersonContact {
  return type === '01'
    ? { id: newContactId(), contactType: '01', tel: '', telType: [], show: '' }
    : { id: newContactId(), contactType: type, name: '', tel: '', mail: '' };
}

/** True when a row holds nothing the user typed or chose. */
export function isEmptyContact(row: Partial<TFlatContact>): boolean {
  return !row.tel && !row.name && !row.mail && !row.show && (row.telType ?? []).length === 0;
}

/** Groups to the stored flat list (contactType set from the group, empty rows dropped). */
export function flattenContacts(groups: TContactGroups): TFlatContact[] {
  const out: TFlatContact[] = [];
  for (const type of CONTACT_TYPE_CODES) {
    for (const row of groups[type] ?? []) {
      const r = row as Partial<TFlatContact>;
      const flat: TFlatContact = {
        id: r.id ?? '',
        contactType: type,
        name: type === '01' ? '' : (r.name ?? ''),
        tel: r.tel ?? '',
        mail: type === '01' ? '' : (r.mail ?? ''),
        telType: type === '01' ? [...(r.telType ?? [])] : [],
        show: type === '01' ? (r.show ?? '') : '',
      };
      if (!isEmptyContact(flat)) out.push(flat);
    }
  }
  return out;
}

/**
 * The stored flat list back to the five groups. With fillEmpty (when a form loads) a group
 * without rows gets one empty row, as the spec asks.
 */
export function groupContacts(
  flat: readonly TFlatContact[],
  options: { fillEmpty?: boolean } = {},
): TContactGroups {
  const groups: TContactGroups = { '01': [], '02': [], '03': [], '04': [], '05': [] };
  for (const c of flat) {
    if (c.contactType === '01') {
      groups['01'].push({
        id: c.id,
        contactType: '01',
        tel: c.tel,
        telType: [...c.telType],
        show: c.show as TPhoneContact['show'],
      });
    } else if (c.contactType in groups) {
      (groups[c.contactType] as TPersonContact[]).push({
        id: c.id,
        contactType: c.contactType,
        name: c.name,
        tel: c.tel,
        mail: c.mail,
      });
    }
  }
  if (options.fillEmpty) {
    for (const type of CONTACT_TYPE_CODES) {
      if (groups[type].length === 0) (groups[type] as unknown[]).push(emptyContact(type));
    }
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// Service times

const timeRange = (label: TBilingual) =>
  text(label, 11, { pattern: TIME_RANGE_PATTERN, patternMessage: TIME_RANGE_MESSAGE });
const timeRemark = () =>
  text(SERVICE_TIME_FIELD_LABELS.remark, MAX_LENGTHS.serviceTimeRemark, { noSpecial: true });

/** One row of the client form: a weekday (1 Monday .. 7 Sunday) with am, pm and remark. */
export const ZServiceTimeWeekRow = z.object({
  week: z.number({ error: FORMAT }).int(FORMAT).min(1, FORMAT).max(7, FORMAT),
  am: timeRange(SERVICE_TIME_FIELD_LABELS.am),
  pm: timeRange(SERVICE_TIME_FIELD_LABELS.pm),
  remark: timeRemark(),
});
export type TServiceTimeWeekRow = z.output<typeof ZServiceTimeWeekRow>;

const weekdayShape = <T extends z.ZodType>(field: () => T) =>
  Object.fromEntries(WEEKDAY_KEYS.map((k) => [k, field()])) as Record<TWeekdayKey, T>;

/** One row of the server form: a service type (AM, PM, OTHER) with Monday to Sunday. */
export const ZServiceTimeRow = z.discriminatedUnion(
  'serviceType',
  [
    z.object({ serviceType: z.literal('AM'), ...weekdayShape(() => timeRange(SERVICE_TIME_TYPE.AM)) }),
    z.object({ serviceType: z.literal('PM'), ...weekdayShape(() => timeRange(SERVICE_TIME_TYPE.PM)) }),
    z.object({ serviceType: z.literal('OTHER'), ...weekdayShape(timeRemark) }),
  ],
  { error: FORMAT },
);
export type TServiceTimeRow = { serviceType: TServiceTypeCode } & Record<TWeekdayKey, string>;

/** The server form's rows: at most one per service type. */
export const ZServiceTimes = z
  .array(ZServiceTimeRow, { error: FORMAT })
  .max(SERVICE_TYPE_ORDER.length, FORMAT)
  .nullish()
  .transform((v) => (v ?? []) as TServiceTimeRow[])
  .refine((rows) => new Set(rows.map((r) => r.serviceType)).size === rows.length, {
    error: bilingual('服务类型不能重复', 'Each service type may appear only once'),
  });

const blankServiceRow = (serviceType: TServiceTypeCode): TServiceTimeRow =>
  ({ serviceType, ...Object.fromEntries(WEEKDAY_KEYS.map((k) => [k, ''])) }) as TServiceTimeRow;

/** Seven empty client rows, Monday first. */
export function emptyWeekRows(): TServiceTimeWeekRow[] {
  return WEEKDAY_FIELDS.map((d) => ({ week: d.week, am: '', pm: '', remark: '' }));
}

/** Client rows (weekdays) to the server's rows AM, PM and OTHER, always all three in that order. */
export function toServerServiceTimes(rows: readonly TServiceTimeWeekRow[]): TServiceTimeRow[] {
  const am = blankServiceRow('AM');
  const pm = blankServiceRow('PM');
  const other = blankServiceRow('OTHER');
  for (const row of rows) {
    const key = WEEKDAY_KEYS[row.week - 1];
    if (!key) continue;
    am[key] = row.am ?? '';
    pm[key] = row.pm ?? '';
    other[key] = row.remark ?? '';
  }
  return [am, pm, other];
}

/** The server's rows to the seven client rows, Monday first; a missing row reads as blank. */
export function toClientServiceTimes(rows: readonly TServiceTimeRow[]): TServiceTimeWeekRow[] {
  const byType = new Map(rows.map((r) => [r.serviceType, r]));
  return WEEKDAY_FIELDS.map((d) => ({
    week: d.week,
    am: byType.get('AM')?.[d.key] ?? '',
    pm: byType.get('PM')?.[d.key] ?? '',
    remark: byType.get('OTHER')?.[d.key] ?? '',
  }));
}

/** The canonical server form: the three rows in order AM, PM, OTHER, blanks filled in. */
export function canonicalServiceTimes(rows: readonly TServiceTimeRow[]): TServiceTimeRow[] {
  return toServerServiceTimes(toClientServiceTimes(rows));
}

/**
 * Where an error of the server form (serviceTimes.<i>.<weekday>) shows in the client form
 * (serviceTimes.<week-1>.am|pm|remark); null when the path is not a service-time cell.
 */
export function serviceTimePathToClient(path: string, rows: readonly TServiceTimeRow[]): string | null {
  const m = /^serviceTimes\.(\d+)\.(\w+)$/.exec(path);
  if (!m) return null;
  const row = rows[Number(m[1])];
  const day = WEEKDAY_KEYS.indexOf(m[2] as TWeekdayKey);
  if (!row || day < 0) return null;
  const field = row.serviceType === 'AM' ? 'am' : row.serviceType === 'PM' ? 'pm' : 'remark';
  return `serviceTimes.${day}.${field}`;
}

// ---------------------------------------------------------------------------------------------
// The form

/** Fields the provider's routes never accept: dropped from the payload before submit. */
export const NON_AUDIT_DROPPED_FIELDS = [
  'status',
  'auditDate',
  'auditMember',
  'auditResult',
  'commitDate',
  'commitName',
  'returnReason',
  'personInCharge',
] as const;

const L = LABELS;
const M = MAX_LENGTHS;

/** Every field the hospital form edits, with the format rules that apply in every mode. */
const formShape = {
  providerId: text(L.providerId, M.providerId, { pattern: PROVIDER_ID_PATTERN }),
  providerEnName: text(L.providerEnName, M.providerEnName, { noSpecial: true }),
  providerCnName: text(L.providerCnName, M.providerCnName, { noSpecial: true }),
  medicalType: code(L.medicalType),
  providerPro: code(L.providerPro),
  providerLeval: code(L.providerLeval),
  proDeptCategory: code(L.proDeptCategory),
  socialSecurity: code(L.socialSecurity),
  directPayType: code(L.directPayType),
  languages: codeList(L.languages),
  invoiceType: code(L.invoiceType),
  providerIntroduceCn: text(L.providerIntroduceCn, M.providerIntroduceCn),
  providerIntroduceEn: text(L.providerIntroduceEn, M.providerIntroduceEn),
  deptListCn: text(L.deptListCn, M.deptListCn),
  deptListEn: text(L.deptListEn, M.deptListEn),
  outPatients: codeList(L.outPatients, 500),
  currency: code(L.currency),
  bankCode: code(L.bankCode),
  bankName: text(L.bankName, M.bankName, { noSpecial: true }),
  bank: text(L.bank, M.bank, { noSpecial: true }),
  accountName: text(L.accountName, M.accountName, { noSpecial: true }),
  accountNo: text(L.accountNo, M.accountNo, { noSpecial: true, pattern: ACCOUNT_NO_PATTERN }),
  countryCode: text(L.countryCode, M.countryCode, { noSpecial: true }),
  bankAddress: text(L.bankAddress, M.bankAddress, { noSpecial: true }),
  hospitalCAddress: text(L.hospitalCAddress, M.hospitalCAddress),
  hospitalEAddress: text(L.hospitalEAddress, M.hospitalEAddress),
  webAddr: text(L.webAddr, M.webAddr, { pattern: WEB_ADDRESS_PATTERN, patternMessage: URL_MESSAGE }),
  continent: code(L.continent),
  country: code(L.country),
  provinceCity: codeList(L.provinceCity, 3),
  longitude: decimal(L.longitude, 180),
  latitude: decimal(L.latitude, 90),
  contacts: ZContactGroups,
  dbFlag: z
    .union([z.enum(DB_FLAG_CODES), z.literal('')], { error: formatOf(L.dbFlag) })
    .nullish()
    .transform((v) => v ?? ''),
  serviceTimes: ZServiceTimes,
  photos: fileIds(L.photos, PHOTO_COUNT, PHOTO_EXCEED_MESSAGE),
  notesC: text(L.notesC, M.notesC, { noSpecial: true }),
  notesE: text(L.notesE, M.notesE, { noSpecial: true }),
  attaches: fileIds(L.attaches, 50, bilingual('附件最多 50 个', 'At most 50 attachments')),
};

/** The hospital form without the mode rules (format rules only). */
export const ZHospitalTaskFields = z.object(formShape);
/** The form's fields in form order (sections: basic, bank, address, contacts, service time, photos, remarks, attachments). */
export const FORM_FIELDS = Object.keys(formShape) as THospitalFieldKey[];
/** What the form holds after parsing: every field present, texts trimmed. */
export type THospitalTaskForm = z.output<typeof ZHospitalTaskFields>;
/** What a client may send: any field may be missing or null. */
export type THospitalTaskFormInput = z.input<typeof ZHospitalTaskFields>;
export type THospitalFieldKey = keyof THospitalTaskForm;

/** Validation mode: 'none' on save (only providerId and format rules), 'submit' on submit. */
export type TValidationMode = 'none' | 'submit';

/** Text and single-select fields required on submit, with how they are filled in. */
export const REQUIRED_ON_SUBMIT = {
  providerEnName: 'input',
  providerCnName: 'input',
  medicalType: 'select',
  providerPro: 'select',
  providerLeval: 'select',
  proDeptCategory: 'select',
  socialSecurity: 'select',
  directPayType: 'select',
  languages: 'select',
  invoiceType: 'select',
  providerIntroduceCn: 'input',
  providerIntroduceEn: 'input',
  deptListCn: 'input',
  deptListEn: 'input',
  currency: 'select',
  accountName: 'input',
  accountNo: 'input',
  hospitalCAddress: 'input',
  hospitalEAddress: 'input',
  webAddr: 'input',
  continent: 'select',
  country: 'select',
  longitude: 'input',
  latitude: 'input',
  dbFlag: 'select',
  notesC: 'input',
  notesE: 'input',
} as const satisfies Partial<Record<THospitalFieldKey, 'input' | 'select'>>;

/** Fields required on submit only under a condition on other fields. */
export const CONDITIONALLY_REQUIRED = {
  bankCode: 'select',
  bank: 'input',
  countryCode: 'input',
  bankAddress: 'input',
  provinceCity: 'select',
} as const satisfies Partial<Record<THospitalFieldKey, 'input' | 'select'>>;

/** True when level and department category follow from the provider character (02, 03, 04). */
export const hasFixedLevel = (providerPro: string): boolean => FIXED_LEVEL_CHARACTERS.includes(providerPro);

/** Whether level and department category can be chosen (only for character 01). */
export const canChooseLevel = (providerPro: string): boolean => providerPro === CHOOSABLE_LEVEL_CHARACTER;

/**
 * Whether a field is required in a mode, given the rest of the form: providerId always; the
 * REQUIRED_ON_SUBMIT fields on submit; bankCode and bank on submit when the currency is 01;
 * countryCode and bankAddress on submit when it is not; provinceCity on submit when the
 * country is 23. Level and department category follow from characters 02 to 04.
 */
export function isRequired(
  field: string,
  form: Pick<Partial<THospitalTaskForm>, 'currency' | 'country' | 'providerPro'>,
  mode: TValidationMode,
): boolean {
  if (field === 'providerId') return true;
  if (mode !== 'submit') return false;
  if ((field === 'providerLeval' || field === 'proDeptCategory') && hasFixedLevel(form.providerPro ?? ''))
    return false;
  if (field in REQUIRED_ON_SUBMIT) return true;
  const domesticCurrency = (form.currency ?? '') === DOMESTIC_CURRENCY;
  if (field === 'bankCode' || field === 'bank') return domesticCurrency;
  if (field === 'countryCode' || field === 'bankAddress') return !domesticCurrency;
  if (field === 'provinceCity') return (form.country ?? '') === DOMESTIC_COUNTRY_CODE;
  return false;
}

/** The 'please input' / 'please select' message of a required field. */
export function requiredMessage(field: keyof typeof LABELS, kind: 'input' | 'select'): string {
  return kind === 'input' ? pleaseInput(LABELS[field]) : pleaseSelect(LABELS[field]);
}

const isBlank = (v: unknown): boolean =>
  Array.isArray(v) ? v.length === 0 : v === '' || v === null || v === undefined;

type TIssueSink = (path: (string | number)[], message: string) => void;

/** The contact rules of submit mode: every row of every group complete (a missing group counts as one empty row). */
function contactIssues(contacts: TContactGroups, add: TIssueSink): void {
  for (const type of CONTACT_TYPE_CODES) {
    const rows = contacts[type].length > 0 ? contacts[type] : [emptyContact(type)];
    rows.forEach((row, i) => {
      const r = row as Partial<TFlatContact>;
      const at = (f: string) => ['contacts', type, i, f];
      if (type === '01') {
        if (!r.tel) add(at('tel'), pleaseInput(CONTACT_FIELD_LABELS.tel));
        if ((r.telType ?? []).length === 0) add(at('telType'), pleaseSelect(CONTACT_FIELD_LABELS.telType));
        if (!r.show) add(at('show'), pleaseSelect(CONTACT_FIELD_LABELS.show));
      } else {
        if (!r.name) add(at('name'), pleaseInput(CONTACT_FIELD_LABELS.name));
        if (!r.tel) add(at('tel'), pleaseInput(CONTACT_FIELD_LABELS.tel));
        if (!r.mail) add(at('mail'), pleaseInput(CONTACT_FIELD_LABELS.mail));
      }
    });
  }
}

/**
 * The mode rules on a parsed form, reported in form order (the web scrolls to the first):
 * required fields, the currency and country conditions, at least one outpatient department,
 * photos (none: required; not exactly 4: the photo-count error), complete contacts.
 */
export function modeIssues(form: THospitalTaskForm, mode: TValidationMode, add: TIssueSink): void {
  const kinds: Record<string, 'input' | 'select'> = { ...REQUIRED_ON_SUBMIT, ...CONDITIONALLY_REQUIRED };
  for (const field of FORM_FIELDS) {
    if (field === 'providerId') {
      if (isBlank(form.providerId)) add(['providerId'], pleaseInput(LABELS.providerId));
      continue;
    }
    if (mode !== 'submit') return;
    if (field === 'outPatients') {
      if (form.outPatients.length === 0) add(['outPatients'], pleaseSelect(LABELS.outPatients));
    } else if (field === 'photos') {
      if (form.photos.length === 0) add(['photos'], PHOTO_REQUIRED_MESSAGE);
      else if (form.photos.length !== PHOTO_COUNT) add(['photos'], PHOTO_COUNT_MESSAGE);
    } else if (field === 'contacts') {
      contactIssues(form.contacts, add);
    } else if (kinds[field] && isRequired(field, form, mode) && isBlank(form[field])) {
      add([field], requiredMessage(field as keyof typeof LABELS, kinds[field]));
    }
  }
}

/** The form schema of a mode, over any extra route fields. */
export function hospitalTaskSchema<S extends z.ZodRawShape = Record<never, never>>(
  mode: TValidationMode,
  extra: S = {} as S,
) {
  return z.object({ ...formShape, ...extra }, { error: FORMAT }).check((ctx) => {
    modeIssues(ctx.value as unknown as THospitalTaskForm, mode, (path, message) =>
      ctx.issues.push({ code: 'custom', path, message, input: ctx.value }),
    );
  });
}

/** Save (validation mode none): providerId and the format rules. */
export const ZHospitalTaskDraft = hospitalTaskSchema('none');
/** Submit (validation mode submit): every required-on-submit rule as well. */
export const ZHospitalTaskSubmit = hospitalTaskSchema('submit');
export type THospitalTaskDraft = z.output<typeof ZHospitalTaskDraft>;
export type THospitalTaskSubmit = z.output<typeof ZHospitalTaskSubmit>;

/** A chosen code that is not in its code table (checked by the server against the dictionaries). */
export const invalidChoiceMessage = (label: TBilingual): string =>
  bilingual(`请选择有效的${label.zh}`, `Please select a valid ${label.en}`);

/** The dictionary code type of each select field of the form (spec section 7, dictionary lookup). */
export const CHOICE_CODE_TYPES = {
  medicalType: 'ldCode-medicaltype',
  providerPro: 'ldCode-providerpro',
  providerLeval: 'ldCode-providerleval',
  proDeptCategory: 'ldCode-prodeptcategory',
  socialSecurity: 'socialSecurity',
  directPayType: 'ldCode-directpaytype',
  languages: 'ldCode-language',
  invoiceType: 'bizDict-invoice_type',
  outPatients: 'outpatients',
  currency: 'ldCode-currency',
} as const satisfies Partial<Record<THospitalFieldKey, string>>;
/** Code type of the phone types of group 01 contacts. */
export const TEL_TYPE_CODE_TYPE = 'teltype';

/** A field path with its message in both languages, what the server's fieldErrors carry. */
export type TFieldErrors = Record<string, { msg: string; msg_en: string }>;

/** Validates a form in a mode; the per-field errors (first message per path), or null when valid. */
export function validateHospitalTask(input: unknown, mode: TValidationMode): TFieldErrors | null {
  const result = (mode === 'submit' ? ZHospitalTaskSubmit : ZHospitalTaskDraft).safeParse(input);
  if (result.success) return null;
  const errors: TFieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    if (errors[path]) continue;
    const text = issue.message.startsWith('{') ? (JSON.parse(issue.message) as TBilingual) : null;
    errors[path] = text ? { msg: text.zh, msg_en: text.en } : { msg: issue.message, msg_en: issue.message };
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Pure normalisation

/**
 * The form as it is stored: bankCode and bankName cleared when the currency is not 01,
 * level 10 and department category 01 for characters 02 to 04, contacts typed by their group
 * with empty rows dropped, service times in the canonical three rows.
 */
export function normalizeHospitalTask<T extends THospitalTaskForm>(form: T): T {
  const out = { ...form };
  if (out.currency !== DOMESTIC_CURRENCY) {
    out.bankCode = '';
    out.bankName = '';
  }
  if (hasFixedLevel(out.providerPro)) {
    out.providerLeval = FIXED_PROVIDER_LEVEL;
    out.proDeptCategory = FIXED_DEPT_CATEGORY;
  }
  out.contacts = groupContacts(flattenContacts(out.contacts));
  out.serviceTimes = canonicalServiceTimes(out.serviceTimes);
  return out;
}

/** Only bankCode (and the name that goes with it) is cleared when the currency leaves 01. */
export function clearBankCodeUnlessDomestic<
  T extends { currency: string; bankCode: string; bankName: string },
>(form: T): T {
  return form.currency === DOMESTIC_CURRENCY ? form : { ...form, bankCode: '', bankName: '' };
}

/** Empty remarks get the defaults '1.请提前预约' and '1.Please make appointment inadvance'. */
export function applyDefaultRemarks<T extends { notesC?: string | null; notesE?: string | null }>(
  form: T,
): T & { notesC: string; notesE: string } {
  return {
    ...form,
    notesC: form.notesC?.trim() ? form.notesC : DEFAULT_REMARKS.notesC,
    notesE: form.notesE?.trim() ? form.notesE : DEFAULT_REMARKS.notesE,
  };
}

/** The payload without the fields non-audit routes must not send (status, audit and commit fields). */
export function dropAuditFields<T extends Record<string, unknown>>(
  payload: T,
): Omit<T, (typeof NON_AUDIT_DROPPED_FIELDS)[number]> {
  const out: Record<string, unknown> = { ...payload };
  for (const key of NON_AUDIT_DROPPED_FIELDS) delete out[key];
  return out as Omit<T, (typeof NON_AUDIT_DROPPED_FIELDS)[number]>;
}

/** province, city and district from the three-item provinceCity list. */
export function splitProvinceCity(list: readonly string[]): {
  province: string;
  city: string;
  district: string;
} {
  return { province: list[0] ?? '', city: list[1] ?? '', district: list[2] ?? '' };
}

/** The blank form a new hospital task starts from. */
export function emptyHospitalForm(providerId: string): THospitalTaskForm {
  const parsed = ZHospitalTaskFields.parse({ providerId, currency: DOMESTIC_CURRENCY });
  return {
    ...applyDefaultRemarks(parsed),
    contacts: groupContacts([], { fillEmpty: true }),
    serviceTimes: toServerServiceTimes(emptyWeekRows()),
  };
}

/** Photo-file problems at submit: each stored photo must still meet the promo-photo rules. */
export function promoPhotoFileIssues(files: readonly { name: string; size: number }[]): TBilingual | null {
  const profile = FILE_PROFILES.photo;
  for (const file of files) {
    const issue = checkFile(profile, { name: file.name, size: file.size });
    if (issue) return fileIssueMessage(profile, issue);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Compare

/** The fields a change task is compared on, in the order the compare view lists them. */
export const COMPARE_FIELDS = [
  'providerEnName',
  'providerCnName',
  'medicalType',
  'providerPro',
  'providerLeval',
  'proDeptCategory',
  'socialSecurity',
  'directPayType',
  'languages',
  'invoiceType',
  'providerIntroduceCn',
  'providerIntroduceEn',
  'deptListCn',
  'deptListEn',
  'outPatients',
  'currency',
  'bankCode',
  'bankName',
  'bank',
  'accountName',
  'accountNo',
  'countryCode',
  'bankAddress',
  'hospitalCAddress',
  'hospitalEAddress',
  'webAddr',
  'continent',
  'country',
  'provinceCity',
  'longitude',
  'latitude',
  'contacts',
  'dbFlag',
  'serviceTimes',
  'photos',
  'notesC',
  'notesE',
] as const satisfies readonly THospitalFieldKey[];
export type TCompareField = (typeof COMPARE_FIELDS)[number];

/** Lists whose order carries no meaning (multi-selects and the photo set). */
const UNORDERED_LISTS: readonly TCompareField[] = ['languages', 'outPatients', 'photos'];

/** The values a hospital record is compared on. */
export type THospitalCompareData = Pick<THospitalTaskForm, TCompareField>;

/** Per field of oldData: whether the task changes it, and the approved value. */
export type TOldData = Partial<Record<TCompareField, TOldDataEntry>>;

function comparable(field: TCompareField, value: unknown): string {
  if (field === 'contacts') {
    const flat = flattenContacts(value as TContactGroups).map(({ id: _id, ...c }) => ({
      ...c,
      telType: [...c.telType].sort(),
    }));
    return JSON.stringify(flat);
  }
  if (field === 'serviceTimes')
    return JSON.stringify(canonicalServiceTimes((value ?? []) as TServiceTimeRow[]));
  if (Array.isArray(value)) {
    const list = value.map((v) => String(v));
    return JSON.stringify(UNORDERED_LISTS.includes(field) ? [...list].sort() : list);
  }
  return JSON.stringify(typeof value === 'string' ? value.trim() : (value ?? ''));
}

/**
 * Compares a task with the approved record: the changed fields (COMPARE_FIELDS order),
 * compareResult (their JSON text) and oldData (every compared field: flag and approved value).
 */
export function compareHospital(
  approved: THospitalCompareData,
  task: THospitalCompareData,
): { changed: TCompareField[]; compareResult: string; oldData: TOldData } {
  return compareRecords(COMPARE_FIELDS, approved, task, comparable);
}

/** The changed fields read back from a compareResult text ([] when empty or unreadable). */
export function parseCompareResult(text: string | null | undefined): TCompareField[] {
  return parseCompareFields(COMPARE_FIELDS, text);
}

// ---------------------------------------------------------------------------------------------
// Route payloads

/** A task number: HT, the date yyyymmdd and a sequence of at least four digits. */
export const TASK_NO_PATTERN = taskNoPattern(TASK_NO_PREFIX.hospital);
export const ZTaskNo = z
  .string({ error: pleaseInput(LABELS.taskNo) })
  .trim()
  .min(1, pleaseInput(LABELS.taskNo))
  .max(32, formatOf(LABELS.taskNo))
  .regex(TASK_NO_PATTERN, formatOf(LABELS.taskNo));

const ZVersion = z.number({ error: FORMAT }).int(FORMAT).min(0, FORMAT).optional();
/** The hospital task types: 03 add hospital, 04 update hospital. */
export const HOSPITAL_TASK_TYPE_CODES = [
  TASK_TYPE.ADD_HOSPITAL.code,
  TASK_TYPE.UPDATE_HOSPITAL.code,
] as const;
const ZHospitalTaskType = z.enum(HOSPITAL_TASK_TYPE_CODES, { error: formatOf(LABELS.taskType) });

/** saveCache: a draft of a new task (no taskNo) or of an existing draft or returned task. */
export const ZHospitalTaskSaveBody = hospitalTaskSchema('none', {
  taskNo: ZTaskNo.optional(),
  taskType: ZHospitalTaskType.optional(),
  version: ZVersion,
});
/** commit: submit a new add-hospital task, or the saved draft named by taskNo. */
export const ZHospitalTaskCommitBody = hospitalTaskSchema('submit', {
  taskNo: ZTaskNo.optional(),
  version: ZVersion,
});
/** modify: submit a draft or returned task after editing it. */
export const ZHospitalTaskModifyBody = hospitalTaskSchema('submit', { taskNo: ZTaskNo, version: ZVersion });
/** createCase: submit a change (task type 04) of the approved record. */
export const ZHospitalTaskCreateCaseBody = ZHospitalTaskSubmit;
/** withdraw and close. */
export const ZHospitalTaskActionBody = z.object({ taskNo: ZTaskNo, version: ZVersion });

export type THospitalTaskSaveBody = z.output<typeof ZHospitalTaskSaveBody>;
export type THospitalTaskCommitBody = z.output<typeof ZHospitalTaskCommitBody>;
export type THospitalTaskModifyBody = z.output<typeof ZHospitalTaskModifyBody>;

/** Sort keys the task list accepts ('id' is the spec's default and sorts by creation). */
export const TASK_LIST_SORTS = [
  'id',
  'taskNo',
  'taskType',
  'status',
  'commitDate',
  'auditDate',
  'publicityDate',
] as const;

const dateText = z
  .string({ error: FORMAT })
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/,
    bilingual('日期格式应为 YYYY-MM-DD', 'Dates use YYYY-MM-DD'),
  )
  .or(z.literal(''))
  .nullish()
  .transform((v) => v ?? '');

/** The generic list request of spec section 3 with the task search filter as model. */
export const ZHospitalTaskListRequest = z.object({
  size: z.coerce.number().int().min(1).max(100).default(10),
  current: z.coerce.number().int().min(1).default(1),
  sort: z
    .enum(TASK_LIST_SORTS, { error: FORMAT })
    .nullish()
    .transform((v) => v ?? 'id'),
  order: z
    .enum(['ascending', 'descending', 'asc', 'desc'], { error: FORMAT })
    .nullish()
    .transform((v) => (v === 'ascending' || v === 'asc' ? 'asc' : 'desc')),
  model: z
    .object({
      title: z
        .string()
        .trim()
        .max(100)
        .nullish()
        .transform((v) => v ?? ''),
      sendStartDate: dateText,
      sendEndDate: dateText,
      status: z
        .union([z.string().trim().max(2), z.array(z.string().trim().max(2)).max(10)])
        .nullish()
        .transform((v) =>
          v === null || v === undefined || v === '' ? [] : Array.isArray(v) ? v.filter(Boolean) : [v],
        ),
    })
    .nullish()
    .transform((v) => v ?? { title: '', sendStartDate: '', sendEndDate: '', status: [] as string[] }),
  extra: z.record(z.string(), z.unknown()).nullish(),
  timeRange: z.array(z.string()).nullish(),
});
export type THospitalTaskListRequest = z.output<typeof ZHospitalTaskListRequest>;

/** Provider notes page request: body model with providerId, current, size (10 by default). */
export const ZProviderNotesRequest = z.object({
  model: z.object({ providerId: text(LABELS.providerId, M.providerId, { pattern: PROVIDER_ID_PATTERN }) }),
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

/**
 * Members, policies and benefits (issue 16, docs/decisions/0036-members-policies-benefits.md):
 * the code tables, the enquiry payloads of spec section 7 (second document), the batch API
 * for insurers' systems and the plan network, shared by the server routes and the web.
 */
import { z } from 'zod';
import { bilingual } from '../i18n/bilingual.ts';
import { maskPersonalData, type TPersonalDataKind } from '../personal-data/rules.ts';
import { zCommaList } from '../text/comma-list.ts';
import { isMoney } from './benefits.ts';

/** Benefits enquiry: find members of plans the own provider serves and read their benefits. */
export const BENEFIT_VIEW = 'smartportal:benefit:view';
/** Load members and policies (file import and the batch API). */
export const MEMBER_IMPORT = 'member:member:import';
/** Read which providers serve which plans. */
export const PLAN_NETWORK_VIEW = 'member:network:view';
/** Add, change and remove providers of a plan. */
export const PLAN_NETWORK_EDIT = 'member:network:edit';

/** At most this many members or policies per batch call. */
export const BATCH_MAX_ITEMS = 1000;

/** Coverage codes (coverageCode) with their labels; other codes travel as they are. */
export const COVERAGE_CODES = {
  OP: { code: 'OP', zh: '门诊', en: 'Outpatient' },
  IP: { code: 'IP', zh: '住院', en: 'Inpatient' },
  DT: { code: 'DT', zh: '牙科', en: 'Dental' },
  MT: { code: 'MT', zh: '生育', en: 'Maternity' },
  VS: { code: 'VS', zh: '视力', en: 'Vision' },
  PE: { code: 'PE', zh: '体检', en: 'Physical examination' },
  EM: { code: 'EM', zh: '急诊', en: 'Emergency' },
} as const;

/** The label of a coverage code; an unknown code is its own label. */
export function coverageLabel(code: string): { zh: string; en: string } {
  const known = (COVERAGE_CODES as Record<string, { zh: string; en: string }>)[code];
  return known ? { zh: known.zh, en: known.en } : { zh: code, en: code };
}

/** Currencies the plans are written in (ISO 4217), with labels for the currency list. */
export const CURRENCIES = {
  CNY: { code: 'CNY', zh: '人民币', en: 'Chinese yuan' },
  HKD: { code: 'HKD', zh: '港币', en: 'Hong Kong dollar' },
  USD: { code: 'USD', zh: '美元', en: 'US dollar' },
  EUR: { code: 'EUR', zh: '欧元', en: 'Euro' },
  GBP: { code: 'GBP', zh: '英镑', en: 'Pound sterling' },
  JPY: { code: 'JPY', zh: '日元', en: 'Japanese yen' },
  SGD: { code: 'SGD', zh: '新加坡元', en: 'Singapore dollar' },
  MOP: { code: 'MOP', zh: '澳门元', en: 'Macanese pataca' },
} as const;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as [
  keyof typeof CURRENCIES,
  ...(keyof typeof CURRENCIES)[],
];

/** Relation of a member to the employee. */
export const RELATIONS = {
  '01': { code: '01', zh: '本人', en: 'Employee' },
  '02': { code: '02', zh: '配偶', en: 'Spouse' },
  '03': { code: '03', zh: '子女', en: 'Child' },
  '04': { code: '04', zh: '父母', en: 'Parent' },
  '05': { code: '05', zh: '其他', en: 'Other' },
} as const;
export const RELATION_CODES = Object.keys(RELATIONS) as [
  keyof typeof RELATIONS,
  ...(keyof typeof RELATIONS)[],
];

export const POLICY_STATUS = {
  '01': { code: '01', zh: '有效', en: 'In force' },
  '02': { code: '02', zh: '已失效', en: 'Lapsed' },
  '03': { code: '03', zh: '已退保', en: 'Cancelled' },
} as const;
export const POLICY_STATUS_CODES = Object.keys(POLICY_STATUS) as [
  keyof typeof POLICY_STATUS,
  ...(keyof typeof POLICY_STATUS)[],
];

export const USAGE_STATUS = {
  used: { code: 'used', zh: '已使用', en: 'Used' },
  pending: { code: 'pending', zh: '预留中', en: 'Pending' },
  released: { code: 'released', zh: '已释放', en: 'Released' },
} as const;
export const USAGE_STATUS_CODES = ['used', 'pending', 'released'] as const;

export const DATE_MESSAGE = bilingual('日期格式应为 YYYY-MM-DD', 'Dates use YYYY-MM-DD');
const REQUIRED = bilingual('不能为空', "Can't be empty");
const MONEY_MESSAGE = bilingual(
  '金额格式不正确（最多两位小数）',
  'Incorrect amount format (at most 2 decimals)',
);

/** A real calendar day as YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const ZDay = z.string().trim().refine(isIsoDay, DATE_MESSAGE);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, bilingual(`最多 ${max} 个字`, `At most ${max} characters`));
const required = (max: number) => text(max).min(1, REQUIRED);
/** An amount as a decimal string or a JSON number, read as a decimal string with 2 decimals at most. */
const ZMoney = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).replace(/,/g, '').trim())
  .refine(isMoney, MONEY_MESSAGE)
  .refine((v) => !v.startsWith('-'), bilingual('金额不能为负数', 'An amount cannot be negative'));
const ZPercent = ZMoney.refine(
  (v) => Number(v) <= 100,
  bilingual('比例应在 0 到 100 之间', 'A percentage is between 0 and 100'),
);

// ---- Enquiry (provider staff) -------------------------------------------------------------

/** POST /smartportal/member/search: name + birthday, or the card number. */
export const ZMemberSearchBody = z.object({
  name: text(100).default(''),
  birthday: z.string().trim().default(''),
  cardNumber: text(64).default(''),
  /** For operator staff: only members of plans this provider serves. Provider staff: their own. */
  providerId: text(64).default(''),
});
export type TMemberSearchBody = z.input<typeof ZMemberSearchBody>;

/** One member found, personal data masked (decision 0020). */
export const ZMemberHit = z.object({
  memberId: z.string(),
  employeeId: z.string(),
  customId: z.string(),
  customerName: z.string(),
  customerNameEn: z.string(),
  grpPlanCode: z.string(),
  planName: z.string(),
  planNameEn: z.string(),
  policyNo: z.string(),
  name: z.string(),
  nameEn: z.string(),
  relation: z.string(),
  sex: z.string(),
  birthday: z.string(),
  cardNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  policyStatus: z.string(),
  inForce: z.boolean(),
});
export type TMemberHit = z.infer<typeof ZMemberHit>;

/** POST /smartportal/policy/getPolicyDetailInfo (spec section 7). */
export const ZPolicyDetailBody = z.object({
  customId: required(64),
  memberId: required(64),
  grpPlanCode: required(64),
  hospitalName: text(200).default(''),
  language: z.string().trim().max(8).default(''),
  providerId: text(64).default(''),
});
export type TPolicyDetailBody = z.input<typeof ZPolicyDetailBody>;

/** A coverage of the policy in one currency with its limits and what is used, pending and left. */
/** A policy year: first and last day. */
export const ZPolicyYear = z.object({ from: z.string(), to: z.string() });

export const ZCoverageSummary = z.object({
  coverageCode: z.string(),
  coverageName: z.string(),
  coverageNameEn: z.string(),
  currency: z.string(),
  perVisitLimit: z.string().nullable(),
  annualLimit: z.string().nullable(),
  coPayPercent: z.string(),
  deductible: z.string(),
  directBilling: z.boolean(),
  used: z.string(),
  pending: z.string(),
  /** null: unlimited. */
  remaining: z.string().nullable(),
});
export type TCoverageSummary = z.infer<typeof ZCoverageSummary>;

export const ZPolicyDetail = z.object({
  member: z.object({
    memberId: z.string(),
    employeeId: z.string(),
    relation: z.string(),
    name: z.string(),
    nameEn: z.string(),
    sex: z.string(),
    birthday: z.string(),
    idType: z.string(),
    idNumber: z.string(),
    cardNumber: z.string(),
    phone: z.string(),
  }),
  customId: z.string(),
  customerName: z.string(),
  customerNameEn: z.string(),
  grpPlanCode: z.string(),
  planName: z.string(),
  planNameEn: z.string(),
  policyNo: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** The policy year whose usage the coverages count (from the anniversary of validFrom). */
  policyYear: ZPolicyYear,
  policyStatus: z.string(),
  inForce: z.boolean(),
  providerId: z.string(),
  hospitalName: z.string(),
  /** Whether the provider bills this plan directly (the network flag). */
  directBilling: z.boolean(),
  currencies: z.array(z.string()),
  coverages: z.array(ZCoverageSummary),
});
export type TPolicyDetail = z.infer<typeof ZPolicyDetail>;

/** GET /smartportal/config/getCurrency. */
export const ZCurrencyOption = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });
export type TCurrencyOption = z.infer<typeof ZCurrencyOption>;

/** POST /smartportal/config/getCoverage (spec section 7). */
export const ZCoverageBody = z.object({
  employeeId: required(64),
  customId: required(64),
  grpPlanCode: required(64),
});
export type TCoverageBody = z.input<typeof ZCoverageBody>;
export const ZCoverageOption = z.object({
  coverageCode: z.string(),
  coverageName: z.string(),
  coverageNameEn: z.string(),
  currencies: z.array(z.string()),
});
export type TCoverageOption = z.infer<typeof ZCoverageOption>;

/**
 * POST /smartportal/benefit/getBenefitUsedInfo and downloadBenefitUsedList (spec section 7).
 * employeeID names the insured's own member id, or their employee's with insuredName and
 * birthday naming the dependant; currency and coverage narrow the answer ('' for all).
 */
export const ZBenefitUsedBody = z.object({
  currency: z.string().trim().max(3).default(''),
  coverage: z.string().trim().max(8).default(''),
  employeeID: required(64),
  customID: required(64),
  birthday: z.string().trim().default(''),
  insuredName: text(200).default(''),
  providerID: text(64).default(''),
  grpPlanCode: required(64),
});
export type TBenefitUsedBody = z.input<typeof ZBenefitUsedBody>;

export const ZBenefitUsageLine = z.object({
  coverageCode: z.string(),
  currency: z.string(),
  visitDate: z.string(),
  providerId: z.string(),
  amount: z.string(),
  status: z.string(),
  sourceType: z.string(),
  remark: z.string(),
});
export type TBenefitUsageLine = z.infer<typeof ZBenefitUsageLine>;
export const ZBenefitUsedInfo = z.object({
  memberId: z.string(),
  policyYear: ZPolicyYear,
  summaries: z.array(ZCoverageSummary),
  lines: z.array(ZBenefitUsageLine),
});
export type TBenefitUsedInfo = z.infer<typeof ZBenefitUsedInfo>;

/** POST getBenefitSpecialRuleList, getBenefitRiderList and downloadBenefitRider: the policy in question. */
export const ZPolicyRefBody = z.object({
  customId: required(64),
  memberId: required(64),
  grpPlanCode: required(64),
  providerId: text(64).default(''),
});
export type TPolicyRefBody = z.input<typeof ZPolicyRefBody>;

export const ZSpecialRule = z.object({
  ruleCode: z.string(),
  coverageCode: z.string(),
  content: z.string(),
  enContent: z.string(),
});
export type TSpecialRule = z.infer<typeof ZSpecialRule>;
export const ZRider = z.object({
  riderCode: z.string(),
  name: z.string(),
  nameEn: z.string(),
  coverageCode: z.string(),
  currency: z.string(),
  limitAmount: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type TRider = z.infer<typeof ZRider>;

// ---- Batch API (insurers' systems) --------------------------------------------------------

const ZCode = (max: number) =>
  required(max).regex(
    /^[A-Za-z0-9._\-/]+$/,
    bilingual('只能包含字母、数字和 . _ - /', 'Only letters, digits and . _ - / are allowed'),
  );

export const ZMemberItem = z.object({
  customerId: ZCode(64),
  customerName: text(200).default(''),
  customerNameEn: text(200).default(''),
  memberId: ZCode(64),
  /** The employee's member id; the member's own for the employee. */
  employeeId: ZCode(64).optional(),
  relation: z.enum(RELATION_CODES, bilingual('关系代码应为 01–05', 'Relation is a code 01–05')).default('01'),
  name: required(100),
  nameEn: text(200).default(''),
  birthday: ZDay,
  sex: z.enum(['01', '02', ''], bilingual('性别代码应为 01 或 02', 'Sex is 01 or 02')).default(''),
  idType: z.enum(['01', '02', '03'], bilingual('证件类型应为 01–03', 'ID type is 01–03')).default('01'),
  idNumber: text(64).default(''),
  cardNumber: text(64).default(''),
  phone: text(32).default(''),
  email: text(200).default(''),
  status: z.enum(['01', '02'], bilingual('状态应为 01 或 02', 'Status is 01 or 02')).default('01'),
});
export type TMemberItem = z.output<typeof ZMemberItem>;

const ZBatch = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, bilingual('至少提交一条数据', 'Send at least one item'))
    .max(
      BATCH_MAX_ITEMS,
      bilingual(`每次最多提交 ${BATCH_MAX_ITEMS} 条`, `At most ${BATCH_MAX_ITEMS} items per call`),
    );

/** POST /member/batch/members. */
export const ZMemberBatchBody = z.object({ items: ZBatch(ZMemberItem) });
export type TMemberBatchBody = z.input<typeof ZMemberBatchBody>;

export const ZCoverageItem = z.object({
  coverageCode: ZCode(8),
  currency: z.enum(CURRENCY_CODES, bilingual('不支持的币种', 'Unsupported currency')),
  perVisitLimit: ZMoney.nullable().default(null),
  annualLimit: ZMoney.nullable().default(null),
  coPayPercent: ZPercent.default('0'),
  deductible: ZMoney.default('0'),
  directBilling: z.boolean().default(true),
});
export const ZSpecialRuleItem = z.object({
  ruleCode: ZCode(32),
  coverageCode: text(8).default(''),
  content: required(2000),
  enContent: text(2000).default(''),
});
export const ZRiderItem = z.object({
  riderCode: ZCode(32),
  name: required(200),
  nameEn: text(200).default(''),
  coverageCode: text(8).default(''),
  currency: z.enum(CURRENCY_CODES, bilingual('不支持的币种', 'Unsupported currency')),
  limitAmount: ZMoney.nullable().default(null),
  validFrom: ZDay,
  validTo: ZDay,
});
export const ZUsageItem = z.object({
  /** The deliverer's id of the history line (idempotency key within the coverage). */
  sourceId: ZCode(64),
  coverageCode: ZCode(8),
  currency: z.enum(CURRENCY_CODES, bilingual('不支持的币种', 'Unsupported currency')),
  providerId: text(64).default(''),
  visitDate: ZDay,
  amount: ZMoney,
  status: z
    .enum(
      USAGE_STATUS_CODES,
      bilingual('状态应为 used、pending 或 released', 'Status is used, pending or released'),
    )
    .default('used'),
  remark: text(500).default(''),
});

const TO_AFTER_FROM = bilingual('截止日期不能早于起始日期', 'The end date cannot be before the start date');

export const ZPolicyItem = z
  .object({
    policyNo: ZCode(64),
    memberId: ZCode(64),
    customerId: ZCode(64),
    grpPlanCode: ZCode(64),
    planName: text(200).default(''),
    planNameEn: text(200).default(''),
    validFrom: ZDay,
    validTo: ZDay,
    status: z
      .enum(POLICY_STATUS_CODES, bilingual('保单状态应为 01–03', 'Policy status is 01–03'))
      .default('01'),
    coverages: z.array(ZCoverageItem).max(100).default([]),
    specialRules: z.array(ZSpecialRuleItem).max(100).default([]),
    riders: z.array(ZRiderItem).max(100).default([]),
    usage: z.array(ZUsageItem).max(1000).default([]),
  })
  .refine((p) => p.validFrom <= p.validTo, { message: TO_AFTER_FROM, path: ['validTo'] });
export type TPolicyItem = z.output<typeof ZPolicyItem>;

/** POST /member/batch/policies. */
export const ZPolicyBatchBody = z.object({ items: ZBatch(ZPolicyItem) });
export type TPolicyBatchBody = z.input<typeof ZPolicyBatchBody>;

/** What a batch did: rows added and rows whose values were replaced, per kind. */
export const ZBatchResult = z.object({
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

/** One refused item of a batch or one refused cell of an import (row and column for files). */
export const ZItemError = z.object({
  index: z.number().int(),
  key: z.string(),
  field: z.string(),
  msg: z.string(),
  msg_en: z.string(),
});
export type TItemError = z.infer<typeof ZItemError>;

// ---- Plan network (operator) --------------------------------------------------------------

export const ZPlanNetworkPageBody = z.object({
  grpPlanCode: text(64).default(''),
  providerId: text(64).default(''),
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type TPlanNetworkPageBody = z.input<typeof ZPlanNetworkPageBody>;

export const ZPlanNetworkRow = z.object({
  id: z.string(),
  grpPlanCode: z.string(),
  planName: z.string(),
  planNameEn: z.string(),
  customId: z.string(),
  customerName: z.string(),
  customerNameEn: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  providerNameEn: z.string(),
  directBilling: z.boolean(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  members: z.number().int(),
});
export type TPlanNetworkRow = z.infer<typeof ZPlanNetworkRow>;
export const ZPlanNetworkPage = z.object({
  records: z.array(ZPlanNetworkRow),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type TPlanNetworkPage = z.infer<typeof ZPlanNetworkPage>;

const ZOptionalDay = z
  .string()
  .trim()
  .nullable()
  .default(null)
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isIsoDay(v), DATE_MESSAGE);

/** POST /member/planNetwork: a provider serves a plan (added, or changed when it already does). */
export const ZPlanNetworkSaveBody = z
  .object({
    grpPlanCode: required(64),
    providerId: required(64),
    directBilling: z.boolean().default(true),
    validFrom: ZOptionalDay,
    validTo: ZOptionalDay,
  })
  .refine((b) => !b.validFrom || !b.validTo || b.validFrom <= b.validTo, {
    message: TO_AFTER_FROM,
    path: ['validTo'],
  });
export type TPlanNetworkSaveBody = z.input<typeof ZPlanNetworkSaveBody>;

/** A plan to choose in the network screen. */
export const ZPlanOption = z.object({
  grpPlanCode: z.string(),
  name: z.string(),
  nameEn: z.string(),
  customId: z.string(),
});
export type TPlanOption = z.infer<typeof ZPlanOption>;

/**
 * A member's personal fields (decision 0020): every answer carries them masked; the reveal
 * endpoint (bizType `member`, bizId the memberId) answers one of them, logged.
 */
export const MEMBER_PERSONAL_FIELDS = {
  name: 'name',
  nameEn: 'name',
  birthday: 'birthday',
  idNumber: 'idNumber',
  cardNumber: 'cardNo',
  phone: 'phone',
} as const satisfies Record<string, TPersonalDataKind>;
export type TMemberPersonalField = keyof typeof MEMBER_PERSONAL_FIELDS;

/** The value masked as its field is (an empty value stays empty). */
export function maskMemberField(field: TMemberPersonalField, value: string): string {
  return value ? maskPersonalData(MEMBER_PERSONAL_FIELDS[field], value) : value;
}

/** How many plans one plan lookup answers by default and at most (a picker searches, issue 10). */
export const PLAN_OPTIONS_MAX = 50;
export const PLAN_OPTIONS_LIMIT_MAX = 100;
/**
 * GET /member/planNetwork/plans: `keyword` (plan code, either plan name or customer id,
 * contains) narrows the tenant's plans; `codes` (comma-separated plan codes, the picker's
 * values) are answered too, first; `limit` (default 50, at most 100) bounds the others. A
 * client that asks one more than it shows learns that more plans match.
 */
export const ZPlanOptionsQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  codes: zCommaList(z.string().max(64), { max: PLAN_OPTIONS_MAX, textMax: 65 * PLAN_OPTIONS_MAX }),
  limit: z.coerce.number().int().min(1).max(PLAN_OPTIONS_LIMIT_MAX).default(PLAN_OPTIONS_MAX),
  ts: z.string().optional(),
});

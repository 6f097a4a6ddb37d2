/**
 * Pre-authorisation (issue 17, docs/decisions/0039-pre-authorisation.md): statuses, case handler,
 * transitions and the rules of the request form (spec, second document, sections 3-5), shared
 * by the server routes and the web screens.
 */
import { z } from 'zod';
import { ZProcessRow } from '../appointments/rules.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual } from '../i18n/bilingual.ts';
import { isMoney, toCents } from '../members/benefits.ts';

/** Provider staff: make, read, cancel, supplement and reopen their own provider's cases. */
export const PREAUTH_CASE_VIEW = 'preauth:case:view';
export const PREAUTH_CASE_EDIT = 'preauth:case:edit';
/** Operator staff: read every case of the tenant and decide (approve, reject, ask for documents). */
export const PREAUTH_AUDIT_VIEW = 'preauth:audit:view';
export const PREAUTH_AUDIT_APPROVAL = 'preauth:audit:approval';
/** The workflow task type (decision 0030) whose auditor role gates the decisions. */
export const PREAUTH_TASK_TYPE = 'preauth';
/** The files feature's business type of a case's attachments. */
export const PREAUTH_ATTACH_BIZ_TYPE = 'PREAUTH_ATTACH';

/** The spec's statuses (section 4), with two-digit codes of this product. */
export const PREAUTH_STATUS = {
  UNSUBMITTED: { code: '01', zh: '未提交', en: 'Unsubmitted' },
  AUDITING: { code: '02', zh: '审核中', en: 'Auditing' },
  DOCUMENTS_REQUIRED: { code: '03', zh: '需补充资料', en: 'Additional documents required' },
  APPROVED: { code: '04', zh: '已批准', en: 'Approved' },
  REJECTED: { code: '05', zh: '已拒绝', en: 'Rejected' },
  CANCELLED: { code: '06', zh: '已取消', en: 'Cancelled' },
  EXPIRED: { code: '07', zh: '已过期', en: 'Expired' },
  REOPEN_REJECTED: { code: '08', zh: '重开被拒', en: 'Reopen rejected' },
} as const;
export type TPreauthStatus = (typeof PREAUTH_STATUS)[keyof typeof PREAUTH_STATUS]['code'];
export const PREAUTH_STATUS_CODES = Object.values(PREAUTH_STATUS).map((s) => s.code) as [
  TPreauthStatus,
  ...TPreauthStatus[],
];

export function preauthStatusName(code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(PREAUTH_STATUS).find((s) => s.code === code);
  return entry ? entry[lang] : code;
}

/** Who handles the case at the operator (spec section 3): 01 doctor, 02 msh. */
export const PREAUTH_CASE_HANDLER = {
  DOCTOR: { code: '01', zh: '医生', en: 'Doctor' },
  MSH: { code: '02', zh: 'MSH', en: 'MSH' },
} as const;
export const PREAUTH_CASE_HANDLER_CODES = ['01', '02'] as const;

/** Visit types of a request. */
export const PREAUTH_VISIT_TYPE = {
  OUTPATIENT: { code: '01', zh: '门诊', en: 'Outpatient' },
  INPATIENT: { code: '02', zh: '住院', en: 'Inpatient' },
  DAY_CASE: { code: '03', zh: '日间手术', en: 'Day case' },
} as const;
export const PREAUTH_VISIT_TYPE_CODES = ['01', '02', '03'] as const;

export function visitTypeName(code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(PREAUTH_VISIT_TYPE).find((v) => v.code === code);
  return entry ? entry[lang] : code;
}

/** What happens to a case; each writes one flow row. */
export const PREAUTH_ACTION = {
  SAVE: { code: 'save', zh: '保存', en: 'Saved' },
  SUBMIT: { code: 'submit', zh: '提交', en: 'Submitted' },
  APPROVE: { code: 'approve', zh: '批准', en: 'Approved' },
  REJECT: { code: 'reject', zh: '拒绝', en: 'Rejected' },
  REQUEST_DOCUMENTS: { code: 'requestDocuments', zh: '要求补充资料', en: 'Documents requested' },
  SUPPLEMENT: { code: 'supplement', zh: '补充资料', en: 'Documents supplemented' },
  CANCEL: { code: 'cancel', zh: '取消', en: 'Cancelled' },
  REOPEN: { code: 'reopen', zh: '申请重开', en: 'Reopen requested' },
  EXPIRE: { code: 'expire', zh: '有效期届满，自动过期', en: 'Expired: validity ended' },
} as const;
export type TPreauthAction = (typeof PREAUTH_ACTION)[keyof typeof PREAUTH_ACTION]['code'];

export function preauthActionName(code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(PREAUTH_ACTION).find((a) => a.code === code);
  return entry ? entry[lang] : code;
}

const S = PREAUTH_STATUS;
/**
 * The transitions. A rejection of a reopened case leads to 08 reopen rejected instead of 05
 * (the server picks it); rejected, expired and reopen rejected are final; cancelled can be reopened.
 */
export const PREAUTH_TRANSITIONS: Record<
  Exclude<TPreauthAction, 'save'>,
  { from: readonly TPreauthStatus[]; to: TPreauthStatus }
> = {
  submit: { from: [S.UNSUBMITTED.code], to: S.AUDITING.code },
  approve: { from: [S.AUDITING.code], to: S.APPROVED.code },
  reject: { from: [S.AUDITING.code], to: S.REJECTED.code },
  requestDocuments: { from: [S.AUDITING.code], to: S.DOCUMENTS_REQUIRED.code },
  supplement: { from: [S.DOCUMENTS_REQUIRED.code], to: S.AUDITING.code },
  cancel: {
    from: [S.UNSUBMITTED.code, S.AUDITING.code, S.DOCUMENTS_REQUIRED.code, S.APPROVED.code],
    to: S.CANCELLED.code,
  },
  reopen: { from: [S.CANCELLED.code], to: S.AUDITING.code },
  expire: { from: [S.APPROVED.code], to: S.EXPIRED.code },
};

/** Whether `action` may start from `status`. */
export function canPreauth(action: keyof typeof PREAUTH_TRANSITIONS, status: string): boolean {
  return (PREAUTH_TRANSITIONS[action].from as readonly string[]).includes(status);
}

/**
 * The visit window (spec section 5: 'within 1 month of the apply date; another reading gives
 * 30 days'): the visit day lies at most 30 calendar days before or after the apply day, both
 * ends included (decision 0039).
 */
export const VISIT_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** True when `visitDate` is within VISIT_WINDOW_DAYS of `applyDate` (YYYY-MM-DD, China days). */
export function visitWithinWindow(visitDate: string, applyDate: string): boolean {
  return Math.abs(dayNumber(visitDate) - dayNumber(applyDate)) <= VISIT_WINDOW_DAYS;
}

export const VISIT_WINDOW_MESSAGE = bilingual(
  `就诊日期须在申请日期前后 ${VISIT_WINDOW_DAYS} 天内`,
  `The visit date must be within ${VISIT_WINDOW_DAYS} days of the application date`,
);

/** Attachments: 100 MB a file, 500 MB a case (spec section 5). */
export const PREAUTH_MAX_FILE_BYTES = 104_857_600;
export const PREAUTH_MAX_TOTAL_BYTES = 524_288_000;

/**
 * ICD-10 codes: the project ships no ICD-10 list yet, so a code is checked by its shape
 * (a letter, two digits, optionally a point and one to four more characters: J18.9, S72.001),
 * upper-cased (decision 0039).
 */
export const ICD10 = /^[A-Z][0-9]{2}(\.[0-9A-Z]{1,4})?$/;
export const ICD_MAX = 10;

const REQUIRED = bilingual('不能为空', "Can't be empty");
const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const NO_SPECIAL = bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed');
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COST = bilingual(
  '费用须大于 0，最多两位小数',
  'The cost must be greater than 0 with at most two decimals',
);

/** Free text of a request: trimmed, at most `max` characters, without | and ^ (spec section 5). */
export const preauthText = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .max(max, bilingual(`最多 ${max} 个字符`, `At most ${max} characters`))
    .refine((v) => !/[|^]/.test(v), NO_SPECIAL);

export function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
export const ZPreauthDate = z.string({ error: REQUIRED }).regex(DATE, FORMAT).refine(isRealDate, FORMAT);

/** A positive amount with at most two decimals, kept as the decimal string. */
export const ZPositiveMoney = z
  .string({ error: REQUIRED })
  .trim()
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v) && isMoney(v) && toCents(v) > 0n, COST);

export const ZIcdCodes = z
  .array(
    z
      .string({ error: REQUIRED })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => ICD10.test(v), bilingual('ICD-10 编码格式不正确', 'Not an ICD-10 code')),
  )
  .min(1, bilingual('请至少填写一个 ICD-10 编码', 'Enter at least one ICD-10 code'))
  .max(ICD_MAX, bilingual(`最多 ${ICD_MAX} 个 ICD-10 编码`, `At most ${ICD_MAX} ICD-10 codes`))
  .transform((codes) => [...new Set(codes)]);

/** The request form (save and submit carry the same fields). */
export const ZPreauthForm = z.object({
  /** Operator staff entering a case on a provider's behalf name it; provider staff act for their own. */
  providerId: z.string().trim().max(64).optional(),
  memberId: preauthText(64).pipe(z.string().min(1, REQUIRED)),
  coverageCode: preauthText(8).pipe(z.string().min(1, REQUIRED)),
  currency: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^[A-Z]{3}$/, FORMAT),
  visitType: z.enum(PREAUTH_VISIT_TYPE_CODES, { error: REQUIRED }),
  visitDate: ZPreauthDate,
  lengthOfStay: z
    .number({ error: REQUIRED })
    .int(bilingual('住院天数须为整数', 'The length of stay is a whole number of days'))
    .min(0, bilingual('住院天数不能小于 0', 'The length of stay cannot be negative'))
    .max(3650, FORMAT),
  department: preauthText(100).optional().default(''),
  doctor: preauthText(100).optional().default(''),
  estimatedCost: ZPositiveMoney,
  icdCodes: ZIcdCodes,
  caseHandler: z.enum(PREAUTH_CASE_HANDLER_CODES, { error: REQUIRED }),
  remark: preauthText(1000).optional().default(''),
  /** Uploaded files (business type PREAUTH_ATTACH) to attach to the case. */
  fileIds: z.array(z.string().uuid(FORMAT)).max(100).default([]),
});
export type TPreauthForm = z.input<typeof ZPreauthForm>;

const ZId = z.string({ error: REQUIRED }).uuid(FORMAT);
const ZVersion = z.number({ error: REQUIRED }).int().min(0);

/** Save an unsubmitted case: without id a new one, with id and version a change of a draft. */
export const ZPreauthSave = ZPreauthForm.extend({ id: ZId.optional(), version: ZVersion.optional() });
export const ZPreauthAction = z.object({
  id: ZId,
  version: ZVersion,
  remark: preauthText(1000).optional().default(''),
});
export const ZPreauthSupplement = ZPreauthAction.extend({
  fileIds: z.array(z.string().uuid(FORMAT)).max(100).default([]),
});
export const ZPreauthReject = ZPreauthAction.extend({
  remark: preauthText(1000).pipe(z.string().min(1, bilingual('请填写拒绝原因', 'Enter the reason'))),
});
export const ZPreauthRequestDocuments = ZPreauthAction.extend({
  remark: preauthText(1000).pipe(
    z.string().min(1, bilingual('请说明需要补充的资料', 'Say which documents are needed')),
  ),
});
export const ZPreauthApprove = ZPreauthAction.extend({
  approvedAmount: ZPositiveMoney,
  validUntil: ZPreauthDate,
});

export const PREAUTH_PAGE_SIZES = [10, 20, 30, 50] as const;
export const ZPreauthListBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PREAUTH_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
  model: z
    .object({
      status: z
        .array(z.enum(PREAUTH_STATUS_CODES, { error: FORMAT }))
        .max(8)
        .default([]),
      caseNo: preauthText(32).optional(),
      /** A member's name part (either language) or member id. */
      member: preauthText(100).optional(),
    })
    .default({ status: [] }),
});
export type TPreauthListBody = z.input<typeof ZPreauthListBody>;

export const ZPreauthCase = z.object({
  id: z.string(),
  caseNo: z.string(),
  status: z.string(),
  reopened: z.boolean(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  memberNameEn: z.string(),
  patientBirthday: z.string(),
  customerId: z.string(),
  grpPlanCode: z.string(),
  policyNo: z.string(),
  coverageCode: z.string(),
  currency: z.string(),
  visitType: z.string(),
  visitDate: z.string(),
  lengthOfStay: z.number(),
  department: z.string(),
  doctor: z.string(),
  estimatedCost: z.string(),
  icdCodes: z.array(z.string()),
  caseHandler: z.string(),
  remark: z.string(),
  applyDate: z.string().nullable(),
  approvedAmount: z.string().nullable(),
  validUntil: z.string().nullable(),
  decisionRemark: z.string(),
  createTime: z.string(),
  version: z.number(),
});
export type TPreauthCase = z.infer<typeof ZPreauthCase>;

/** A row of the lists: the case and how many messages of the other side the user has not read. */
export const ZPreauthListRow = ZPreauthCase.extend({ unreadMessages: z.number() });
export type TPreauthListRow = z.infer<typeof ZPreauthListRow>;

export const ZPreauthPage = ZPageOf(ZPreauthListRow);
export type TPreauthPage = z.infer<typeof ZPreauthPage>;

/** One step of the case's history, as the appointments' process detail shows it. */
export const ZPreauthFlowRow = ZProcessRow;

export const ZPreauthFile = z.object({
  id: z.string(),
  originalName: z.string(),
  size: z.number(),
  contentType: z.string(),
});

/** The coverage's benefit in the case's currency, beside the request (limit, used, pending, remaining). */
export const ZPreauthBenefit = z.object({
  coverageCode: z.string(),
  currency: z.string(),
  annualLimit: z.string().nullable(),
  used: z.string(),
  pending: z.string(),
  remaining: z.string().nullable(),
});

export const ZPreauthDetail = z.object({
  case: ZPreauthCase,
  flow: z.array(ZPreauthFlowRow),
  files: z.array(ZPreauthFile),
  benefit: ZPreauthBenefit.nullable(),
});
export type TPreauthDetail = z.infer<typeof ZPreauthDetail>;

/**
 * Claims (issue 18, docs/decisions/0040-claims.md): batch and line statuses, reason codes, the
 * statement's columns and the rules of one statement row, the call bodies and answers, shared
 * by the server routes and the web screens.
 */
import { z } from 'zod';
import { ZProcessRow } from '../appointments/rules.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual, type TBilingual } from '../i18n/bilingual.ts';
import { isMoney, toCents } from '../members/benefits.ts';
import { ICD10, isRealDate, PREAUTH_VISIT_TYPE_CODES } from '../preauth/rules.ts';

/** Provider staff: submit, edit, withdraw and read their own provider's batches. */
export const CLAIM_BATCH_VIEW = 'claim:batch:view';
export const CLAIM_BATCH_EDIT = 'claim:batch:edit';
/** Operator staff: read every batch of the tenant and decide. */
export const CLAIM_AUDIT_VIEW = 'claim:audit:view';
export const CLAIM_AUDIT_APPROVAL = 'claim:audit:approval';
/** The claim-admin flag (spec section 6, role CLAIM_ADMIN 'claim:*'): may pay above the remaining benefit. */
export const CLAIM_ADMIN_OVERRIDE = 'claim:admin:override';
/** The workflow task type (decision 0030) whose auditor role gates the decisions. */
export const CLAIM_TASK_TYPE = 'claim';
/** Business types of the files feature. */
export const CLAIM_STATEMENT_BIZ_TYPE = 'CLAIM_STATEMENT';
export const CLAIM_IMAGE_BIZ_TYPE = 'CLAIM_IMAGE';

/** The spec's batch statuses (section 4) with the withdrawn batch kept (decision 0040). */
export const CLAIM_BATCH_STATUS = {
  PENDING: { code: '01', zh: '待审核', en: 'Pending for audit' },
  APPROVED: { code: '02', zh: '已批准', en: 'Approved' },
  NOT_APPROVED: { code: '03', zh: '未批准', en: 'Not approved' },
  WITHDRAWN: { code: '04', zh: '已撤回', en: 'Withdrawn' },
} as const;
export type TClaimBatchStatus = (typeof CLAIM_BATCH_STATUS)[keyof typeof CLAIM_BATCH_STATUS]['code'];
export const CLAIM_BATCH_STATUS_CODES = Object.values(CLAIM_BATCH_STATUS).map((s) => s.code) as [
  TClaimBatchStatus,
  ...TClaimBatchStatus[],
];

/** A claim line ('claim file' of the spec): to be audited, then approved or rejected. */
export const CLAIM_LINE_STATUS = {
  PENDING: { code: '00', zh: '待审核', en: 'To be audited' },
  APPROVED: { code: '01', zh: '已批准', en: 'Approved' },
  REJECTED: { code: '02', zh: '已拒绝', en: 'Rejected' },
} as const;

/** Adjudication reason codes, given when a line is rejected or paid less than claimed. */
export const CLAIM_REASON = {
  R01: { code: 'R01', zh: '不在保障范围内', en: 'Not covered by the plan' },
  R02: { code: 'R02', zh: '超出保障限额', en: 'Over the benefit limit' },
  R03: { code: 'R03', zh: '重复申请', en: 'Duplicate claim' },
  R04: { code: 'R04', zh: '资料不全', en: 'Documents incomplete' },
  R05: { code: 'R05', zh: '非医疗必需', en: 'Not medically necessary' },
  R06: { code: 'R06', zh: '超出协议价格', en: 'Above the agreed price' },
  R07: { code: 'R07', zh: '未经预授权', en: 'No pre-authorisation' },
  R08: { code: 'R08', zh: '免赔额或自付部分', en: 'Deductible or co-pay' },
  R99: { code: 'R99', zh: '其他', en: 'Other' },
} as const;
export const CLAIM_REASON_CODES = Object.keys(CLAIM_REASON) as [
  keyof typeof CLAIM_REASON,
  ...(keyof typeof CLAIM_REASON)[],
];

export const CLAIM_ACTION = {
  SUBMIT: { code: 'submit', zh: '提交', en: 'Submitted' },
  EDIT: { code: 'edit', zh: '修改并提交', en: 'Changed and submitted' },
  WITHDRAW: { code: 'withdraw', zh: '撤回', en: 'Withdrawn' },
  APPROVE: { code: 'approve', zh: '批准', en: 'Approved' },
  REJECT: { code: 'reject', zh: '不批准', en: 'Not approved' },
} as const;
export type TClaimAction = (typeof CLAIM_ACTION)[keyof typeof CLAIM_ACTION]['code'];

type TCoded = Record<string, { code: string; zh: string; en: string }>;
/** The label of a code of one of the code tables above, in a language; the code itself when unknown. */
export function codeName(table: TCoded, code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(table).find((s) => s.code === code);
  return entry ? entry[lang] : code;
}

const S = CLAIM_BATCH_STATUS;
/** From which batch statuses each provider action starts (decisions start from pending only). */
export const CLAIM_BATCH_ACTIONS = {
  edit: [S.PENDING.code, S.WITHDRAWN.code],
  withdraw: [S.PENDING.code],
  decide: [S.PENDING.code],
} as const satisfies Record<string, readonly TClaimBatchStatus[]>;

export function canClaimBatch(action: keyof typeof CLAIM_BATCH_ACTIONS, status: string): boolean {
  return (CLAIM_BATCH_ACTIONS[action] as readonly string[]).includes(status);
}

/** The batch status after a decision: one approved line approves the batch (partial payment). */
export function batchOutcome(lineStatuses: readonly string[]): TClaimBatchStatus {
  return lineStatuses.includes(CLAIM_LINE_STATUS.APPROVED.code) ? S.APPROVED.code : S.NOT_APPROVED.code;
}

// ---- Files ------------------------------------------------------------------------------------

/** Statement: one .xlsx of at most 20 MB; images: PDFs of at most 100 MB each, 500 MB a batch. */
export const CLAIM_STATEMENT_MAX_BYTES = 20_971_520;
export const CLAIM_IMAGE_MAX_BYTES = 104_857_600;
export const CLAIM_IMAGES_MAX_TOTAL_BYTES = 524_288_000;
/** Rows of one statement. */
export const CLAIM_STATEMENT_MAX_ROWS = 10_000;
/** Row problems returned in one report (the count says how many there are in all). */
export const CLAIM_REPORT_MAX_ERRORS = 1000;

/** Names that appear more than once (case-insensitive), in their first spelling. */
export function duplicateNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  for (const n of names) seen.set(n.toLowerCase(), (seen.get(n.toLowerCase()) ?? 0) + 1);
  return [...new Set(names.filter((n) => (seen.get(n.toLowerCase()) ?? 0) > 1))];
}

// ---- Statement ------------------------------------------------------------------------------

/** The statement's columns: key, Chinese and English header. */
export const STATEMENT_COLUMNS = [
  ['memberId', '会员编号', 'Member ID'],
  ['patientName', '患者姓名', 'Patient name'],
  ['visitDate', '就诊日期', 'Visit date'],
  ['visitType', '就诊类型(01门诊 02住院 03日间手术)', 'Visit type (01 outpatient 02 inpatient 03 day case)'],
  ['coverageCode', '保障项目(OP门诊 IP住院 DT牙科 MT生育)', 'Coverage (OP IP DT MT)'],
  ['icdCode', '诊断编码(ICD-10)', 'Diagnosis code (ICD-10)'],
  ['diagnosis', '诊断名称', 'Diagnosis'],
  ['itemCode', '项目编码', 'Item code'],
  ['itemName', '项目名称', 'Item name'],
  ['quantity', '数量', 'Quantity'],
  ['amount', '金额', 'Amount'],
  ['currency', '币种', 'Currency'],
  ['preauthNo', '预授权编号(可空)', 'Pre-authorisation no. (optional)'],
] as const;
export type TStatementKey = (typeof STATEMENT_COLUMNS)[number][0];
export type TStatementCells = Record<TStatementKey, string>;

/** The template's header text of a column. */
export const statementHeader = ([, zh, en]: (typeof STATEMENT_COLUMNS)[number]) => `${zh} / ${en}`;

/** A header without case, extra spaces or its explanation in brackets ('Visit type (01 …)' reads 'visit type'). */
const normal = (text: string) =>
  text
    .replace(/\s*[（(][^)）]*[)）]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
const HEADER_KEYS = new Map<string, TStatementKey>(
  STATEMENT_COLUMNS.flatMap((c) => [
    [normal(c[1]), c[0]],
    [normal(c[2]), c[0]],
    [normal(statementHeader(c)), c[0]],
    [normal(c[0]), c[0]],
  ]),
);
/** The column key of a header cell in Chinese, English or both ('' when it is not a statement column). */
export function statementKeyOf(header: string): TStatementKey | '' {
  return HEADER_KEYS.get(normal(header)) ?? '';
}

/** One problem of a statement: the sheet row, the column key ('' for the whole row) and both languages. */
export const ZRowError = z.object({
  row: z.number(),
  column: z.string(),
  msg: z.string(),
  msg_en: z.string(),
});
export type TRowError = z.infer<typeof ZRowError>;

export const rowError = (row: number, column: string, m: TBilingual): TRowError => ({
  row,
  column,
  msg: m.zh,
  msg_en: m.en,
});

/** The row messages (both languages). */
export const ROW_MESSAGES = {
  required: { zh: '不能为空', en: "Can't be empty" },
  format: { zh: '格式不正确', en: 'Incorrect Format' },
  futureDate: { zh: '就诊日期不能晚于今天', en: 'The visit date cannot be after today' },
  amount: {
    zh: '金额须大于 0，最多两位小数',
    en: 'The amount must be greater than 0 with at most two decimals',
  },
  quantity: {
    zh: '数量须大于 0，最多两位小数',
    en: 'The quantity must be greater than 0 with at most two decimals',
  },
  visitType: { zh: '就诊类型须为 01、02 或 03', en: 'The visit type must be 01, 02 or 03' },
  icd: { zh: 'ICD-10 编码格式不正确', en: 'Not an ICD-10 code' },
  specialChars: { zh: '不能包含 | 或 ^ 字符', en: 'The characters | and ^ are not allowed' },
  tooLong: { zh: '内容过长', en: 'Too long' },
  memberNotServed: {
    zh: '会员不存在，或就诊日期无有效保单，或本机构不服务其计划',
    en: 'No such member, no policy in force on the visit date, or the plan is not served by this provider',
  },
  nameMismatch: { zh: '患者姓名与会员姓名不符', en: "The patient name is not the member's name" },
  coverageMissing: {
    zh: '该保单无此保障项目或币种',
    en: 'The policy has no such coverage in this currency',
  },
  preauthNotFound: {
    zh: '预授权不存在，或不属于该会员或本机构',
    en: 'No such pre-authorisation for this member and provider',
  },
  preauthNotUsable: {
    zh: '预授权未批准、已过期或已使用',
    en: 'The pre-authorisation is not approved, has expired or has been used',
  },
} as const satisfies Record<string, TBilingual>;

export const duplicateInFile = (firstRow: number): TBilingual => ({
  zh: `与第 ${firstRow} 行重复（同一会员、就诊日期、项目和金额）`,
  en: `Duplicate of row ${firstRow} (same member, visit date, item and amount)`,
});
export const duplicateOfBatch = (batchNo: string): TBilingual => ({
  zh: `已在批次 ${batchNo} 中申请（同一会员、就诊日期、项目和金额）`,
  en: `Already claimed in batch ${batchNo} (same member, visit date, item and amount)`,
});

/** A statement row that passed the shape rules, with its amounts as exact decimal strings. */
export interface TStatementLine {
  row: number;
  memberId: string;
  patientName: string;
  visitDate: string;
  visitType: string;
  coverageCode: string;
  icdCode: string;
  diagnosis: string;
  itemCode: string;
  itemName: string;
  quantity: string;
  amount: string;
  currency: string;
  preauthNo: string;
}

const MAX_LENGTH: Record<TStatementKey, number> = {
  memberId: 64,
  patientName: 100,
  visitDate: 10,
  visitType: 2,
  coverageCode: 8,
  icdCode: 16,
  diagnosis: 200,
  itemCode: 64,
  itemName: 200,
  quantity: 16,
  amount: 18,
  currency: 3,
  preauthNo: 32,
};
const OPTIONAL: readonly TStatementKey[] = ['diagnosis', 'preauthNo'];
const POSITIVE = /^\d{1,12}(\.\d{1,2})?$/;

/** Excel writes a date typed as a number as days since 1899-12-30. */
function excelDate(value: string): string {
  if (!/^\d{5}(\.\d+)?$/.test(value)) return value;
  return new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(value)) * 86_400_000).toISOString().slice(0, 10);
}
/** Amounts typed as numbers may come back as '1250.5' or '3'; normalise to two decimals. */
function decimal(value: string): string {
  const text = value.replace(/,/g, '').trim();
  if (!POSITIVE.test(text) || !isMoney(text)) return '';
  const [whole, cents = ''] = text.split('.');
  return `${BigInt(whole)}.${cents.padEnd(2, '0')}`;
}

/**
 * The shape rules of one statement row (nothing that needs the database): required cells,
 * lengths, | and ^, dates not after `today`, positive amounts with two decimals, visit type,
 * ICD-10 shape, currency. Answers the cleaned line or the row's problems.
 */
export function checkStatementRow(
  row: number,
  cells: Partial<TStatementCells>,
  today: string,
): { line: TStatementLine; errors: [] } | { line: null; errors: TRowError[] } {
  const errors: TRowError[] = [];
  const v = {} as Record<TStatementKey, string>;
  for (const [key] of STATEMENT_COLUMNS) {
    const value = (cells[key] ?? '').trim();
    v[key] = value;
    if (value === '' && !OPTIONAL.includes(key)) errors.push(rowError(row, key, ROW_MESSAGES.required));
    else if (/[|^]/.test(value)) errors.push(rowError(row, key, ROW_MESSAGES.specialChars));
    else if (value.length > MAX_LENGTH[key] && key !== 'quantity' && key !== 'amount')
      errors.push(rowError(row, key, ROW_MESSAGES.tooLong));
  }
  const failed = new Set(errors.map((e) => e.column));
  const check = (key: TStatementKey, ok: boolean, message: TBilingual) => {
    if (!failed.has(key) && !ok) errors.push(rowError(row, key, message));
  };
  v.visitDate = excelDate(v.visitDate);
  check('visitDate', isRealDate(v.visitDate), ROW_MESSAGES.format);
  check('visitDate', !isRealDate(v.visitDate) || v.visitDate <= today, ROW_MESSAGES.futureDate);
  v.visitType = v.visitType.padStart(2, '0');
  check(
    'visitType',
    (PREAUTH_VISIT_TYPE_CODES as readonly string[]).includes(v.visitType),
    ROW_MESSAGES.visitType,
  );
  v.coverageCode = v.coverageCode.toUpperCase();
  v.icdCode = v.icdCode.toUpperCase();
  check('icdCode', ICD10.test(v.icdCode), ROW_MESSAGES.icd);
  v.currency = v.currency.toUpperCase();
  check('currency', /^[A-Z]{3}$/.test(v.currency), ROW_MESSAGES.format);
  v.amount = decimal(v.amount);
  check('amount', v.amount !== '' && toCents(v.amount) > 0n, ROW_MESSAGES.amount);
  v.quantity = decimal(v.quantity);
  check('quantity', v.quantity !== '' && toCents(v.quantity) > 0n, ROW_MESSAGES.quantity);
  v.preauthNo = v.preauthNo.toUpperCase();
  if (errors.length > 0) return { line: null, errors };
  return { line: { row, ...v }, errors: [] };
}

/** The key that makes two lines the same claim: member, visit date, item code and amount. */
export const duplicateKey = (l: { memberId: string; visitDate: string; itemCode: string; amount: string }) =>
  `${l.memberId}|${l.visitDate}|${l.itemCode.toUpperCase()}|${toCents(l.amount)}`;

// ---- Calls ----------------------------------------------------------------------------------

const REQUIRED = bilingual('不能为空', "Can't be empty");
const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const ZId = z.string({ error: REQUIRED }).uuid(FORMAT);
const ZVersion = z.number({ error: REQUIRED }).int().min(0);
const ZRemark = z
  .string()
  .trim()
  .max(1000, bilingual('最多 1000 个字符', 'At most 1000 characters'))
  .refine((v) => !/[|^]/.test(v), bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed'))
  .default('');

export const ZClaimCheck = z.object({
  statementFileId: ZId,
  /** Operators checking on a provider's behalf name it. */
  providerId: z.string().trim().max(64).optional(),
});
export const ZClaimSubmit = z.object({
  statementFileId: ZId.optional(),
  imageFileIds: z.array(ZId).max(500).default([]),
  /** Operators submitting on a provider's behalf name it. */
  providerId: z.string().trim().max(64).optional(),
  /** An edit of a pending or withdrawn batch names it with the version read. */
  id: ZId.optional(),
  version: ZVersion.optional(),
  remark: ZRemark,
});
export const ZClaimAction = z.object({ id: ZId, version: ZVersion, remark: ZRemark });

const ZMoney = z
  .string({ error: REQUIRED })
  .trim()
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), bilingual('金额最多两位小数', 'At most two decimals'));
export const ZLineDecision = z
  .object({
    lineId: ZId,
    result: z.enum(['approved', 'rejected']),
    payableAmount: ZMoney.optional(),
    reasonCodes: z.array(z.enum(CLAIM_REASON_CODES)).max(9).default([]),
    remark: ZRemark,
  })
  .refine((d) => d.result === 'rejected' || d.payableAmount !== undefined, {
    path: ['payableAmount'],
    message: bilingual('请填写赔付金额', 'Enter the payable amount'),
  })
  .refine((d) => d.result === 'approved' || d.reasonCodes.length > 0, {
    path: ['reasonCodes'],
    message: bilingual('拒绝须选择原因', 'Choose a reason for the rejection'),
  });
export const ZClaimDecide = ZClaimAction.extend({
  lines: z.array(ZLineDecision).min(1).max(CLAIM_STATEMENT_MAX_ROWS),
});
export type TClaimDecide = z.input<typeof ZClaimDecide>;

export const CLAIM_PAGE_SIZES = [10, 20, 30, 50] as const;
const ZPaging = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (CLAIM_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
};
const ZSearch = z.string().trim().max(100).optional();
export const ZClaimListBody = z.object({
  ...ZPaging,
  model: z
    .object({
      status: z.array(z.enum(CLAIM_BATCH_STATUS_CODES)).max(4).default([]),
      batchNo: ZSearch,
      providerId: ZSearch,
    })
    .default({ status: [] }),
});
export type TClaimListBody = z.input<typeof ZClaimListBody>;
export const ZScheduleBody = z.object({
  ...ZPaging,
  model: z
    .object({
      status: z.array(z.enum(CLAIM_BATCH_STATUS_CODES)).max(4).default([]),
      batchNo: ZSearch,
      member: ZSearch,
      visitFrom: z.string().optional(),
      visitTo: z.string().optional(),
    })
    .default({ status: [] }),
});
export type TScheduleBody = z.input<typeof ZScheduleBody>;
export const ZBuryLog = z.object({
  menuPath: z.enum(['/claim/detail', '/claim/schedule', '/claim/acc']),
});

export const ZClaimTotal = z.object({ currency: z.string(), claimed: z.string(), payable: z.string() });
export const ZClaimBatch = z.object({
  id: z.string(),
  batchNo: z.string(),
  status: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  statementName: z.string(),
  lineCount: z.number(),
  totals: z.array(ZClaimTotal),
  remark: z.string(),
  decisionRemark: z.string(),
  submitTime: z.string(),
  decideTime: z.string().nullable(),
  version: z.number(),
});
export type TClaimBatch = z.infer<typeof ZClaimBatch>;
export const ZClaimBatchPage = ZPageOf(ZClaimBatch);
export type TClaimBatchPage = z.infer<typeof ZClaimBatchPage>;

export const ZClaimBenefit = z.object({
  annualLimit: z.string().nullable(),
  used: z.string(),
  pending: z.string(),
  remaining: z.string().nullable(),
});
export const ZClaimLine = z.object({
  id: z.string(),
  rowNo: z.number(),
  status: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  memberNameEn: z.string(),
  policyNo: z.string(),
  coverageCode: z.string(),
  currency: z.string(),
  visitDate: z.string(),
  visitType: z.string(),
  icdCode: z.string(),
  diagnosis: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  quantity: z.string(),
  amount: z.string(),
  preauthNo: z.string(),
  payableAmount: z.string().nullable(),
  reasonCodes: z.array(z.string()),
  decisionRemark: z.string(),
  exGratia: z.boolean(),
});
export type TClaimLine = z.infer<typeof ZClaimLine>;
export const ZClaimAuditLine = ZClaimLine.extend({ benefit: ZClaimBenefit.nullable() });
export type TClaimAuditLine = z.infer<typeof ZClaimAuditLine>;

export const ZClaimFile = z.object({ id: z.string(), originalName: z.string(), size: z.number() });
/** One step of the case's history, as the appointments' process detail shows it. */
export const ZClaimFlowRow = ZProcessRow;
export const ZClaimDetail = z.object({
  batch: ZClaimBatch,
  lines: z.array(ZClaimAuditLine),
  statement: ZClaimFile.nullable(),
  images: z.array(ZClaimFile),
  flow: z.array(ZClaimFlowRow),
  /** Whether the reader holds the claim-admin flag (may pay above the remaining benefit). */
  claimAdmin: z.boolean(),
});
export type TClaimDetail = z.infer<typeof ZClaimDetail>;

export const ZStatementReport = z.object({
  rows: z.number(),
  valid: z.number(),
  errorCount: z.number(),
  errors: z.array(ZRowError),
  totals: z.array(ZClaimTotal),
});
export type TStatementReport = z.infer<typeof ZStatementReport>;

export const ZScheduleRow = ZClaimLine.extend({
  batchId: z.string(),
  batchNo: z.string(),
  batchStatus: z.string(),
  providerId: z.string(),
  submitTime: z.string(),
});
export type TScheduleRow = z.infer<typeof ZScheduleRow>;
export const ZSchedulePage = ZPageOf(ZScheduleRow);
export type TSchedulePage = z.infer<typeof ZSchedulePage>;

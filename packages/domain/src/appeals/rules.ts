/**
 * Claim appeals (issue 20, docs/decisions/0049-claim-appeals.md): a provider contests the
 * decision on a claim line (rejected, or approved for less than claimed) with a reason, the amount
 * it asks for and attachments; the operator returns it (the provider changes and resubmits it),
 * rejects it or approves it, which adds the approved amount to the line's payable for the next
 * payment batch. Statuses, rules of spec sections 3-5, 8 and 9, call bodies and answers, shared
 * by the server and the web.
 */
import { z } from 'zod';
import { ZProcessRow } from '../appointments/rules.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual, type TBilingual } from '../i18n/bilingual.ts';

/** Provider staff: read, create, change and withdraw their own provider's appeals. */
export const APPEAL_CASE_VIEW = 'claim:appeal:view';
export const APPEAL_CASE_EDIT = 'claim:appeal:edit';
/** Operator staff: read every appeal of the tenant; return, reject or approve it. */
export const APPEAL_AUDIT_VIEW = 'claim:appealAudit:view';
export const APPEAL_AUDIT_EDIT = 'claim:appealAudit:edit';
/** The files feature's business type of an appeal's attachments (the appeal is the object). */
export const APPEAL_BIZ_TYPE = 'APPEAL_FILE';

/** The spec's statuses (section 4), with the codes of the dictionary `appealStatus`. */
export const APPEAL_STATUS = {
  PROCESSING: { code: '01', zh: '处理中', en: 'Processing' },
  RETURNED: { code: '02', zh: '已退回', en: 'Returned' },
  REJECTED: { code: '03', zh: '已拒绝', en: 'Rejected' },
  APPROVED: { code: '04', zh: '已批准', en: 'Approved' },
  CLOSED: { code: '05', zh: '已关闭', en: 'Closed' },
} as const;
export type TAppealStatus = (typeof APPEAL_STATUS)[keyof typeof APPEAL_STATUS]['code'];
export const APPEAL_STATUS_CODES = Object.values(APPEAL_STATUS).map((s) => s.code) as [
  TAppealStatus,
  ...TAppealStatus[],
];
/** Processing and returned appeals are ongoing: a second appeal on the line is refused. */
export const APPEAL_OPEN_STATUSES: readonly TAppealStatus[] = [
  APPEAL_STATUS.PROCESSING.code,
  APPEAL_STATUS.RETURNED.code,
];

/** What happens to an appeal; each writes one flow row. */
export const APPEAL_ACTION = {
  CREATE: { code: 'create', zh: '提交申诉', en: 'Appeal submitted' },
  RESUBMIT: { code: 'resubmit', zh: '修改并重新提交', en: 'Changed and resubmitted' },
  RETURN: { code: 'return', zh: '退回', en: 'Returned' },
  REJECT: { code: 'reject', zh: '拒绝', en: 'Rejected' },
  APPROVE: { code: 'approve', zh: '批准', en: 'Approved' },
  CLOSE: { code: 'close', zh: '撤回并关闭', en: 'Withdrawn and closed' },
} as const;
export type TAppealAction = (typeof APPEAL_ACTION)[keyof typeof APPEAL_ACTION]['code'];

type TCoded = Record<string, { code: string; zh: string; en: string }>;
/** The label of a code of one of the tables above, in a language; the code itself when unknown. */
export function appealLabel(table: TCoded, code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(table).find((s) => s.code === code);
  return entry ? entry[lang] : code;
}

const S = APPEAL_STATUS;
/** From which statuses each step starts; rejected, approved and closed are final. */
export const APPEAL_TRANSITIONS = {
  resubmit: { from: [S.RETURNED.code], to: S.PROCESSING.code },
  return: { from: [S.PROCESSING.code], to: S.RETURNED.code },
  reject: { from: [S.PROCESSING.code], to: S.REJECTED.code },
  approve: { from: [S.PROCESSING.code], to: S.APPROVED.code },
  close: { from: [S.PROCESSING.code, S.RETURNED.code], to: S.CLOSED.code },
} as const satisfies Record<string, { from: readonly TAppealStatus[]; to: TAppealStatus }>;
export type TAppealTransition = keyof typeof APPEAL_TRANSITIONS;

export function canAppeal(action: TAppealTransition, status: string): boolean {
  return (APPEAL_TRANSITIONS[action].from as readonly string[]).includes(status);
}

// ---- Limits of spec section 9 -----------------------------------------------------------------

/** The reason of an appeal (the product's long text, as a message's content). */
export const APPEAL_REASON_MAX = 2000;
/** The operator's return, reject or approval note. */
export const APPEAL_REMARK_MAX = 1000;
/** All attachments of one appeal together (spec: 200 MB). */
export const APPEAL_FILES_MAX_BYTES = 209_715_200;
/** A file name (spec: 100 characters). */
export const APPEAL_FILE_NAME_MAX = 100;

const REQUIRED = bilingual('不能为空', "Can't be empty");
const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const NO_SPECIAL = bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed');

/** Free text of an appeal: trimmed, at most `max` characters, without | and ^. */
const appealText = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .max(max, bilingual(`最多 ${max} 个字符`, `At most ${max} characters`))
    .refine((v) => !/[|^]/.test(v), NO_SPECIAL);

/** Money as entered: more than 0, at most two decimals. */
export const ZAppealAmount = z
  .string({ error: REQUIRED })
  .trim()
  .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), bilingual('金额最多两位小数', 'At most two decimals'))
  .refine((v) => Number(v) > 0, bilingual('金额须大于 0', 'The amount must be more than 0'));

/** The names that appear more than once (case-insensitive), each once. */
export function duplicateFileNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  for (const n of names) seen.set(n.toLowerCase(), (seen.get(n.toLowerCase()) ?? 0) + 1);
  return [...new Set(names.filter((n) => (seen.get(n.toLowerCase()) ?? 0) > 1))];
}

/** The search of appeal lists: at least one criterion (spec section 5). */
export function hasAppealCriterion(model: {
  status?: readonly string[];
  appealNo?: string;
  batchNo?: string;
  member?: string;
  providerId?: string;
}): boolean {
  return (
    (model.status?.length ?? 0) > 0 ||
    [model.appealNo, model.batchNo, model.member, model.providerId].some((v) => (v ?? '').trim() !== '')
  );
}

export const APPEAL_MESSAGES = {
  reasonRequired: { zh: '请填写申诉理由', en: 'Enter the reason of the appeal' },
  remarkRequired: { zh: '退回或拒绝须填写原因', en: 'Enter the reason for Return or Reject' },
} as const satisfies Record<string, TBilingual>;

// ---- Calls -------------------------------------------------------------------------------------

const ZId = z.string({ error: REQUIRED }).uuid(FORMAT);
const ZVersion = z.number({ error: REQUIRED }).int().min(0);
const ZReason = appealText(APPEAL_REASON_MAX).pipe(
  z.string().min(1, bilingual(APPEAL_MESSAGES.reasonRequired.zh, APPEAL_MESSAGES.reasonRequired.en)),
);
const ZFileIds = z.array(z.string().uuid(FORMAT)).max(100).default([]);

/** The provider appeals a claim line: the reason, the amount it asks for, attachments. */
export const ZAppealCreate = z.object({
  lineId: ZId,
  amount: ZAppealAmount,
  reason: ZReason,
  fileIds: ZFileIds,
});
export type TAppealCreate = z.input<typeof ZAppealCreate>;

/** The provider changes a returned appeal and resubmits it; the files listed are all it keeps. */
export const ZAppealUpdate = z.object({
  version: ZVersion,
  amount: ZAppealAmount,
  reason: ZReason,
  fileIds: ZFileIds,
});
export type TAppealUpdate = z.input<typeof ZAppealUpdate>;

/** The provider withdraws an ongoing appeal (closed). */
export const ZAppealClose = z.object({
  version: ZVersion,
  remark: appealText(APPEAL_REMARK_MAX).default(''),
});

/** The operator's decision: return and reject need a reason; approval names the amount granted. */
export const ZAppealAudit = z
  .object({
    version: ZVersion,
    result: z.enum(['return', 'reject', 'approve'], { error: REQUIRED }),
    remark: appealText(APPEAL_REMARK_MAX).default(''),
    approvedAmount: ZAppealAmount.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.result !== 'approve' && v.remark === '')
      ctx.addIssue({
        code: 'custom',
        path: ['remark'],
        message: bilingual(APPEAL_MESSAGES.remarkRequired.zh, APPEAL_MESSAGES.remarkRequired.en),
      });
  });
export type TAppealAudit = z.input<typeof ZAppealAudit>;

export const APPEAL_PAGE_SIZES = [10, 20, 30, 50] as const;
const ZSearch = appealText(100).optional();
export const ZAppealListBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (APPEAL_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
  model: z
    .object({
      status: z
        .array(z.enum(APPEAL_STATUS_CODES, { error: FORMAT }))
        .max(5)
        .default([]),
      appealNo: ZSearch,
      batchNo: ZSearch,
      /** Operators only: one provider. */
      providerId: ZSearch,
      /** A member's name part (either language) or member id. */
      member: ZSearch,
    })
    .default({ status: [] }),
});
export type TAppealListBody = z.input<typeof ZAppealListBody>;

export const ZAppeal = z.object({
  id: z.string(),
  appealNo: z.string(),
  status: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  batchId: z.string(),
  batchNo: z.string(),
  lineId: z.string(),
  rowNo: z.number(),
  lineStatus: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  memberNameEn: z.string(),
  visitDate: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  currency: z.string(),
  /** The line's claimed amount and what the audit made payable (null for a rejected line). */
  claimedAmount: z.string(),
  decidedAmount: z.string().nullable(),
  /** What the provider asks to be paid on top. */
  amount: z.string(),
  approvedAmount: z.string().nullable(),
  reason: z.string(),
  submitCount: z.number(),
  submittedByName: z.string(),
  submittedByNameEn: z.string(),
  submitTime: z.string(),
  /** The operator's return or reject reason, or approval note; the provider's withdrawal note. */
  decisionRemark: z.string(),
  decideTime: z.string().nullable(),
  createTime: z.string(),
  version: z.number(),
});
export type TAppeal = z.infer<typeof ZAppeal>;
export const ZAppealPage = ZPageOf(ZAppeal);
export type TAppealPage = z.infer<typeof ZAppealPage>;

export const ZAppealFile = z.object({ id: z.string(), originalName: z.string(), size: z.number() });
export const ZAppealDetail = z.object({
  appeal: ZAppeal,
  files: z.array(ZAppealFile),
  flow: z.array(ZProcessRow),
  /** Bytes the appeal's files hold (the 200 MB total counts them). */
  usedBytes: z.number(),
});
export type TAppealDetail = z.infer<typeof ZAppealDetail>;

/** A line the provider may appeal, as the create screen shows it. */
export const ZAppealableLine = z.object({
  lineId: z.string(),
  batchId: z.string(),
  batchNo: z.string(),
  rowNo: z.number(),
  status: z.string(),
  memberId: z.string(),
  memberName: z.string(),
  memberNameEn: z.string(),
  visitDate: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  currency: z.string(),
  claimedAmount: z.string(),
  decidedAmount: z.string().nullable(),
  /** Claimed minus what is payable today: the most an appeal may ask. */
  maxAmount: z.string(),
  reasonCodes: z.array(z.string()),
  decisionRemark: z.string(),
  /** The ongoing appeal of the line, if any. */
  openAppealNo: z.string().nullable(),
});
export type TAppealableLine = z.infer<typeof ZAppealableLine>;

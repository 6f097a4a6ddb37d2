/**
 * Claim investigations (issue 20, docs/decisions/0046-claim-investigations.md): the operator
 * asks a provider for the medical records of a claim line; the provider answers with files, a
 * description, a remark and the tracking numbers of posted records; a working-day countdown
 * (decision 0043) closes the upload. Statuses, rules of the answer (spec, second document,
 * sections 3-5, 8, 9), call bodies and answers, shared by the server and the web.
 */
import { z } from 'zod';
import { ZProcessRow } from '../appointments/rules.ts';
import { INVESTIGATION_COUNTDOWN, type TCountdownType } from '../calendar/countdown.ts';
import { isCalendarDay } from '../calendar/working-days.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual, type TBilingual } from '../i18n/bilingual.ts';

/** Provider staff: read their own provider's investigations and answer them. */
export const INVESTIGATION_CASE_VIEW = 'claim:medical:view';
export const INVESTIGATION_CASE_REPLY = 'claim:medical:reply';
/** Operator staff: read every investigation of the tenant; open, complete and cancel them. */
export const INVESTIGATION_AUDIT_VIEW = 'claim:medicalAudit:view';
export const INVESTIGATION_AUDIT_EDIT = 'claim:medicalAudit:edit';
/** The files feature's business type of the answers' files (the investigation is the object). */
export const INVESTIGATION_BIZ_TYPE = 'INVESTIGATION_FILE';

/** The spec's statuses (section 4) with two-digit codes of this product. */
export const INVESTIGATION_STATUS = {
  PROCESSING: { code: '01', zh: '处理中', en: 'Processing' },
  EXPIRED: { code: '02', zh: '已过期', en: 'Expired' },
  CANCELLED: { code: '03', zh: '已取消', en: 'Cancelled' },
  COMPLETED: { code: '04', zh: '已完成', en: 'Completed' },
} as const;
export type TInvestigationStatus = (typeof INVESTIGATION_STATUS)[keyof typeof INVESTIGATION_STATUS]['code'];
export const INVESTIGATION_STATUS_CODES = Object.values(INVESTIGATION_STATUS).map((s) => s.code) as [
  TInvestigationStatus,
  ...TInvestigationStatus[],
];

/** The two types of the countdown: normal (5 down to -4) and longer (5 down to -9). */
export const INVESTIGATION_TYPE = INVESTIGATION_COUNTDOWN;
export const INVESTIGATION_TYPE_CODES = ['normal', 'longer'] as const satisfies readonly TCountdownType[];

/** What happens to an investigation; each writes one flow row. */
export const INVESTIGATION_ACTION = {
  OPEN: { code: 'open', zh: '发起调查', en: 'Investigation opened' },
  REPLY: { code: 'reply', zh: '医院回复', en: 'Provider answered' },
  COMPLETE: { code: 'complete', zh: '完成调查', en: 'Completed' },
  CANCEL: { code: 'cancel', zh: '取消调查', en: 'Cancelled' },
  TIMEOUT: { code: 'timeout', zh: '案件超时终止', en: 'Case timed out and terminated' },
} as const;
export type TInvestigationAction = (typeof INVESTIGATION_ACTION)[keyof typeof INVESTIGATION_ACTION]['code'];

type TCoded = Record<string, { code: string; zh: string; en: string }>;
/** The label of a code of one of the tables above, in a language; the code itself when unknown. */
export function investigationLabel(table: TCoded, code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(table).find((s) => s.code === code);
  return entry ? entry[lang] : code;
}

const S = INVESTIGATION_STATUS;
/** From which statuses each action starts; expired, cancelled and completed are final. */
export const INVESTIGATION_TRANSITIONS = {
  reply: { from: [S.PROCESSING.code], to: S.PROCESSING.code },
  complete: { from: [S.PROCESSING.code], to: S.COMPLETED.code },
  cancel: { from: [S.PROCESSING.code], to: S.CANCELLED.code },
  timeout: { from: [S.PROCESSING.code], to: S.EXPIRED.code },
} as const satisfies Record<string, { from: readonly TInvestigationStatus[]; to: TInvestigationStatus }>;
export type TInvestigationTransition = keyof typeof INVESTIGATION_TRANSITIONS;

export function canInvestigation(action: TInvestigationTransition, status: string): boolean {
  return (INVESTIGATION_TRANSITIONS[action].from as readonly string[]).includes(status);
}

// ---- Limits of spec section 9 -----------------------------------------------------------------

/** The remark of an answer (spec: 1000 characters). */
export const INVESTIGATION_REMARK_MAX = 1000;
/** The description of an answer: the spec gives no limit; the product's other long text (messages) holds 2000. */
export const INVESTIGATION_DESCRIPTION_MAX = 2000;
/** What the operator asks for, and a completion or cancellation reason. */
export const INVESTIGATION_REQUEST_MAX = 1000;
/** Tracking numbers, all of them with their semicolons (spec: 200 characters). */
export const TRACKING_NUMBERS_MAX = 200;
/** All files of one investigation together (spec: 200 MB). */
export const INVESTIGATION_FILES_MAX_BYTES = 209_715_200;

const REQUIRED = bilingual('不能为空', "Can't be empty");
const FORMAT = bilingual('格式不正确', 'Incorrect Format');
export const NO_SPECIAL_MESSAGE: TBilingual = {
  zh: '不能包含 | 或 ^ 字符',
  en: 'The characters | and ^ are not allowed',
};
const NO_SPECIAL = bilingual(NO_SPECIAL_MESSAGE.zh, NO_SPECIAL_MESSAGE.en);

/** Free text of an investigation: trimmed, at most `max` characters, without | and ^ (spec section 5). */
export const investigationText = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .max(max, bilingual(`最多 ${max} 个字符`, `At most ${max} characters`))
    .refine((v) => !/[|^]/.test(v), NO_SPECIAL);

// ---- Tracking numbers --------------------------------------------------------------------------

export const TRACKING_MESSAGES = {
  tooLong: {
    zh: `快递单号最多 ${TRACKING_NUMBERS_MAX} 个字符`,
    en: `Tracking numbers are at most ${TRACKING_NUMBERS_MAX} characters`,
  },
  separator: {
    zh: '多个快递单号请用英文分号（;）分隔',
    en: 'Separate tracking numbers with English semicolons (;)',
  },
  shape: {
    zh: '快递单号只能包含字母、数字和连字符',
    en: 'A tracking number has letters, digits and hyphens only',
  },
  special: NO_SPECIAL_MESSAGE,
} as const satisfies Record<string, TBilingual>;

/** Separators people type instead of the English semicolon: full-width semicolon, commas, 、. */
const OTHER_SEPARATORS = /[；，,、]/;
const TRACKING_NUMBER = /^[A-Za-z0-9-]+$/;

/**
 * The tracking numbers of a text ('SF1234;YT5678'): at most 200 characters in all, separated by
 * English semicolons, each letters, digits and hyphens; empty pieces are dropped. Answers the
 * numbers or the problem.
 */
export function parseTrackingNumbers(text: string): { numbers: string[] } | { issue: TBilingual } {
  const value = text.trim();
  if (value.length > TRACKING_NUMBERS_MAX) return { issue: TRACKING_MESSAGES.tooLong };
  if (/[|^]/.test(value)) return { issue: TRACKING_MESSAGES.special };
  if (OTHER_SEPARATORS.test(value)) return { issue: TRACKING_MESSAGES.separator };
  const numbers = value
    .split(';')
    .map((n) => n.trim())
    .filter(Boolean);
  if (numbers.some((n) => !TRACKING_NUMBER.test(n))) return { issue: TRACKING_MESSAGES.shape };
  return { numbers };
}

/** Tracking numbers as stored and shown: the numbers joined by ';' ('' when none). */
export const ZTrackingNumbers = z
  .string()
  .default('')
  .superRefine((v, ctx) => {
    const parsed = parseTrackingNumbers(v);
    if ('issue' in parsed)
      ctx.addIssue({ code: 'custom', message: bilingual(parsed.issue.zh, parsed.issue.en) });
  })
  .transform((v) => {
    const parsed = parseTrackingNumbers(v);
    return 'numbers' in parsed ? parsed.numbers.join(';') : '';
  });

/**
 * The posting date of the tracking numbers (spec section 5: 'the date must be earlier than
 * today'; decision 0046 takes this reading): required with tracking numbers, a real day before
 * `today` (China day). Null when it passes.
 */
export function postingDateIssue(
  postingDate: string | null | undefined,
  trackingNumbers: string,
  today: string,
): 'required' | 'notPast' | null {
  if (trackingNumbers.trim() === '') return null;
  if (!postingDate) return 'required';
  return postingDate < today ? null : 'notPast';
}

/** An answer needs a file or a description (spec section 5). */
export const answerHasContent = (a: { fileIds: readonly string[]; description: string }) =>
  a.fileIds.length > 0 || a.description.trim() !== '';

// ---- Calls -------------------------------------------------------------------------------------

const ZId = z.string({ error: REQUIRED }).uuid(FORMAT);
const ZVersion = z.number({ error: REQUIRED }).int().min(0);

/** The operator opens an investigation on a claim line. */
export const ZInvestigationOpen = z.object({
  lineId: ZId,
  type: z.enum(INVESTIGATION_TYPE_CODES, { error: REQUIRED }),
  request: investigationText(INVESTIGATION_REQUEST_MAX).pipe(
    z.string().min(1, bilingual('请说明需要的病历资料', 'Say which medical records are needed')),
  ),
});
export type TInvestigationOpen = z.input<typeof ZInvestigationOpen>;

/** The provider's answer: files and/or a description, a remark, tracking numbers with their posting date. */
export const ZInvestigationReply = z.object({
  id: ZId,
  version: ZVersion,
  fileIds: z.array(z.string().uuid(FORMAT)).max(100).default([]),
  description: investigationText(INVESTIGATION_DESCRIPTION_MAX).default(''),
  remark: investigationText(INVESTIGATION_REMARK_MAX).default(''),
  trackingNumbers: ZTrackingNumbers,
  postingDate: z
    .string()
    .refine((v) => v === '' || isCalendarDay(v), FORMAT)
    .nullish()
    .transform((v) => v || null),
});
export type TInvestigationReply = z.input<typeof ZInvestigationReply>;

/** Complete (remark optional) or cancel (reason required) a processing investigation. */
export const ZInvestigationComplete = z.object({
  id: ZId,
  version: ZVersion,
  remark: investigationText(INVESTIGATION_REQUEST_MAX).default(''),
});
export const ZInvestigationCancel = ZInvestigationComplete.extend({
  remark: investigationText(INVESTIGATION_REQUEST_MAX).pipe(
    z.string().min(1, bilingual('请填写取消原因', 'Enter the reason')),
  ),
});

export const INVESTIGATION_PAGE_SIZES = [10, 20, 30, 50] as const;
const ZSearch = investigationText(100).optional();
export const ZInvestigationListBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (INVESTIGATION_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
  model: z
    .object({
      status: z
        .array(z.enum(INVESTIGATION_STATUS_CODES, { error: FORMAT }))
        .max(4)
        .default([]),
      caseNo: ZSearch,
      batchNo: ZSearch,
      /** Operators only: one provider. */
      providerId: ZSearch,
      /** A member's name part (either language) or member id. */
      member: ZSearch,
    })
    .default({ status: [] }),
});
export type TInvestigationListBody = z.input<typeof ZInvestigationListBody>;

export const ZInvestigation = z.object({
  id: z.string(),
  caseNo: z.string(),
  status: z.string(),
  type: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  batchId: z.string(),
  batchNo: z.string(),
  /** The claim line, or null when the batch was changed and the line replaced since. */
  lineId: z.string().nullable(),
  rowNo: z.number(),
  memberId: z.string(),
  memberName: z.string(),
  memberNameEn: z.string(),
  visitDate: z.string(),
  icdCode: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  amount: z.string(),
  currency: z.string(),
  request: z.string(),
  openedOn: z.string(),
  openedByName: z.string(),
  openedByNameEn: z.string(),
  /** The last day files may be uploaded, fixed when the case opens. */
  lastUploadDay: z.string(),
  /** When upload closes and a processing case terminates (China time, second). */
  closesAt: z.string(),
  /** The working-day countdown today: 5 down to -4 (-9); null once completed or cancelled. */
  countdown: z.number().nullable(),
  uploadOpen: z.boolean(),
  replyCount: z.number(),
  lastReplyTime: z.string().nullable(),
  decisionRemark: z.string(),
  decideTime: z.string().nullable(),
  createTime: z.string(),
  version: z.number(),
});
export type TInvestigation = z.infer<typeof ZInvestigation>;
export const ZInvestigationPage = ZPageOf(ZInvestigation);
export type TInvestigationPage = z.infer<typeof ZInvestigationPage>;

export const ZInvestigationFile = z.object({ id: z.string(), originalName: z.string(), size: z.number() });
export const ZInvestigationAnswer = z.object({
  id: z.string(),
  description: z.string(),
  remark: z.string(),
  trackingNumbers: z.string(),
  postingDate: z.string().nullable(),
  files: z.array(ZInvestigationFile),
  authorName: z.string(),
  authorNameEn: z.string(),
  createTime: z.string(),
});
export type TInvestigationAnswer = z.infer<typeof ZInvestigationAnswer>;

export const ZInvestigationDetail = z.object({
  investigation: ZInvestigation,
  answers: z.array(ZInvestigationAnswer),
  flow: z.array(ZProcessRow),
  /** Bytes the investigation's files already hold (the 200 MB total counts them). */
  usedBytes: z.number(),
});
export type TInvestigationDetail = z.infer<typeof ZInvestigationDetail>;

/**
 * Cost management (issue 20, docs/decisions/0047-cost-management.md): the operator proposes a
 * cost-control measure for a provider (a deduction proportion with its basis and period); the
 * provider accepts or disagrees with a reason; an accepted measure suggests a deduction on the
 * provider's claim lines whose visit falls in its period. Statuses, the proportion rule (spec,
 * second document, sections 3 and 5), the deduction arithmetic, call bodies and answers.
 */
import { z } from 'zod';
import { ZProcessRow } from '../appointments/rules.ts';
import { isCalendarDay } from '../calendar/working-days.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual, type TBilingual } from '../i18n/bilingual.ts';
import { fromCents, toCents } from '../members/benefits.ts';

/** Provider staff: read their own provider's measures; accept or disagree. */
export const COST_CONTROL_VIEW = 'claim:control:view';
export const COST_CONTROL_ANSWER = 'claim:control:answer';
/** Operator staff: read every measure of the tenant; propose, propose again and withdraw. */
export const COST_CONTROL_AUDIT_VIEW = 'claim:controlAudit:view';
export const COST_CONTROL_AUDIT_EDIT = 'claim:controlAudit:edit';

export const COST_CONTROL_STATUS = {
  PENDING: { code: '01', zh: '待医院确认', en: 'Awaiting the provider' },
  ACCEPTED: { code: '02', zh: '已接受', en: 'Accepted' },
  DISAGREED: { code: '03', zh: '有异议', en: 'Disagreed' },
  WITHDRAWN: { code: '04', zh: '已撤回', en: 'Withdrawn' },
} as const;
export type TCostControlStatus = (typeof COST_CONTROL_STATUS)[keyof typeof COST_CONTROL_STATUS]['code'];
export const COST_CONTROL_STATUS_CODES = Object.values(COST_CONTROL_STATUS).map((s) => s.code) as [
  TCostControlStatus,
  ...TCostControlStatus[],
];

export const COST_CONTROL_ACTION = {
  PROPOSE: { code: 'propose', zh: '提出管控措施', en: 'Proposed' },
  REVISE: { code: 'revise', zh: '重新提出', en: 'Proposed again' },
  ACCEPT: { code: 'accept', zh: '医院接受', en: 'Accepted' },
  AUTO_ACCEPT: { code: 'autoAccept', zh: '自动确认', en: 'Accepted automatically' },
  DISAGREE: { code: 'disagree', zh: '医院提出异议', en: 'Disagreed' },
  WITHDRAW: { code: 'withdraw', zh: '撤回', en: 'Withdrawn' },
} as const;
export type TCostControlAction = (typeof COST_CONTROL_ACTION)[keyof typeof COST_CONTROL_ACTION]['code'];

type TCoded = Record<string, { code: string; zh: string; en: string }>;
/** The label of a code of one of the tables above, in a language; the code itself when unknown. */
export function costControlLabel(table: TCoded, code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(table).find((s) => s.code === code);
  return entry ? entry[lang] : code;
}

const S = COST_CONTROL_STATUS;
/** From which statuses each action starts; accepted and withdrawn are final. */
export const COST_CONTROL_TRANSITIONS = {
  revise: { from: [S.PENDING.code, S.DISAGREED.code], to: S.PENDING.code },
  accept: { from: [S.PENDING.code], to: S.ACCEPTED.code },
  disagree: { from: [S.PENDING.code], to: S.DISAGREED.code },
  withdraw: { from: [S.PENDING.code, S.DISAGREED.code], to: S.WITHDRAWN.code },
} as const satisfies Record<string, { from: readonly TCostControlStatus[]; to: TCostControlStatus }>;
export type TCostControlTransition = keyof typeof COST_CONTROL_TRANSITIONS;

export function canCostControl(action: TCostControlTransition, status: string): boolean {
  return (COST_CONTROL_TRANSITIONS[action].from as readonly string[]).includes(status);
}

// ---- The proportion and its deduction ----------------------------------------------------------

export const PROPORTION_MESSAGES = {
  notNumber: { zh: '比例必须是数字', en: 'The proportion must be a number' },
  range: { zh: '比例须大于 0 且不超过 100（%）', en: 'The proportion must be above 0 and at most 100 (%)' },
  decimals: { zh: '比例最多两位小数', en: 'The proportion has at most two decimals' },
} as const satisfies Record<string, TBilingual>;

/** The problem of a proportion typed as text, or null: a number (percent), above 0, at most 100, two decimals. */
export function proportionIssue(value: string): TBilingual | null {
  const text = value.trim();
  if (!/^\d{1,6}(\.\d+)?$/.test(text)) return PROPORTION_MESSAGES.notNumber;
  const n = Number(text);
  if (!(n > 0) || n > 100) return PROPORTION_MESSAGES.range;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return PROPORTION_MESSAGES.decimals;
  return null;
}

/** '5' -> '5.00', '05.5' -> '5.50': a valid proportion as numeric(5,2) text. */
export const normaliseProportion = (value: string): string => fromCents(toCents(value.trim()));

/**
 * The suggested deduction of a claimed amount under a proportion (percent): amount × proportion
 * / 100, rounded half up to the cent, in exact integer arithmetic; and what remains payable.
 * 1,250.50 at 5.25 % -> 65.65 (65.651), payable 1,184.85.
 */
export function costDeduction(amount: string, proportion: string): { deduction: string; payable: string } {
  const cents = toCents(amount);
  const basisPoints = toCents(proportion); // 5.25 % -> 525 hundredths of a percent
  const deduction = (cents * basisPoints + 5_000n) / 10_000n;
  return { deduction: fromCents(deduction), payable: fromCents(cents - deduction) };
}

/** True when two periods (YYYY-MM-DD, both ends included) share a day. */
export const periodsOverlap = (
  a: { validFrom: string; validTo: string },
  b: { validFrom: string; validTo: string },
) => a.validFrom <= b.validTo && b.validFrom <= a.validTo;

// ---- Calls -------------------------------------------------------------------------------------

export const COST_BASIS_MAX = 1000;
export const COST_REASON_MAX = 1000;

const REQUIRED = bilingual('不能为空', "Can't be empty");
const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const NO_SPECIAL = bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed');
const ZId = z.string({ error: REQUIRED }).uuid(FORMAT);
const ZVersion = z.number({ error: REQUIRED }).int().min(0);
const text = (max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .max(max, bilingual(`最多 ${max} 个字符`, `At most ${max} characters`))
    .refine((v) => !/[|^]/.test(v), NO_SPECIAL);
const ZDay = z.string({ error: REQUIRED }).refine(isCalendarDay, FORMAT);

/** The proportion as typed (text or number): a number, as numeric(5,2) text. */
export const ZProportion = z
  .union([z.string(), z.number()], {
    error: bilingual(PROPORTION_MESSAGES.notNumber.zh, PROPORTION_MESSAGES.notNumber.en),
  })
  .transform((v) => String(v))
  .superRefine((v, ctx) => {
    const issue = proportionIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', message: bilingual(issue.zh, issue.en) });
  })
  .transform(normaliseProportion);

/**
 * A proposal: without an existing measure `id` (the web asks /authority/common/generateId for
 * one first) a new measure; with the id and version of a pending or disagreed one, the next round.
 */
export const ZCostPropose = z
  .object({
    id: ZId.optional(),
    version: ZVersion.optional(),
    providerId: text(64).pipe(z.string().min(1, bilingual('请选择医疗机构', 'Please select the provider'))),
    proportion: ZProportion,
    basis: text(COST_BASIS_MAX).pipe(
      z.string().min(1, bilingual('请填写管控依据', 'Enter the basis of the measure')),
    ),
    validFrom: ZDay,
    validTo: ZDay,
  })
  .refine((v) => !isCalendarDay(v.validFrom) || !isCalendarDay(v.validTo) || v.validTo >= v.validFrom, {
    path: ['validTo'],
    message: bilingual('结束日期不能早于开始日期', 'The end date cannot be before the start date'),
  });
export type TCostPropose = z.input<typeof ZCostPropose>;

export const ZCostAction = z.object({
  id: ZId,
  version: ZVersion,
  remark: text(COST_REASON_MAX).default(''),
});
export const ZCostDisagree = z.object({
  id: ZId,
  version: ZVersion,
  reason: text(COST_REASON_MAX).pipe(z.string().min(1, bilingual('请填写异议原因', 'Enter the reason'))),
});

export const COST_CONTROL_PAGE_SIZES = [10, 20, 30, 50] as const;
export const ZCostListBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (COST_CONTROL_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
  model: z
    .object({
      status: z
        .array(z.enum(COST_CONTROL_STATUS_CODES, { error: FORMAT }))
        .max(4)
        .default([]),
      measureNo: text(32).optional(),
      /** Operators only: a provider id or name part. */
      provider: text(100).optional(),
    })
    .default({ status: [] }),
});
export type TCostListBody = z.input<typeof ZCostListBody>;

export const ZCostMeasure = z.object({
  id: z.string(),
  measureNo: z.string(),
  status: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  /** Percent, two decimals. */
  proportion: z.string(),
  basis: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** 1 for the first proposal, one more for each proposal again. */
  round: z.number(),
  /** The provider's last disagreement reason. */
  reason: z.string(),
  autoConfirmed: z.boolean(),
  proposeTime: z.string(),
  answerTime: z.string().nullable(),
  createTime: z.string(),
  version: z.number(),
});
export type TCostMeasure = z.infer<typeof ZCostMeasure>;
export const ZCostPage = ZPageOf(ZCostMeasure);
export type TCostPage = z.infer<typeof ZCostPage>;

/** One step of a measure's history, with the terms proposed at that step. */
export const ZCostFlowRow = ZProcessRow.extend({
  proportion: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
});
export const ZCostDetail = z.object({ measure: ZCostMeasure, flow: z.array(ZCostFlowRow) });
export type TCostDetail = z.infer<typeof ZCostDetail>;

/** A provider the operator may propose to, with what its account says about medical expenses. */
export const ZCostProvider = z.object({
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  /** Medical expense management is usable (valid, signed, switched on). */
  medicalExpense: z.boolean(),
  autoConfirm: z.boolean(),
});
export type TCostProvider = z.infer<typeof ZCostProvider>;

/** The suggested deduction of a claim line under the accepted measure whose period holds its visit. */
export const ZCostSuggestion = z.object({
  lineId: z.string(),
  measureId: z.string(),
  measureNo: z.string(),
  proportion: z.string(),
  deduction: z.string(),
  suggestedPayable: z.string(),
});
export type TCostSuggestion = z.infer<typeof ZCostSuggestion>;
export const ZCostSuggestions = z.object({ batchId: z.string(), lines: z.array(ZCostSuggestion) });
export type TCostSuggestions = z.infer<typeof ZCostSuggestions>;

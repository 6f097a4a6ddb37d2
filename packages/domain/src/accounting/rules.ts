/**
 * Claim accounting and settlement (issue 19, docs/decisions/0045-claim-accounting.md): payment
 * batches built from approved claim lines whose invoices are uploaded, the operator's confirmation,
 * the provider's reconciliation line by line with disputes, and the monthly bills by handling and
 * by paid month. Statuses, codes, money arithmetic (cents and rates as integers) and the call
 * bodies and answers, shared by the server and the web.
 */
import { z } from 'zod';
import { ZProcessRow } from '../appointments/rules.ts';
import { CURRENCY } from '../dictionaries/codes.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual } from '../i18n/bilingual.ts';
import { fromCents, isMoney, toCents } from '../members/benefits.ts';
import { zCommaList } from '../text/comma-list.ts';

// ---- Permissions ----------------------------------------------------------------------------

/** Both sides read the payment list, a batch, the monthly bills and their exports (provider staff: their own). */
export const ACC_VIEW = 'claim:acc:view';
/** Operators: build a payment batch, cancel one not yet confirmed. */
export const ACC_BUILD = 'claim:acc:build';
/** Operators: confirm that a batch has been paid. */
export const ACC_CONFIRM = 'claim:acc:confirm';
/** Operators: resolve a line the provider disputes. */
export const ACC_RESOLVE = 'claim:acc:resolve';
/** Provider staff: reconcile the lines of a confirmed batch or dispute one. */
export const ACC_RECONCILE = 'claim:acc:reconcile';
/** The workflow task type (decision 0030) whose auditor role gates confirmation and resolution. */
export const PAYMENT_TASK_TYPE = 'payment';
/** The menu path of the claim finance menu (spec section 2), logged by POST /claim/buryLog. */
export const ACC_MENU_PATH = '/claim/acc';

// ---- Statuses -------------------------------------------------------------------------------

/** The operator's side of a payment batch (spec section 4: to be confirmed / confirmed). */
export const PAY_STATUS = {
  TO_BE_CONFIRMED: { code: '1', zh: '待确认', en: 'To be confirmed' },
  CONFIRMED: { code: '2', zh: '已确认', en: 'Confirmed' },
  CANCELLED: { code: '3', zh: '已作废', en: 'Cancelled' },
} as const;
export type TPayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS]['code'];
export const PAY_STATUS_CODES = Object.values(PAY_STATUS).map((s) => s.code) as [TPayStatus, ...TPayStatus[]];

/** The provider's side of a confirmed batch (spec section 4: to be reconciled / reconciled). */
export const RECONCILE_STATUS = {
  TO_BE_RECONCILED: { code: '1', zh: '待对账', en: 'To be reconciled' },
  RECONCILED: { code: '2', zh: '已对账', en: 'Reconciled' },
} as const;
export type TReconcileStatus = (typeof RECONCILE_STATUS)[keyof typeof RECONCILE_STATUS]['code'];
export const RECONCILE_STATUS_CODES = Object.values(RECONCILE_STATUS).map((s) => s.code) as [
  TReconcileStatus,
  ...TReconcileStatus[],
];

/** One line of a payment batch, as the provider reconciles it. */
export const ITEM_STATUS = {
  TO_BE_RECONCILED: { code: '1', zh: '待对账', en: 'To be reconciled' },
  RECONCILED: { code: '2', zh: '已对账', en: 'Reconciled' },
  DISPUTED: { code: '3', zh: '有争议', en: 'Disputed' },
  RESOLVED: { code: '4', zh: '已处理', en: 'Resolved' },
} as const;
export type TItemStatus = (typeof ITEM_STATUS)[keyof typeof ITEM_STATUS]['code'];
/** Item statuses that close a line for reconciliation. */
export const ITEM_CLOSED: readonly string[] = [ITEM_STATUS.RECONCILED.code, ITEM_STATUS.RESOLVED.code];

/** Why a provider disputes a paid line. */
export const DISPUTE_REASON = {
  D01: { code: 'D01', zh: '到账金额不符', en: 'Amount received differs' },
  D02: { code: 'D02', zh: '未收到款项', en: 'Payment not received' },
  D03: { code: 'D03', zh: '重复支付', en: 'Paid twice' },
  D04: { code: 'D04', zh: '非本机构费用', en: 'Not a claim of ours' },
  D99: { code: 'D99', zh: '其他', en: 'Other' },
} as const;
export const DISPUTE_REASON_CODES = Object.keys(DISPUTE_REASON) as [
  keyof typeof DISPUTE_REASON,
  ...(keyof typeof DISPUTE_REASON)[],
];

/** How the operator resolves a dispute. */
export const RESOLUTION = {
  ADJUSTED: { code: 'adjusted', zh: '补付差额', en: 'Difference to be paid' },
  REJECTED: { code: 'rejected', zh: '维持原付款', en: 'Payment stands' },
} as const;
export type TResolution = (typeof RESOLUTION)[keyof typeof RESOLUTION]['code'];

/** Where a payable amount of a claim line comes from (the payable-outstanding read). */
export const PAYABLE_SOURCE = {
  CLAIM: { code: 'claim', zh: '理赔审核', en: 'Claim audit' },
  DISPUTE: { code: 'dispute', zh: '对账争议补付', en: 'Dispute adjustment' },
  APPEAL: { code: 'appeal', zh: '申诉补付', en: 'Appeal adjustment' },
} as const;
export type TPayableSource = (typeof PAYABLE_SOURCE)[keyof typeof PAYABLE_SOURCE]['code'];
/** The sources an adjustment (a payable amount added after the audit) may have. */
export const ADJUSTMENT_SOURCES = [PAYABLE_SOURCE.DISPUTE.code, PAYABLE_SOURCE.APPEAL.code] as const;
export type TAdjustmentSource = (typeof ADJUSTMENT_SOURCES)[number];

/** The steps of a payment batch, one flow row and one operation-log row each. */
export const PAYMENT_ACTION = {
  BUILD: { code: 'build', zh: '生成付款批次', en: 'Built' },
  CANCEL: { code: 'cancel', zh: '作废', en: 'Cancelled' },
  CONFIRM: { code: 'confirm', zh: '确认付款', en: 'Payment confirmed' },
  RECONCILE: { code: 'reconcile', zh: '对账确认', en: 'Reconciled' },
  DISPUTE: { code: 'dispute', zh: '提出争议', en: 'Disputed' },
  RESOLVE: { code: 'resolve', zh: '处理争议', en: 'Dispute resolved' },
} as const;
export type TPaymentAction = (typeof PAYMENT_ACTION)[keyof typeof PAYMENT_ACTION]['code'];

type TCoded = Record<string, { code: string; zh: string; en: string }>;
/** The label of a code of one of the tables above; the code itself when unknown. */
export function accName(table: TCoded, code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(table).find((s) => s.code === code);
  return entry ? entry[lang] : code;
}

/** Which operator actions each batch status allows. */
export const PAY_BATCH_ACTIONS = {
  cancel: [PAY_STATUS.TO_BE_CONFIRMED.code],
  confirm: [PAY_STATUS.TO_BE_CONFIRMED.code],
  reconcile: [PAY_STATUS.CONFIRMED.code],
  dispute: [PAY_STATUS.CONFIRMED.code],
  resolve: [PAY_STATUS.CONFIRMED.code],
} as const satisfies Record<string, readonly TPayStatus[]>;
export type TPayBatchAction = keyof typeof PAY_BATCH_ACTIONS;

/** Whether a batch in this status allows the action (reconciling also needs a batch not yet reconciled). */
export function canPayBatch(action: TPayBatchAction, payStatus: string, reconcileStatus = ''): boolean {
  if (!(PAY_BATCH_ACTIONS[action] as readonly string[]).includes(payStatus)) return false;
  if (action === 'reconcile' || action === 'dispute')
    return reconcileStatus === RECONCILE_STATUS.TO_BE_RECONCILED.code;
  return true;
}

/** Which item statuses each line action starts from. */
export const ITEM_ACTIONS = {
  reconcile: [ITEM_STATUS.TO_BE_RECONCILED.code],
  dispute: [ITEM_STATUS.TO_BE_RECONCILED.code],
  resolve: [ITEM_STATUS.DISPUTED.code],
} as const satisfies Record<string, readonly TItemStatus[]>;

export function canItem(action: keyof typeof ITEM_ACTIONS, status: string): boolean {
  return (ITEM_ACTIONS[action] as readonly string[]).includes(status);
}

/** The batch's reconciliation status once its lines are as given: reconciled when every line is closed. */
export function reconcileOutcome(itemStatuses: readonly string[]): TReconcileStatus {
  return itemStatuses.length > 0 && itemStatuses.every((s) => ITEM_CLOSED.includes(s))
    ? RECONCILE_STATUS.RECONCILED.code
    : RECONCILE_STATUS.TO_BE_RECONCILED.code;
}

// ---- Money ------------------------------------------------------------------------------------

/** Currencies by ISO code, from the currency code table. */
export const ISO_CURRENCIES = Object.values(CURRENCY).map((c) => c.iso) as [string, ...string[]];
/** The ISO code of a currency given as the code table's code ('01') or as ISO ('CNY'); null when unknown. */
export function isoCurrency(value: string | null | undefined): string | null {
  const text = (value ?? '').trim().toUpperCase();
  const found = Object.values(CURRENCY).find((c) => c.code === text || c.iso === text);
  return found ? found.iso : null;
}

/** Exchange rates: units of the invoice currency for one unit of the claim currency, at most 6 decimals. */
export const RATE_DECIMALS = 6;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const RATE = /^\d{1,9}(\.\d{1,6})?$/;
export const isRate = (value: string) => RATE.test(value.trim()) && rateMicros(value) > 0n;

/** A rate as an integer of millionths ('7.123456' -> 7123456n). */
export function rateMicros(rate: string): bigint {
  const text = rate.trim();
  if (!RATE.test(text)) throw new Error(`Not a rate: ${rate}`);
  const [whole, decimals = ''] = text.split('.');
  return BigInt(whole) * RATE_SCALE + BigInt(decimals.padEnd(RATE_DECIMALS, '0'));
}

/** A rate written with its 6 decimals ('7.1' -> '7.100000'). */
export function formatRate(rate: string): string {
  const micros = rateMicros(rate);
  return `${micros / RATE_SCALE}.${String(micros % RATE_SCALE).padStart(RATE_DECIMALS, '0')}`;
}

/**
 * Converts an amount in cents at a rate, rounding half up to the cent (amounts are never
 * negative here): 1,000.00 HKD at 0.912345 is 912.345 CNY, paid as 912.35.
 */
export function convertCents(cents: bigint, rate: string): bigint {
  const micros = rateMicros(rate);
  const product = cents * micros;
  const half = RATE_SCALE / 2n;
  return product >= 0n ? (product + half) / RATE_SCALE : -((-product + half) / RATE_SCALE);
}

/** A line to put into a batch: its claim currency and the amount paid of it in that currency. */
export interface TBatchLineInput {
  currency: string;
  amount: string;
}

export interface TBatchLineAmount {
  claimCurrency: string;
  claimAmount: string;
  rate: string;
  amount: string;
}

/**
 * The invoice-currency amount of each line of a batch and the batch total: lines in the invoice
 * currency at rate 1, others at the batch's rate for their currency, each rounded half up to the
 * cent on its own; the total is the sum of the rounded lines, so the remittance adds up.
 * Answers the missing currency when a rate is not given.
 */
export function batchAmounts(
  lines: readonly TBatchLineInput[],
  invoiceCurrency: string,
  rates: Readonly<Record<string, string>>,
): { lines: TBatchLineAmount[]; total: string } | { missingRate: string } {
  const out: TBatchLineAmount[] = [];
  let total = 0n;
  for (const line of lines) {
    const rate = line.currency === invoiceCurrency ? '1' : rates[line.currency];
    if (rate === undefined) return { missingRate: line.currency };
    const cents = convertCents(toCents(line.amount), rate);
    total += cents;
    out.push({
      claimCurrency: line.currency,
      claimAmount: fromCents(toCents(line.amount)),
      rate: formatRate(rate),
      amount: fromCents(cents),
    });
  }
  return { lines: out, total: fromCents(total) };
}

/**
 * How much of each payable entry of a line is paid, oldest entry first: the audit's amount, then
 * each adjustment in the order it was made. `paid` is what the line's confirmed items paid in the
 * claim currency.
 */
export function allocatePaid(entries: readonly string[], paid: string): string[] {
  let left = toCents(paid);
  return entries.map((amount) => {
    const cents = toCents(amount);
    const take = left <= 0n ? 0n : left < cents ? left : cents;
    left -= take;
    return fromCents(take);
  });
}

// ---- Months ------------------------------------------------------------------------------------

/** 'YYYY-MM' of a day ('2026-11-25' -> '2026-11'). */
export const monthOf = (day: string) => day.slice(0, 7);
const MONTH = /^(\d{4})-?(0[1-9]|1[0-2])$/;
/** A month typed as 'YYYY-MM' or 'YYYYMM', as 'YYYY-MM'; null when it is not one. */
export function normaliseMonth(value: string | null | undefined): string | null {
  const match = MONTH.exec((value ?? '').trim());
  return match ? `${match[1]}-${match[2]}` : null;
}
/** The first and last day of a month. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
/** The most months one bill list spans. */
export const MAX_BILL_MONTHS = 36;
/** Months from `from` to `to`, both included (0 when `to` is before `from`). */
export function monthsBetween(from: string, to: string): number {
  const [y1, m1] = from.split('-').map(Number);
  const [y2, m2] = to.split('-').map(Number);
  return Math.max(0, (y2 - y1) * 12 + (m2 - m1) + 1);
}

// ---- Finance export -----------------------------------------------------------------------------

/** The columns of the handling-month export for the finance system (documented in decision 0045). */
export const HAND_MONTH_EXPORT_COLUMNS = [
  { key: 'handMonth', zh: '经办月份', en: 'Handling month', width: 10 },
  { key: 'providerId', zh: '医疗机构编号', en: 'Provider ID', width: 12 },
  { key: 'providerName', zh: '医疗机构', en: 'Provider', width: 26 },
  { key: 'invoiceCurrency', zh: '发票币种', en: 'Invoice currency', width: 10 },
  { key: 'source', zh: '应付来源', en: 'Source', width: 14 },
  { key: 'entryId', zh: '应付编号', en: 'Payable ID', width: 38 },
  { key: 'claimBatchNo', zh: '理赔批次号', en: 'Claim batch No.', width: 14 },
  { key: 'rowNo', zh: '行号', en: 'Row', width: 6 },
  { key: 'lineId', zh: '理赔明细编号', en: 'Claim line ID', width: 38 },
  { key: 'memberId', zh: '会员编号', en: 'Member ID', width: 12 },
  { key: 'visitDate', zh: '就诊日期', en: 'Visit date', width: 12 },
  { key: 'handleTime', zh: '经办时间', en: 'Handled at', width: 20 },
  { key: 'payable', zh: '应付金额', en: 'Payable', width: 14 },
  { key: 'paid', zh: '已付金额', en: 'Paid', width: 14 },
  { key: 'outstanding', zh: '未付金额', en: 'Outstanding', width: 14 },
] as const;

/** The columns of the paid-month export for the finance system (documented in decision 0045). */
export const PAY_MONTH_EXPORT_COLUMNS = [
  { key: 'paidMonth', zh: '付款月份', en: 'Paid month', width: 10 },
  { key: 'providerId', zh: '医疗机构编号', en: 'Provider ID', width: 12 },
  { key: 'providerName', zh: '医疗机构', en: 'Provider', width: 26 },
  { key: 'invoiceCurrency', zh: '发票币种', en: 'Invoice currency', width: 10 },
  { key: 'payBatchNo', zh: '付款批次号', en: 'Payment batch No.', width: 16 },
  { key: 'paidDate', zh: '付款日期', en: 'Paid date', width: 12 },
  { key: 'bankReference', zh: '银行流水号', en: 'Bank reference', width: 20 },
  { key: 'itemId', zh: '付款明细编号', en: 'Payment line ID', width: 38 },
  { key: 'claimBatchNo', zh: '理赔批次号', en: 'Claim batch No.', width: 14 },
  { key: 'rowNo', zh: '行号', en: 'Row', width: 6 },
  { key: 'lineId', zh: '理赔明细编号', en: 'Claim line ID', width: 38 },
  { key: 'memberId', zh: '会员编号', en: 'Member ID', width: 12 },
  { key: 'visitDate', zh: '就诊日期', en: 'Visit date', width: 12 },
  { key: 'claimCurrency', zh: '理赔币种', en: 'Claim currency', width: 10 },
  { key: 'claimAmount', zh: '理赔币种金额', en: 'Amount in claim currency', width: 14 },
  { key: 'rate', zh: '汇率', en: 'Exchange rate', width: 12 },
  { key: 'amount', zh: '付款金额', en: 'Amount paid', width: 14 },
  { key: 'status', zh: '对账状态', en: 'Reconciliation', width: 12 },
] as const;

// ---- Calls --------------------------------------------------------------------------------------

const REQUIRED = bilingual('不能为空', "Can't be empty");
const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const NO_SPECIAL = bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed');
const ZId = z.string({ error: REQUIRED }).uuid(FORMAT);
const ZVersion = z.number({ error: REQUIRED }).int().min(0);
const ZText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, bilingual(`最多 ${max} 个字符`, `At most ${max} characters`))
    .refine((v) => !/[|^]/.test(v), NO_SPECIAL);
const ZRemark = ZText(500).default('');
const ZPayBatchNo = z
  .string({ error: REQUIRED })
  .trim()
  .regex(/^PB\d{6,20}$/, bilingual('付款批次号格式不正确', 'Not a payment batch number'));
export const ZCurrency = z
  .string({ error: REQUIRED })
  .trim()
  .toUpperCase()
  .refine(
    (v) => ISO_CURRENCIES.includes(v),
    bilingual('不是币种代码表中的币种', 'Not a currency of the code table'),
  );
const ZMoney = z
  .string({ error: REQUIRED })
  .trim()
  .refine(
    (v) => /^\d{1,12}(\.\d{1,2})?$/.test(v) && isMoney(v) && toCents(v) > 0n,
    bilingual('金额须大于 0，最多两位小数', 'The amount must be greater than 0 with at most two decimals'),
  );
const ZRate = z
  .string({ error: REQUIRED })
  .trim()
  .refine(
    (v) => isRate(v),
    bilingual(
      '汇率须大于 0，最多六位小数',
      'The exchange rate must be greater than 0 with at most six decimals',
    ),
  );
const ZDay = z
  .string({ error: REQUIRED })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, FORMAT)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    FORMAT,
  );
const ZMonth = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const month = normaliseMonth(v);
    if (!month) {
      ctx.addIssue({
        code: 'custom',
        message: bilingual('月份格式为 YYYY-MM', 'A month is written YYYY-MM'),
      });
      return z.NEVER;
    }
    return month;
  });
const ZProviderId = z.string().trim().min(1, REQUIRED).max(64);

export const ACC_PAGE_SIZES = [10, 20, 30, 50] as const;
/** The most claim lines one payment batch pays. */
export const PAY_BATCH_MAX_ITEMS = 2000;
/** A filter of a provider's payable lines: claim currency, claim batch number (contains). */
const ZPayableFilter = {
  currency: ZCurrency.optional(),
  claimBatchNo: z.string().trim().max(32).optional(),
};
const ZPaging = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (ACC_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
};

/** GET /claim/acc/getByType?type=: the options of a filter of the finance screens. */
export const ACC_OPTION_TYPES = [
  'payStatus',
  'reconcileStatus',
  'itemStatus',
  'disputeReason',
  'resolution',
  'currency',
  'provider',
] as const;
/** How many providers one provider lookup answers by default and at most (a picker searches, issue 10). */
export const ACC_PROVIDER_OPTIONS_MAX = 50;
export const ACC_PROVIDER_OPTIONS_LIMIT_MAX = 100;
/**
 * GET /claim/acc/getByType: `type` picks the option list. For `provider`: `keyword` (id or either
 * name, contains) narrows the providers; `codes` (comma-separated ids, the picker's values) and
 * `code` (one id, the older form) are answered too, first; `limit` (default 50, at most 100)
 * bounds the others. A client that asks one more than it shows learns that more match.
 */
export const ZGetByType = z.object({
  type: z.enum(ACC_OPTION_TYPES, { error: FORMAT }),
  keyword: z.string().trim().max(64).optional(),
  code: z.string().trim().max(64).optional(),
  codes: zCommaList(z.string().max(64), {
    max: ACC_PROVIDER_OPTIONS_MAX,
    textMax: 65 * ACC_PROVIDER_OPTIONS_MAX,
  }),
  limit: z.coerce.number().int().min(1).max(ACC_PROVIDER_OPTIONS_LIMIT_MAX).default(ACC_PROVIDER_OPTIONS_MAX),
  ts: z.string().optional(),
});
export const ZAccOption = z.object({ code: z.string(), label: z.string(), labelEn: z.string() });
export type TAccOption = z.infer<typeof ZAccOption>;

/** POST /claim/acc/payBill: a page of payment batches. */
export const ZPayBillListBody = z.object({
  ...ZPaging,
  model: z
    .object({
      payBatchNo: z.string().trim().max(32).optional(),
      providerId: z.string().trim().max(64).optional(),
      invoiceCurrency: ZCurrency.optional(),
      payStatus: z.array(z.enum(PAY_STATUS_CODES)).max(3).default([]),
      reconcileStatus: z.array(z.enum(RECONCILE_STATUS_CODES)).max(2).default([]),
      /** Only batches with a disputed line still to resolve. */
      disputed: z.boolean().optional(),
    })
    .default({ payStatus: [], reconcileStatus: [] }),
});
export type TPayBillListBody = z.input<typeof ZPayBillListBody>;

/** POST /claim/acc/payBill/save: a new payment batch (to be confirmed). */
export const ZPayBillSave = z
  .object({
    providerId: ZProviderId,
    invoiceCurrency: ZCurrency,
    /** The lines to pay and how much; with `matching`, also the amounts of matching lines not paid in full. */
    items: z
      .array(z.object({ lineId: ZId, amount: ZMoney }))
      .max(
        PAY_BATCH_MAX_ITEMS,
        bilingual('一个付款批次最多 2000 条理赔', 'At most 2,000 claims in one payment batch'),
      )
      .default([]),
    /**
     * Every payable line of the provider matching the filter (the screen's "all matching"), at
     * its outstanding amount unless `items` gives another, less `excludeLineIds`. `expected` is
     * what the screen showed (count and amounts per claim currency); the server refuses with 409
     * when the lines changed since.
     */
    matching: z
      .object({
        ...ZPayableFilter,
        excludeLineIds: z
          .array(ZId)
          .max(PAY_BATCH_MAX_ITEMS * 5)
          .default([]),
        expected: z.object({
          count: z.number().int().min(1).max(PAY_BATCH_MAX_ITEMS),
          amounts: z.array(z.object({ currency: ZCurrency, amount: ZMoney })).max(ISO_CURRENCIES.length),
        }),
      })
      .optional(),
    /** The rate of each claim currency other than the invoice currency. */
    rates: z
      .array(z.object({ currency: ZCurrency, rate: ZRate }))
      .max(ISO_CURRENCIES.length)
      .default([]),
    remark: ZRemark,
  })
  .refine((v) => v.items.length > 0 || v.matching !== undefined, {
    path: ['items'],
    message: bilingual('请至少选择一条理赔', 'Choose at least one claim to pay'),
  })
  .refine((v) => new Set(v.items.map((i) => i.lineId)).size === v.items.length, {
    path: ['items'],
    message: bilingual('同一条理赔只能出现一次', 'A claim may appear once only'),
  })
  .refine((v) => new Set(v.rates.map((r) => r.currency)).size === v.rates.length, {
    path: ['rates'],
    message: bilingual('每个币种只能有一个汇率', 'One rate per currency'),
  });
export type TPayBillSave = z.input<typeof ZPayBillSave>;

const ZBatchRef = { payBatchNo: ZPayBatchNo, version: ZVersion };
export const ZPayBillCancel = z.object({ ...ZBatchRef, remark: ZRemark });
export const ZPayBillConfirm = z.object({
  ...ZBatchRef,
  /** The value date of the transfer (China day), not after today. */
  paidDate: ZDay,
  bankReference: ZText(64).pipe(z.string().min(1, REQUIRED)),
  remark: ZRemark,
});
export type TPayBillConfirm = z.input<typeof ZPayBillConfirm>;
export const ZReconcile = z.object({
  ...ZBatchRef,
  itemIds: z.array(ZId).min(1, bilingual('请至少选择一行', 'Choose at least one line')).max(2000),
  remark: ZRemark,
});
export const ZDispute = z.object({
  ...ZBatchRef,
  itemId: ZId,
  reasonCode: z.enum(DISPUTE_REASON_CODES, { error: bilingual('请选择争议原因', 'Choose a reason') }),
  reason: ZText(500).pipe(
    z
      .string()
      .min(2, bilingual('请说明争议内容（至少 2 个字）', 'Explain the dispute (2 characters or more)')),
  ),
});
export const ZResolve = z
  .object({
    ...ZBatchRef,
    itemId: ZId,
    result: z.enum([RESOLUTION.ADJUSTED.code, RESOLUTION.REJECTED.code], { error: FORMAT }),
    /** The difference still to pay, in the line's claim currency (adjusted only). */
    amount: ZMoney.optional(),
    reply: ZText(500).pipe(
      z.string().min(2, bilingual('请填写处理意见（至少 2 个字）', 'Write the reply (2 characters or more)')),
    ),
  })
  .refine((v) => v.result === 'rejected' || v.amount !== undefined, {
    path: ['amount'],
    message: bilingual('请填写补付金额', 'Enter the difference to pay'),
  });
export type TDispute = z.input<typeof ZDispute>;
export type TResolve = z.input<typeof ZResolve>;
export type TReconcile = z.input<typeof ZReconcile>;

export const PAYABLE_PAGE_SIZES = [10, 20, 50, 100] as const;
/** GET /claim/acc/payable?providerId=&current=&size=: a page of what a new batch of the provider may take. */
export const ZPayableQuery = z.object({
  providerId: ZProviderId,
  ...ZPayableFilter,
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAYABLE_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(20),
  ts: z.string().optional(),
});
export type TPayableQuery = {
  providerId: string;
  currency?: string;
  claimBatchNo?: string;
  current?: number;
  size?: number;
};

const ZMonthFilter = z
  .object({
    monthFrom: ZMonth.optional(),
    monthTo: ZMonth.optional(),
    providerId: z.string().trim().max(64).optional(),
    invoiceCurrency: ZCurrency.optional(),
  })
  .default({});
/** POST /claim/acc/handMonth/bill and /payMonth/bill: a page of monthly bills. */
export const ZMonthBillBody = z.object({ ...ZPaging, model: ZMonthFilter });
export type TMonthBillBody = z.input<typeof ZMonthBillBody>;
export type TMonthFilter = z.output<typeof ZMonthFilter>;
/** POST /claim/acc/handMonth/bill/export and /payMonth/bill/export: the items of the filter for the finance system. */
export const ZMonthExportBody = z.object({
  model: ZMonthFilter,
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type TMonthExportBody = z.input<typeof ZMonthExportBody>;

const ZItemPaging = {
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => [10, 20, 30, 50, 100].includes(n), FORMAT)
    .default(20),
  ts: z.string().optional(),
};
/** GET /claim/acc/handMonthItem/bill: the items of one handling-month bill. */
export const ZHandMonthItemQuery = z.object({
  handMonth: ZMonth,
  providerId: ZProviderId,
  invoiceCurrency: ZCurrency,
  ...ZItemPaging,
});
/** GET /claim/acc/payMonthItem/bill: the items of one paid-month bill (the spec spells it paidMoth). */
export const ZPayMonthItemQuery = z.object({
  paidMoth: ZMonth,
  providerId: ZProviderId,
  invoiceCurrency: ZCurrency,
  ...ZItemPaging,
});

// ---- Answers ------------------------------------------------------------------------------------

export const ZCurrencyAmount = z.object({ currency: z.string(), amount: z.string() });
export type TCurrencyAmount = z.infer<typeof ZCurrencyAmount>;

export const ZPayBatch = z.object({
  id: z.string(),
  payBatchNo: z.string(),
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  invoiceCurrency: z.string(),
  rates: z.array(z.object({ currency: z.string(), rate: z.string() })),
  payStatus: z.string(),
  reconcileStatus: z.string(),
  itemCount: z.number(),
  totalAmount: z.string(),
  reconciledAmount: z.string(),
  openDisputes: z.number(),
  paidDate: z.string().nullable(),
  bankReference: z.string(),
  remark: z.string(),
  builtByName: z.string(),
  builtByNameEn: z.string(),
  buildTime: z.string(),
  confirmedByName: z.string(),
  confirmedByNameEn: z.string(),
  confirmTime: z.string().nullable(),
  version: z.number(),
});
export type TPayBatch = z.infer<typeof ZPayBatch>;
export const ZPayBatchPage = ZPageOf(ZPayBatch);
export type TPayBatchPage = z.infer<typeof ZPayBatchPage>;

export const ZPayItem = z.object({
  id: z.string(),
  lineId: z.string(),
  claimBatchId: z.string(),
  claimBatchNo: z.string(),
  rowNo: z.number(),
  memberId: z.string(),
  memberName: z.string(),
  memberNameEn: z.string(),
  visitDate: z.string(),
  coverageCode: z.string(),
  itemName: z.string(),
  claimedAmount: z.string(),
  /** The line's payable amount (audit plus adjustments), claim currency. */
  payableAmount: z.string(),
  claimCurrency: z.string(),
  /** This batch's payment of the line in its claim currency. */
  claimAmount: z.string(),
  rate: z.string(),
  /** The same in the batch's invoice currency. */
  amount: z.string(),
  status: z.string(),
  disputeReasonCode: z.string(),
  disputeReason: z.string(),
  disputeTime: z.string().nullable(),
  resolution: z.string(),
  resolutionAmount: z.string().nullable(),
  resolutionReply: z.string(),
  resolveTime: z.string().nullable(),
  reconcileTime: z.string().nullable(),
});
export type TPayItem = z.infer<typeof ZPayItem>;

export const ZPayDetail = z.object({
  batch: ZPayBatch,
  items: z.array(ZPayItem),
  flow: z.array(ZProcessRow),
});
export type TPayDetail = z.infer<typeof ZPayDetail>;

export const ZPayableLine = z.object({
  lineId: z.string(),
  claimBatchId: z.string(),
  claimBatchNo: z.string(),
  rowNo: z.number(),
  memberId: z.string(),
  memberName: z.string(),
  memberNameEn: z.string(),
  visitDate: z.string(),
  itemName: z.string(),
  currency: z.string(),
  claimedAmount: z.string(),
  /** The audit's payable amount plus every adjustment since. */
  payableAmount: z.string(),
  /** Paid in confirmed batches. */
  paidAmount: z.string(),
  /** Taken by batches still to be confirmed. */
  heldAmount: z.string(),
  outstanding: z.string(),
  handleTime: z.string(),
});
export type TPayableLine = z.infer<typeof ZPayableLine>;
export const ZPayable = z.object({
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  /** The provider's bank account currency (ISO), the default invoice currency of a new batch. */
  accountCurrency: z.string().nullable(),
  /** One page of the provider's payable lines matching the filter (oldest decision first). */
  records: z.array(ZPayableLine),
  current: z.number().int(),
  size: z.number().int(),
  /** How many lines match the filter. */
  total: z.number().int(),
  /** What is left to pay of all the lines matching the filter, per claim currency (with their count). */
  outstanding: z.array(ZCurrencyAmount.extend({ count: z.number().int() })),
  /** Approved amounts still waiting for their invoices (not payable yet), per currency. */
  awaitingInvoice: z.array(ZCurrencyAmount),
});
export type TPayable = z.infer<typeof ZPayable>;

const ZBillKey = {
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
  invoiceCurrency: z.string(),
};
export const ZHandMonthBill = z.object({
  handMonth: z.string(),
  ...ZBillKey,
  claimCount: z.number(),
  payable: z.string(),
  paid: z.string(),
  outstanding: z.string(),
});
export type THandMonthBill = z.infer<typeof ZHandMonthBill>;
export const ZPayMonthBill = z.object({
  paidMoth: z.string(),
  ...ZBillKey,
  batchCount: z.number(),
  claimCount: z.number(),
  paid: z.string(),
  reconciled: z.string(),
  toReconcile: z.string(),
});
export type TPayMonthBill = z.infer<typeof ZPayMonthBill>;
/** The bills of the whole filter added up per currency (not only the page). */
export const ZHandMonthBillPage = ZPageOf(ZHandMonthBill).extend({
  sums: z.array(
    ZHandMonthBill.pick({
      invoiceCurrency: true,
      claimCount: true,
      payable: true,
      paid: true,
      outstanding: true,
    }),
  ),
});
export const ZPayMonthBillPage = ZPageOf(ZPayMonthBill).extend({
  sums: z.array(
    ZPayMonthBill.pick({
      invoiceCurrency: true,
      batchCount: true,
      claimCount: true,
      paid: true,
      reconciled: true,
      toReconcile: true,
    }),
  ),
});
export type THandMonthBillPage = z.infer<typeof ZHandMonthBillPage>;
export type TPayMonthBillPage = z.infer<typeof ZPayMonthBillPage>;

export const ZHandMonthItem = z.object({
  source: z.string(),
  entryId: z.string(),
  lineId: z.string(),
  claimBatchNo: z.string(),
  rowNo: z.number(),
  memberId: z.string(),
  visitDate: z.string(),
  itemName: z.string(),
  handleTime: z.string(),
  payable: z.string(),
  paid: z.string(),
  outstanding: z.string(),
});
export type THandMonthItem = z.infer<typeof ZHandMonthItem>;
export const ZPayMonthItem = z.object({
  itemId: z.string(),
  payBatchNo: z.string(),
  paidDate: z.string(),
  bankReference: z.string(),
  lineId: z.string(),
  claimBatchNo: z.string(),
  rowNo: z.number(),
  memberId: z.string(),
  visitDate: z.string(),
  itemName: z.string(),
  claimCurrency: z.string(),
  claimAmount: z.string(),
  rate: z.string(),
  amount: z.string(),
  status: z.string(),
});
export type TPayMonthItem = z.infer<typeof ZPayMonthItem>;
export const ZHandMonthItems = ZPageOf(ZHandMonthItem).extend({ bill: ZHandMonthBill.nullable() });
export const ZPayMonthItems = ZPageOf(ZPayMonthItem).extend({ bill: ZPayMonthBill.nullable() });
export type THandMonthItems = z.infer<typeof ZHandMonthItems>;
export type TPayMonthItems = z.infer<typeof ZPayMonthItems>;

/** GET /claim/acc/dashboard: the home board's finance figures. */
export const ZAccDashboard = z.object({
  side: z.enum(['operator', 'provider']),
  month: z.string(),
  /** Operators: claim batches pending for audit and their lines. */
  claimsAwaitingAudit: z.object({ batches: z.number(), lines: z.number() }).nullable(),
  /** Operators: payment batches to be confirmed and their totals. */
  awaitingConfirmation: z.object({ batches: z.number(), amounts: z.array(ZCurrencyAmount) }).nullable(),
  /** Operators: approved and not yet paid, per claim currency. */
  outstanding: z.array(ZCurrencyAmount).nullable(),
  openDisputes: z.number(),
  /** Providers: confirmed batches still to reconcile. */
  toReconcile: z.object({ batches: z.number(), amounts: z.array(ZCurrencyAmount) }).nullable(),
  /** Providers: paid this China month, per invoice currency. */
  paidThisMonth: z.array(ZCurrencyAmount).nullable(),
});
export type TAccDashboard = z.infer<typeof ZAccDashboard>;

/**
 * Appointments and visit registration (docs/decisions/0038-appointments-and-visits.md): status
 * names, transitions, the list filter and the payloads of the customer-portal calls under
 * /smartportal/*, shared by the server routes and the web screens.
 */
import { z } from 'zod';
import { APPOINTMENT_STATUS, type TCodeEntry } from '../dictionaries/codes.ts';
import { ZPageOf } from '../dictionaries/rules.ts';
import { bilingual } from '../i18n/bilingual.ts';
import { zCommaList } from '../text/comma-list.ts';

/** Read appointments, members of the provider's plans, bills and downloads. */
export const APPOINTMENT_VIEW = 'smartportal:appointment:view';
/** Register visits, book, confirm, cancel and finish appointments. */
export const APPOINTMENT_EDIT = 'smartportal:appointment:edit';

/** The spec's appointment statuses (second document, section 4); 01 is the list's default filter. */
export const APPOINTMENT_STATUSES = APPOINTMENT_STATUS;
export type TAppointmentStatus = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS]['code'];
export const APPOINTMENT_STATUS_CODES = Object.values(APPOINTMENT_STATUS).map((s) => s.code) as [
  TAppointmentStatus,
  ...TAppointmentStatus[],
];
/** The status filter the list starts with (spec: ['01'], remembered locally). */
export const DEFAULT_STATUS_FILTER: TAppointmentStatus[] = [APPOINTMENT_STATUS.TO_BE_TREATED.code];

/** The status's name in one language; the code itself only for a code no table knows. */
export function appointmentStatusName(code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(APPOINTMENT_STATUS).find((s: TCodeEntry) => s.code === code);
  return entry ? entry[lang] : code;
}

/** What happens to an appointment; each writes one process-history row. */
export const APPOINTMENT_ACTION = {
  BOOK: { code: 'book', zh: '预约', en: 'Booked' },
  REGISTER: { code: 'register', zh: '就诊登记', en: 'Visit registered' },
  EDIT: { code: 'edit', zh: '修改预约', en: 'Appointment changed' },
  CONFIRM: { code: 'confirm', zh: '就诊确认', en: 'Visit confirmed' },
  UPDATE_CONFIRMATION: { code: 'updateConfirmation', zh: '更新就诊确认', en: 'Visit confirmation updated' },
  CANCEL: { code: 'cancel', zh: '取消预约', en: 'Cancelled' },
  EXPIRE: { code: 'expire', zh: '逾期未就诊，自动过期', en: 'Expired: not treated by the visit date' },
  FINISH: { code: 'finish', zh: '完成', en: 'Finished' },
} as const;
export type TAppointmentAction = (typeof APPOINTMENT_ACTION)[keyof typeof APPOINTMENT_ACTION]['code'];

export function appointmentActionName(code: string, lang: 'zh' | 'en'): string {
  const entry = Object.values(APPOINTMENT_ACTION).find((a) => a.code === code);
  return entry ? entry[lang] : code;
}

const S = APPOINTMENT_STATUS;
/**
 * The transitions: from which statuses each action may start, and where it leads. Confirmation
 * may be updated while confirmed; cancelled, expired and finished are final.
 */
export const APPOINTMENT_TRANSITIONS: Record<
  Exclude<TAppointmentAction, 'book' | 'register'>,
  { from: readonly TAppointmentStatus[]; to: TAppointmentStatus }
> = {
  edit: { from: [S.TO_BE_TREATED.code], to: S.TO_BE_TREATED.code },
  confirm: { from: [S.TO_BE_TREATED.code], to: S.CONFIRMED.code },
  updateConfirmation: { from: [S.CONFIRMED.code], to: S.CONFIRMED.code },
  cancel: { from: [S.TO_BE_TREATED.code], to: S.CANCELLED.code },
  expire: { from: [S.TO_BE_TREATED.code], to: S.EXPIRED.code },
  finish: { from: [S.CONFIRMED.code], to: S.FINISHED.code },
};

/** Statuses whose visit took place: the claim form and the bill can be printed. */
export const BILLABLE_STATUSES: readonly TAppointmentStatus[] = [S.CONFIRMED.code, S.FINISHED.code];

/** The member's personal fields an appointment shows masked until revealed (decision 0020). */
export const APPOINTMENT_PERSONAL_FIELDS = {
  memberName: 'name',
  memberNameEn: 'name',
  patientBirthday: 'birthday',
} as const;

/** The direct-billing claim form batch: at least 1 and fewer than 50 records (spec section 5, 9). */
export const DB_FORM_MIN = 1;
export const DB_FORM_LIMIT = 50;
export const dbFormCountAllowed = (n: number) => n >= DB_FORM_MIN && n < DB_FORM_LIMIT;

/** The spec's pager sizes. */
export const APPOINTMENT_PAGE_SIZES = [5, 10, 20, 30, 50] as const;

const REQUIRED = bilingual('不能为空', "Can't be empty");
const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const NO_PIPES = bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed');
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, bilingual(`最多 ${max} 个字符`, `At most ${max} characters`))
    .refine((v) => !/[|^]/.test(v), NO_PIPES);

export const ZDate = z.string({ error: REQUIRED }).regex(DATE, FORMAT);
const ZId = z.string({ error: REQUIRED }).uuid(bilingual('记录编号不正确', 'Not a record id'));

/** True when a calendar date string is a real day (2025-02-30 is not). */
export function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
const ZRealDate = ZDate.refine(isRealDate, FORMAT);

export const CREATE_TIME_ORDER_MESSAGE = bilingual(
  '结束时间必须晚于开始时间',
  'The end time must be later than the start time',
);

/** POST /smartportal/appointmentBasic/getAppointmentBasicList and downloadAppointmentList. */
export const ZAppointmentFilter = z
  .object({
    status: z
      .array(z.enum(APPOINTMENT_STATUS_CODES, { error: FORMAT }))
      .max(5)
      .default([]),
    providerIds: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
    appointNo: text(32).optional(),
    /** A member's name (either language, part of it) or member id (exact). */
    member: text(100).optional(),
    patientBirthday: ZRealDate.optional().or(z.literal('').transform(() => undefined)),
    /** China time, 'YYYY-MM-DD HH:mm:ss'; the end must be later than the start. */
    createTimeStart: z
      .string()
      .regex(DATE_TIME, FORMAT)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    createTimeEnd: z
      .string()
      .regex(DATE_TIME, FORMAT)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((v, ctx) => {
    if (v.createTimeStart && v.createTimeEnd && !(v.createTimeEnd > v.createTimeStart)) {
      ctx.addIssue({ code: 'custom', path: ['createTimeEnd'], message: CREATE_TIME_ORDER_MESSAGE });
    }
  });
export type TAppointmentFilter = z.input<typeof ZAppointmentFilter>;

export const ZAppointmentListBody = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (APPOINTMENT_PAGE_SIZES as readonly number[]).includes(n), FORMAT)
    .default(10),
  model: ZAppointmentFilter.default({ status: [], providerIds: [] }),
});
export type TAppointmentListBody = z.input<typeof ZAppointmentListBody>;

export const ZAppointment = z.object({
  id: z.string(),
  appointNo: z.string(),
  status: z.string(),
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
  visitDate: z.string(),
  visitTime: z.string(),
  department: z.string(),
  doctor: z.string(),
  remark: z.string(),
  haveRead: z.boolean(),
  /** 01 booked (saveAppointMentInfo), 02 registered at the desk (visitRegistration). */
  source: z.string(),
  diagnosis: z.string(),
  billAmount: z.string().nullable(),
  confirmRemark: z.string(),
  confirmedAt: z.string().nullable(),
  createTime: z.string(),
  version: z.number(),
});
export type TAppointment = z.infer<typeof ZAppointment>;

export const ZAppointmentPage = ZPageOf(ZAppointment);
export type TAppointmentPage = z.infer<typeof ZAppointmentPage>;

export const ZProcessRow = z.object({
  id: z.string(),
  action: z.string(),
  fromStatus: z.string(),
  toStatus: z.string(),
  operatorName: z.string(),
  operatorNameEn: z.string(),
  remark: z.string(),
  createTime: z.string(),
});
export type TProcessRow = z.infer<typeof ZProcessRow>;

/** Who books or registers, for whom, where and when. */
const ZVisitFields = {
  /** Only operators name the provider; provider staff always act for their own. */
  providerId: z.string().trim().max(64).optional(),
  memberId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64),
  coverageCode: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(8),
  /** The coverage's currency when it has several (ISO 4217); CNY first, then the first one. */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, FORMAT)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  visitDate: ZRealDate,
  visitTime: z
    .string()
    .regex(TIME, FORMAT)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  department: text(100).pipe(z.string().min(1, REQUIRED)),
  doctor: text(100).optional(),
  remark: text(1000).optional(),
};

/** POST /smartportal/appointmentBasic/saveAppointMentInfo: a new booking, or a change of one still to be treated. */
export const ZSaveAppointment = z.object({
  id: ZId.optional(),
  version: z.number().int().min(0).optional(),
  ...ZVisitFields,
});
export type TSaveAppointment = z.input<typeof ZSaveAppointment>;

/** POST /smartportal/appointDetail/visitRegistration: a member at the desk, registered at once. */
export const ZVisitRegistration = z.object(ZVisitFields);
export type TVisitRegistration = z.input<typeof ZVisitRegistration>;

const ZAmount = z
  .string({ error: REQUIRED })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, bilingual('金额最多两位小数', 'An amount with at most two decimals'));

/** POST visitConfirmation and updateVisitConfirmation: the visit took place, with its bill. */
export const ZVisitConfirmation = z.object({
  id: ZId,
  version: z.number({ error: REQUIRED }).int().min(0),
  diagnosis: text(500).pipe(z.string().min(1, REQUIRED)),
  billAmount: ZAmount,
  remark: text(1000).optional(),
});
export type TVisitConfirmation = z.input<typeof ZVisitConfirmation>;

/** Cancel or finish: the record and the version read. */
export const ZAppointmentAction = z.object({
  id: ZId,
  version: z.number({ error: REQUIRED }).int().min(0),
  remark: text(1000).optional(),
});

export const ZIdBody = z.object({ id: ZId });
export const ZIdsBody = z.object({
  ids: z.array(ZId).max(1000, bilingual('最多 1000 条', 'At most 1000 records')).default([]),
});

export const PATIENT_QUERY_MESSAGE = bilingual(
  '请输入姓名和出生日期，或会员卡号',
  'Enter the name and birthday, or the card number',
);

/** POST /smartportal/appointDetail/getPatientList: name + birthday, or card number. */
export const ZPatientQuery = z
  .object({
    providerId: z.string().trim().max(64).optional(),
    name: text(100).optional(),
    birthday: ZRealDate.optional().or(z.literal('').transform(() => undefined)),
    cardNumber: text(64).optional(),
  })
  .superRefine((v, ctx) => {
    const byName = Boolean(v.name) && Boolean(v.birthday);
    if (!byName && !v.cardNumber) {
      ctx.addIssue({ code: 'custom', path: [v.name ? 'birthday' : 'name'], message: PATIENT_QUERY_MESSAGE });
    }
  });
export type TPatientQuery = z.input<typeof ZPatientQuery>;

export const ZPatient = z.object({
  memberId: z.string(),
  employeeId: z.string(),
  name: z.string(),
  nameEn: z.string(),
  birthday: z.string(),
  sex: z.string(),
  cardNumber: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerNameEn: z.string(),
  grpPlanCode: z.string(),
  planName: z.string(),
  planNameEn: z.string(),
  policyNo: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  directBilling: z.boolean(),
  coverages: z.array(z.object({ coverageCode: z.string(), currency: z.string() })),
});
export type TPatient = z.infer<typeof ZPatient>;

/** The bill of a confirmed visit: what the plan pays and what the member pays, in the coverage's currency. */
export const ZAppointmentBill = z.object({
  appointNo: z.string(),
  currency: z.string(),
  billAmount: z.string(),
  coPayPercent: z.string(),
  perVisitLimit: z.string().nullable(),
  coPayAmount: z.string(),
  overLimitAmount: z.string(),
  payableByPlan: z.string(),
  payableByMember: z.string(),
});
export type TAppointmentBill = z.infer<typeof ZAppointmentBill>;

/** Amount string ('1234.5') to cents, exactly. */
export function toCents(amount: string): number {
  const [whole, frac = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}
/** Cents to '1234.50'. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Splits a visit's bill: the member's co-pay share (percent with two decimals, rounded half up to
 * the cent), then whatever the plan's share exceeds the per-visit limit also falls to the member.
 */
export function splitBill(input: { billAmount: string; coPayPercent: string; perVisitLimit: string | null }) {
  const bill = toCents(input.billAmount);
  // Percent with two decimals as an integer of hundredths: 10.00% -> 1000.
  const pct = toCents(input.coPayPercent);
  const coPay = Number((BigInt(bill) * BigInt(pct) + 5000n) / 10000n);
  const planShare = bill - coPay;
  const limit = input.perVisitLimit === null ? null : toCents(input.perVisitLimit);
  const overLimit = limit === null ? 0 : Math.max(0, planShare - limit);
  const payableByPlan = planShare - overLimit;
  return {
    coPayAmount: fromCents(coPay),
    overLimitAmount: fromCents(overLimit),
    payableByPlan: fromCents(payableByPlan),
    payableByMember: fromCents(coPay + overLimit),
  };
}

/** How many providers one related-provider lookup answers by default and at most (a picker searches). */
export const RELA_PROVIDERS_MAX = 50;
export const RELA_PROVIDERS_LIMIT_MAX = 100;
/**
 * GET /smartportal/config/getRelaProviderInfo: `keyword` (id or either name, contains) narrows
 * an operator's providers; `codes` (comma-separated ids, the picker's values) are answered too,
 * first; `limit` (default 50, at most 100) bounds the others. A client that asks one more than
 * it shows learns that more match.
 */
export const ZRelaProviderQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  codes: zCommaList(z.string().max(64), { max: RELA_PROVIDERS_MAX, textMax: 64 * RELA_PROVIDERS_MAX }),
  limit: z.coerce.number().int().min(1).max(RELA_PROVIDERS_LIMIT_MAX).default(RELA_PROVIDERS_MAX),
  ts: z.string().optional(),
});

export const ZRelaProvider = z.object({
  providerId: z.string(),
  providerCnName: z.string(),
  providerEnName: z.string(),
});

export const ZAppointmentClient = z.object({
  customerId: z.string(),
  name: z.string(),
  nameEn: z.string(),
  grpPlanCode: z.string(),
  planName: z.string(),
  planNameEn: z.string(),
  policyNo: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});

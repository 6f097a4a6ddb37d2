/**
 * Rules of the operator's side of hospital change tasks (spec sections 4, 5 "Audit route" and
 * 7 providerTaskMsh calls), used by the server routes and the web audit screens.
 * docs/decisions/0009-hospital-audit.md records the choices the spec left open.
 */
import { z } from 'zod';
import { AUDIT_RESULT, HOSPITAL_TASK_STATUS, TASK_TYPE } from '../dictionaries/codes.ts';
import {
  hasNoSpecialCharacters,
  LABELS,
  PROVIDER_ID_PATTERN,
  SPECIAL_CHARACTERS_MESSAGE,
  ZTaskNo,
} from '../hospital-tasks/rules.ts';
import { bilingual, pleaseInput, pleaseSelect, type TBilingual } from '../i18n/bilingual.ts';

/** The longest return reason (spec section 5, audit route). */
export const RETURN_REASON_MAX = 500;
/** The longest provider note, per language (the note columns of the hospital form: notesC 1333, notesE 4000). */
export const NOTE_MAX = { notesC: 1333, notesE: 4000 } as const;
/** The longest period one newsletter may cover. */
export const NEWSLETTER_MAX_DAYS = 366;

/** A task (add or change) may be exported only once it is approved (spec section 4: 'passed state'). */
export const canExportTask = (status: string | null | undefined): boolean =>
  status === HOSPITAL_TASK_STATUS.APPROVED.code;

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const maxMessage = (label: TBilingual, max: number) =>
  bilingual(`${label.zh}不能超过 ${max} 个字符`, `${label.en} must be at most ${max} characters`);
const ZVersion = z.number({ error: FORMAT }).int(FORMAT).min(0, FORMAT).optional();

/** The return-reason rule: required when auditResult is 02 (return), at most 500 characters, no | or ^. */
export function returnReasonIssue(auditResult: string, reason: string): string | null {
  const text = reason.trim();
  if (auditResult === AUDIT_RESULT.RETURN.code && text === '') return pleaseInput(LABELS.returnReason);
  if (text.length > RETURN_REASON_MAX) return maxMessage(LABELS.returnReason, RETURN_REASON_MAX);
  if (!hasNoSpecialCharacters(text)) return SPECIAL_CHARACTERS_MESSAGE;
  return null;
}

/**
 * approval: the audit result section of the auditHosp form. Other fields of the form's payload
 * (the read-only task, contacts flattened, province/city/district) may travel and are ignored:
 * an auditor approves or returns the task as the provider submitted it.
 */
export const ZApprovalBody = z
  .object({
    taskNo: ZTaskNo,
    auditResult: z.enum([AUDIT_RESULT.APPROVE.code, AUDIT_RESULT.RETURN.code], {
      error: pleaseSelect(LABELS.auditResult),
    }),
    returnReason: z
      .string({ error: FORMAT })
      .nullish()
      .transform((v) => (v ?? '').trim()),
    version: ZVersion,
  })
  .superRefine((body, ctx) => {
    const issue = returnReasonIssue(body.auditResult, body.returnReason);
    if (issue) ctx.addIssue({ code: 'custom', path: ['returnReason'], message: issue });
  });
export type TApprovalBody = z.output<typeof ZApprovalBody>;

const accountText = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[A-Za-z0-9_-]+$/, FORMAT);

/**
 * initTask: the auditor takes the task (personInCharge set to them when nobody has it), or
 * assigns it to another operator with assignTo (their account).
 */
export const ZInitTaskBody = z.object({
  taskNo: ZTaskNo,
  assignTo: accountText.nullish().transform((v) => v ?? ''),
});
export type TInitTaskBody = z.output<typeof ZInitTaskBody>;

const dateText = z
  .string({ error: FORMAT })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, bilingual('日期格式应为 YYYY-MM-DD', 'Dates use YYYY-MM-DD'))
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
    error: bilingual('日期无效', 'The date is not valid'),
  });
const optionalDate = dateText
  .or(z.literal(''))
  .nullish()
  .transform((v) => v ?? '');
const oneOrMany = (max: number) =>
  z
    .union([z.string().trim().max(max), z.array(z.string().trim().max(max)).max(10)], { error: FORMAT })
    .nullish()
    .transform((v) =>
      v === null || v === undefined || v === '' ? [] : Array.isArray(v) ? v.filter(Boolean) : [v],
    );
const filterText = (max: number) =>
  z
    .string({ error: FORMAT })
    .trim()
    .max(max, FORMAT)
    .nullish()
    .transform((v) => v ?? '');

/** Sort keys of the audit task list; the default is the submit date, newest first. */
export const AUDIT_LIST_SORTS = [
  'commitDate',
  'taskNo',
  'taskType',
  'status',
  'auditDate',
  'publicityDate',
  'providerId',
] as const;

/** The audit task list filter (model of the generic list request). */
export const ZAuditTaskFilter = z.object({
  /** Task number or either hospital name, partial. */
  title: filterText(100),
  taskNo: filterText(32),
  providerId: filterText(64),
  /** Either hospital name, partial. */
  providerName: filterText(200),
  taskType: oneOrMany(2),
  status: oneOrMany(2),
  sendStartDate: optionalDate,
  sendEndDate: optionalDate,
  /** Name of the person in charge, partial. */
  personInCharge: filterText(100),
});
export type TAuditTaskFilter = z.output<typeof ZAuditTaskFilter>;

/** The audit list's filter with nothing set (a request without `model`). */
export const EMPTY_AUDIT_FILTER: TAuditTaskFilter = {
  title: '',
  taskNo: '',
  providerId: '',
  providerName: '',
  taskType: [],
  status: [],
  sendStartDate: '',
  sendEndDate: '',
  personInCharge: '',
};

/** POST /drsystem/providerTaskMsh/list: generic list request with the audit filter as model. */
export const ZAuditTaskListRequest = z.object({
  size: z.coerce.number().int().min(1).max(100).default(10),
  current: z.coerce.number().int().min(1).default(1),
  sort: z
    .string()
    .nullish()
    .transform((v) =>
      (AUDIT_LIST_SORTS as readonly string[]).includes(v ?? '')
        ? (v as (typeof AUDIT_LIST_SORTS)[number])
        : 'commitDate',
    ),
  order: z
    .enum(['ascending', 'descending', 'asc', 'desc'], { error: FORMAT })
    .nullish()
    .transform((v) => (v === 'ascending' || v === 'asc' ? ('asc' as const) : ('desc' as const))),
  model: ZAuditTaskFilter.nullish().transform((v) => v ?? EMPTY_AUDIT_FILTER),
  extra: z.record(z.string(), z.unknown()).nullish(),
  timeRange: z.array(z.string()).nullish(),
});
export type TAuditTaskListRequest = z.output<typeof ZAuditTaskListRequest>;

const END_BEFORE_START = bilingual(
  '结束日期不能早于开始日期',
  'The end date must not be before the start date',
);

const ZProviderIdFilter = z
  .string({ error: FORMAT })
  .trim()
  .max(32, FORMAT)
  .regex(PROVIDER_ID_PATTERN, FORMAT);

/**
 * downloadAnnounce: the announcement of approved hospitals. taskNo or providerId narrows it to
 * one approved task or record; startDate/endDate to approvals in that period.
 */
export const ZAnnounceQuery = z
  .object({
    taskNo: ZTaskNo.or(z.literal(''))
      .nullish()
      .transform((v) => v ?? ''),
    providerId: ZProviderIdFilter.or(z.literal(''))
      .nullish()
      .transform((v) => v ?? ''),
    startDate: optionalDate,
    endDate: optionalDate,
    ts: z.string().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.endDate < q.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
  });
export type TAnnounceQuery = z.output<typeof ZAnnounceQuery>;

const dayCount = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

const requiredDate = (label: TBilingual) =>
  z
    .string({ error: pleaseSelect(label) })
    .trim()
    .min(1, pleaseSelect(label))
    .pipe(dateText);

/** downloadNewsLetter: the approved changes of a period (both days included, China time). */
export const ZNewsLetterBody = z
  .object({
    startDate: requiredDate({ zh: '开始日期', en: 'start date' }),
    endDate: requiredDate({ zh: '结束日期', en: 'end date' }),
  })
  .superRefine((b, ctx) => {
    if (b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
    else if (dayCount(b.startDate, b.endDate) > NEWSLETTER_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: bilingual(
          `期间不能超过 ${NEWSLETTER_MAX_DAYS} 天`,
          `The period must not exceed ${NEWSLETTER_MAX_DAYS} days`,
        ),
      });
  });
export type TNewsLetterBody = z.output<typeof ZNewsLetterBody>;

// ---------------------------------------------------------------------------------------------
// Provider notes (operator side)

const NOTE_LABELS = {
  notesC: { zh: '中文备注', en: 'Chinese note' },
  notesE: { zh: '英文备注', en: 'English note' },
} as const;

const noteText = (field: keyof typeof NOTE_LABELS) =>
  z
    .string({ error: FORMAT })
    .nullish()
    .transform((v) => (v ?? '').trim())
    .pipe(
      z
        .string()
        .max(NOTE_MAX[field], maxMessage(NOTE_LABELS[field], NOTE_MAX[field]))
        .refine(hasNoSpecialCharacters, { error: SPECIAL_CHARACTERS_MESSAGE }),
    );

/** A note needs text in at least one language. */
const NOTE_EMPTY = bilingual('请输入中文或英文备注', 'Please enter the note in Chinese or English');

const noteShape = {
  notesC: noteText('notesC'),
  notesE: noteText('notesE'),
};
const needsText = (n: { notesC: string; notesE: string }) => n.notesC !== '' || n.notesE !== '';

/** POST /drsystem/liproviderinfo/note: a new note of a provider. */
export const ZProviderNoteAddBody = z
  .object({ providerId: ZProviderIdFilter.min(1, pleaseInput(LABELS.providerId)), ...noteShape })
  .refine(needsText, { path: ['notesC'], error: NOTE_EMPTY });
/** PUT /drsystem/liproviderinfo/note: edit a note (version: optimistic check when sent). */
export const ZProviderNoteEditBody = z
  .object({ id: z.uuid(FORMAT), version: ZVersion, ...noteShape })
  .refine(needsText, { path: ['notesC'], error: NOTE_EMPTY });
/** DELETE /drsystem/liproviderinfo/note: delete notes by id. */
export const ZProviderNoteDeleteBody = z.object({
  ids: z.array(z.uuid(FORMAT)).min(1, bilingual('尚未选择数据', 'No data selected yet')).max(100),
});
export type TProviderNoteAddBody = z.output<typeof ZProviderNoteAddBody>;
export type TProviderNoteEditBody = z.output<typeof ZProviderNoteEditBody>;

/** POST /drsystem/liproviderinfo/providerPage: approved provider records for the notes screen. */
export const ZProviderRecordsRequest = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  model: z
    .object({ keyword: filterText(200) })
    .nullish()
    .transform((v) => v ?? { keyword: '' }),
});
export type TProviderRecordsRequest = z.output<typeof ZProviderRecordsRequest>;

/** Labels of the task types an audit list shows (03 and 04). */
export const HOSPITAL_TASK_TYPES = [TASK_TYPE.ADD_HOSPITAL, TASK_TYPE.UPDATE_HOSPITAL] as const;

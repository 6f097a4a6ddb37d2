/**
 * Rules of the doctor form and the doctor task calls (spec sections 3 to 5 and 8), used by the
 * server routes and the web form. docs/decisions/0024-doctors.md records the bounds the spec
 * leaves open.
 */
import { z } from 'zod';
import { TASK_NO_PREFIX, taskNoPattern } from '../change-tasks/lifecycle.ts';
import { AUDIT_RESULT, TASK_TYPE, YES_NO } from '../dictionaries/codes.ts';
import { returnReasonIssue } from '../hospital-audit/rules.ts';
import { bilingual, pleaseInput, pleaseSelect, type TBilingual } from '../i18n/bilingual.ts';
import { DEL_FLAG, DOCTOR_GENDER, PROFESSIONAL_LEVEL, RECOMMEND_RATING_MAX } from './codes.ts';

const FORMAT = bilingual('格式不正确', 'Incorrect Format');
const formatOf = (label: TBilingual) => bilingual(`${label.zh}格式不正确`, `${label.en}: incorrect format`);
const tooLong = (label: TBilingual, max: number) =>
  bilingual(`${label.zh}不能超过 ${max} 个字符`, `${label.en} must be at most ${max} characters`);
const NO_SPECIALS = bilingual('不能包含 | 或 ^ 字符', 'The characters | and ^ are not allowed');

/** Field labels of the doctor form, in both languages. */
export const DOCTOR_LABELS = {
  certificateNo: { zh: '执业证号', en: 'certificate number' },
  cnLastName: { zh: '中文姓', en: 'Chinese last name' },
  cnFirstName: { zh: '中文名', en: 'Chinese first name' },
  enLastName: { zh: '英文姓', en: 'English last name' },
  enFirstName: { zh: '英文名', en: 'English first name' },
  gender: { zh: '性别', en: 'gender' },
  multiPractice: { zh: '多点执业', en: 'multi-practice' },
  externalDisplay: { zh: '对外展示', en: 'external display' },
  languages: { zh: '语言', en: 'languages' },
  professionalLevel: { zh: '职称', en: 'professional level' },
  expertiseCn: { zh: '中文擅长', en: 'expertise (Chinese)' },
  expertiseEn: { zh: '英文擅长', en: 'expertise (English)' },
  serviceOverviewCn: { zh: '中文服务概述', en: 'service overview (Chinese)' },
  serviceOverviewEn: { zh: '英文服务概述', en: 'service overview (English)' },
  departments: { zh: '科室', en: 'departments' },
  photo: { zh: '医生照片', en: 'doctor photo' },
  practiceEndDate: { zh: '执业截止日期', en: 'practice end date' },
  collectors: { zh: '采集人', en: 'collectors' },
  recommendRating: { zh: '内部推荐评级', en: 'internal recommendation rating' },
  recommendNote: { zh: '内部推荐说明', en: 'internal recommendation note' },
  taskNo: { zh: '任务号', en: 'task number' },
} as const satisfies Record<string, TBilingual>;

/** Bounds the spec does not give (decision 0024). */
export const DOCTOR_LIMITS = {
  certificateNo: 32,
  cnName: 20,
  enName: 50,
  expertise: 2000,
  serviceOverview: 2000,
  recommendNote: 1000,
  departments: 20,
  languages: 20,
  collectors: 10,
  collector: 50,
} as const;

const codes = <T extends Record<string, { code: string }>>(table: T) =>
  Object.values(table).map((e) => e.code) as [string, ...string[]];

const text = (label: TBilingual, max: number) =>
  z
    .string({ error: formatOf(label) })
    .trim()
    .max(max, tooLong(label, max))
    .refine((v) => !/[|^]/.test(v), NO_SPECIALS)
    .nullish()
    .transform((v) => v ?? '');

const choice = (label: TBilingual, values: [string, ...string[]]) =>
  z
    .enum(values, { error: pleaseSelect(label) })
    .or(z.literal(''))
    .nullish()
    .transform((v) => v ?? '');

const codeList = (label: TBilingual, max: number) =>
  z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9._-]{1,32}$/, formatOf(label)),
      { error: formatOf(label) },
    )
    .max(max, formatOf(label))
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);

/** A certificate number: letters and digits (and - _), 1 to 32. */
export const CERTIFICATE_NO_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The fields of the doctor form (provider side): everything of section 3 but the operator-only ones. */
const doctorShape = {
  certificateNo: z
    .string({ error: pleaseInput(DOCTOR_LABELS.certificateNo) })
    .trim()
    .min(1, pleaseInput(DOCTOR_LABELS.certificateNo))
    .regex(CERTIFICATE_NO_PATTERN, formatOf(DOCTOR_LABELS.certificateNo)),
  cnLastName: text(DOCTOR_LABELS.cnLastName, DOCTOR_LIMITS.cnName),
  cnFirstName: text(DOCTOR_LABELS.cnFirstName, DOCTOR_LIMITS.cnName),
  enLastName: text(DOCTOR_LABELS.enLastName, DOCTOR_LIMITS.enName),
  enFirstName: text(DOCTOR_LABELS.enFirstName, DOCTOR_LIMITS.enName),
  gender: choice(DOCTOR_LABELS.gender, codes(DOCTOR_GENDER)),
  multiPractice: choice(DOCTOR_LABELS.multiPractice, codes(YES_NO)),
  externalDisplay: choice(DOCTOR_LABELS.externalDisplay, codes(YES_NO)),
  languages: codeList(DOCTOR_LABELS.languages, DOCTOR_LIMITS.languages),
  professionalLevel: choice(DOCTOR_LABELS.professionalLevel, codes(PROFESSIONAL_LEVEL)),
  expertiseCn: text(DOCTOR_LABELS.expertiseCn, DOCTOR_LIMITS.expertise),
  expertiseEn: text(DOCTOR_LABELS.expertiseEn, DOCTOR_LIMITS.expertise),
  serviceOverviewCn: text(DOCTOR_LABELS.serviceOverviewCn, DOCTOR_LIMITS.serviceOverview),
  serviceOverviewEn: text(DOCTOR_LABELS.serviceOverviewEn, DOCTOR_LIMITS.serviceOverview),
  departments: codeList(DOCTOR_LABELS.departments, DOCTOR_LIMITS.departments),
  /** File id of the photo (bizType DOCTOR_PHOTO: jpg/jpeg/png, at most 10 MB), or ''. */
  photo: z
    .string({ error: formatOf(DOCTOR_LABELS.photo) })
    .trim()
    .refine((v) => v === '' || UUID.test(v), formatOf(DOCTOR_LABELS.photo))
    .nullish()
    .transform((v) => v ?? ''),
  practiceEndDate: z
    .string({ error: formatOf(DOCTOR_LABELS.practiceEndDate) })
    .trim()
    .refine(
      (v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
      formatOf(DOCTOR_LABELS.practiceEndDate),
    )
    .nullish()
    .transform((v) => v ?? ''),
  collectors: z
    .array(
      z
        .string()
        .trim()
        .min(1, formatOf(DOCTOR_LABELS.collectors))
        .max(DOCTOR_LIMITS.collector, tooLong(DOCTOR_LABELS.collectors, DOCTOR_LIMITS.collector)),
      { error: formatOf(DOCTOR_LABELS.collectors) },
    )
    .max(DOCTOR_LIMITS.collectors, formatOf(DOCTOR_LABELS.collectors))
    .nullish()
    .transform((v) => v ?? []),
};

export const ZDoctorForm = z.object(doctorShape);
export type TDoctorForm = z.output<typeof ZDoctorForm>;

/** Required on submit (save as a draft needs only the certificate number). */
export const DOCTOR_SUBMIT_REQUIRED = [
  'cnLastName',
  'cnFirstName',
  'enLastName',
  'enFirstName',
  'gender',
  'multiPractice',
  'externalDisplay',
  'languages',
  'professionalLevel',
  'departments',
] as const;
const SELECTS: readonly string[] = [
  'gender',
  'multiPractice',
  'externalDisplay',
  'languages',
  'professionalLevel',
  'departments',
];

/** The submit-mode issues of a form: required fields ('please input' / 'please select' + label). */
export function doctorSubmitIssues(form: TDoctorForm): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (const field of DOCTOR_SUBMIT_REQUIRED) {
    const value = form[field];
    if (Array.isArray(value) ? value.length > 0 : value !== '') continue;
    const label = DOCTOR_LABELS[field];
    issues.push({ path: field, message: SELECTS.includes(field) ? pleaseSelect(label) : pleaseInput(label) });
  }
  return issues;
}

/** The fields a change compares with the approved doctor and practice, in form order. */
export const DOCTOR_COMPARE_FIELDS = [
  'certificateNo',
  'cnLastName',
  'cnFirstName',
  'enLastName',
  'enFirstName',
  'gender',
  'multiPractice',
  'externalDisplay',
  'languages',
  'professionalLevel',
  'expertiseCn',
  'expertiseEn',
  'serviceOverviewCn',
  'serviceOverviewEn',
  'departments',
  'photo',
  'practiceEndDate',
  'collectors',
] as const satisfies readonly (keyof TDoctorForm)[];
export type TDoctorCompareField = (typeof DOCTOR_COMPARE_FIELDS)[number];
/** Fields that belong to the provider's practice; the others are the doctor's own (modelled once). */
export const PRACTICE_FIELDS: readonly TDoctorCompareField[] = [
  'externalDisplay',
  'departments',
  'practiceEndDate',
  'collectors',
];
const UNORDERED: readonly string[] = ['languages', 'departments', 'collectors'];

/** The form two values of a field are compared in: lists of codes as sets, text trimmed. */
export function doctorComparable(field: TDoctorCompareField, value: unknown): string {
  if (Array.isArray(value)) {
    const list = value.map(String);
    return JSON.stringify(UNORDERED.includes(field) ? [...list].sort() : list);
  }
  return JSON.stringify(typeof value === 'string' ? value.trim() : (value ?? ''));
}

/** The doctor task types: 01 add doctor, 02 update doctor. */
export const DOCTOR_TASK_TYPES = [TASK_TYPE.ADD_DOCTOR.code, TASK_TYPE.UPDATE_DOCTOR.code] as const;

export const DOCTOR_TASK_NO_PATTERN = taskNoPattern(TASK_NO_PREFIX.doctor);
export const ZDoctorTaskNo = z
  .string({ error: pleaseInput(DOCTOR_LABELS.taskNo) })
  .trim()
  .regex(DOCTOR_TASK_NO_PATTERN, formatOf(DOCTOR_LABELS.taskNo));
/** A task by id (uuid) or task number (path parameter). */
export const ZDoctorTaskKey = z
  .string()
  .trim()
  .refine((v) => UUID.test(v) || DOCTOR_TASK_NO_PATTERN.test(v), FORMAT);
export const ZDoctorId = z.string().trim().regex(UUID, FORMAT);
const ZVersion = z.number({ error: FORMAT }).int(FORMAT).min(0, FORMAT).optional();

/**
 * The body of create, update/{id} and task-update/{id}: the form, `submit` (false: save a draft
 * with validation mode none; true: submit, required fields apply) and the version read.
 */
export const ZDoctorTaskSaveBody = ZDoctorForm.extend({
  submit: z.boolean({ error: FORMAT }).optional().default(false),
  version: ZVersion,
}).superRefine((body, ctx) => {
  if (!body.submit) return;
  for (const issue of doctorSubmitIssues(body))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type TDoctorTaskSaveBody = z.output<typeof ZDoctorTaskSaveBody>;

/** withdraw and close: the version read, optional. */
export const ZDoctorTaskActionBody = z.object({ version: ZVersion });

/** task-audit: the audit result (01 approve, 02 return with a reason of up to 500 characters). */
export const ZDoctorAuditBody = z
  .object({
    auditResult: z.enum([AUDIT_RESULT.APPROVE.code, AUDIT_RESULT.RETURN.code], {
      error: pleaseSelect({ zh: '审核结果', en: 'audit result' }),
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

/** /drsystem/info/update/{id}: the operator-only fields of a doctor. */
export const ZDoctorInfoUpdateBody = z.object({
  recommendRating: z
    .number({ error: formatOf(DOCTOR_LABELS.recommendRating) })
    .int(formatOf(DOCTOR_LABELS.recommendRating))
    .min(1, formatOf(DOCTOR_LABELS.recommendRating))
    .max(RECOMMEND_RATING_MAX, formatOf(DOCTOR_LABELS.recommendRating))
    .nullable(),
  recommendNote: text(DOCTOR_LABELS.recommendNote, DOCTOR_LIMITS.recommendNote),
  delFlag: z.enum(codes(DEL_FLAG), { error: FORMAT }).optional(),
  version: ZVersion,
});
export type TDoctorInfoUpdateBody = z.output<typeof ZDoctorInfoUpdateBody>;

const listText = (max: number) =>
  z
    .string({ error: FORMAT })
    .trim()
    .max(max, FORMAT)
    .nullish()
    .transform((v) => v ?? '');

/** Doctor list and task lists: the generic list request (size 10, current 1). */
export const ZDoctorListRequest = z.object({
  current: z.number().int().min(1).max(100_000).optional().default(1),
  size: z.number().int().min(1).max(100).optional().default(10),
  model: z
    .object({
      /** Certificate number or any name, partial. */
      keyword: listText(100),
      taskType: listText(2),
      status: listText(2),
      providerId: listText(64),
    })
    .optional()
    .default({ keyword: '', taskType: '', status: '', providerId: '' }),
});
export type TDoctorListRequest = z.output<typeof ZDoctorListRequest>;

/** Doctor not matched: the certificate number and/or name to look for among the provider's doctors. */
export const ZDoctorMatchQuery = z
  .object({
    certificateNo: listText(32),
    name: listText(100),
    ts: z.string().optional(),
  })
  .refine((q) => q.certificateNo !== '' || q.name !== '', { message: FORMAT, path: ['certificateNo'] });

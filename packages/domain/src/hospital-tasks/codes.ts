/**
 * Constants of the hospital form rules that are not code tables (those are in
 * dictionaries/codes.ts): the service-time day fields, the provider-character rule, the
 * default remarks, the flow types of operation records (docs/decisions/0006-hospital-tasks.md).
 */
import {
  CLOSE_FLOW_TYPE,
  HOSPITAL_TASK_STATUS,
  PRO_DEPT_CATEGORY,
  PROVIDER_LEVEL,
  PROVIDER_PRO,
  SERVICE_TIME_TYPE,
  type TCodeEntry,
  WEEKDAY,
} from '../dictionaries/codes.ts';

/** The day fields of a server service-time row, Monday first; week is the client row's number. */
export const WEEKDAY_FIELDS = [
  { week: 1, key: 'monday', day: WEEKDAY.MONDAY },
  { week: 2, key: 'tuesday', day: WEEKDAY.TUESDAY },
  { week: 3, key: 'wednesday', day: WEEKDAY.WEDNESDAY },
  { week: 4, key: 'thursday', day: WEEKDAY.THURSDAY },
  { week: 5, key: 'friday', day: WEEKDAY.FRIDAY },
  { week: 6, key: 'saturday', day: WEEKDAY.SATURDAY },
  { week: 7, key: 'sunday', day: WEEKDAY.SUNDAY },
] as const;
export type TWeekdayKey = (typeof WEEKDAY_FIELDS)[number]['key'];
export const WEEKDAY_KEYS: readonly TWeekdayKey[] = WEEKDAY_FIELDS.map((d) => d.key);

/** The service types in the order the server form lists them. */
export const SERVICE_TYPE_ORDER = [
  SERVICE_TIME_TYPE.AM.code,
  SERVICE_TIME_TYPE.PM.code,
  SERVICE_TIME_TYPE.OTHER.code,
] as const;
export type TServiceTypeCode = (typeof SERVICE_TYPE_ORDER)[number];

/** Provider characters 02, 03 and 04 fix the hospital level and the department category. */
export const FIXED_LEVEL_CHARACTERS: readonly string[] = [
  PROVIDER_PRO.PRIVATE.code,
  PROVIDER_PRO.CLINIC.code,
  PROVIDER_PRO.OTHER.code,
];
/** The only character whose level and department category can be chosen. */
export const CHOOSABLE_LEVEL_CHARACTER = PROVIDER_PRO.PUBLIC.code;
export const FIXED_PROVIDER_LEVEL = PROVIDER_LEVEL.NOT_GRADED.code;
export const FIXED_DEPT_CATEGORY = PRO_DEPT_CATEGORY.GENERAL.code;

/** Remarks the form starts with when they are empty (spec section 4). */
export const DEFAULT_REMARKS = {
  notesC: '1.请提前预约',
  notesE: '1.Please make appointment inadvance',
} as const;

/**
 * flowType of an operation record: the status itself, except for closes (07), where it says
 * who closed the task (06 the hospital, 07 overdue).
 */
export function flowTypeFor(status: string, closedBy: 'hospital' | 'overdue' = 'hospital'): string {
  if (status !== HOSPITAL_TASK_STATUS.CLOSED.code) return status;
  return closedBy === 'hospital' ? CLOSE_FLOW_TYPE.BY_HOSPITAL.code : CLOSE_FLOW_TYPE.OVERDUE.code;
}

/** Statuses in which the provider may edit and resubmit a task (draft, returned). */
export const EDITABLE_STATUSES: readonly string[] = [
  HOSPITAL_TASK_STATUS.PENDING.code,
  HOSPITAL_TASK_STATUS.REJECTED.code,
];
/** Statuses the provider may close (a draft or a returned task). */
export const CLOSABLE_STATUSES: readonly string[] = [
  HOSPITAL_TASK_STATUS.PENDING.code,
  HOSPITAL_TASK_STATUS.REJECTED.code,
];
/** Statuses the provider may withdraw (submitted, under audit). */
export const WITHDRAWABLE_STATUSES: readonly string[] = [HOSPITAL_TASK_STATUS.AUDITING.code];
/** Statuses of an unfinished change task, which blocks starting another change (checkEdit). */
export const UNFINISHED_STATUSES: readonly string[] = [
  HOSPITAL_TASK_STATUS.AUDITING.code,
  HOSPITAL_TASK_STATUS.PENDING.code,
];

/**
 * The hospital task statuses in the order every screen lists them (filters, boards): work
 * waiting first (draft, submitted, returned), then the outcomes. The names are those of
 * HOSPITAL_TASK_STATUS, the one table every list, board, detail and export reads.
 */
export const HOSPITAL_TASK_STATUS_ORDER: readonly TCodeEntry[] = [
  HOSPITAL_TASK_STATUS.PENDING,
  HOSPITAL_TASK_STATUS.AUDITING,
  HOSPITAL_TASK_STATUS.REJECTED,
  HOSPITAL_TASK_STATUS.APPROVED,
  HOSPITAL_TASK_STATUS.WITHDRAWN,
  HOSPITAL_TASK_STATUS.CLOSED,
];

/** The name of a hospital task status in a language, or null for an unknown code. */
export function taskStatusName(status: string | null | undefined, lang: 'zh' | 'en'): string | null {
  const entry = HOSPITAL_TASK_STATUS_ORDER.find((e) => e.code === status);
  return entry ? entry[lang] : null;
}

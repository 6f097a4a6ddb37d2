/**
 * Constants of the hospital form rules that are not code tables (those are in
 * dictionaries/codes.ts): the service-time day fields, the provider-character rule, the
 * default remarks (docs/decisions/0006-hospital-tasks.md). The status machine shared with doctor
 * tasks is in change-tasks/lifecycle.ts.
 */
import {
  PRO_DEPT_CATEGORY,
  PROVIDER_LEVEL,
  PROVIDER_PRO,
  SERVICE_TIME_TYPE,
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

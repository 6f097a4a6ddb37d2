/**
 * Code tables of the doctor entity (spec section 3), with their labels next to the codes.
 * docs/decisions/0024-doctors.md records the choices the spec leaves open.
 */
import type { TCodeEntry } from '../dictionaries/codes.ts';

/** Gender of a doctor (spec section 3: 0 unknown, 1 male, 2 female). */
export const DOCTOR_GENDER = {
  UNKNOWN: { code: '0', zh: '未知', en: 'Unknown' },
  MALE: { code: '1', zh: '男', en: 'Male' },
  FEMALE: { code: '2', zh: '女', en: 'Female' },
} as const satisfies Record<string, TCodeEntry>;

/** Professional level: the clinical titles of the Chinese health system, and other. */
export const PROFESSIONAL_LEVEL = {
  CHIEF: { code: '01', zh: '主任医师', en: 'Chief physician' },
  ASSOCIATE_CHIEF: { code: '02', zh: '副主任医师', en: 'Associate chief physician' },
  ATTENDING: { code: '03', zh: '主治医师', en: 'Attending physician' },
  RESIDENT: { code: '04', zh: '住院医师', en: 'Resident physician' },
  OTHER: { code: '05', zh: '其他', en: 'Other' },
} as const satisfies Record<string, TCodeEntry>;

/** Soft-delete flag of a doctor and a practice (spec section 3: 0 valid, 1 invalid). */
export const DEL_FLAG = {
  VALID: { code: '0', zh: '有效', en: 'Valid' },
  INVALID: { code: '1', zh: '无效', en: 'Invalid' },
} as const satisfies Record<string, TCodeEntry>;

/** Internal recommendation rating: 1 (lowest) to 5 (highest); operator staff only. */
export const RECOMMEND_RATING_MAX = 5;

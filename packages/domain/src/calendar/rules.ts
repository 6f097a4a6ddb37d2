/**
 * The holiday calendar's administration (decision 0043): permissions, the day form and the
 * records the operator screen lists, shared by the server routes and the web form.
 */
import { z } from 'zod';
import { ERRORS } from '../errors/catalogue.ts';
import { bilingual, pleaseInput, pleaseSelect, type TBilingual } from '../i18n/bilingual.ts';
import { CALENDAR_DAY_KINDS, isCalendarDay, type TCalendarDayKind, weekday } from './working-days.ts';

export const CALENDAR_PERMISSIONS = {
  view: 'authority:holiday:view',
  add: 'authority:holiday:add',
  edit: 'authority:holiday:edit',
  delete: 'authority:holiday:delete',
} as const;

export const CALENDAR_LIMITS = { name: 50, nameEn: 100, minYear: 2000, maxYear: 2100 } as const;

export const CALENDAR_LABELS = {
  day: { zh: '日期', en: 'date' },
  kind: { zh: '类型', en: 'type' },
  name: { zh: '中文名称', en: 'Chinese name' },
  nameEn: { zh: '英文名称', en: 'English name' },
  year: { zh: '年份', en: 'year' },
} as const satisfies Record<string, TBilingual>;

/** True when the day may carry the kind: adjusted working days are weekend days made to work. */
export function kindFitsDay(day: string, kind: TCalendarDayKind): boolean {
  return kind !== 'workday' || weekday(day) >= 6;
}

const tooLong = (label: TBilingual, max: number) =>
  bilingual(`${label.zh}不能超过${max}个字符`, `The ${label.en} must be at most ${max} characters`);

const requiredText = (label: TBilingual, max: number) =>
  z
    .string({ error: pleaseInput(label) })
    .trim()
    .min(1, pleaseInput(label))
    .max(max, tooLong(label, max));

const dayField = z.string({ error: pleaseSelect(CALENDAR_LABELS.day) }).refine(isCalendarDay, {
  error: bilingual('日期无效，格式为 YYYY-MM-DD', 'Not a valid date (YYYY-MM-DD)'),
});

const yearRange = bilingual(
  `年份须在 ${CALENDAR_LIMITS.minYear} 至 ${CALENDAR_LIMITS.maxYear} 之间`,
  `The year must be between ${CALENDAR_LIMITS.minYear} and ${CALENDAR_LIMITS.maxYear}`,
);

/** POST /authority/holiday: one special day. */
export const ZCalendarDayInput = z.object({
  day: dayField,
  kind: z.enum(CALENDAR_DAY_KINDS, { error: pleaseSelect(CALENDAR_LABELS.kind) }),
  name: requiredText(CALENDAR_LABELS.name, CALENDAR_LIMITS.name),
  nameEn: requiredText(CALENDAR_LABELS.nameEn, CALENDAR_LIMITS.nameEn),
});
export type TCalendarDayInput = z.input<typeof ZCalendarDayInput>;

/** PUT /authority/holiday: the same fields, with the version the operator read. */
export const ZCalendarDayUpdate = ZCalendarDayInput.extend({
  id: z.uuid({ error: bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en) }),
  version: z
    .number({ error: bilingual(ERRORS.VALIDATION.zh, ERRORS.VALIDATION.en) })
    .int()
    .min(0),
});
export type TCalendarDayUpdate = z.input<typeof ZCalendarDayUpdate>;

/** GET /authority/holiday/list?year= */
export const ZCalendarYearQuery = z.object({
  year: z.coerce
    .number({ error: yearRange })
    .int(yearRange)
    .min(CALENDAR_LIMITS.minYear, yearRange)
    .max(CALENDAR_LIMITS.maxYear, yearRange),
  ts: z.string().optional(),
});

export const ZCalendarDayRecord = z.object({
  id: z.string(),
  day: z.string(),
  kind: z.enum(CALENDAR_DAY_KINDS),
  name: z.string(),
  nameEn: z.string(),
  /** 1 to 7, Monday first. */
  weekday: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TCalendarDayRecord = z.infer<typeof ZCalendarDayRecord>;

/** DELETE /authority/holiday: the day and the version the operator read. */
export const ZCalendarDayRemove = ZCalendarDayUpdate.pick({ id: true, version: true });

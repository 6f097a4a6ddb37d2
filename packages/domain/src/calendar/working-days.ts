/**
 * The working-day calendar (docs/decisions/0043-working-day-calendar.md): mainland China
 * rest days are Saturdays, Sundays and public holidays, except weekend days that are adjusted
 * working days (调休上班). Days are China days, 'YYYY-MM-DD'.
 */
import { CHINA_OFFSET_MS, chinaDay } from '../format/format.ts';

/** A special day of a tenant's calendar: a public holiday or an adjusted working day. */
export const CALENDAR_DAY_KIND = {
  HOLIDAY: { code: 'holiday', zh: '法定节假日', en: 'Public holiday' },
  WORKDAY: { code: 'workday', zh: '调休上班', en: 'Adjusted working day' },
} as const;
export type TCalendarDayKind = (typeof CALENDAR_DAY_KIND)[keyof typeof CALENDAR_DAY_KIND]['code'];
export const CALENDAR_DAY_KINDS = ['holiday', 'workday'] as const satisfies readonly TCalendarDayKind[];

export interface TCalendarDay {
  day: string;
  kind: TCalendarDayKind;
}

/** A calendar: the special days by day number (days since 1970-01-01); every other day follows the weekend rule. */
export interface TWorkingCalendar {
  readonly kinds: ReadonlyMap<number, TCalendarDayKind>;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number (days since 1970-01-01) of a real day written 'YYYY-MM-DD', or null. */
function parseDay(value: string): number | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === date ? at.getTime() / DAY_MS : null;
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isCalendarDay(value: string): boolean {
  return parseDay(value) !== null;
}

function dayNumber(day: string): number {
  const n = parseDay(day);
  if (n === null) throw new RangeError(`Not a calendar day: ${day}`);
  return n;
}

const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export { chinaDay };

/** 00:00 China time of a day, as an instant. */
export function chinaMidnight(day: string): Date {
  return new Date(dayNumber(day) * DAY_MS - CHINA_OFFSET_MS);
}

/** The calendar day `n` days after `day` (before it when n < 0). */
export function addCalendarDays(day: string, n: number): string {
  return dayOf(dayNumber(day) + n);
}

const weekdayOf = (n: number) => ((((n + 3) % 7) + 7) % 7) + 1;

/** Weekday 1 to 7, Monday first (spec section 9). */
export function weekday(day: string): number {
  return weekdayOf(dayNumber(day));
}

/** Builds a calendar from its special days. */
export function workingCalendarOf(days: readonly TCalendarDay[]): TWorkingCalendar {
  return { kinds: new Map(days.map((d) => [dayNumber(d.day), d.kind])) };
}

// The loops below work on day numbers: a countdown checks a few dozen days, a list of cases
// thousands, and parsing a date string per check cost 100 times more.
function worksOn(calendar: TWorkingCalendar, n: number): boolean {
  const kind = calendar.kinds.get(n);
  if (kind === 'holiday') return false;
  if (kind === 'workday') return true;
  return weekdayOf(n) <= 5;
}

/** True when people work on `day`. */
export function isWorkingDay(calendar: TWorkingCalendar, day: string): boolean {
  return worksOn(calendar, dayNumber(day));
}

/** The n-th working day after `day` (before it when n < 0); `day` itself when n = 0. */
export function addWorkingDays(calendar: TWorkingCalendar, day: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  const step = n < 0 ? -1 : 1;
  let current = dayNumber(day);
  for (let left = Math.abs(n); left > 0; ) {
    current += step;
    if (worksOn(calendar, current)) left -= 1;
  }
  return dayOf(current);
}

/** The working days in (from, to]; negative (the days in (to, from]) when `to` is before `from`. */
export function workingDaysBetween(calendar: TWorkingCalendar, from: string, to: string): number {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const [low, high, sign] = start <= end ? [start, end, 1] : [end, start, -1];
  let count = 0;
  for (let n = low + 1; n <= high; n += 1) if (worksOn(calendar, n)) count += 1;
  return sign * count;
}

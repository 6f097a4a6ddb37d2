import { createRequire } from 'node:module';
import { addCalendarDays, chinaDay, type TCalendarDay } from '@portal/domain/calendar/working-days';
import chineseDays from 'chinese-days';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDbOrTx } from '../../platform/db/client.ts';
import { calendarDays, calendarSeededYears } from './calendar.tables.ts';

/** A special day with its names, as the seed writes it. */
export interface TNamedCalendarDay extends TCalendarDay {
  name: string;
  nameEn: string;
}

interface TArrangements {
  /** 'YYYY-MM-DD' -> 'English name,中文名,n' */
  holidays: Record<string, string>;
  workdays: Record<string, string>;
}

/** The State Council's arrangements as the chinese-days package ships them (SOURCES.md). */
const arrangements = createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as TArrangements;

const named = (entries: [string, string][], kind: TCalendarDay['kind']): TNamedCalendarDay[] =>
  entries.map(([day, names]) => {
    const [nameEn, name] = names.split(',');
    return { day, kind, name, nameEn };
  });

const inYear = (year: number, table: Record<string, string>) =>
  Object.entries(table).filter(([day]) => day.startsWith(`${year}-`));

const lunarDay = (year: number, monthDay: string) =>
  chineseDays.getSolarDateFromLunar(`${year}-${monthDay}`).date;

/**
 * The statutory holidays of 全国年节及纪念日放假办法 (2024 revision, art. 2) in a year: what is
 * certain before the State Council announces that year's arrangement. No adjusted working days.
 */
export function statutoryHolidays(year: number): TNamedCalendarDay[] {
  const holiday = (day: string, name: string, nameEn: string): TNamedCalendarDay => ({
    day,
    kind: 'holiday',
    name,
    nameEn,
  });
  const springFestival = lunarDay(year, '01-01');
  return [
    holiday(`${year}-01-01`, '元旦', "New Year's Day"),
    ...[-1, 0, 1, 2].map((n) => holiday(addCalendarDays(springFestival, n), '春节', 'Spring Festival')),
    holiday(chineseDays.getSolarTermDate(year, 4, 'pure_brightness'), '清明', 'Tomb-sweeping Day'),
    holiday(`${year}-05-01`, '劳动节', 'Labour Day'),
    holiday(`${year}-05-02`, '劳动节', 'Labour Day'),
    holiday(lunarDay(year, '05-05'), '端午', 'Dragon Boat Festival'),
    holiday(lunarDay(year, '08-15'), '中秋', 'Mid-autumn Festival'),
    ...['01', '02', '03'].map((d) => holiday(`${year}-10-${d}`, '国庆节', 'National Day')),
  ];
}

/** The mainland days of a year: the announced arrangement when the package has it, else the statutory holidays. */
export function mainlandDays(year: number): TNamedCalendarDay[] {
  const holidays = inYear(year, arrangements.holidays);
  if (holidays.length === 0) return statutoryHolidays(year);
  return [...named(holidays, 'holiday'), ...named(inYear(year, arrangements.workdays), 'workday')].sort(
    (a, b) => a.day.localeCompare(b.day),
  );
}

/** True when the package ships the State Council's arrangement for the year. */
export const hasAnnouncedArrangement = (year: number) => inYear(year, arrangements.holidays).length > 0;

/** This year and next, China time: the years a tenant's calendar starts with. */
export function seedYears(now = new Date()): number[] {
  const year = Number(chinaDay(now).slice(0, 4));
  return [year, year + 1];
}

/**
 * Writes each year's mainland days into a tenant's calendar once; a year seeded before is left
 * to the operators, so a day they changed or removed stays as they left it.
 */
export async function seedTenantCalendar(
  db: TDbOrTx,
  { tenantId, years = seedYears() }: { tenantId: string; years?: number[] },
): Promise<void> {
  const done = await db
    .select({ year: calendarSeededYears.year })
    .from(calendarSeededYears)
    .where(and(eq(calendarSeededYears.tenantId, tenantId), inArray(calendarSeededYears.year, years)));
  const seeded = new Set(done.map((row) => row.year));
  for (const year of years.filter((y) => !seeded.has(y))) {
    const days = mainlandDays(year).map((d) => ({ tenantId, ...d, createdBy: 'seed', updatedBy: 'seed' }));
    await db.insert(calendarDays).values(days).onConflictDoNothing();
    await db.insert(calendarSeededYears).values({ tenantId, year, createdBy: 'seed' }).onConflictDoNothing();
  }
}

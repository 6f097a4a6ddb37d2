import type { TCalendarDayRecord } from '@portal/domain/calendar/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const HOLIDAY_CALENDAR_KEY = ['calendar', 'holidays'] as const;

/** GET /authority/holiday/list: a year's public holidays and adjusted working days. */
export function getHolidayYear(year: number): Promise<TCalendarDayRecord[]> {
  return http.get<TCalendarDayRecord[]>('/authority/holiday/list', { year });
}

export function holidayYearQueryOptions(year: number) {
  return queryOptions({
    queryKey: [...HOLIDAY_CALENDAR_KEY, year],
    queryFn: () => getHolidayYear(year),
    staleTime: 0,
  });
}

export function useHolidayYear(year: number) {
  return useQuery(holidayYearQueryOptions(year));
}

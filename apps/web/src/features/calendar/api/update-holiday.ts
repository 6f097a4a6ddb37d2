import type { TCalendarDayRecord, TCalendarDayUpdate } from '@portal/domain/calendar/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOLIDAY_CALENDAR_KEY } from './holiday-year.ts';

/** PUT /authority/holiday: changes a day's date, kind or names. */
export function updateHoliday(input: TCalendarDayUpdate): Promise<TCalendarDayRecord> {
  return http.put<TCalendarDayRecord>('/authority/holiday', input);
}

export function useUpdateHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateHoliday,
    // A stale version (409) also reloads the year, so the operator sees the current day.
    onSettled: () => client.invalidateQueries({ queryKey: HOLIDAY_CALENDAR_KEY }),
  });
}

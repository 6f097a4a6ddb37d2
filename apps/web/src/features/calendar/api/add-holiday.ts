import type { TCalendarDayInput, TCalendarDayRecord } from '@portal/domain/calendar/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOLIDAY_CALENDAR_KEY } from './holiday-year.ts';

/** POST /authority/holiday: adds a public holiday or an adjusted working day. */
export function addHoliday(input: TCalendarDayInput): Promise<TCalendarDayRecord> {
  return http.post<TCalendarDayRecord>('/authority/holiday', input);
}

export function useAddHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addHoliday,
    onSuccess: () => client.invalidateQueries({ queryKey: HOLIDAY_CALENDAR_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOLIDAY_CALENDAR_KEY } from './holiday-year.ts';

/** DELETE /authority/holiday: the day follows the weekend rule again. */
export function removeHoliday(input: { id: string; version: number }): Promise<null> {
  return http.delete<null>('/authority/holiday', input);
}

export function useRemoveHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeHoliday,
    onSettled: () => client.invalidateQueries({ queryKey: HOLIDAY_CALENDAR_KEY }),
  });
}

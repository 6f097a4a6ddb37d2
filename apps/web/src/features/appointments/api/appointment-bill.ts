import type { TAppointmentBill } from '@portal/domain/appointments/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

/** GET /smartportal/appointDetail/getAppointBill: the confirmed visit's bill, split. */
export function getAppointBill(id: string): Promise<TAppointmentBill> {
  return http.get<TAppointmentBill>('/smartportal/appointDetail/getAppointBill', { id });
}

export function useAppointBill(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...APPOINTMENTS_KEY, 'one', id, 'bill'],
      queryFn: () => getAppointBill(id),
      enabled: enabled && Boolean(id),
      staleTime: 0,
    }),
  );
}

import type { TAppointment, TProcessRow } from '@portal/domain/appointments/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

/** GET /smartportal/appointmentBasic/detail/{id}. */
export function getAppointment(id: string): Promise<TAppointment> {
  return http.get<TAppointment>(`/smartportal/appointmentBasic/detail/${encodeURIComponent(id)}`);
}

/** GET /smartportal/appointmentBasic/processDetail/{id}: the history, oldest first. */
export function getProcessDetail(id: string): Promise<TProcessRow[]> {
  return http.get<TProcessRow[]>(`/smartportal/appointmentBasic/processDetail/${encodeURIComponent(id)}`);
}

export function appointmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'one', id],
    queryFn: () => getAppointment(id),
    staleTime: 0,
  });
}

export function processDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'one', id, 'process'],
    queryFn: () => getProcessDetail(id),
    staleTime: 0,
  });
}

export function useAppointment(id: string) {
  return useQuery({ ...appointmentQueryOptions(id), enabled: Boolean(id) });
}

export function useProcessDetail(id: string) {
  return useQuery({ ...processDetailQueryOptions(id), enabled: Boolean(id) });
}

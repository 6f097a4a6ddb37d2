import type { TAppointmentListBody, TAppointmentPage } from '@portal/domain/appointments/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const APPOINTMENTS_KEY = ['appointments'] as const;

/** POST /smartportal/appointmentBasic/getAppointmentBasicList: a filtered page, newest first. */
export function getAppointmentList(body: TAppointmentListBody): Promise<TAppointmentPage> {
  return http.post<TAppointmentPage>('/smartportal/appointmentBasic/getAppointmentBasicList', body);
}

export function appointmentListQueryOptions(body: TAppointmentListBody) {
  return queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'list', body],
    queryFn: () => getAppointmentList(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAppointmentList(body: TAppointmentListBody) {
  return useQuery(appointmentListQueryOptions(body));
}

import type { ZAppointmentClient } from '@portal/domain/appointments/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

export type TAppointmentClient = z.infer<typeof ZAppointmentClient>;

/** POST /smartportal/appointDetail/getAppointmentClient: the customer, plan and policy behind an appointment. */
export function getAppointmentClient(id: string): Promise<TAppointmentClient> {
  return http.post<TAppointmentClient>('/smartportal/appointDetail/getAppointmentClient', { id });
}

export function useAppointmentClient(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...APPOINTMENTS_KEY, 'one', id, 'client'],
      queryFn: () => getAppointmentClient(id),
      enabled: Boolean(id),
    }),
  );
}

import type {
  TAppointment,
  TPatient,
  TPatientQuery,
  TVisitRegistration,
} from '@portal/domain/appointments/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

/** POST /smartportal/appointDetail/getPatientList: members of the provider's plans, by name and birthday or card number. */
export function getPatientList(query: TPatientQuery): Promise<TPatient[]> {
  return http.post<TPatient[]>('/smartportal/appointDetail/getPatientList', query);
}

export function usePatientSearch() {
  return useMutation({ mutationFn: getPatientList });
}

/** POST /smartportal/appointDetail/visitRegistration: registers a visit to be treated. */
export function registerVisit(input: TVisitRegistration): Promise<TAppointment> {
  return http.post<TAppointment>('/smartportal/appointDetail/visitRegistration', input);
}

export function useRegisterVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: registerVisit,
    onSuccess: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DOCTORS_KEY } from './keys.ts';

export interface TCheckDoctorEditResult {
  doctorId: string;
  canEdit: true;
}

/**
 * GET /drsystem/management/check-edit/{id}: whether an update of the doctor may start. Refused
 * with 409 'Doctor has an unfinished task' (40913, naming the task) or 404 'Doctor not matched'.
 * Silent: the screens show the reason in place.
 */
export function checkDoctorEdit(doctorId: string): Promise<TCheckDoctorEditResult> {
  return http.get<TCheckDoctorEditResult>(
    `/drsystem/management/check-edit/${encodeURIComponent(doctorId)}`,
    undefined,
    { silent: true },
  );
}

export function checkDoctorEditQueryOptions(doctorId: string) {
  return queryOptions({
    queryKey: [...DOCTORS_KEY, 'check-edit', doctorId],
    queryFn: () => checkDoctorEdit(doctorId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useCheckDoctorEdit(doctorId: string, enabled = true) {
  return useQuery({ ...checkDoctorEditQueryOptions(doctorId), enabled: enabled && doctorId !== '' });
}

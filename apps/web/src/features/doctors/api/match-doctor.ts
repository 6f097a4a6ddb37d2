import type { TDoctorListItem } from '@portal/domain/doctors/api';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/**
 * GET /drsystem/management/match: the provider's doctors with this certificate number or name;
 * 'Doctor not matched' (40085) otherwise, which the screen answers with its own offer (silent).
 */
export function matchDoctor(query: { certificateNo?: string; name?: string }): Promise<TDoctorListItem[]> {
  return http.get<TDoctorListItem[]>('/drsystem/management/match', query, { silent: true });
}

export function useMatchDoctor() {
  return useMutation({ mutationFn: matchDoctor });
}

import type { TDoctorView } from '@portal/domain/doctors/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DOCTOR_DETAIL_KEY } from './keys.ts';

/** GET /drsystem/management/detail/{id}: a doctor with its practice at the user's provider. */
export function getDoctorDetail(id: string): Promise<TDoctorView> {
  return http.get<TDoctorView>(`/drsystem/management/detail/${encodeURIComponent(id)}`);
}

export function doctorDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...DOCTOR_DETAIL_KEY, id],
    queryFn: () => getDoctorDetail(id),
    staleTime: 0,
  });
}

export function useDoctorDetail(id: string) {
  return useQuery({ ...doctorDetailQueryOptions(id), enabled: id !== '' });
}

import type { TDoctorView } from '@portal/domain/doctors/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DOCTOR_DETAIL_KEY } from './keys.ts';

/** GET /drsystem/info/detail/{id}: a doctor with every practice and the internal recommendation. */
export function getOperatorDoctor(id: string): Promise<TDoctorView> {
  return http.get<TDoctorView>(`/drsystem/info/detail/${encodeURIComponent(id)}`);
}

export function operatorDoctorQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...DOCTOR_DETAIL_KEY, 'operator', id],
    queryFn: () => getOperatorDoctor(id),
    staleTime: 0,
  });
}

export function useOperatorDoctor(id: string | null) {
  return useQuery({ ...operatorDoctorQueryOptions(id ?? ''), enabled: Boolean(id) });
}

import type { TDoctorView } from '@portal/domain/doctors/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DOCTORS_KEY } from './keys.ts';

export interface TDoctorInfoInput {
  id: string;
  recommendRating: number | null;
  recommendNote: string;
  version?: number;
}

/** POST /drsystem/info/update/{id}: the operator-only internal recommendation rating and note. */
export function updateDoctorInfo({ id, ...body }: TDoctorInfoInput): Promise<TDoctorView> {
  return http.post<TDoctorView>(`/drsystem/info/update/${encodeURIComponent(id)}`, body);
}

export function useUpdateDoctorInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateDoctorInfo,
    onSettled: () => client.invalidateQueries({ queryKey: DOCTORS_KEY }),
  });
}

import type { TDoctorTaskView } from '@portal/domain/doctors/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DOCTOR_TASK_KEY } from './keys.ts';

/** GET /drsystem/management/task-detail/{id}: a doctor task (id or task number) with its records. */
export function getDoctorTask(key: string): Promise<TDoctorTaskView> {
  return http.get<TDoctorTaskView>(`/drsystem/management/task-detail/${encodeURIComponent(key)}`);
}

export function doctorTaskQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...DOCTOR_TASK_KEY, key],
    queryFn: () => getDoctorTask(key),
    staleTime: 0,
  });
}

export function useDoctorTask(key: string) {
  return useQuery({ ...doctorTaskQueryOptions(key), enabled: key !== '' });
}

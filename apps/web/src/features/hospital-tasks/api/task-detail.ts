import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { TASK_DETAIL_KEY } from './keys.ts';

/** GET /drsystem/providerTask/detail/{id}: a task by id or task number, with files and operation records. */
export function getTaskDetail(id: string): Promise<THospitalTaskView> {
  return http.get<THospitalTaskView>(`/drsystem/providerTask/detail/${encodeURIComponent(id)}`);
}

export function taskDetailQueryOptions(id: string) {
  return queryOptions({ queryKey: [...TASK_DETAIL_KEY, id], queryFn: () => getTaskDetail(id), staleTime: 0 });
}

export function useTaskDetail(id: string) {
  return useQuery({ ...taskDetailQueryOptions(id), enabled: id !== '' });
}

import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

export interface TEditDetailParams {
  taskNo?: string;
  providerId?: string;
}

/**
 * GET /drsystem/providerTask/editDetail?taskNo= | ?providerId=: the data that fills the form
 * (a task, the approved record, or a blank form for the user's provider).
 */
export function getEditDetail(params: TEditDetailParams): Promise<THospitalTaskView> {
  return http.get<THospitalTaskView>('/drsystem/providerTask/editDetail', {
    taskNo: params.taskNo || undefined,
    providerId: params.providerId || undefined,
  });
}

export function editDetailQueryOptions(params: TEditDetailParams) {
  return queryOptions({
    queryKey: [...HOSPITAL_TASKS_KEY, 'edit-detail', params.taskNo ?? '', params.providerId ?? ''],
    queryFn: () => getEditDetail(params),
    // A task is edited from what the server holds now (task routes are never cached).
    staleTime: 0,
    gcTime: 0,
  });
}

export function useEditDetail(params: TEditDetailParams, enabled = true) {
  return useQuery({ ...editDetailQueryOptions(params), enabled });
}

import type { THospitalTaskView } from '@portal/domain/hospital-tasks/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

/** GET /drsystem/providerTaskMsh/detail/{id}: a submitted task as the auditor sees it (by id or task number). */
export function getAuditDetail(idOrTaskNo: string): Promise<THospitalTaskView> {
  return http.get<THospitalTaskView>(`/drsystem/providerTaskMsh/detail/${encodeURIComponent(idOrTaskNo)}`);
}

export function auditDetailQueryOptions(idOrTaskNo: string) {
  return queryOptions({
    queryKey: [...HOSPITAL_TASKS_KEY, 'audit-detail', idOrTaskNo],
    queryFn: () => getAuditDetail(idOrTaskNo),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAuditDetail(idOrTaskNo: string, enabled = true) {
  return useQuery({ ...auditDetailQueryOptions(idOrTaskNo), enabled: enabled && idOrTaskNo !== '' });
}

import type { ZDoctorAuditView } from '@portal/domain/doctors/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { DOCTOR_AUDIT_TASK_KEY } from './keys.ts';

export type TDoctorAuditView = z.infer<typeof ZDoctorAuditView>;

/** GET /drsystem/management/msh-task-detail/{id}: the audit view of a doctor task (operators). */
export function getAuditDoctorTask(key: string): Promise<TDoctorAuditView> {
  return http.get<TDoctorAuditView>(`/drsystem/management/msh-task-detail/${encodeURIComponent(key)}`);
}

export function auditDoctorTaskQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...DOCTOR_AUDIT_TASK_KEY, key],
    queryFn: () => getAuditDoctorTask(key),
    staleTime: 0,
  });
}

export function useAuditDoctorTask(key: string, enabled = true) {
  return useQuery({ ...auditDoctorTaskQueryOptions(key), enabled: enabled && key !== '' });
}

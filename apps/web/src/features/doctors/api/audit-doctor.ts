import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDoctorViews } from './invalidate.ts';

export interface TDoctorAuditInput {
  taskNo: string;
  auditResult: string;
  returnReason: string;
  version?: number;
}

/** POST /drsystem/management/task-audit/med/{taskNo}: approve (01) or return (02) a submitted task. */
export function auditDoctor({ taskNo, ...body }: TDoctorAuditInput) {
  return http.post<THospitalTaskRef & { doctorId: string | null }>(
    `/drsystem/management/task-audit/med/${encodeURIComponent(taskNo)}`,
    body,
  );
}

export function useAuditDoctor() {
  const client = useQueryClient();
  return useMutation({ mutationFn: auditDoctor, onSettled: () => invalidateDoctorViews(client) });
}

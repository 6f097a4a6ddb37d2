import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

export interface TApprovalBody {
  taskNo: string;
  /** 01 approve, 02 return. */
  auditResult: string;
  /** Required when returning (at most 500 characters). */
  returnReason?: string;
  version?: number;
}

/** POST /drsystem/providerTaskMsh/approval: the auditor approves or returns a submitted task. */
export function approveTask(body: TApprovalBody): Promise<unknown> {
  return http.post<unknown>('/drsystem/providerTaskMsh/approval', body);
}

export function useApproveTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveTask,
    onSuccess: () => client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
  });
}

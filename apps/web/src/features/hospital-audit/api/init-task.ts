import type { TInitTaskResult } from '@portal/domain/hospital-audit/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { AUDIT_TASKS_KEY } from './keys.ts';

/** POST /drsystem/providerTaskMsh/initTask: the auditor takes a submitted task (or assigns it). */
export function initTask(body: { taskNo: string; assignTo?: string }): Promise<TInitTaskResult> {
  return http.post<TInitTaskResult>('/drsystem/providerTaskMsh/initTask', body);
}

export function useInitTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: initTask,
    onSuccess: () => client.invalidateQueries({ queryKey: AUDIT_TASKS_KEY }),
  });
}

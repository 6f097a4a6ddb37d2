import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import type { THospitalTaskFormInput } from '@portal/domain/hospital-tasks/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

export type TCommitBody = THospitalTaskFormInput & { taskNo?: string; version?: number };

/** POST /drsystem/providerTask/commit: submits an add-hospital task (new, or the draft named by taskNo). */
export function commitTask(body: TCommitBody): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>('/drsystem/providerTask/commit', body);
}

export function useCommitTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: commitTask,
    onSuccess: () => client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
  });
}

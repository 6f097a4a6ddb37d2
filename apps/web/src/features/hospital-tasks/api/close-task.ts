import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';
import { actionBody, type TTaskActionInput } from './withdraw-task.ts';

/** POST /drsystem/providerTask/close: a draft (08) or returned (04) task becomes closed (07). */
export function closeTask(input: TTaskActionInput): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>('/drsystem/providerTask/close', actionBody(input));
}

/** Closes a task; every hospital-task view reloads, also after a refusal (the status moved on). */
export function useCloseTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closeTask,
    onSettled: () => client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
  });
}

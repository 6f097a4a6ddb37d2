import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

export interface TTaskActionInput {
  taskNo: string;
  /** The version the user saw; a stale one is refused with 409 'case status changed'. */
  version?: number | null;
}

export function actionBody({ taskNo, version }: TTaskActionInput): { taskNo: string; version?: number } {
  return version === null || version === undefined ? { taskNo } : { taskNo, version };
}

/** POST /drsystem/providerTask/withdraw: a submitted task (01) becomes withdrawn (03). */
export function withdrawTask(input: TTaskActionInput): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>('/drsystem/providerTask/withdraw', actionBody(input));
}

/** Withdraws a task; every hospital-task view reloads, also after a refusal (the status moved on). */
export function useWithdrawTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawTask,
    onSettled: () => client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
  });
}

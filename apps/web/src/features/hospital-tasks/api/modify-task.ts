import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import type { THospitalTaskFormInput } from '@portal/domain/hospital-tasks/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

export type TModifyBody = THospitalTaskFormInput & { taskNo: string; version?: number };

/** POST /drsystem/providerTask/modify: submits an edited draft (08) or returned (04) task. */
export function modifyTask(body: TModifyBody): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>('/drsystem/providerTask/modify', body);
}

export function useModifyTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: modifyTask,
    onSuccess: () => client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
  });
}

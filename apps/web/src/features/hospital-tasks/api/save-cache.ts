import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import type { THospitalTaskFormInput } from '@portal/domain/hospital-tasks/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

export type TSaveCacheBody = THospitalTaskFormInput & {
  taskNo?: string;
  taskType?: string;
  version?: number;
};

/**
 * POST /drsystem/providerTask/saveCache: saves a draft (validation mode none). Without taskNo a
 * new task is made; with it the draft or returned task is updated.
 */
export function saveCache(body: TSaveCacheBody): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>('/drsystem/providerTask/saveCache', body);
}

export function useSaveCache() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCache,
    onSuccess: () => client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
  });
}

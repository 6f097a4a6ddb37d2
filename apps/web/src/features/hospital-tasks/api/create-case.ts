import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import type { THospitalTaskFormInput } from '@portal/domain/hospital-tasks/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { HOSPITAL_TASKS_KEY } from './keys.ts';

/** POST /drsystem/providerTask/createCase: submits a change (task type 04) of the approved record. */
export function createCase(body: THospitalTaskFormInput): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>('/drsystem/providerTask/createCase', body);
}

export function useCreateCase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: () => client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
  });
}

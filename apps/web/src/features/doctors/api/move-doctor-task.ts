import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDoctorViews } from './invalidate.ts';

export interface TDoctorMoveInput {
  action: 'withdraw' | 'close';
  taskNo: string;
  version?: number | null;
}

/** POST management/task-withdraw/{id} (01 to 03) or task-close/{id} (08/04 to 07). */
export function moveDoctorTask({ action, taskNo, version }: TDoctorMoveInput): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>(
    `/drsystem/management/task-${action}/${encodeURIComponent(taskNo)}`,
    version === null || version === undefined ? {} : { version },
  );
}

/** Moves a doctor task; the views reload also after a refusal (the status moved on). */
export function useMoveDoctorTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: moveDoctorTask, onSettled: () => invalidateDoctorViews(client) });
}

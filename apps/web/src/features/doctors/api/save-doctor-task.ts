import type { TDoctorForm } from '@portal/domain/doctors/rules';
import type { THospitalTaskRef } from '@portal/domain/hospital-tasks/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { invalidateDoctorViews } from './invalidate.ts';

/** Where a save goes: a new add task, a new update task of a doctor, or an existing task. */
export type TDoctorSaveTarget =
  | { kind: 'create' }
  | { kind: 'update'; doctorId: string }
  | { kind: 'task'; key: string };

export interface TDoctorSaveInput {
  target: TDoctorSaveTarget;
  form: TDoctorForm;
  /** false saves a draft (only the certificate number required); true submits. */
  submit: boolean;
  version?: number;
}

const pathOf = (target: TDoctorSaveTarget) =>
  target.kind === 'create'
    ? '/drsystem/management/create'
    : target.kind === 'update'
      ? `/drsystem/management/update/${encodeURIComponent(target.doctorId)}`
      : `/drsystem/management/task-update/${encodeURIComponent(target.key)}`;

/** POST management/create, update/{id} or task-update/{id}: save a draft or submit. */
export function saveDoctorTask({
  target,
  form,
  submit,
  version,
}: TDoctorSaveInput): Promise<THospitalTaskRef> {
  return http.post<THospitalTaskRef>(pathOf(target), {
    ...form,
    submit,
    ...(version === undefined ? {} : { version }),
  });
}

export function useSaveDoctorTask() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveDoctorTask, onSettled: () => invalidateDoctorViews(client) });
}

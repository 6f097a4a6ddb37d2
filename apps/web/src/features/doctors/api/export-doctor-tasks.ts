import type { TAuditTaskFilter } from '@portal/domain/hospital-audit/rules';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Permission of the audit list's doctor-task export (management/msh-task-export). */
export const DOCTOR_TASK_EXPORT_PERMISSION = 'drsystem:doctorTaskMsh:export';

/**
 * POST /drsystem/management/msh-task-export (blob): the doctor tasks of the operator's audit
 * list with that list's filter as .xlsx, saved.
 */
export function exportDoctorTasks(
  model: Partial<TAuditTaskFilter>,
): Promise<{ blob: Blob; fileName: string }> {
  return http.download('/drsystem/management/msh-task-export', { method: 'POST', body: { model } });
}

export function useExportDoctorTasks() {
  return useMutation({ mutationFn: exportDoctorTasks });
}

import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Permission of the doctor list's export (management/export). */
export const DOCTOR_EXPORT_PERMISSION = 'drsystem:doctorTask:export';

/** POST /drsystem/management/export (blob): the doctor list with its filter as .xlsx, saved. */
export function exportDoctors(model: { keyword: string }): Promise<{ blob: Blob; fileName: string }> {
  return http.download('/drsystem/management/export', { method: 'POST', body: { model } });
}

export function useExportDoctors() {
  return useMutation({ mutationFn: exportDoctors });
}

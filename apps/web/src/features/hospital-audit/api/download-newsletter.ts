import type { TNewsLetterBody } from '@portal/domain/hospital-audit/rules';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /drsystem/providerTaskMsh/downloadNewsLetter (blob): the .xlsx newsletter of a period's approved changes, saved. */
export function downloadNewsLetter(body: TNewsLetterBody): Promise<{ blob: Blob; fileName: string }> {
  return http.download('/drsystem/providerTaskMsh/downloadNewsLetter', { method: 'POST', body });
}

export function useDownloadNewsLetter() {
  return useMutation({ mutationFn: downloadNewsLetter });
}

import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** GET /file/attachment/download?id=: saves one attachment under its own name (blob). */
export function downloadAttachment(file: { id: string; name: string }): Promise<unknown> {
  return http.download('/file/attachment/download', { params: { id: file.id }, fileName: file.name });
}

export function useDownloadAttachment() {
  return useMutation({ mutationFn: downloadAttachment });
}

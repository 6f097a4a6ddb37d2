import type { TSmsDraft, TSmsPreview } from '@portal/domain/sms/rules';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /msg/sms/preview: the server's check of a draft and its recipients' texts; saves nothing. */
export function previewSms(draft: TSmsDraft): Promise<TSmsPreview> {
  return http.post<TSmsPreview>('/msg/sms/preview', draft);
}

export function usePreviewSms() {
  return useMutation({ mutationFn: previewSms });
}

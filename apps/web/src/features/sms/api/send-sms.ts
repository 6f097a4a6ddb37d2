import type { TSmsBatch, TSmsSend } from '@portal/domain/sms/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { SMS_KEY } from './sms-batch-page.ts';

/** POST /msg/sms: sends; the same requestKey again answers the batch already saved. */
export function sendSms(input: TSmsSend): Promise<TSmsBatch> {
  return http.post<TSmsBatch>('/msg/sms', input);
}

export function useSendSms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendSms,
    onSettled: () => client.invalidateQueries({ queryKey: SMS_KEY }),
  });
}

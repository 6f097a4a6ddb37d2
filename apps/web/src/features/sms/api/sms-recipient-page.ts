import type { TSmsRecipientPage, TSmsRecipientPageBody } from '@portal/domain/sms/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { SMS_KEY, SMS_LIVE_REFRESH_MS } from './sms-batch-page.ts';

/** POST /msg/sms/recipients: one batch's recipients with their delivery status. */
export function pageSmsRecipients(body: TSmsRecipientPageBody): Promise<TSmsRecipientPage> {
  return http.post<TSmsRecipientPage>('/msg/sms/recipients', body);
}

export function smsRecipientPageQueryOptions(body: TSmsRecipientPageBody) {
  return queryOptions({
    queryKey: [...SMS_KEY, 'recipients', body],
    queryFn: () => pageSmsRecipients(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      (query.state.data?.records ?? []).some((r) => r.status === 'pending' || r.status === 'sending')
        ? SMS_LIVE_REFRESH_MS
        : false,
  });
}

export function useSmsRecipientPage(body: TSmsRecipientPageBody) {
  return useQuery(smsRecipientPageQueryOptions(body));
}

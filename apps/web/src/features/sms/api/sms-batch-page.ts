import type { TSmsBatchPage, TSmsBatchPageBody } from '@portal/domain/sms/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /msg/sms/page: the tenant's SMS batches, newest first, with counts per status. */
export function pageSmsBatches(body: TSmsBatchPageBody): Promise<TSmsBatchPage> {
  return http.post<TSmsBatchPage>('/msg/sms/page', body);
}

export const SMS_KEY = ['sms'] as const;
/** While something is still on its way, lists refresh this often. */
export const SMS_LIVE_REFRESH_MS = 2000;

const stillSending = (page: TSmsBatchPage | undefined) =>
  (page?.records ?? []).some((b) => b.pending + b.sending > 0);

export function smsBatchPageQueryOptions(body: TSmsBatchPageBody) {
  return queryOptions({
    queryKey: [...SMS_KEY, 'page', body],
    queryFn: () => pageSmsBatches(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (stillSending(query.state.data) ? SMS_LIVE_REFRESH_MS : false),
  });
}

export function useSmsBatchPage(body: TSmsBatchPageBody) {
  return useQuery(smsBatchPageQueryOptions(body));
}

import type { TSmsProviderOption } from '@portal/domain/sms/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { SMS_KEY } from './sms-batch-page.ts';

/** POST /msg/sms/providers: providers matching an id or name, with their mobile contacts' count. */
export function searchSmsProviders(keyword: string): Promise<TSmsProviderOption[]> {
  return http.post<TSmsProviderOption[]>('/msg/sms/providers', { keyword });
}

export function smsProvidersQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: [...SMS_KEY, 'providers', keyword],
    queryFn: () => searchSmsProviders(keyword),
    placeholderData: keepPreviousData,
  });
}

export function useSmsProviders(keyword: string) {
  return useQuery(smsProvidersQueryOptions(keyword));
}

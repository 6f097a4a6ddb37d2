import type { TSecurityEventPage, TSecurityEventPageBody } from '@portal/domain/security-events/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /authority/securityEvent/page: the tenant's security events, filtered and sorted by time. */
export function pageSecurityEvents(body: TSecurityEventPageBody): Promise<TSecurityEventPage> {
  return http.post<TSecurityEventPage>('/authority/securityEvent/page', body);
}

export function securityEventPageQueryOptions(body: TSecurityEventPageBody) {
  return queryOptions({
    queryKey: ['security-events', 'page', body],
    queryFn: () => pageSecurityEvents(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSecurityEventPage(body: TSecurityEventPageBody) {
  return useQuery(securityEventPageQueryOptions(body));
}

import type { TLoginLogPageBody } from '@portal/domain/logs/rules';
import type { TSecurityEventPage } from '@portal/domain/security-events/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /authority/loginLog/page: sign-ins, failed sign-ins and sign-outs (a view of the security events). */
export function pageLoginLog(body: TLoginLogPageBody): Promise<TSecurityEventPage> {
  return http.post<TSecurityEventPage>('/authority/loginLog/page', body);
}

export function loginLogPageQueryOptions(body: TLoginLogPageBody) {
  return queryOptions({
    queryKey: ['logs', 'login', body],
    queryFn: () => pageLoginLog(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLoginLogPage(body: TLoginLogPageBody) {
  return useQuery(loginLogPageQueryOptions(body));
}

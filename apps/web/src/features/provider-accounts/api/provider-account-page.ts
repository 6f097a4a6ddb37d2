import type { TProviderAccountPage, TProviderAccountPageBody } from '@portal/domain/provider-accounts/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /authority/providerAccount/page: the tenant's provider accounts, filtered and paged. */
export function pageProviderAccounts(body: TProviderAccountPageBody): Promise<TProviderAccountPage> {
  return http.post<TProviderAccountPage>('/authority/providerAccount/page', body);
}

export const PROVIDER_ACCOUNTS_KEY = ['provider-accounts'] as const;

export function providerAccountPageQueryOptions(body: TProviderAccountPageBody) {
  return queryOptions({
    queryKey: [...PROVIDER_ACCOUNTS_KEY, 'page', body],
    queryFn: () => pageProviderAccounts(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useProviderAccountPage(body: TProviderAccountPageBody) {
  return useQuery(providerAccountPageQueryOptions(body));
}

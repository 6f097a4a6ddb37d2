import type { TProviderStaffPage, TProviderStaffPageBody } from '@portal/domain/provider-accounts/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PROVIDER_ACCOUNTS_KEY } from './provider-account-page.ts';

/** POST /authority/providerAccount/staff: a page of one provider's staff accounts. */
export function pageProviderStaff(body: TProviderStaffPageBody): Promise<TProviderStaffPage> {
  return http.post<TProviderStaffPage>('/authority/providerAccount/staff', body);
}

export function providerStaffPageQueryOptions(body: TProviderStaffPageBody) {
  return queryOptions({
    queryKey: [...PROVIDER_ACCOUNTS_KEY, 'staff', body],
    queryFn: () => pageProviderStaff(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useProviderStaffPage(body: TProviderStaffPageBody | null) {
  return useQuery({
    ...providerStaffPageQueryOptions(body ?? { providerId: '' }),
    enabled: Boolean(body?.providerId),
  });
}

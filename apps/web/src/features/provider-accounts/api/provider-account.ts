import type { TProviderAccount } from '@portal/domain/provider-accounts/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PROVIDER_ACCOUNTS_KEY } from './provider-account-page.ts';

/** GET /authority/providerAccount/{providerId}: one provider's account with its version. */
export function getProviderAccount(providerId: string): Promise<TProviderAccount> {
  return http.get<TProviderAccount>(`/authority/providerAccount/${encodeURIComponent(providerId)}`);
}

export function providerAccountQueryOptions(providerId: string) {
  return queryOptions({
    queryKey: [...PROVIDER_ACCOUNTS_KEY, 'one', providerId],
    queryFn: () => getProviderAccount(providerId),
    staleTime: 0,
  });
}

export function useProviderAccount(providerId: string | null) {
  return useQuery({ ...providerAccountQueryOptions(providerId ?? ''), enabled: Boolean(providerId) });
}

import type { TProviderAccount, TProviderAccountUpdate } from '@portal/domain/provider-accounts/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PROVIDER_ACCOUNTS_KEY } from './provider-account-page.ts';

/** PUT /authority/providerAccount: status, signed status and switches, with the version read. */
export function updateProviderAccount(input: TProviderAccountUpdate): Promise<TProviderAccount> {
  return http.put<TProviderAccount>('/authority/providerAccount', input);
}

export function useUpdateProviderAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProviderAccount,
    // A refused change (409: changed meanwhile) reloads too, so the drawer shows what is there now.
    onSettled: () => client.invalidateQueries({ queryKey: PROVIDER_ACCOUNTS_KEY }),
  });
}

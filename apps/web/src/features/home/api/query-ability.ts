import { USER_TYPE } from '@portal/domain/dictionaries/codes';
import type { TProviderAbility } from '@portal/domain/provider-accounts/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { useSessionStore } from '../../../lib/session-store.ts';

/** GET /claim/providerExt/queryAbility: the caller's provider, its switches and usable functions. */
export function queryAbility(): Promise<TProviderAbility> {
  return http.get<TProviderAbility>('/claim/providerExt/queryAbility', undefined, { silent: true });
}

export function abilityQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: ['home', 'ability', userId],
    queryFn: queryAbility,
    staleTime: 0,
  });
}

/** The provider's switches, asked by provider staff only (operators are not limited by them). */
export function useProviderAbility() {
  const user = useSessionStore((s) => s.user);
  const allowed = user?.userType === USER_TYPE.PROVIDER.code;
  return useQuery({ ...abilityQueryOptions(user?.userId ?? null), enabled: allowed });
}

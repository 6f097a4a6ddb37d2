import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import type { TRoleRef } from './users-page.ts';

/** GET /authority/user/roles: the roles of the tenant (the role picker). */
export function useAssignableRoles() {
  return useQuery(
    queryOptions({
      queryKey: ['users', 'roles'],
      queryFn: () => http.get<TRoleRef[]>('/authority/user/roles'),
      staleTime: 60_000,
    }),
  );
}

export interface TProviderOption {
  providerId: string;
  name: string;
  nameEn: string;
}

/** GET /authority/user/providers: the tenant's providers matching a keyword (the provider picker). */
export function useProviderOptions(keyword: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['users', 'providers', keyword],
      queryFn: () => http.get<TProviderOption[]>('/authority/user/providers', { keyword }),
      staleTime: 60_000,
      enabled,
    }),
  );
}

import type { TUserPageBody } from '@portal/domain/users/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface TRoleRef {
  id: string;
  code: string;
  name: string;
  nameEn: string;
}

/** A user as the administration screens see it. */
export interface TAdminUser {
  id: string;
  account: string;
  name: string;
  nameEn: string;
  email: string;
  mobile: string;
  userType: string;
  providerId: string | null;
  /** The organisation the user belongs to (decision 0028). */
  orgId: string | null;
  enabled: boolean;
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
  roles: TRoleRef[];
}

export interface TAdminUserPage {
  records: TAdminUser[];
  current: number;
  size: number;
  total: number;
}

/** The query key every user list lives under; changes invalidate it. */
export const USERS_KEY = ['users'] as const;

/** POST /authority/user/page: the tenant's users, filtered, sorted and paged by the server. */
export function pageUsers(body: TUserPageBody): Promise<TAdminUserPage> {
  return http.post<TAdminUserPage>('/authority/user/page', body);
}

export function usersPageQueryOptions(body: TUserPageBody) {
  return queryOptions({
    queryKey: [...USERS_KEY, 'page', body],
    queryFn: () => pageUsers(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUsersPage(body: TUserPageBody) {
  return useQuery(usersPageQueryOptions(body));
}

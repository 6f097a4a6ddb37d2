import type { TAdminRole, TRolePageBody } from '@portal/domain/roles/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface TAdminRolePage {
  records: TAdminRole[];
  current: number;
  size: number;
  total: number;
}

/** The query key every role query lives under; changes invalidate it. */
export const ROLES_KEY = ['roles'] as const;

/** POST /authority/role/page */
export function rolesPageQueryOptions(body: TRolePageBody) {
  return queryOptions({
    queryKey: [...ROLES_KEY, 'page', body],
    queryFn: () => http.post<TAdminRolePage>('/authority/role/page', body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const useRolesPage = (body: TRolePageBody) => useQuery(rolesPageQueryOptions(body));

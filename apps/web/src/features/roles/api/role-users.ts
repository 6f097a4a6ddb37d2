import type { TRoleUsersPageBody } from '@portal/domain/roles/rules';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ROLES_KEY } from './roles-page.ts';

/** A user holding a role. */
export interface TRoleUser {
  id: string;
  account: string;
  name: string;
  nameEn: string;
  userType: string;
  enabled: boolean;
}

/** POST /authority/role/users/page */
export const useRoleUsers = (body: TRoleUsersPageBody, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...ROLES_KEY, 'users', body],
      queryFn: () =>
        http.post<{ records: TRoleUser[]; current: number; size: number; total: number }>(
          '/authority/role/users/page',
          body,
        ),
      placeholderData: keepPreviousData,
      enabled,
      staleTime: 0,
    }),
  );

/** GET /authority/role/userOptions: users matching a keyword (the add-users picker). */
export const useRoleUserOptions = (keyword: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...ROLES_KEY, 'userOptions', keyword],
      queryFn: () => http.get<TRoleUser[]>('/authority/role/userOptions', { keyword }),
      enabled,
      staleTime: 30_000,
    }),
  );

function useMembership<TResult>(fn: (body: { roleId: string; userIds: string[] }) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ROLES_KEY }) });
}

/** PUT /authority/role/users */
export const useAddRoleUsers = () =>
  useMembership((body) => http.put<{ added: number }>('/authority/role/users', body));

/** DELETE /authority/role/users */
export const useRemoveRoleUsers = () =>
  useMembership((body) => http.delete<{ removed: number }>('/authority/role/users', body));

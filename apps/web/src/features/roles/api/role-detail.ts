import type { TAdminRoleDetail, TMenuTreeNode } from '@portal/domain/roles/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ROLES_KEY } from './roles-page.ts';

/** GET /authority/role/{id}: one role with its menus and permissions. */
export const useRoleDetail = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: [...ROLES_KEY, 'detail', id],
      queryFn: () => http.get<TAdminRoleDetail>(`/authority/role/${id}`),
      enabled: id !== null,
      staleTime: 0,
    }),
  );

/** GET /authority/role/menuTree: the menus with their resources (the grant picker). */
export const useMenuTree = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...ROLES_KEY, 'menuTree'],
      queryFn: () => http.get<TMenuTreeNode[]>('/authority/role/menuTree'),
      enabled,
      staleTime: 60_000,
    }),
  );

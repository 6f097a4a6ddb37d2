import type { TAdminMenu, TMenuGroup } from '@portal/domain/menus/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** The key every menu administration query starts with. */
export const MENU_ADMIN_KEY = ['menus', 'admin'] as const;

/** GET /authority/menu/tree: the tenant's menu tree of a group, every entry with its resources. */
export function getMenuTree(group: TMenuGroup): Promise<TAdminMenu[]> {
  return http.get<TAdminMenu[]>('/authority/menu/tree', { group });
}

export function menuTreeQueryOptions(group: TMenuGroup) {
  return queryOptions({ queryKey: [...MENU_ADMIN_KEY, 'tree', group], queryFn: () => getMenuTree(group) });
}

export function useMenuTree(group: TMenuGroup) {
  return useQuery(menuTreeQueryOptions(group));
}

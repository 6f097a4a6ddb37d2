import type {
  TAdminMenu,
  TAdminResource,
  TMenuCreate,
  TMenuEdit,
  TMenuOrder,
  TResourceCreate,
  TResourceEdit,
} from '@portal/domain/menus/rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ensureSessionData } from '../../session/session-actions.ts';
import { MENU_ADMIN_KEY } from './menu-tree.ts';

/**
 * A menu or resource mutation; each refreshes the menu trees when done, and this user's own
 * sidebar and permissions (other users get the change on their next page load).
 */
function useMenuMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: MENU_ADMIN_KEY });
      // The sidebar follows at once; a failed reload keeps the old one until the next page load.
      await ensureSessionData({ force: true }).catch(() => undefined);
    },
  });
}

/** POST /authority/menu */
export const useCreateMenu = () =>
  useMenuMutation((body: TMenuCreate) => http.post<TAdminMenu[]>('/authority/menu', body, { silent: true }));

/** PUT /authority/menu */
export const useEditMenu = () =>
  useMenuMutation((body: TMenuEdit) => http.put<TAdminMenu[]>('/authority/menu', body, { silent: true }));

/** PUT /authority/menu/order */
export const useReorderMenus = () =>
  useMenuMutation((body: TMenuOrder) => http.put<TAdminMenu[]>('/authority/menu/order', body));

/** DELETE /authority/menu */
export const useDeleteMenu = () =>
  useMenuMutation((body: { id: string }) => http.delete<null>('/authority/menu', body));

/** POST /authority/resource */
export const useCreateResource = () =>
  useMenuMutation((body: TResourceCreate) =>
    http.post<TAdminResource>('/authority/resource', body, { silent: true }),
  );

/** PUT /authority/resource */
export const useEditResource = () =>
  useMenuMutation((body: TResourceEdit) =>
    http.put<TAdminResource>('/authority/resource', body, { silent: true }),
  );

/** DELETE /authority/resource */
export const useDeleteResource = () =>
  useMenuMutation((body: { id: string }) => http.delete<null>('/authority/resource', body));

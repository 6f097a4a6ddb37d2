import { http } from '../../../lib/http.ts';
import type { TMenuRoute } from '../../../lib/menu-tree.ts';

/** The menu group selected by the transfer setting 'free' (spec section 6). */
export const SMART_PORTAL_GROUP = 'smartPortal';

/** GET /oauth/menu/router (optionally ?group=smartPortal): the route tree the user's roles grant. */
export async function getMenuRouter(group?: typeof SMART_PORTAL_GROUP): Promise<TMenuRoute[]> {
  const routes = await http.get<TMenuRoute[] | null>('/oauth/menu/router', group ? { group } : undefined);
  return Array.isArray(routes) ? routes : [];
}

/** Titles of the current route for the breadcrumb and the document title. */
import type { TFunction } from 'i18next';
import type { TLanguage } from '../lib/i18n.ts';
import { menuTitle } from '../lib/menu-tree.ts';
import type { TUserGroup } from '../lib/user-group.ts';
import { crumbTitle, type TRouteHandle } from './route-handle.ts';

/** Common-namespace keys of each user group's home board (the first breadcrumb). */
export const HOME_TITLE_KEYS: Record<TUserGroup, string> = {
  provider: 'home.bulletinBoard',
  netView: 'home.taskBoard',
  dashboard: 'home.dashboard',
};

export interface TBreadcrumbEntry {
  key: string;
  title: string;
  /** Link target; absent on the current page and on groups without a page. */
  path?: string;
}

/** A route's own title: its i18n key, the group's board for home, else the server's titles. */
export function routeTitle(
  handle: TRouteHandle | undefined,
  group: TUserGroup,
  lang: TLanguage,
  t: TFunction,
): string {
  if (!handle) return '';
  if (handle.home) return t(HOME_TITLE_KEYS[group]);
  if (handle.titleKey) return t(handle.titleKey);
  return menuTitle({ title: handle.title, titleEn: handle.titleEn }, lang);
}

/**
 * The breadcrumb: first the group's board (Bulletin Board for provider users, Task Board for
 * network-view users without SUPER_ADMIN, otherwise Dashboard), then the menu ancestry, then
 * the page itself.
 */
export function buildBreadcrumb(options: {
  handle: TRouteHandle | undefined;
  group: TUserGroup;
  lang: TLanguage;
  pathname: string;
  t: TFunction;
}): TBreadcrumbEntry[] {
  const { handle, group, lang, pathname, t } = options;
  const first: TBreadcrumbEntry = { key: '/', title: t(HOME_TITLE_KEYS[group]) };
  if (!handle || handle.home || pathname === '/') return [first];
  const entries: TBreadcrumbEntry[] = [{ ...first, path: '/' }];
  for (const crumb of handle.crumbs ?? []) {
    const title = crumb.titleKey ? t(crumb.titleKey) : crumbTitle(crumb, lang);
    if (title) entries.push({ key: crumb.path ?? `${entries.length}`, title });
  }
  const own = routeTitle(handle, group, lang, t);
  if (own && own !== entries[entries.length - 1].title) entries.push({ key: pathname, title: own });
  return entries;
}

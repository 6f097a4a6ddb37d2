/**
 * What a route tells the frame (react-router `handle`): its titles for the breadcrumb, the
 * document title and the tags view (noCache: a tab that is not kept alive; affix: a tab that
 * cannot be closed).
 */
import type { TLanguage } from '../lib/i18n.ts';
import { menuTitle } from '../lib/menu-tree.ts';

export interface TCrumb {
  title?: string | null;
  titleEn?: string | null;
  /** Common-namespace i18n key of the title (the portal's own routes). */
  titleKey?: string;
  /** Full path of the menu entry the crumb stands for. */
  path?: string;
}

export interface TRouteHandle {
  /** Server titles (dynamic routes). */
  title?: string | null;
  titleEn?: string | null;
  /** Common-namespace i18n key of the title (the portal's own routes). */
  titleKey?: string;
  /** Ancestor menu entries shown in the breadcrumb before this route. */
  crumbs?: TCrumb[];
  name?: string | null;
  noCache?: boolean;
  affix?: boolean;
  /** Menu entry to highlight while this route is open. */
  activeMenu?: string | null;
  /** The home route: its title is the user group's board. */
  home?: boolean;
  /** The frame's catch-all: it has no title until the route tree has loaded. */
  catchAll?: boolean;
}

export function isRouteHandle(value: unknown): value is TRouteHandle {
  return typeof value === 'object' && value !== null;
}

/** The title of a crumb or a dynamic route in the given language. */
export function crumbTitle(crumb: TCrumb, lang: TLanguage): string {
  return menuTitle({ title: crumb.title, titleEn: crumb.titleEn }, lang);
}

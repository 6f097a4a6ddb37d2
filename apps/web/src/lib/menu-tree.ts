/**
 * The route tree the server grants a user (GET /oauth/menu/router) and the path and title
 * rules shared by the sidebar, the breadcrumb and the dynamic routes.
 */
import { isExternalPath, resolveMenuPath } from '@portal/domain/menus/paths';
import type { TLanguage } from './i18n.ts';

export interface TMenuMeta {
  title?: string | null;
  titleEn?: string | null;
  icon?: string | null;
  noCache?: boolean;
  affix?: boolean;
  /** false hides the entry from the breadcrumb. */
  breadcrumb?: boolean;
  /** Menu entry to highlight while this (usually hidden) route is open. */
  activeMenu?: string | null;
}

export interface TMenuRoute {
  path: string;
  component?: string | null;
  name?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  redirect?: string | null;
  meta?: TMenuMeta | null;
  children?: TMenuRoute[] | null;
}

// The path rules are shared with the menu administration's checks on the server.
export { CONTAINER_COMPONENTS, isExternalPath, resolveMenuPath } from '@portal/domain/menus/paths';

/** A route's title in the given language; the other language when one is missing. */
export function menuTitle(meta: TMenuMeta | null | undefined, lang: TLanguage): string {
  if (!meta) return '';
  const zh = meta.title?.trim() ?? '';
  const en = meta.titleEn?.trim() ?? '';
  return lang === 'en' ? en || zh : zh || en;
}

/** The children that appear in the menu. */
export function visibleChildren(route: TMenuRoute): TMenuRoute[] {
  return (route.children ?? []).filter((child) => !child.hidden);
}

/** True when the route tree grants a page at `path` (a feature links to another only when it may open it). */
export function hasMenuPath(
  tree: readonly TMenuRoute[] | null | undefined,
  path: string,
  base = '/',
): boolean {
  return (tree ?? []).some((node) => {
    if (!node || typeof node.path !== 'string' || isExternalPath(node.path)) return false;
    const full = resolveMenuPath(base, node.path);
    return full === path || hasMenuPath(node.children, path, full);
  });
}

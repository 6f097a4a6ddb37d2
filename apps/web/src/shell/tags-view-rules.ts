/**
 * Rules of the tags view of visited pages (spec section 2 "Shell"): one tab per path; affix
 * tabs survive close-all and close-others; routes flagged noCache get a tab but are not kept
 * alive. Pure functions over the open-views store's lists.
 */
import { i18n, type TLanguage } from '../lib/i18n.ts';
import { CONTAINER_COMPONENTS, isExternalPath, resolveMenuPath, type TMenuRoute } from '../lib/menu-tree.ts';
import type { TUserGroup } from '../lib/user-group.ts';
import type { TRouteHandle } from './route-handle.ts';
import { HOME_TITLE_KEYS } from './route-title.ts';

/** Prefix of the tab-refresh route (/redirect/{path}). */
export const REDIRECT_PREFIX = '/redirect';

export interface TViewMeta {
  affix?: boolean;
  noCache?: boolean;
  home?: boolean;
}

/** One visited page (spec section 3 "Open-views store": path, title, English title, meta). */
export interface TVisitedView {
  /** The tab's identity: the path without query. */
  path: string;
  /** Path with query and hash, where the tab goes back to. */
  fullPath: string;
  name: string | null;
  title: string;
  titleEn: string;
  meta: TViewMeta;
}

/** The tab title in a language (the other language when one is missing). */
export function viewTitle(view: Pick<TVisitedView, 'title' | 'titleEn'>, lang: TLanguage): string {
  return lang === 'en' ? view.titleEn || view.title : view.title || view.titleEn;
}

/** Adds a view, or refreshes the tab of its path (query, titles) keeping its place. */
export function addVisitedView(views: readonly TVisitedView[], view: TVisitedView): TVisitedView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return [...views, view];
  const current = views[index];
  const merged: TVisitedView = {
    ...view,
    meta: { ...view.meta, affix: Boolean(current.meta.affix || view.meta.affix) },
  };
  if (
    current.fullPath === merged.fullPath &&
    current.title === merged.title &&
    current.titleEn === merged.titleEn &&
    Boolean(current.meta.affix) === Boolean(merged.meta.affix) &&
    Boolean(current.meta.noCache) === Boolean(merged.meta.noCache)
  ) {
    return views as TVisitedView[];
  }
  const next = [...views];
  next[index] = merged;
  return next;
}

/** Closes one tab; affix tabs cannot be closed. */
export function closeVisitedView(views: readonly TVisitedView[], path: string): TVisitedView[] {
  return views.filter((v) => v.path !== path || v.meta.affix);
}

/** Close others: the affix tabs and the given one stay. */
export function closeOtherViews(views: readonly TVisitedView[], path: string): TVisitedView[] {
  return views.filter((v) => v.meta.affix || v.path === path);
}

/** Close all: only the affix tabs stay. */
export function closeAllViews(views: readonly TVisitedView[]): TVisitedView[] {
  return views.filter((v) => v.meta.affix);
}

/** Adds a path to the kept-alive list unless its route is flagged noCache. */
export function addCachedView(
  cached: readonly string[],
  view: Pick<TVisitedView, 'path' | 'meta'>,
): string[] {
  if (view.meta.noCache || cached.includes(view.path)) return cached as string[];
  return [...cached, view.path];
}

/** The kept-alive paths that still have a tab. */
export function cachedOf(views: readonly TVisitedView[], cached: readonly string[]): string[] {
  const paths = new Set(views.map((v) => v.path));
  return cached.filter((p) => paths.has(p));
}

/** Puts affix views first (in their order) when missing; existing tabs become affix. */
export function withAffixViews(
  views: readonly TVisitedView[],
  affix: readonly TVisitedView[],
): TVisitedView[] {
  const missing = affix.filter((a) => !views.some((v) => v.path === a.path));
  const marked = views.map((v) =>
    affix.some((a) => a.path === v.path) && !v.meta.affix ? { ...v, meta: { ...v.meta, affix: true } } : v,
  );
  return [...missing, ...marked];
}

/** Where to go after the active tab closes: the last tab left, or home. */
export function fallbackPath(views: readonly TVisitedView[]): string {
  return views.length > 0 ? views[views.length - 1].fullPath : '/';
}

/** Both titles of a route from its handle (the portal's keys, the group's board, or the server's titles). */
export function handleTitles(handle: TRouteHandle, group: TUserGroup): { title: string; titleEn: string } {
  const key = handle.home ? HOME_TITLE_KEYS[group] : handle.titleKey;
  if (key) return { title: i18n.t(key, { lng: 'zh' }), titleEn: i18n.t(key, { lng: 'en' }) };
  return { title: handle.title?.trim() ?? '', titleEn: handle.titleEn?.trim() ?? '' };
}

/** The view of a location, or null for routes that get no tab (redirect, 404 catch-all, untitled). */
export function viewOf(options: {
  pathname: string;
  search?: string;
  hash?: string;
  handle: TRouteHandle | undefined;
  group: TUserGroup;
}): TVisitedView | null {
  const { pathname, handle, group } = options;
  if (!handle || handle.catchAll) return null;
  if (pathname === REDIRECT_PREFIX || pathname.startsWith(`${REDIRECT_PREFIX}/`)) return null;
  const { title, titleEn } = handleTitles(handle, group);
  if (!title && !titleEn) return null;
  return {
    path: pathname,
    fullPath: `${pathname}${options.search ?? ''}${options.hash ?? ''}`,
    name: handle.name ?? null,
    title,
    titleEn,
    meta: { affix: handle.affix === true, noCache: handle.noCache === true, home: handle.home === true },
  };
}

/**
 * The affix views of the server's route tree: concrete paths flagged affix whose component
 * the web knows (`isHome` tells the home board, titled by the user's group).
 */
export function affixViewsFromTree(
  tree: readonly TMenuRoute[] | null | undefined,
  pageOf: (componentKey: string) => { home?: boolean } | null,
  group: TUserGroup,
): TVisitedView[] {
  const found: TVisitedView[] = [];
  const walk = (nodes: readonly TMenuRoute[], base: string) => {
    for (const node of nodes) {
      if (!node || typeof node.path !== 'string' || isExternalPath(node.path)) continue;
      const path = resolveMenuPath(base, node.path);
      const key = node.component?.trim() ?? '';
      const page = key && !CONTAINER_COMPONENTS.has(key) ? pageOf(key) : null;
      if (node.meta?.affix && page && !path.includes(':') && !found.some((v) => v.path === path)) {
        const handle: TRouteHandle = { title: node.meta.title, titleEn: node.meta.titleEn, home: page.home };
        found.push({
          path,
          fullPath: path,
          name: node.name ?? null,
          ...handleTitles(handle, group),
          meta: { affix: true, noCache: node.meta.noCache === true, home: page.home === true },
        });
      }
      if (node.children?.length) walk(node.children, path);
    }
  };
  walk(tree ?? [], '/');
  return found;
}

/** The home board's affix path from the route tree ('/dashboard'), or null when it has none. */
export function affixHomePath(
  tree: readonly TMenuRoute[] | null | undefined,
  pageOf: (componentKey: string) => { home?: boolean } | null,
): string | null {
  const home = affixViewsFromTree(tree, pageOf, 'dashboard').find((v) => v.meta.home);
  return home ? home.path : null;
}

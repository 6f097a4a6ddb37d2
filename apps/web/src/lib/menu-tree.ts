/**
 * The route tree the server grants a user (GET /oauth/menu/router) and the path and title
 * rules shared by the sidebar, the breadcrumb and the dynamic routes.
 */
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

/** Component keys that only group children (the frame is already rendered by the app). */
export const CONTAINER_COMPONENTS: ReadonlySet<string> = new Set([
  'Layout',
  'ParentView',
  'RouteView',
  'EmptyLayout',
]);

/** External links (opened in a new tab) rather than portal paths. */
export function isExternalPath(path: string | null | undefined): boolean {
  return typeof path === 'string' && /^(https?:|mailto:|tel:)/i.test(path.trim());
}

/** Joins a child path to its parent's the way the server's tree means it (absolute children win). */
export function resolveMenuPath(basePath: string, routePath: string | null | undefined): string {
  const child = (routePath ?? '').trim();
  if (isExternalPath(child)) return child;
  if (isExternalPath(basePath)) return basePath;
  const joined = child.startsWith('/') ? child : `${basePath.replace(/\/+$/, '')}/${child}`;
  const segments: string[] = [];
  for (const segment of joined.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

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

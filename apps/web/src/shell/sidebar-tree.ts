/**
 * The sidebar's model built from the server's route tree, following the rules of the
 * vue-element-admin sidebar the spec describes: hidden entries are skipped; a parent with one
 * visible child shows that child directly unless `alwaysShow`; a parent with no visible child
 * is a link to itself; paths resolve against their parents; external links stay as they are.
 */
import type { TLanguage } from '../lib/i18n.ts';
import {
  isExternalPath,
  menuTitle,
  resolveMenuPath,
  type TMenuRoute,
  visibleChildren,
} from '../lib/menu-tree.ts';

export interface TSidebarNode {
  /** The resolved path (a URL for external links); unique in one tree. */
  key: string;
  title: string;
  icon: string | null;
  external: boolean;
  /** Present on submenus. */
  children?: TSidebarNode[];
}

function leaf(route: TMenuRoute, path: string, lang: TLanguage, fallbackIcon: string | null): TSidebarNode[] {
  const title = menuTitle(route.meta, lang);
  if (!title) return [];
  return [{ key: path, title, icon: route.meta?.icon || fallbackIcon, external: isExternalPath(path) }];
}

function buildNodes(route: TMenuRoute, basePath: string, lang: TLanguage): TSidebarNode[] {
  if (!route || route.hidden) return [];
  const path = resolveMenuPath(basePath, route.path);
  const showing = visibleChildren(route);

  if (showing.length === 0) return leaf(route, path, lang, null);

  const only = showing.length === 1 ? showing[0] : null;
  if (only && !route.alwaysShow && visibleChildren(only).length === 0) {
    return leaf(only, resolveMenuPath(path, only.path), lang, route.meta?.icon ?? null);
  }

  const children = showing.flatMap((child) => buildNodes(child, path, lang));
  const title = menuTitle(route.meta, lang);
  // A titleless group (such as a root Layout) lends its children to the level above.
  if (!title) return children;
  if (children.length === 0) return [];
  return [{ key: path, title, icon: route.meta?.icon ?? null, external: false, children }];
}

/** The sidebar entries of a route tree in one language. */
export function buildSidebarTree(
  routes: readonly TMenuRoute[] | null | undefined,
  lang: TLanguage,
): TSidebarNode[] {
  return (routes ?? []).flatMap((route) => buildNodes(route, '/', lang));
}

function findTrail(nodes: readonly TSidebarNode[], key: string, trail: string[]): string[] | null {
  for (const node of nodes) {
    if (!node.children) {
      if (node.key === key) return trail;
      continue;
    }
    const found = findTrail(node.children, key, [...trail, node.key]);
    if (found) return found;
  }
  return null;
}

/** The keys of the submenus that contain the entry `key`, outermost first; [] when not found. */
export function ancestorKeys(nodes: readonly TSidebarNode[], key: string): string[] {
  return findTrail(nodes, key, []) ?? [];
}

function leafKeys(nodes: readonly TSidebarNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? leafKeys(node.children) : node.external ? [] : [node.key]));
}

/**
 * The menu entry to highlight for a location: the route's activeMenu, else the entry of the
 * path itself, else the longest entry that is a parent path of it (a detail page under a list).
 */
export function selectedKeyFor(
  nodes: readonly TSidebarNode[],
  pathname: string,
  activeMenu?: string | null,
): string | null {
  const keys = leafKeys(nodes);
  if (activeMenu && keys.includes(activeMenu)) return activeMenu;
  if (keys.includes(pathname)) return pathname;
  let best: string | null = null;
  for (const key of keys) {
    if (key !== '/' && pathname.startsWith(`${key}/`) && (!best || key.length > best.length)) best = key;
  }
  return best;
}

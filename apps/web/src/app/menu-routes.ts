/**
 * Routes built from the server's route tree, patched under the frame after it loads. Every
 * page becomes one flat route with its full path (react-router needs absolute child paths to
 * start with their parent's, which the server's tree does not promise); the menu ancestry
 * travels in `handle.crumbs` for the breadcrumb.
 */
import { type RouteObject, redirect } from 'react-router';
import { CONTAINER_COMPONENTS, isExternalPath, resolveMenuPath, type TMenuRoute } from '../lib/menu-tree.ts';
import type { TCrumb, TRouteHandle } from '../shell/route-handle.ts';
import type { TPage } from './route-pages.ts';

const NO_REDIRECT = 'noRedirect';

/**
 * Route objects for a route tree. `resolvePage` maps a component key to a page (null: the web
 * has no such page yet, no route is made); `reserved` lists paths the app defines itself.
 */
export function buildMenuRoutes(
  tree: readonly TMenuRoute[],
  resolvePage: (componentKey: string) => TPage | null,
  reserved: ReadonlySet<string> = new Set(),
): RouteObject[] {
  const routes: RouteObject[] = [];
  const taken = new Set(reserved);

  const add = (route: RouteObject & { path: string }) => {
    if (taken.has(route.path)) return false;
    taken.add(route.path);
    routes.push(route);
    return true;
  };

  /** Walks a level; returns the first concrete page path found under it. */
  const walk = (nodes: readonly TMenuRoute[], basePath: string, crumbs: TCrumb[]): string | null => {
    let firstPage: string | null = null;
    for (const node of nodes) {
      if (!node || typeof node.path !== 'string' || isExternalPath(node.path) || isExternalPath(basePath))
        continue;
      const fullPath = resolveMenuPath(basePath, node.path);
      const meta = node.meta ?? {};
      const hasTitle = Boolean(meta.title || meta.titleEn);
      const handle: TRouteHandle = {
        title: meta.title ?? null,
        titleEn: meta.titleEn ?? null,
        crumbs,
        name: node.name ?? null,
        noCache: meta.noCache === true,
        affix: meta.affix === true,
        activeMenu: meta.activeMenu ?? null,
      };
      const childCrumbs =
        hasTitle && meta.breadcrumb !== false
          ? [...crumbs, { title: meta.title ?? null, titleEn: meta.titleEn ?? null, path: fullPath }]
          : crumbs;
      const key = node.component?.trim() ?? '';
      const isContainer = key === '' || CONTAINER_COMPONENTS.has(key);

      let pagePath: string | null = null;
      if (!isContainer) {
        const page = resolvePage(key);
        if (
          page &&
          add({ path: fullPath, lazy: page.load, handle: page.home ? { ...handle, home: true } : handle })
        ) {
          pagePath = fullPath;
        } else if (page && taken.has(fullPath)) pagePath = fullPath;
      }
      const childPage = node.children?.length ? walk(node.children, fullPath, childCrumbs) : null;

      if (isContainer && fullPath !== '/') {
        const explicit =
          node.redirect && node.redirect !== NO_REDIRECT ? resolveMenuPath(fullPath, node.redirect) : null;
        const target = explicit ?? (childPage && !childPage.includes(':') ? childPage : null);
        if (target && target !== fullPath) add({ path: fullPath, loader: () => redirect(target), handle });
      }
      firstPage ??= pagePath ?? childPage;
    }
    return firstPage;
  };

  walk(tree, '/', []);
  return routes;
}

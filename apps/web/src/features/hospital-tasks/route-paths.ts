import { resolveMenuPath, type TMenuRoute } from '../../lib/menu-tree.ts';

/** The full path of the route named `name` in the user's route tree, or null. */
export function routePathByName(
  routes: readonly TMenuRoute[] | null | undefined,
  name: string,
): string | null {
  const walk = (nodes: readonly TMenuRoute[], base: string): string | null => {
    for (const node of nodes) {
      if (!node || typeof node.path !== 'string') continue;
      const full = resolveMenuPath(base, node.path);
      if (node.name === name) return full;
      const found = node.children?.length ? walk(node.children, full) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(routes ?? [], '/');
}

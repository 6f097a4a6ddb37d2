/**
 * The path rules of the server's route tree (GET /oauth/menu/router), shared by the web's
 * sidebar and routes and by the menu administration's uniqueness check (decision 0029).
 */

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

import { useMatches } from 'react-router';
import { useSessionStore } from '../lib/session-store.ts';
import { isRouteHandle, type TRouteHandle } from './route-handle.ts';

/** The handle of the deepest matched route that has one (none for the catch-all before the menu loads). */
export function useRouteHandle(): TRouteHandle | undefined {
  const matches = useMatches();
  const routesLoaded = useSessionStore((s) => s.routesLoaded);
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) return handle.catchAll && !routesLoaded ? undefined : handle;
  }
  return undefined;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { resolvePage } from '../app/route-pages.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useUserGroup } from '../lib/use-user-group.ts';
import { useOpenViewsStore } from './open-views-store.ts';
import { useSettingsStore } from './settings-store.ts';
import { affixViewsFromTree, viewOf } from './tags-view-rules.ts';
import { useRouteHandle } from './use-route-handle.ts';

/**
 * Records the pages the user visits in the open-views store: the affix tabs of the route tree
 * first, then a tab per visited path. With the tags view switched off nothing is kept alive
 * (there would be no tab to close a kept page with).
 */
export function useTrackOpenViews(): void {
  const location = useLocation();
  const handle = useRouteHandle();
  const group = useUserGroup();
  const routes = useSessionStore((s) => s.routes);
  const routesLoaded = useSessionStore((s) => s.routesLoaded);
  const tagsView = useSettingsStore((s) => s.tagsView);

  useEffect(() => {
    if (!routesLoaded) return;
    const affix = affixViewsFromTree(routes, resolvePage, group);
    const home = viewOf({ pathname: '/', handle: { home: true, affix: true }, group });
    // The frame's own home ('/') is the affix home tab unless the tree has its own home board.
    useOpenViewsStore
      .getState()
      .initAffix(affix.some((v) => v.meta.home) || !home ? affix : [home, ...affix]);
  }, [routes, routesLoaded, group]);

  useEffect(() => {
    const view = viewOf({ ...location, handle, group });
    if (!view) return;
    const store = useOpenViewsStore.getState();
    store.addView(tagsView ? view : { ...view, meta: { ...view.meta, noCache: true } });
  }, [location, handle, group, tagsView]);

  useEffect(() => {
    if (!tagsView) useOpenViewsStore.setState({ cachedViews: [] });
  }, [tagsView]);
}

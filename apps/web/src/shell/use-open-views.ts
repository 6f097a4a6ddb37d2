import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { resolvePage } from '../app/route-pages.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useUserGroup } from '../lib/use-user-group.ts';
import { viewStateOwner } from '../lib/use-view-state.ts';
import { pageStateName, readViewState, removeViewState, writeViewState } from '../lib/view-state.ts';
import { useOpenViewsStore } from './open-views-store.ts';
import { useSettingsStore } from './settings-store.ts';
import { affixViewsFromTree, type TVisitedView, viewOf } from './tags-view-rules.ts';
import { useRouteHandle } from './use-route-handle.ts';

const TABS = 'tabs';
/** Whose tabs the open-views store holds (another user signing in starts from theirs). */
let storeOwner = '';

/**
 * Keeps the open tabs of this browser tab in its session storage: restored after a reload or
 * when a URL is opened directly (the opened page is added to them), saved on every change. A
 * closed tab's page state (filters, paging) goes with it.
 */
function usePersistOpenViews(): void {
  const owner = useSessionStore(viewStateOwner);
  // Restore before the first page is added, so opening a URL adds a tab to the saved ones.
  useState(() => {
    if (!owner || owner === storeOwner) return;
    storeOwner = owner;
    const saved = readViewState<{ visitedViews: TVisitedView[]; cachedViews: string[] }>(owner, TABS);
    useOpenViewsStore.setState({
      visitedViews: saved?.visitedViews ?? [],
      cachedViews: saved?.cachedViews ?? [],
    });
  });
  useEffect(() => {
    if (!owner) return;
    return useOpenViewsStore.subscribe((state, previous) => {
      if (state.visitedViews === previous.visitedViews && state.cachedViews === previous.cachedViews) return;
      writeViewState(owner, TABS, { visitedViews: state.visitedViews, cachedViews: state.cachedViews });
      const open = new Set(state.visitedViews.map((v) => v.path));
      for (const view of previous.visitedViews) {
        if (!open.has(view.path)) removeViewState(owner, pageStateName(view.path, ''));
      }
    });
  }, [owner]);
}

/**
 * Records the pages the user visits in the open-views store: the affix tabs of the route tree
 * first, then a tab per visited path. With the tags view switched off nothing is kept alive
 * (there would be no tab to close a kept page with).
 */
export function useTrackOpenViews(): void {
  usePersistOpenViews();
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

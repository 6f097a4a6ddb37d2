import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOpenViewsStore } from './open-views-store.ts';
import { fallbackPath, REDIRECT_PREFIX, type TVisitedView } from './tags-view-rules.ts';

/** The tags view's actions: refresh, close, close others, close all. */
export function useTagActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  /** Reloads a tab: it stops being kept alive and is opened again through /redirect. */
  const refresh = useCallback(
    (view: TVisitedView) => {
      useOpenViewsStore.getState().delCachedView(view.path);
      navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
    },
    [navigate],
  );

  const close = useCallback(
    (view: TVisitedView) => {
      if (view.meta.affix) return;
      const store = useOpenViewsStore.getState();
      store.delView(view.path);
      if (view.path === pathname) navigate(fallbackPath(useOpenViewsStore.getState().visitedViews));
    },
    [navigate, pathname],
  );

  const closeOthers = useCallback(
    (view: TVisitedView) => {
      useOpenViewsStore.getState().delOthers(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    },
    [navigate, pathname],
  );

  const closeAll = useCallback(() => {
    const store = useOpenViewsStore.getState();
    store.delAll();
    const left = useOpenViewsStore.getState().visitedViews;
    if (!left.some((v) => v.path === pathname)) navigate(fallbackPath(left));
  }, [navigate, pathname]);

  return { refresh, close, closeOthers, closeAll };
}

/**
 * The open-views store (spec section 3): the visited views shown as tabs and the paths of the
 * views kept alive (the "cached view names"; one view per path, so the path names it).
 */
import { create } from 'zustand';
import {
  addCachedView,
  addVisitedView,
  cachedOf,
  closeAllViews,
  closeOtherViews,
  closeVisitedView,
  type TVisitedView,
  withAffixViews,
} from './tags-view-rules.ts';

interface TOpenViewsState {
  visitedViews: TVisitedView[];
  cachedViews: string[];
  /** Opens (or refreshes) the tab of a view and keeps it alive unless noCache. */
  addView: (view: TVisitedView) => void;
  /** Adds the affix tabs in front. */
  initAffix: (views: readonly TVisitedView[]) => void;
  delView: (path: string) => void;
  delOthers: (path: string) => void;
  delAll: () => void;
  /** Stops keeping one view alive (tab refresh), keeping its tab. */
  delCachedView: (path: string) => void;
  reset: () => void;
}

export const useOpenViewsStore = create<TOpenViewsState>()((set) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view) =>
    set((s) => {
      const visitedViews = addVisitedView(s.visitedViews, view);
      const cachedViews = addCachedView(s.cachedViews, view);
      return visitedViews === s.visitedViews && cachedViews === s.cachedViews
        ? s
        : { visitedViews, cachedViews };
    }),
  initAffix: (views) => set((s) => ({ visitedViews: withAffixViews(s.visitedViews, views) })),
  delView: (path) =>
    set((s) => {
      const visitedViews = closeVisitedView(s.visitedViews, path);
      const cachedViews = cachedOf(visitedViews, s.cachedViews);
      return { visitedViews, cachedViews };
    }),
  delOthers: (path) =>
    set((s) => {
      const visitedViews = closeOtherViews(s.visitedViews, path);
      return { visitedViews, cachedViews: cachedOf(visitedViews, s.cachedViews) };
    }),
  delAll: () =>
    set((s) => {
      const visitedViews = closeAllViews(s.visitedViews);
      return { visitedViews, cachedViews: cachedOf(visitedViews, s.cachedViews) };
    }),
  delCachedView: (path) => set((s) => ({ cachedViews: s.cachedViews.filter((p) => p !== path) })),
  reset: () => set({ visitedViews: [], cachedViews: [] }),
}));

/**
 * The frame's outlet that keeps visited pages alive (spec section 2: a cached tab keeps its
 * state). Every kept page stays mounted inside React's <Activity>: the current one visible,
 * the others hidden (their DOM is hidden and their effects are cleaned up, but their state,
 * form input and table page are kept). Each kept page also keeps its own location, so a
 * hidden page does not see another page's path or query, and the window's scroll position is
 * remembered per page.
 */
import { Activity, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  type NavigationType,
  useLocation,
  useNavigationType,
  useOutlet,
} from 'react-router';
import { PageLoading } from './PageLoading.tsx';

interface TKeptPage {
  element: ReactNode;
  /** The value given to the page's LocationContext; replaced only when its own location changes. */
  context: { location: Location; navigationType: NavigationType };
}

export interface KeepAliveOutletProps {
  /** Paths of the pages to keep alive once left (the open-views store's cached views). */
  keep: readonly string[];
}

export function KeepAliveOutlet({ keep }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = location.pathname;
  const pages = useRef(new Map<string, TKeptPage>()).current;
  const scrolls = useRef(new Map<string, number>()).current;
  const currentRef = useRef(current);

  // Rendering is idempotent here: the current page is (re)stored, pages no longer kept go.
  const previous = pages.get(current);
  pages.set(current, {
    element: outlet,
    context:
      previous && previous.context.location === location ? previous.context : { location, navigationType },
  });
  for (const path of [...pages.keys()]) {
    if (path !== current && !keep.includes(path)) {
      pages.delete(path);
      scrolls.delete(path);
    }
  }

  // Each page gets its own scroll position back when it shows again.
  useLayoutEffect(() => {
    currentRef.current = current;
    window.scrollTo({ top: scrolls.get(current) ?? 0, left: 0, behavior: 'instant' });
  }, [current, scrolls]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => scrolls.set(currentRef.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [scrolls]);

  return [...pages].map(([path, page]) => (
    <Activity key={path} mode={path === current ? 'visible' : 'hidden'}>
      <LocationContext.Provider value={page.context}>
        <Suspense fallback={<PageLoading />}>{page.element}</Suspense>
      </LocationContext.Provider>
    </Activity>
  ));
}

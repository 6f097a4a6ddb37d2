import { useEffect } from 'react';
import { BACK_TO_TOP_DEFAULT, useShellStore } from './shell-store.ts';

/**
 * Lets a page choose when the back-to-top button appears (the hospital form: 180 px) and, for
 * a page with a sticky action bar at the bottom, put it in the bar's right end, where it covers
 * no field or character counter. The default (400 px, above the page) comes back when the page
 * is left or hidden in the tags view.
 */
export function useBackToTop(height: number, { inBar = false }: { inBar?: boolean } = {}): void {
  useEffect(() => {
    useShellStore.getState().setBackToTop({ height, inBar });
    return () => useShellStore.getState().setBackToTop({ height: BACK_TO_TOP_DEFAULT, inBar: false });
  }, [height, inBar]);
}

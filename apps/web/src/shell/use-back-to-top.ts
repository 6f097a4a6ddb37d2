import { useEffect } from 'react';
import { BACK_TO_TOP_DEFAULT, useShellStore } from './shell-store.ts';

/**
 * Lets a page choose when the back-to-top button appears (the hospital form: 180 px). The
 * default (400 px) comes back when the page is left or hidden in the tags view.
 */
export function useBackToTopHeight(height: number): void {
  useEffect(() => {
    useShellStore.getState().setBackToTopHeight(height);
    return () => useShellStore.getState().setBackToTopHeight(BACK_TO_TOP_DEFAULT);
  }, [height]);
}

/**
 * The global loading flag (spec section 2 "Shell"): while it is set the frame shows a
 * full-page loading overlay. Work that blocks the whole page sets it with setGlobalLoading.
 */
import { create } from 'zustand';

interface TGlobalLoadingState {
  /** How many callers hold the flag; the overlay shows while it is above zero. */
  holders: number;
}

export const useGlobalLoadingStore = create<TGlobalLoadingState>()(() => ({ holders: 0 }));

/** Sets (true) or releases (false) the global loading flag; calls nest. */
export function setGlobalLoading(loading: boolean): void {
  useGlobalLoadingStore.setState((s) => ({ holders: Math.max(0, s.holders + (loading ? 1 : -1)) }));
}

/** Runs a task with the global loading flag set. */
export async function withGlobalLoading<T>(task: () => Promise<T>): Promise<T> {
  setGlobalLoading(true);
  try {
    return await task();
  } finally {
    setGlobalLoading(false);
  }
}

/** True while the flag is set. */
export function useGlobalLoading(): boolean {
  return useGlobalLoadingStore((s) => s.holders > 0);
}

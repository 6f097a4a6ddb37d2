import { type SetStateAction, useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from './session-store.ts';
import { pageStateName, readViewState, writeViewState } from './view-state.ts';

/** The signed-in user that view state belongs to ('' when nobody is). */
export function viewStateOwner(state: { tenant: string; user: { userId: string } | null }): string {
  return state.user ? `${state.tenant}/${state.user.userId}` : '';
}

/**
 * useState for a page's list state (filters, paging) that survives a reload of the browser tab:
 * remembered per signed-in user and page path, forgotten when the page's tab is closed or the
 * session ends. The value must be JSON (strings, numbers, arrays, plain objects).
 */
export function useViewState<T>(key: string, initial: T | (() => T)): [T, (next: SetStateAction<T>) => void] {
  const { pathname } = useLocation();
  const owner = useSessionStore(viewStateOwner);
  const name = pageStateName(pathname, key);
  const [value, setValue] = useState<T>(() => {
    const saved = owner ? readViewState<T>(owner, name) : null;
    if (saved !== null) return saved;
    return typeof initial === 'function' ? (initial as () => T)() : initial;
  });
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        if (owner) writeViewState(owner, name, value);
        return value;
      }),
    [owner, name],
  );
  return [value, set];
}

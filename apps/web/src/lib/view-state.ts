/**
 * What a browser tab remembers of its own work across a reload: the frame's open tabs and each
 * page's list state (filters, paging). Kept in sessionStorage (per browser tab, gone when the
 * tab closes), under the signed-in user, and cleared when the session ends.
 */

const PREFIX = 'portal.view.';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The key of `name` for a user (`tenant/userId`). */
function keyOf(owner: string, name: string): string {
  return `${PREFIX}${owner}|${name}`;
}

export function readViewState<T>(owner: string, name: string): T | null {
  const text = store()?.getItem(keyOf(owner, name));
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeViewState(owner: string, name: string, value: unknown): void {
  try {
    store()?.setItem(keyOf(owner, name), JSON.stringify(value));
  } catch {
    // Full or disabled storage: the state is simply not restored after a reload.
  }
}

/** Removes every entry of a user whose name starts with `prefix`. */
export function removeViewState(owner: string, prefix: string): void {
  const s = store();
  if (!s) return;
  const start = keyOf(owner, prefix);
  for (const key of Object.keys(s)) if (key.startsWith(start)) s.removeItem(key);
}

/** Forgets everything (the session ended). */
export function clearViewState(): void {
  const s = store();
  if (!s) return;
  for (const key of Object.keys(s)) if (key.startsWith(PREFIX)) s.removeItem(key);
}

/** The name under which a page keeps one piece of its state. */
export function pageStateName(path: string, key: string): string {
  return `page:${path}|${key}`;
}

/**
 * The boundary rows of the task-list pages served lately (decision 0022, keyset amendment): per
 * list query (who asks, the filter, the order, the page size) and its total, the keys of each
 * page's first and last row. The next or previous page is then read from the boundary by keyset
 * instead of walking the offset. In-process and short-lived: another instance, an expired entry
 * or a changed total falls back to the offset read, which is always correct.
 */

/** A row's place in a list's order: the sort column's value, created_at and id, as text. */
export interface TRowKeys {
  sort: string | null;
  createdAt: string;
  id: string;
}

export interface TPageBounds {
  first: TRowKeys;
  last: TRowKeys;
}

interface TKnownList {
  total: number;
  expiresAt: number;
  pages: Map<number, TPageBounds>;
}

const TTL_MS = 5 * 60_000;
const MAX_LISTS = 2_000;
const MAX_PAGES = 32;

const lists = new Map<string, TKnownList>();

/** The remembered pages of a list query, if its total is still `total`. */
export function recallPages(key: string, total: number, now = Date.now()): ReadonlyMap<number, TPageBounds> {
  const known = lists.get(key);
  if (!known) return new Map();
  if (known.total !== total || known.expiresAt <= now) {
    lists.delete(key);
    return new Map();
  }
  return known.pages;
}

/** Remembers page `current` of a list query with `total` rows; the oldest lists and pages go first. */
export function rememberPage(
  key: string,
  { total, current, bounds }: { total: number; current: number; bounds: TPageBounds },
  now = Date.now(),
): void {
  const previous = lists.get(key);
  const pages = previous && previous.total === total ? previous.pages : new Map<number, TPageBounds>();
  lists.delete(key);
  lists.set(key, { total, expiresAt: now + TTL_MS, pages });
  pages.delete(current);
  pages.set(current, bounds);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as number);
  if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value as string);
}

/** Forgets every remembered page (tests: to read a page by offset). */
export function forgetPages(): void {
  lists.clear();
}

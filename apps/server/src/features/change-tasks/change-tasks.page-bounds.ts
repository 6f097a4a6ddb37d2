/**
 * The boundary rows of the task-list pages served lately (decision 0022, keyset amendment): per
 * list query (who asks, the filter, the order, the page size) and its total, the keys of each
 * page's first and last row. The next or previous page is then read from the boundary by keyset
 * instead of walking the offset. In-process and short-lived: another instance, an expired entry
 * or a changed total falls back to the offset read, which is always correct.
 *
 * Beside the pages, a list keeps marks: the keys of every n-th row (its 0-based place in the
 * list's order) that a jump's offset walk passed (decision 0022, "marks for jumps"). A later
 * jump reads from the nearest mark by keyset and walks at most n rows instead of the offset.
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
  /** Row keys by their 0-based place in the list's order. */
  marks: Map<number, TRowKeys>;
}

const TTL_MS = 5 * 60_000;
const MAX_LISTS = 2_000;
const MAX_PAGES = 32;
/** Marks kept per list: at a mark every 2,000 rows, a list of 2,000,000 rows. */
const MAX_MARKS = 1_000;
/** Marks kept over every list (about 250 bytes each): a walk past it keeps none until lists expire. */
export const MAX_MARKS_ALL = 50_000;

const lists = new Map<string, TKnownList>();

/** What is kept of a list query, if its total is still `total` and it has not expired. */
function recall(key: string, total: number, now: number): TKnownList | undefined {
  const known = lists.get(key);
  if (!known) return undefined;
  if (known.total !== total || known.expiresAt <= now) {
    lists.delete(key);
    return undefined;
  }
  return known;
}

/** The remembered pages of a list query, if its total is still `total`. */
export function recallPages(key: string, total: number, now = Date.now()): ReadonlyMap<number, TPageBounds> {
  return recall(key, total, now)?.pages ?? new Map();
}

/** The marks of a list query (row keys by place), if its total is still `total`. */
export function recallMarks(key: string, total: number, now = Date.now()): ReadonlyMap<number, TRowKeys> {
  return recall(key, total, now)?.marks ?? new Map();
}

/** The entry of a list query with `total` rows, refreshed and made the newest. */
function keep(key: string, total: number, now: number): TKnownList {
  const previous = lists.get(key);
  const known =
    previous && previous.total === total
      ? { ...previous, expiresAt: now + TTL_MS }
      : { total, expiresAt: now + TTL_MS, pages: new Map(), marks: new Map() };
  lists.delete(key);
  lists.set(key, known);
  if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value as string);
  return known;
}

/** Remembers page `current` of a list query with `total` rows; the oldest lists and pages go first. */
export function rememberPage(
  key: string,
  { total, current, bounds }: { total: number; current: number; bounds: TPageBounds },
  now = Date.now(),
): void {
  const { pages } = keep(key, total, now);
  pages.delete(current);
  pages.set(current, bounds);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as number);
}

/** Remembers the keys of rows at their places in a list query with `total` rows. */
export function rememberMarks(
  key: string,
  { total, marks }: { total: number; marks: readonly { place: number; keys: TRowKeys }[] },
  now = Date.now(),
): void {
  if (marksKept() + marks.length > MAX_MARKS_ALL) return;
  const known = keep(key, total, now);
  for (const { place, keys } of marks) {
    if (known.marks.size >= MAX_MARKS && !known.marks.has(place)) break;
    known.marks.set(place, keys);
  }
}

/** The nearest mark at or before place `before` and at or after place `after`, if any. */
export function nearestMarks(
  marks: ReadonlyMap<number, TRowKeys>,
  { before, after }: { before: number; after: number },
): { below?: { place: number; keys: TRowKeys }; above?: { place: number; keys: TRowKeys } } {
  let below: { place: number; keys: TRowKeys } | undefined;
  let above: { place: number; keys: TRowKeys } | undefined;
  for (const [place, keys] of marks) {
    if (place <= before && (!below || place > below.place)) below = { place, keys };
    if (place >= after && (!above || place < above.place)) above = { place, keys };
  }
  return { below, above };
}

/** How many marks are kept over every list. */
export function marksKept(): number {
  let n = 0;
  for (const known of lists.values()) n += known.marks.size;
  return n;
}

/** Forgets every remembered page and mark (tests: to read a page by offset). */
export function forgetPages(): void {
  lists.clear();
}

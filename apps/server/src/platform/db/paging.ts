import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** One key of a list's order: the column and whether it runs newest/largest first. */
export interface TOrderKey {
  column: AnyPgColumn;
  desc: boolean;
}

/**
 * ORDER BY terms for the keys, nulls last (the lists' order). Reversed, each key runs the other
 * way with nulls first, which is the same order read from the other end, so the same index
 * serves both.
 */
export function orderTerms(keys: readonly TOrderKey[], reverse = false): SQL[] {
  return keys.map(({ column, desc }) =>
    reverse
      ? sql`${column} ${desc ? sql`asc` : sql`desc`} nulls first`
      : sql`${column} ${desc ? sql`desc` : sql`asc`} nulls last`,
  );
}

/**
 * Where page `current` of `total` rows lies, read from the nearer end: a page past the middle
 * is read in reverse order with the offset counted from the end (and the last, partial page
 * with a shorter limit), so the deepest page costs what the middle one does. Null when the page
 * is past the end. Callers read the ids of the window (an index-only scan when an index matches
 * the order) and then the rows by id, in the forward order.
 */
export function pageWindow({
  current,
  size,
  total,
}: {
  current: number;
  size: number;
  total: number;
}): { offset: number; limit: number; reverse: boolean } | null {
  const offset = (current - 1) * size;
  if (offset >= total) return null;
  const after = total - offset - size;
  if (after >= offset) return { offset, limit: size, reverse: false };
  return { offset: Math.max(0, after), limit: size + Math.min(0, after), reverse: true };
}

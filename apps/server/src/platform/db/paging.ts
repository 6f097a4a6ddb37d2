import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDbOrTx } from './client.ts';

/**
 * The most rows a filtered list counts by default (decision 0022, capped counts): past it the
 * list answers `total` = this with `totalCapped`, and pages only this far.
 */
export const LIST_COUNT_CAP = 10_000;

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
  capped = false,
}: {
  current: number;
  size: number;
  total: number;
  /** The total is a lower bound (countAtMost): the end is unknown, so read forward only. */
  capped?: boolean;
}): { offset: number; limit: number; reverse: boolean } | null {
  const offset = (current - 1) * size;
  if (offset >= total) return null;
  if (capped) return { offset, limit: Math.min(size, total - offset), reverse: false };
  const after = total - offset - size;
  if (after >= offset) return { offset, limit: size, reverse: false };
  return { offset: Math.max(0, after), limit: size + Math.min(0, after), reverse: true };
}

/**
 * How many rows of `table` match `where`, counting no further than `cap` + 1: a filtered list's
 * count stops there instead of walking every match (decision 0022). A result above `cap` means
 * "more than cap"; see cappedTotal.
 */
export async function countAtMost(
  db: TDbOrTx,
  { table, where, cap }: { table: PgTable; where: SQL | undefined; cap: number },
): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${table} where ${where ?? sql`true`} limit ${cap + 1}) as counted`,
  );
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

/** The total a list answers with: exact up to `cap`; past it `cap`, flagged as a lower bound. */
export function cappedTotal(n: number, cap: number): { total: number; totalCapped: boolean } {
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

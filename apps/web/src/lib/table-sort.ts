/** A list's sort as the generic list request carries it (spec section 3: sort, order). */
export interface TListSort<K extends string = string> {
  sort: K;
  order: 'ascending' | 'descending';
}

/** What Ant Design's Table reports of a header click (its SorterResult, of any row type). */
export interface TSorter {
  columnKey?: string | number | bigint;
  field?: unknown;
  order?: 'ascend' | 'descend' | null;
}

/** The sort order a column header shows: the list's, when it sorts by this column. */
export function columnSortOrder<K extends string>(sort: TListSort<K>, key: K): 'ascend' | 'descend' | null {
  if (sort.sort !== key) return null;
  return sort.order === 'ascending' ? 'ascend' : 'descend';
}

/**
 * The list's next sort after a click on a column header: that column in the direction the
 * header shows, or the list's default when the header went back to unsorted or names a
 * column the server cannot sort by.
 */
export function nextListSort<K extends string>(
  sorter: TSorter | TSorter[],
  sortable: readonly K[],
  fallback: TListSort<K>,
): TListSort<K> {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const key = String(one?.columnKey ?? one?.field ?? '');
  if (!one?.order || !(sortable as readonly string[]).includes(key)) return fallback;
  return { sort: key as K, order: one.order === 'ascend' ? 'ascending' : 'descending' };
}

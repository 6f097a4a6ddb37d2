import { columnSortOrder, nextListSort, type TListSort, type TSorter } from './table-sort.ts';
import { useViewState } from './use-view-state.ts';

const SORT_DIRECTIONS: ('ascend' | 'descend')[] = ['ascend', 'descend'];

/**
 * A server-sorted list's sort, kept with the tab's other list state: `sort` for the request,
 * `column(key)` for a sortable column's props, `change(sorter)` for the Table's onChange.
 */
export function useListSort<K extends string>(sortable: readonly K[], fallback: TListSort<K>) {
  const [sort, setSort] = useViewState<TListSort<K>>('sort', fallback);
  return {
    sort,
    column: (key: K) => ({
      key,
      sorter: true,
      sortOrder: columnSortOrder(sort, key),
      sortDirections: SORT_DIRECTIONS,
    }),
    change: (sorter: TSorter | TSorter[]) => setSort(nextListSort(sorter, sortable, fallback)),
  };
}

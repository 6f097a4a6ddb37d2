import { describe, expect, it } from 'vitest';
import { columnSortOrder, nextListSort, type TListSort } from './table-sort.ts';

const SORTABLE = ['commitDate', 'taskNo'] as const;
const FALLBACK: TListSort<(typeof SORTABLE)[number]> = { sort: 'commitDate', order: 'descending' };

describe('table sort', () => {
  it('shows the order on the sorted column only', () => {
    expect(columnSortOrder({ sort: 'taskNo', order: 'ascending' }, 'taskNo')).toBe('ascend');
    expect(columnSortOrder({ sort: 'taskNo', order: 'descending' }, 'taskNo')).toBe('descend');
    expect(columnSortOrder({ sort: 'taskNo', order: 'ascending' }, 'commitDate')).toBeNull();
  });

  it('takes the clicked column and direction, else the default', () => {
    expect(nextListSort({ columnKey: 'taskNo', order: 'ascend' }, SORTABLE, FALLBACK)).toEqual({
      sort: 'taskNo',
      order: 'ascending',
    });
    expect(nextListSort([{ columnKey: 'taskNo', order: 'descend' }], SORTABLE, FALLBACK)).toEqual({
      sort: 'taskNo',
      order: 'descending',
    });
    // Back to unsorted, or a column the server cannot sort by.
    expect(nextListSort({ columnKey: 'taskNo', order: undefined }, SORTABLE, FALLBACK)).toEqual(FALLBACK);
    expect(nextListSort({ columnKey: 'remark', order: 'ascend' }, SORTABLE, FALLBACK)).toEqual(FALLBACK);
  });
});

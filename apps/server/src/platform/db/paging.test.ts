import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging.ts';

describe('pageWindow', () => {
  it('reads pages in the first half from the start', () => {
    expect(pageWindow({ current: 1, size: 10, total: 95 })).toEqual({ offset: 0, limit: 10, reverse: false });
    expect(pageWindow({ current: 5, size: 10, total: 95 })).toEqual({
      offset: 40,
      limit: 10,
      reverse: false,
    });
  });

  it('reads pages in the second half from the end, the last partial page with a shorter limit', () => {
    // rows 50..59 of 95: 35 rows come after them
    expect(pageWindow({ current: 6, size: 10, total: 95 })).toEqual({ offset: 35, limit: 10, reverse: true });
    // the last page holds rows 90..94: five rows, nothing after them
    expect(pageWindow({ current: 10, size: 10, total: 95 })).toEqual({ offset: 0, limit: 5, reverse: true });
    expect(pageWindow({ current: 10, size: 10, total: 100 })).toEqual({
      offset: 0,
      limit: 10,
      reverse: true,
    });
  });

  it('has no window past the end or in an empty list', () => {
    expect(pageWindow({ current: 11, size: 10, total: 100 })).toBeNull();
    expect(pageWindow({ current: 1, size: 10, total: 0 })).toBeNull();
  });
});

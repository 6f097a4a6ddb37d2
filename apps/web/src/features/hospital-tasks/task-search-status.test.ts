import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TASK_SEARCH_STATUS,
  readTaskSearchStatus,
  resetTaskSearchStatus,
  writeTaskSearchStatus,
} from './task-search-status.ts';

const KEY = 'TASK_SEARCH_STATUS';

describe('task search status (spec section 4: default 02 kept in local storage)', () => {
  afterEach(() => localStorage.clear());

  it('stores the spec default 02 on first use and reads it as no status filter', () => {
    expect(readTaskSearchStatus()).toEqual([]);
    expect(localStorage.getItem(KEY)).toBe(DEFAULT_TASK_SEARCH_STATUS);
    expect(readTaskSearchStatus()).toEqual([]);
  });

  it("remembers the user's choice, real statuses only", () => {
    writeTaskSearchStatus(['01', '08', '02', '99', '01']);
    expect(localStorage.getItem(KEY)).toBe('["01","08"]');
    expect(readTaskSearchStatus()).toEqual(['01', '08']);
    writeTaskSearchStatus([]);
    expect(readTaskSearchStatus()).toEqual([]);
    expect(localStorage.getItem(KEY)).toBe('[]');
  });

  it('reads a bare stored code and ignores unreadable values', () => {
    localStorage.setItem(KEY, '04');
    expect(readTaskSearchStatus()).toEqual(['04']);
    localStorage.setItem(KEY, '{broken');
    expect(readTaskSearchStatus()).toEqual([]);
  });

  it('resets to the default', () => {
    writeTaskSearchStatus(['06']);
    expect(resetTaskSearchStatus()).toEqual([]);
    expect(localStorage.getItem(KEY)).toBe('02');
  });
});

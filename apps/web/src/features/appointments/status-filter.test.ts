import { afterEach, describe, expect, it } from 'vitest';
import { PORTAL_STORAGE_KEYS } from '../../lib/storage.ts';
import { readStatusFilter, writeStatusFilter } from './status-filter.ts';

const KEY = PORTAL_STORAGE_KEYS.APPOINTMENT_SEARCH_STATUS;

afterEach(() => localStorage.clear());

describe('the appointment status filter', () => {
  it("starts with ['01'] (to be treated) when nothing is remembered", () => {
    expect(readStatusFilter()).toEqual(['01']);
  });

  it('remembers the last choice, an empty one (every status) included', () => {
    writeStatusFilter(['02', '05']);
    expect(readStatusFilter()).toEqual(['02', '05']);
    writeStatusFilter([]);
    expect(readStatusFilter()).toEqual([]);
  });

  it('drops codes that are not appointment statuses and ignores a broken value', () => {
    localStorage.setItem(KEY, JSON.stringify(['01', '99', 3]));
    expect(readStatusFilter()).toEqual(['01']);
    localStorage.setItem(KEY, '{not json');
    expect(readStatusFilter()).toEqual(['01']);
  });
});

/**
 * The task list's remembered status filter (spec section 4: "The task-search default status
 * is 02, kept in local storage"). '02' is not a hospital-task status, so the default means
 * "every status"; a choice the user searches with is remembered instead
 * (docs/decisions/0011-task-search-default.md).
 */

import { TASK_STATUS_CODES } from '../../components/change-tasks/task-statuses.ts';
import { PORTAL_STORAGE_KEYS, readString, writeString } from '../../lib/storage.ts';

/** The spec's default, stored as it is on first use. */
export const DEFAULT_TASK_SEARCH_STATUS = '02';
const KEY = PORTAL_STORAGE_KEYS.TASK_SEARCH_STATUS;

/** Only real task statuses survive; anything else (the default '02' included) drops out. */
function knownStatuses(values: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    if (typeof value === 'string' && TASK_STATUS_CODES.includes(value) && !out.includes(value))
      out.push(value);
  }
  return out;
}

/**
 * The statuses to filter by: the remembered choice, or none (every status) for the default.
 * On first use the spec's default '02' is written down.
 */
export function readTaskSearchStatus(): string[] {
  const stored = readString(KEY);
  if (stored === null) {
    writeString(KEY, DEFAULT_TASK_SEARCH_STATUS);
    return [];
  }
  if (stored === DEFAULT_TASK_SEARCH_STATUS) return [];
  try {
    const value = JSON.parse(stored) as unknown;
    if (Array.isArray(value)) return knownStatuses(value);
    if (typeof value === 'string') return knownStatuses([value]);
  } catch {
    // a bare code written by hand or an older version
  }
  return knownStatuses([stored]);
}

/** Remembers the statuses the user searched with ([] is remembered as "every status"). */
export function writeTaskSearchStatus(statuses: readonly string[]): void {
  writeString(KEY, JSON.stringify(knownStatuses(statuses)));
}

/** Back to the default (reset). */
export function resetTaskSearchStatus(): string[] {
  writeString(KEY, DEFAULT_TASK_SEARCH_STATUS);
  return [];
}

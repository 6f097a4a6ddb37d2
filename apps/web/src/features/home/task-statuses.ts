/**
 * Hospital/provider task statuses on the home boards: the codes, order and names come from the
 * shared table (@portal/domain), the same one the task lists, detail screens and exports read.
 */

import {
  AUDITABLE_STATUSES,
  TASK_STATUS_ORDER as STATUS_ENTRIES,
  taskStatusName,
} from '@portal/domain/change-tasks/lifecycle';
import { HOSPITAL_TASK_STATUS } from '@portal/domain/dictionaries/codes';
import type { TLanguage } from '../../lib/i18n.ts';
import type { TTaskCount } from './api/get-home-page.ts';

/** Statuses that wait for an auditor: submitted tasks only (a draft, 08, is still the provider's). */
export const AWAITING_AUDIT: readonly string[] = AUDITABLE_STATUSES;

/** Statuses that wait for the provider: returned tasks to edit and submit again. */
export const AWAITING_PROVIDER: readonly string[] = [HOSPITAL_TASK_STATUS.REJECTED.code];

/** Work waiting first, then the outcomes. */
export const TASK_STATUS_ORDER: readonly string[] = STATUS_ENTRIES.map((s) => s.code);

/** The name of a status in the language, or null for a code the table does not know. */
export function statusName(status: string, lang: TLanguage): string | null {
  return taskStatusName(status, lang);
}

export interface TStatusCount {
  status: string;
  count: number;
}

/** Counts per known status in board order (missing ones as 0), then any unknown codes the server sent. */
export function countsInOrder(taskCounts: readonly TTaskCount[] | null | undefined): TStatusCount[] {
  const byStatus = new Map<string, number>();
  for (const entry of taskCounts ?? []) {
    if (!entry || typeof entry.status !== 'string') continue;
    byStatus.set(entry.status, (byStatus.get(entry.status) ?? 0) + (Number(entry.count) || 0));
  }
  const known = TASK_STATUS_ORDER.map((status) => ({ status, count: byStatus.get(status) ?? 0 }));
  const unknown = [...byStatus.entries()]
    .filter(([status]) => !TASK_STATUS_ORDER.includes(status))
    .map(([status, count]) => ({ status, count }));
  return [...known, ...unknown];
}

export function totalCount(counts: readonly TStatusCount[]): number {
  return counts.reduce((sum, c) => sum + c.count, 0);
}

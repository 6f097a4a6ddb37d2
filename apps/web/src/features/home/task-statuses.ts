/**
 * Hospital/provider task statuses of spec section 4, in the order the boards show them. Labels
 * are in the home namespace under `taskStatus.<code>`.
 */
import type { TTaskCount } from './api/get-home-page.ts';

export const TASK_STATUS = {
  AUDITING: '01',
  WITHDRAWN: '03',
  REJECTED: '04',
  APPROVED: '06',
  CLOSED: '07',
  PENDING: '08',
} as const;

export type TTaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

/** Statuses that wait for an auditor. */
export const AWAITING_AUDIT: readonly string[] = [TASK_STATUS.AUDITING, TASK_STATUS.PENDING];

/** Work waiting first, then the outcomes. */
export const TASK_STATUS_ORDER: readonly TTaskStatus[] = ['08', '01', '04', '06', '03', '07'];

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
    .filter(([status]) => !(TASK_STATUS_ORDER as readonly string[]).includes(status))
    .map(([status, count]) => ({ status, count }));
  return [...known, ...unknown];
}

export function totalCount(counts: readonly TStatusCount[]): number {
  return counts.reduce((sum, c) => sum + c.count, 0);
}

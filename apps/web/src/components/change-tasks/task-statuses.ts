/**
 * Hospital task statuses as the list and detail screens show them: bilingual labels from the
 * code table, a tag colour each, and which row actions each status allows.
 */

import {
  CLOSABLE_STATUSES,
  EDITABLE_STATUSES,
  TASK_STATUS_ORDER,
  taskStatusName,
  WITHDRAWABLE_STATUSES,
} from '@portal/domain/change-tasks/lifecycle';
import { HOSPITAL_TASK_STATUS, TASK_TYPE, type TCodeEntry } from '@portal/domain/dictionaries/codes';
import type { TLanguage } from '../../lib/i18n.ts';

/** The statuses in the order the filter offers them: work waiting first, then outcomes. */
export const TASK_STATUS_OPTIONS: readonly TCodeEntry[] = TASK_STATUS_ORDER;

export const TASK_STATUS_CODES: readonly string[] = TASK_STATUS_OPTIONS.map((s) => s.code);

/** Ant Design tag colour of each status. */
const STATUS_COLORS: Record<string, string> = {
  [HOSPITAL_TASK_STATUS.PENDING.code]: 'gold',
  [HOSPITAL_TASK_STATUS.AUDITING.code]: 'processing',
  [HOSPITAL_TASK_STATUS.REJECTED.code]: 'error',
  [HOSPITAL_TASK_STATUS.APPROVED.code]: 'success',
  [HOSPITAL_TASK_STATUS.WITHDRAWN.code]: 'purple',
  [HOSPITAL_TASK_STATUS.CLOSED.code]: 'default',
};

export function statusColor(status: string | null | undefined): string {
  return (status && STATUS_COLORS[status]) || 'default';
}

function labelIn(table: readonly TCodeEntry[], code: string | null | undefined, lang: TLanguage): string {
  if (!code) return '-';
  const entry = table.find((e) => e.code === code);
  return entry ? entry[lang] : code;
}

export function statusLabel(status: string | null | undefined, lang: TLanguage): string {
  if (!status) return '-';
  return taskStatusName(status, lang) ?? status;
}

export function taskTypeLabel(taskType: string | null | undefined, lang: TLanguage): string {
  return labelIn(Object.values(TASK_TYPE), taskType, lang);
}

/** What the provider may do with a task in this status. */
export function taskActions(status: string | null | undefined): {
  edit: boolean;
  withdraw: boolean;
  close: boolean;
} {
  const s = status ?? '';
  return {
    edit: EDITABLE_STATUSES.includes(s),
    withdraw: WITHDRAWABLE_STATUSES.includes(s),
    close: CLOSABLE_STATUSES.includes(s),
  };
}

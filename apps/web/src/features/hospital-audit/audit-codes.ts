/**
 * Code labels and tag colours of the audit list, from the shared code tables (no bare codes in
 * components), and the paths the list links to.
 */

import { canAudit, taskStatusName } from '@portal/domain/change-tasks/lifecycle';
import { HOSPITAL_TASK_STATUS, TASK_TYPE, type TCodeEntry } from '@portal/domain/dictionaries/codes';
import type { TLanguage } from '../../lib/i18n.ts';
import { doctorMshTaskDetailPath, doctorTaskAuditPath, isDoctorTask } from '../doctors/doctor-paths.ts';

/** Statuses in the order the filter offers them: waiting for audit first, then outcomes. */
export const AUDIT_STATUS_OPTIONS: readonly TCodeEntry[] = [
  HOSPITAL_TASK_STATUS.AUDITING,
  HOSPITAL_TASK_STATUS.REJECTED,
  HOSPITAL_TASK_STATUS.APPROVED,
  HOSPITAL_TASK_STATUS.WITHDRAWN,
  HOSPITAL_TASK_STATUS.CLOSED,
  HOSPITAL_TASK_STATUS.PENDING,
];

/** The task types of the audit list: doctor tasks (01, 02) and hospital tasks (03, 04). */
export const AUDIT_TASK_TYPES: readonly TCodeEntry[] = [
  TASK_TYPE.ADD_DOCTOR,
  TASK_TYPE.UPDATE_DOCTOR,
  TASK_TYPE.ADD_HOSPITAL,
  TASK_TYPE.UPDATE_HOSPITAL,
];

/** The list opens on the tasks waiting for an auditor. */
export const DEFAULT_AUDIT_STATUSES: readonly string[] = [HOSPITAL_TASK_STATUS.AUDITING.code];

const STATUS_COLORS: Record<string, string> = {
  [HOSPITAL_TASK_STATUS.AUDITING.code]: 'processing',
  [HOSPITAL_TASK_STATUS.REJECTED.code]: 'error',
  [HOSPITAL_TASK_STATUS.APPROVED.code]: 'success',
  [HOSPITAL_TASK_STATUS.WITHDRAWN.code]: 'purple',
  [HOSPITAL_TASK_STATUS.CLOSED.code]: 'default',
  [HOSPITAL_TASK_STATUS.PENDING.code]: 'gold',
};

export const statusColor = (status: string): string => STATUS_COLORS[status] ?? 'default';

function labelIn(table: readonly TCodeEntry[], code: string | null | undefined, lang: TLanguage): string {
  if (!code) return '-';
  return table.find((e) => e.code === code)?.[lang] ?? code;
}

export const statusLabel = (status: string, lang: TLanguage) =>
  status ? (taskStatusName(status, lang) ?? status) : '-';
export const taskTypeLabel = (taskType: string, lang: TLanguage) =>
  labelIn(Object.values(TASK_TYPE), taskType, lang);

/** Whether the Audit action applies (a submitted task). */
export const isAuditable = canAudit;

/** Whether the announcement of this task can be exported (approved tasks only). */
export const isExportable = (status: string, taskType: string) =>
  status === HOSPITAL_TASK_STATUS.APPROVED.code && !isDoctorTask(taskType);

/** Route auditHosp: the shared hospital form in audit mode. */
export const AUDIT_FORM_PATH = '/drsystem/management/hosp/audit';

export function auditFormPath(taskNo: string, taskType: string): string {
  if (isDoctorTask(taskType)) return doctorTaskAuditPath(taskNo);
  return `${AUDIT_FORM_PATH}?taskNo=${encodeURIComponent(taskNo)}&taskType=${encodeURIComponent(taskType)}`;
}

/** The task audit detail screen (by id or task number). */
export function auditDetailPath(id: string, taskType: string): string {
  if (isDoctorTask(taskType)) return doctorMshTaskDetailPath(id);
  return `/drsystem/management/hospital/task/detail/${encodeURIComponent(id)}`;
}

/** Permissions of the operator's hospital-task calls. */
export const AUDIT_PERMISSIONS = {
  list: 'drsystem:providerTaskMsh:list',
  detail: 'drsystem:providerTaskMsh:detail',
  initTask: 'drsystem:providerTaskMsh:initTask',
  approval: 'drsystem:providerTaskMsh:approval',
  downloadAnnounce: 'drsystem:providerTaskMsh:downloadAnnounce',
  downloadNewsLetter: 'drsystem:providerTaskMsh:downloadNewsLetter',
  editNotes: 'drsystem:liproviderinfo:edit',
} as const;

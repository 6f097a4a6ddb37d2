/**
 * Paths of the hospital screens (spec section 2 "Hospital routes"), so pages link to each
 * other without spelling paths inline. The server's menu tree names the same paths.
 */

/** Route drmanage-task: the provider's hospital task list. */
export const TASK_LIST_PATH = '/drsystem/management/task';
/** Route hospitalAudit: the operator's hospital audit tasks. */
export const AUDIT_LIST_PATH = '/drsystem/management/hospital';
/** The sidebar's 'My hospital': the detail of the signed-in user's provider. */
export const MY_HOSPITAL_PATH = '/drsystem/management/hospital/mine';
export const HOSP_CREATE_PATH = '/drsystem/management/hosp/create';
export const HOSP_MODIFY_PATH = '/drsystem/management/hosp/modify';
export const TASK_MODIFY_PATH = '/drsystem/management/task/modify';
const HOSPITAL_DETAIL_BASE = '/drsystem/management/hospital/detail';
const TASK_DETAIL_BASE = '/drsystem/management/hospital/task/detail';

/** The task list; `save` marks the arrival after the form's submit (the list reloads). */
export function taskListPath(options: { save?: boolean } = {}): string {
  return options.save ? `${TASK_LIST_PATH}?save=true` : TASK_LIST_PATH;
}

/** The hospital detail screen of a provider (its approved record). */
export function hospitalDetailPath(providerId: string): string {
  return `${HOSPITAL_DETAIL_BASE}/${encodeURIComponent(providerId)}`;
}

/** The detail screen of a task, by id or task number. */
export function taskDetailPath(idOrTaskNo: string): string {
  return `${TASK_DETAIL_BASE}/${encodeURIComponent(idOrTaskNo)}`;
}

/** The form for a draft or returned task. */
export function taskModifyPath(taskNo: string): string {
  return `${TASK_MODIFY_PATH}?taskNo=${encodeURIComponent(taskNo)}`;
}

/** The form for a change of the approved record (modifyHosp). */
export function hospModifyPath(providerId: string): string {
  return `${HOSP_MODIFY_PATH}?providerId=${encodeURIComponent(providerId)}`;
}

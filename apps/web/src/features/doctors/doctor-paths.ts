/**
 * Paths of the doctor screens (spec section 2 "Doctor system routes"), so pages link to each
 * other without spelling paths inline. The server's menu tree names the same paths.
 */
import { TASK_TYPE } from '@portal/domain/dictionaries/codes';

const BASE = '/drsystem/management';
const at = (path: string, key: string) => `${BASE}/${path}/${encodeURIComponent(key)}`;

/** The provider's doctor list. */
export const DOCTOR_LIST_PATH = `${BASE}/doctor`;
/** Doctor Creation: a new add-doctor task (01); `certificateNo` prefills the form. */
export const doctorCreatePath = (certificateNo = '') =>
  certificateNo ? `${BASE}/create?certificateNo=${encodeURIComponent(certificateNo)}` : `${BASE}/create`;
/** A new update-doctor task (02) of a doctor. */
export const doctorUpdatePath = (doctorId: string) => at('update', doctorId);
export const doctorDetailPath = (doctorId: string) => at('detail', doctorId);
/** The provider's view of a doctor task (id or task number). */
export const doctorTaskDetailPath = (key: string) => at('task-detail', key);
/** The form for a draft or returned doctor task. */
export const doctorTaskUpdatePath = (key: string) => at('task-update', key);
/** The operator's view of a doctor task. */
export const doctorMshTaskDetailPath = (key: string) => at('msh-task-detail', key);
/** The operator's audit of a doctor task by task number. */
export const doctorTaskAuditPath = (taskNo: string) => at('task-audit/med', taskNo);

/** Task types 01 add doctor and 02 update doctor. */
export const isDoctorTask = (taskType: string | null | undefined): boolean =>
  taskType === TASK_TYPE.ADD_DOCTOR.code || taskType === TASK_TYPE.UPDATE_DOCTOR.code;

/**
 * Query keys of the doctor screens. Every query of the feature lives under DOCTORS_KEY, so a
 * task that changes (save, submit, withdraw, close, audit) refreshes them all.
 */
export const DOCTORS_KEY = ['doctors'] as const;
export const DOCTOR_LIST_KEY = [...DOCTORS_KEY, 'list'] as const;
export const DOCTOR_DETAIL_KEY = [...DOCTORS_KEY, 'detail'] as const;
export const DOCTOR_TASK_KEY = [...DOCTORS_KEY, 'task'] as const;
export const DOCTOR_AUDIT_TASK_KEY = [...DOCTORS_KEY, 'audit-task'] as const;

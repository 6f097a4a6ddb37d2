/**
 * Query keys of the hospital-task screens. Every query of the feature lives under
 * HOSPITAL_TASKS_KEY, so a task that changes (withdraw, close, submit) refreshes them all.
 */
export const HOSPITAL_TASKS_KEY = ['hospital-tasks'] as const;
export const TASK_LIST_KEY = [...HOSPITAL_TASKS_KEY, 'list'] as const;
export const TASK_DETAIL_KEY = [...HOSPITAL_TASKS_KEY, 'detail'] as const;
export const PROVIDER_DETAIL_KEY = [...HOSPITAL_TASKS_KEY, 'provider-detail'] as const;
export const HOSPITAL_NOTES_KEY = [...HOSPITAL_TASKS_KEY, 'hospital-notes'] as const;

/** A page of a list as the server answers it. */
export interface TPageOf<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
  /** The filter matches more than `total` rows; the server counts and pages no further. */
  totalCapped?: boolean;
}

/** Query keys of the operator's hospital-audit screens; mutations invalidate through them. */
export const HOSPITAL_AUDIT_KEY = ['hospital-audit'] as const;
export const AUDIT_TASKS_KEY = [...HOSPITAL_AUDIT_KEY, 'tasks'] as const;
export const PROVIDER_RECORDS_KEY = [...HOSPITAL_AUDIT_KEY, 'providers'] as const;
export const PROVIDER_NOTES_KEY = [...HOSPITAL_AUDIT_KEY, 'notes'] as const;

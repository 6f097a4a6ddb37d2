import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_TASKS_KEY } from '../../hospital-audit/api/keys.ts';
import { HOSPITAL_TASKS_KEY } from '../../hospital-tasks/api/keys.ts';
import { DOCTORS_KEY } from './keys.ts';

/** After a doctor task changes: the doctor views and the task lists that show doctor tasks. */
export function invalidateDoctorViews(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: DOCTORS_KEY }),
    client.invalidateQueries({ queryKey: HOSPITAL_TASKS_KEY }),
    client.invalidateQueries({ queryKey: AUDIT_TASKS_KEY }),
  ]);
}

import type { TAuditTaskListItem } from '@portal/domain/hospital-audit/api';
import type { AUDIT_LIST_SORTS, TAuditTaskFilter } from '@portal/domain/hospital-audit/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { AUDIT_TASKS_KEY } from './keys.ts';

export type TAuditListSort = (typeof AUDIT_LIST_SORTS)[number];

export interface TAuditTaskListBody {
  current: number;
  size: number;
  /** One of AUDIT_LIST_SORTS; the server's default is commitDate, descending. */
  sort?: TAuditListSort;
  order?: 'ascending' | 'descending';
  model: Partial<TAuditTaskFilter>;
}

export interface TAuditTaskPage {
  records: TAuditTaskListItem[];
  current: number;
  size: number;
  total: number;
  /** The filter matches more than `total` rows; the server counts and pages no further. */
  totalCapped?: boolean;
}

/** POST /drsystem/providerTaskMsh/list: every provider's hospital tasks, newest submit first. */
export function listAuditTasks(body: TAuditTaskListBody): Promise<TAuditTaskPage> {
  return http.post<TAuditTaskPage>('/drsystem/providerTaskMsh/list', body);
}

export function auditTasksQueryOptions(body: TAuditTaskListBody) {
  return queryOptions({
    queryKey: [...AUDIT_TASKS_KEY, body],
    queryFn: () => listAuditTasks(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAuditTasks(body: TAuditTaskListBody) {
  return useQuery(auditTasksQueryOptions(body));
}

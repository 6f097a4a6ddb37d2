import type { THospitalTaskListItem } from '@portal/domain/hospital-tasks/api';
import type { TASK_LIST_SORTS } from '@portal/domain/hospital-tasks/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { TASK_LIST_KEY, type TPageOf } from './keys.ts';

/** The task search filter of spec section 3. Dates are YYYY-MM-DD ('' when not set). */
export interface TTaskListFilter {
  title: string;
  sendStartDate: string;
  sendEndDate: string;
  /** Statuses to show; [] shows every status. */
  status: string[];
}

export type TTaskListSort = (typeof TASK_LIST_SORTS)[number];

/** The generic list request (spec section 3) with the task filter as model. */
export interface TTaskListRequest {
  current: number;
  size: number;
  /** One of TASK_LIST_SORTS; the spec's default is id (creation), descending. */
  sort?: TTaskListSort;
  order?: 'ascending' | 'descending';
  model: TTaskListFilter;
}

/** POST /drsystem/providerTask/list: a page of the provider's own tasks. */
export function listTasks(request: TTaskListRequest): Promise<TPageOf<THospitalTaskListItem>> {
  return http.post<TPageOf<THospitalTaskListItem>>('/drsystem/providerTask/list', {
    sort: 'id',
    order: 'descending',
    ...request,
  });
}

export function taskListQueryOptions(request: TTaskListRequest) {
  return queryOptions({
    queryKey: [...TASK_LIST_KEY, request],
    queryFn: () => listTasks(request),
    placeholderData: keepPreviousData,
    // Task statuses move on elsewhere (the auditor, the form): show the list as it is now.
    staleTime: 0,
  });
}

export function useTaskList(request: TTaskListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({ ...taskListQueryOptions(request), enabled: options.enabled ?? true });
}

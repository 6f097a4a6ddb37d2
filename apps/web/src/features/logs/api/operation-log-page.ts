import type { TOperationLogPage, TOperationLogPageBody } from '@portal/domain/logs/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** POST /authority/operationLog/page: the tenant's operation log, filtered and sorted by time. */
export function pageOperationLogs(body: TOperationLogPageBody): Promise<TOperationLogPage> {
  return http.post<TOperationLogPage>('/authority/operationLog/page', body);
}

export function operationLogPageQueryOptions(body: TOperationLogPageBody) {
  return queryOptions({
    queryKey: ['logs', 'operation', body],
    queryFn: () => pageOperationLogs(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOperationLogPage(body: TOperationLogPageBody) {
  return useQuery(operationLogPageQueryOptions(body));
}

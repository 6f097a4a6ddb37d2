import type { TErrorLogPageBody, TErrorLogRecord } from '@portal/domain/error-logs/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/** Who may read the error log (only SUPER_ADMIN's '*' grants it). */
export const ERROR_LOG_VIEW = 'system:errorLog:view';

export interface TErrorLogPage {
  records: TErrorLogRecord[];
  current: number;
  size: number;
  total: number;
}

/** POST /authority/errorLog/page: front-end errors reported by signed-in users, newest first. */
export function pageErrorLogs(body: TErrorLogPageBody): Promise<TErrorLogPage> {
  return http.post<TErrorLogPage>('/authority/errorLog/page', body);
}

export function errorLogPageQueryOptions(body: TErrorLogPageBody) {
  return queryOptions({
    queryKey: ['error-logs', 'page', body],
    queryFn: () => pageErrorLogs(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useErrorLogPage(body: TErrorLogPageBody, enabled = true) {
  return useQuery({ ...errorLogPageQueryOptions(body), enabled });
}

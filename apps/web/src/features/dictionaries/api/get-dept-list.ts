import type { TDepartment } from '@portal/domain/dictionaries/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DICTIONARY_STALE_MS } from './lookup-codes.ts';

/** GET /drsystem/providerTask/getDeptList?deptName=: departments by code or name (all when empty). */
export function getDeptList(deptName: string): Promise<TDepartment[]> {
  return http.get<TDepartment[]>('/drsystem/providerTask/getDeptList', { deptName }, { silent: true });
}

export function deptListQueryOptions(deptName: string) {
  return queryOptions({
    queryKey: ['dictionaries', 'departments', deptName.trim()],
    queryFn: () => getDeptList(deptName.trim()),
    staleTime: DICTIONARY_STALE_MS,
  });
}

/** Departments for the department picker; a failed search leaves the list empty (spec 1 section 7). */
export function useDeptList(deptName: string) {
  return useQuery({ ...deptListQueryOptions(deptName), placeholderData: keepPreviousData });
}

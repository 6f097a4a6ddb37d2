import type { TPreauthListBody, TPreauthPage } from '@portal/domain/preauth/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const PREAUTH_KEY = ['preauth'] as const;
/** Provider staff read their own cases under /preauth/case; operators audit under /preauth/audit. */
export type TPreauthArea = 'case' | 'audit';

/** POST /preauth/{area}/list: a filtered page, newest first. */
export function getPreauthList(area: TPreauthArea, body: TPreauthListBody): Promise<TPreauthPage> {
  return http.post<TPreauthPage>(`/preauth/${area}/list`, body);
}

export function preauthListQueryOptions(area: TPreauthArea, body: TPreauthListBody) {
  return queryOptions({
    queryKey: [...PREAUTH_KEY, area, 'list', body],
    queryFn: () => getPreauthList(area, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePreauthList(area: TPreauthArea, body: TPreauthListBody) {
  return useQuery(preauthListQueryOptions(area, body));
}

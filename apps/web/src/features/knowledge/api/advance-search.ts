import type { TAdvanceSearchItem } from '@portal/domain/knowledge/api';
import type { TAdvanceSearchRequest } from '@portal/domain/knowledge/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const ADVANCE_SEARCH = 'drsystem:info:advance';

export interface TAdvanceSearchPage {
  records: TAdvanceSearchItem[];
  current: number;
  size: number;
  total: number;
}
export type TAdvanceSearchBody = Partial<TAdvanceSearchRequest> & { current: number; size: number };

/** POST /drsystem/info/advance: doctors by symptom, disease, treatment or name, most relevant first. */
export function advanceSearch(body: TAdvanceSearchBody): Promise<TAdvanceSearchPage> {
  return http.post<TAdvanceSearchPage>('/drsystem/info/advance', body);
}

export function advanceSearchQueryOptions(body: TAdvanceSearchBody) {
  return queryOptions({
    queryKey: ['knowledge', 'advance', body],
    queryFn: () => advanceSearch(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The search runs only once criteria are submitted (null before). */
export function useAdvanceSearch(body: TAdvanceSearchBody | null) {
  return useQuery({ ...advanceSearchQueryOptions(body ?? { current: 1, size: 10 }), enabled: body !== null });
}

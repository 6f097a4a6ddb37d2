import type { TScheduleBody, TSchedulePage } from '@portal/domain/claims/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { CLAIMS_KEY, type TClaimArea } from './claim-batches.ts';

const base = (area: TClaimArea) => (area === 'batch' ? '/claim/schedule' : '/claim/audit/schedule');

/** POST /claim/schedule/list (operators: /claim/audit/schedule/list): lines with their batch. */
export function getClaimSchedule(area: TClaimArea, body: TScheduleBody): Promise<TSchedulePage> {
  return http.post<TSchedulePage>(`${base(area)}/list`, body);
}

export function claimScheduleQueryOptions(area: TClaimArea, body: TScheduleBody) {
  return queryOptions({
    queryKey: [...CLAIMS_KEY, area, 'schedule', body],
    queryFn: () => getClaimSchedule(area, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useClaimSchedule(area: TClaimArea, body: TScheduleBody) {
  return useQuery(claimScheduleQueryOptions(area, body));
}

/** POST …/schedule/export: the filtered schedule as .xlsx. */
export function exportClaimSchedule(area: TClaimArea, body: TScheduleBody) {
  return http.download(`${base(area)}/export`, { method: 'POST', body });
}

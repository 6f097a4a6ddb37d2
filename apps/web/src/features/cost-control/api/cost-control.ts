import type {
  TCostDetail,
  TCostListBody,
  TCostPage,
  TCostProvider,
  TCostSuggestions,
} from '@portal/domain/cost-control/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const COST_CONTROL_KEY = ['cost-control'] as const;
/** Provider staff work under /claim/control, operators under /claim/controlAudit. */
export type TCostArea = 'case' | 'audit';
export const areaPath = (area: TCostArea) => (area === 'case' ? '/claim/control' : '/claim/controlAudit');

/** POST {area}/list: a filtered page of measures, newest first. */
export function costListQueryOptions(area: TCostArea, body: TCostListBody) {
  return queryOptions({
    queryKey: [...COST_CONTROL_KEY, area, 'list', body],
    queryFn: () => http.post<TCostPage>(`${areaPath(area)}/list`, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCostList(area: TCostArea, body: TCostListBody) {
  return useQuery(costListQueryOptions(area, body));
}

/**
 * GET {area}/detail/{controlManageProportionId}: the measure with every round. A missing measure
 * answers 404 quietly: the process page then starts a new proposal under that id.
 */
export function costDetailQueryOptions(area: TCostArea, id: string) {
  return queryOptions({
    queryKey: [...COST_CONTROL_KEY, area, 'detail', id],
    queryFn: () =>
      http.get<TCostDetail>(`${areaPath(area)}/detail/${encodeURIComponent(id)}`, undefined, {
        silent: true,
      }),
    enabled: id !== '',
    retry: false,
    staleTime: 0,
  });
}

export function useCostDetail(area: TCostArea, id: string) {
  return useQuery(costDetailQueryOptions(area, id));
}

/** POST /claim/controlAudit/providers: providers matching a keyword, with their medical expense settings. */
export function useCostProviders(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...COST_CONTROL_KEY, 'providers', keyword],
    queryFn: () => http.post<TCostProvider[]>('/claim/controlAudit/providers', { keyword }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

/** GET /claim/audit/costControl/{batchId}: the suggested deduction of each line of a claim batch. */
export function useCostSuggestions(batchId: string) {
  return useQuery({
    queryKey: [...COST_CONTROL_KEY, 'suggestions', batchId],
    queryFn: () => http.get<TCostSuggestions>(`/claim/audit/costControl/${encodeURIComponent(batchId)}`),
    enabled: batchId !== '',
    staleTime: 0,
  });
}

/** GET /authority/common/generateId: the id of a proposal not saved yet. */
export const generateId = () => http.get<string>('/authority/common/generateId');

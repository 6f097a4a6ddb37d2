import type {
  TInvestigation,
  TInvestigationDetail,
  TInvestigationListBody,
  TInvestigationPage,
} from '@portal/domain/investigations/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const INVESTIGATIONS_KEY = ['investigations'] as const;
/** Provider staff work under /claim/medical, operators under /claim/medicalAudit. */
export type TInvestigationArea = 'case' | 'audit';
export const areaPath = (area: TInvestigationArea) =>
  area === 'case' ? '/claim/medical' : '/claim/medicalAudit';

/** POST {area}/list: a filtered page of investigations with their countdown, newest first. */
export function investigationListQueryOptions(area: TInvestigationArea, body: TInvestigationListBody) {
  return queryOptions({
    queryKey: [...INVESTIGATIONS_KEY, area, 'list', body],
    queryFn: () => http.post<TInvestigationPage>(`${areaPath(area)}/list`, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useInvestigationList(area: TInvestigationArea, body: TInvestigationListBody) {
  return useQuery(investigationListQueryOptions(area, body));
}

/** GET {area}/detail/{id}: the case, its answers with their files, and its flow. */
export function investigationDetailQueryOptions(area: TInvestigationArea, id: string) {
  return queryOptions({
    queryKey: [...INVESTIGATIONS_KEY, area, 'detail', id],
    queryFn: () => http.get<TInvestigationDetail>(`${areaPath(area)}/detail/${encodeURIComponent(id)}`),
    enabled: id !== '',
    retry: false,
    staleTime: 0,
  });
}

export function useInvestigationDetail(area: TInvestigationArea, id: string) {
  return useQuery(investigationDetailQueryOptions(area, id));
}

/** GET /claim/medicalAudit/batch/{id}: the investigations of a claim batch's lines (operators). */
export function batchInvestigationsQueryOptions(batchId: string) {
  return queryOptions({
    queryKey: [...INVESTIGATIONS_KEY, 'audit', 'batch', batchId],
    queryFn: () => http.get<TInvestigation[]>(`/claim/medicalAudit/batch/${encodeURIComponent(batchId)}`),
    staleTime: 0,
  });
}

export function useBatchInvestigations(batchId: string, enabled = true) {
  return useQuery({ ...batchInvestigationsQueryOptions(batchId), enabled: enabled && batchId !== '' });
}

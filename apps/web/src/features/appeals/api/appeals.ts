import type {
  TAppeal,
  TAppealAudit,
  TAppealableLine,
  TAppealCreate,
  TAppealDetail,
  TAppealListBody,
  TAppealPage,
  TAppealUpdate,
} from '@portal/domain/appeals/rules';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const APPEALS_KEY = ['appeals'] as const;
/** Provider staff work under /claim/appeal, operators under /claim/appealAudit. */
export type TAppealArea = 'case' | 'audit';
const areaPath = (area: TAppealArea) => (area === 'case' ? '/claim/appeal' : '/claim/appealAudit');

/** POST {area}/list: a filtered page of appeals, newest first (at least one criterion). */
export function appealListQueryOptions(area: TAppealArea, body: TAppealListBody) {
  return queryOptions({
    queryKey: [...APPEALS_KEY, area, 'list', body],
    queryFn: () => http.post<TAppealPage>(`${areaPath(area)}/list`, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
export const useAppealList = (area: TAppealArea, body: TAppealListBody) =>
  useQuery(appealListQueryOptions(area, body));

/** GET {area}/detail/{id}: the appeal, its attachments and flow. */
export function appealDetailQueryOptions(area: TAppealArea, id: string) {
  return queryOptions({
    queryKey: [...APPEALS_KEY, area, 'detail', id],
    queryFn: () => http.get<TAppealDetail>(`${areaPath(area)}/detail/${encodeURIComponent(id)}`),
    enabled: id !== '',
    retry: false,
    staleTime: 0,
  });
}
export const useAppealDetail = (area: TAppealArea, id: string) =>
  useQuery(appealDetailQueryOptions(area, id));

/** GET /claim/appeal/line/{id}: a claim line the provider may appeal, with the most it may ask. */
export function appealableLineQueryOptions(lineId: string) {
  return queryOptions({
    queryKey: [...APPEALS_KEY, 'case', 'line', lineId],
    queryFn: () =>
      http.get<TAppealableLine>(`/claim/appeal/line/${encodeURIComponent(lineId)}`, { silent: true }),
    enabled: lineId !== '',
    retry: false,
    staleTime: 0,
  });
}
export const useAppealableLine = (lineId: string) => useQuery(appealableLineQueryOptions(lineId));

/** The changes of an appeal; each answers the appeal and refreshes every appeal query. */
const ACTIONS = {
  create: (input: TAppealCreate) => http.post<TAppeal>('/claim/appeal/create', input, { silent: true }),
  update: ({ id, ...input }: TAppealUpdate & { id: string }) =>
    http.post<TAppeal>(`/claim/appeal/update/${id}`, input, { silent: true }),
  close: ({ id, ...input }: { id: string; version: number; remark?: string }) =>
    http.post<TAppeal>(`/claim/appeal/close/${id}`, input),
  audit: ({ id, ...input }: TAppealAudit & { id: string }) =>
    http.post<TAppeal>(`/claim/appealAudit/audit/${id}`, input, { silent: true }),
};

function useAction<T>(fn: (input: T) => Promise<TAppeal>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: APPEALS_KEY }),
  });
}
export const useCreateAppeal = () => useAction(ACTIONS.create);
export const useUpdateAppeal = () => useAction(ACTIONS.update);
export const useCloseAppeal = () => useAction(ACTIONS.close);
export const useAuditAppeal = () => useAction(ACTIONS.audit);

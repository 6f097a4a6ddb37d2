import type { TClaimBatchPage, TClaimDetail, TClaimListBody } from '@portal/domain/claims/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const CLAIMS_KEY = ['claims'] as const;
/** Provider staff read their own batches under /claim/batch; operators audit under /claim/audit. */
export type TClaimArea = 'batch' | 'audit';

/** POST /claim/{area}/list: a filtered page of batches, newest first. */
export function getClaimBatches(area: TClaimArea, body: TClaimListBody): Promise<TClaimBatchPage> {
  return http.post<TClaimBatchPage>(`/claim/${area}/list`, body);
}

export function claimBatchesQueryOptions(area: TClaimArea, body: TClaimListBody) {
  return queryOptions({
    queryKey: [...CLAIMS_KEY, area, 'list', body],
    queryFn: () => getClaimBatches(area, body),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useClaimBatches(area: TClaimArea, body: TClaimListBody) {
  return useQuery(claimBatchesQueryOptions(area, body));
}

/** GET /claim/{area}/detail/{id}: the batch, its lines beside their benefit, files and flow. */
export function getClaimDetail(area: TClaimArea, id: string): Promise<TClaimDetail> {
  return http.get<TClaimDetail>(`/claim/${area}/detail/${encodeURIComponent(id)}`);
}

export function claimDetailQueryOptions(area: TClaimArea, id: string) {
  return queryOptions({
    queryKey: [...CLAIMS_KEY, area, 'detail', id],
    queryFn: () => getClaimDetail(area, id),
    staleTime: 0,
  });
}

export function useClaimDetail(area: TClaimArea, id: string | null) {
  return useQuery({ ...claimDetailQueryOptions(area, id ?? ''), enabled: Boolean(id) });
}

import type { TPolicyDetail, TPolicyDetailBody } from '@portal/domain/members/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { MEMBERS_KEY } from './member-search.ts';

/** POST /smartportal/policy/getPolicyDetailInfo: policy, validity and every coverage's balance. */
export function getPolicyDetail(body: TPolicyDetailBody): Promise<TPolicyDetail> {
  return http.post<TPolicyDetail>('/smartportal/policy/getPolicyDetailInfo', body);
}

export function policyDetailQueryOptions(body: TPolicyDetailBody | null) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, 'policy', body],
    queryFn: () => getPolicyDetail(body!),
    enabled: body !== null,
    retry: false,
  });
}

export function usePolicyDetail(body: TPolicyDetailBody | null) {
  return useQuery(policyDetailQueryOptions(body));
}

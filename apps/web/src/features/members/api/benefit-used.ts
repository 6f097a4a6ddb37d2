import type { TBenefitUsedBody, TBenefitUsedInfo } from '@portal/domain/members/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { MEMBERS_KEY } from './member-search.ts';

/** POST /smartportal/benefit/getBenefitUsedInfo: balances with the usage lines behind them. */
export function getBenefitUsed(body: TBenefitUsedBody): Promise<TBenefitUsedInfo> {
  return http.post<TBenefitUsedInfo>('/smartportal/benefit/getBenefitUsedInfo', body);
}

export function benefitUsedQueryOptions(body: TBenefitUsedBody | null) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, 'used', body],
    queryFn: () => getBenefitUsed(body!),
    enabled: body !== null,
    retry: false,
  });
}

export function useBenefitUsed(body: TBenefitUsedBody | null) {
  return useQuery(benefitUsedQueryOptions(body));
}

import type { TPolicyRefBody, TSpecialRule } from '@portal/domain/members/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { MEMBERS_KEY } from './member-search.ts';

/** POST /smartportal/benefit/getBenefitSpecialRuleList. */
export function getSpecialRules(body: TPolicyRefBody): Promise<TSpecialRule[]> {
  return http.post<TSpecialRule[]>('/smartportal/benefit/getBenefitSpecialRuleList', body);
}

export function specialRulesQueryOptions(body: TPolicyRefBody | null) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, 'rules', body],
    queryFn: () => getSpecialRules(body!),
    enabled: body !== null,
    retry: false,
  });
}

export function useSpecialRules(body: TPolicyRefBody | null) {
  return useQuery(specialRulesQueryOptions(body));
}

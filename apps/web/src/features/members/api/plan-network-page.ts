import {
  PLAN_OPTIONS_MAX,
  type TPlanNetworkPage,
  type TPlanNetworkPageBody,
  type TPlanOption,
} from '@portal/domain/members/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chosenFirst } from '../../../components/search-select/chosen-first.ts';
import { http } from '../../../lib/http.ts';
import { MEMBERS_KEY } from './member-search.ts';

export const PLAN_NETWORK_KEY = [...MEMBERS_KEY, 'network'] as const;

/** POST /member/planNetwork/page: which providers serve which plans. */
export function getPlanNetworkPage(body: TPlanNetworkPageBody): Promise<TPlanNetworkPage> {
  return http.post<TPlanNetworkPage>('/member/planNetwork/page', body);
}

export function planNetworkPageQueryOptions(body: TPlanNetworkPageBody) {
  return queryOptions({
    queryKey: [...PLAN_NETWORK_KEY, 'page', body],
    queryFn: () => getPlanNetworkPage(body),
    placeholderData: keepPreviousData,
  });
}

export function usePlanNetworkPage(body: TPlanNetworkPageBody) {
  return useQuery(planNetworkPageQueryOptions(body));
}

/**
 * GET /member/planNetwork/plans?keyword=&codes=&limit=: the plans `codes` (a picker's values),
 * then up to `limit` others whose code, names or customer id contain the keyword.
 */
export function getPlans(
  keyword = '',
  codes: readonly string[] = [],
  limit = PLAN_OPTIONS_MAX,
): Promise<TPlanOption[]> {
  return http.get<TPlanOption[]>('/member/planNetwork/plans', {
    ...(keyword ? { keyword } : {}),
    ...(codes.length > 0 ? { codes: codes.join(',') } : {}),
    limit,
  });
}

/**
 * The plans a picker offers for a keyword, with its chosen ones: one more than shown is asked, so
 * `more` tells that more plans match than the picker lists.
 */
export function usePlanOptions(keyword: string, codes: readonly string[], enabled = true) {
  const query = useQuery(
    queryOptions({
      queryKey: [...PLAN_NETWORK_KEY, 'plans', keyword, codes.join(',')],
      queryFn: () => getPlans(keyword, codes, PLAN_OPTIONS_MAX + 1),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
      enabled,
    }),
  );
  const { items, more } = chosenFirst(query.data ?? [], codes, (p) => p.grpPlanCode, PLAN_OPTIONS_MAX);
  return { plans: items, more, isFetching: query.isFetching };
}

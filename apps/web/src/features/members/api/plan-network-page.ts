import type { TPlanNetworkPage, TPlanNetworkPageBody, TPlanOption } from '@portal/domain/members/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

/** GET /member/planNetwork/plans: the tenant's plans to choose from. */
export function getPlans(): Promise<TPlanOption[]> {
  return http.get<TPlanOption[]>('/member/planNetwork/plans');
}

export function usePlans(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: [...PLAN_NETWORK_KEY, 'plans'], queryFn: getPlans, enabled }));
}

import type { TPolicyRefBody, TRider } from '@portal/domain/members/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { MEMBERS_KEY } from './member-search.ts';

/** POST /smartportal/benefit/getBenefitRiderList. */
export function getRiders(body: TPolicyRefBody): Promise<TRider[]> {
  return http.post<TRider[]>('/smartportal/benefit/getBenefitRiderList', body);
}

export function ridersQueryOptions(body: TPolicyRefBody | null) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, 'riders', body],
    queryFn: () => getRiders(body!),
    enabled: body !== null,
    retry: false,
  });
}

export function useRiders(body: TPolicyRefBody | null) {
  return useQuery(ridersQueryOptions(body));
}

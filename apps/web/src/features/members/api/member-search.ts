import type { TMemberHit, TMemberSearchBody } from '@portal/domain/members/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export const MEMBERS_KEY = ['members'] as const;

/** POST /smartportal/member/search: members of served plans by name + birthday or card number. */
export function searchMembers(body: TMemberSearchBody): Promise<TMemberHit[]> {
  return http.post<TMemberHit[]>('/smartportal/member/search', body);
}

export function memberSearchQueryOptions(body: TMemberSearchBody | null) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, 'search', body],
    queryFn: () => searchMembers(body!),
    enabled: body !== null,
    retry: false,
  });
}

/** The members found for the submitted search (nothing until one is submitted). */
export function useMemberSearch(body: TMemberSearchBody | null) {
  return useQuery(memberSearchQueryOptions(body));
}

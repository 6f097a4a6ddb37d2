import type { TCoverageBody, TCoverageOption } from '@portal/domain/members/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { PREAUTH_KEY } from './preauth-list.ts';

/** POST /smartportal/config/getCoverage: the member's coverages with their currencies. */
export function getCoverages(body: TCoverageBody): Promise<TCoverageOption[]> {
  return http.post<TCoverageOption[]>('/smartportal/config/getCoverage', body);
}

export function useCoverages(body: TCoverageBody | null) {
  return useQuery(
    queryOptions({
      queryKey: [...PREAUTH_KEY, 'coverages', body],
      queryFn: () => getCoverages(body as TCoverageBody),
      enabled: body !== null,
      retry: false,
    }),
  );
}

import { RELA_PROVIDERS_MAX, type ZRelaProvider } from '@portal/domain/appointments/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { chosenFirst } from '../../../components/search-select/chosen-first.ts';
import { http } from '../../../lib/http.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

export type TRelaProvider = z.infer<typeof ZRelaProvider>;

/**
 * GET /smartportal/config/getRelaProviderInfo?keyword=&codes=&limit=: the providers the user works
 * with named by `codes` (a picker's values), then up to `limit` others whose id or name contains
 * the keyword.
 */
export function getRelaProviders(
  keyword = '',
  codes: readonly string[] = [],
  limit = RELA_PROVIDERS_MAX,
): Promise<TRelaProvider[]> {
  return http.get<TRelaProvider[]>('/smartportal/config/getRelaProviderInfo', {
    ...(keyword ? { keyword } : {}),
    ...(codes.length > 0 ? { codes: codes.join(',') } : {}),
    limit,
  });
}

function relaProvidersQueryOptions(keyword: string, codes: readonly string[], limit: number) {
  return queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'providers', keyword, codes.join(','), limit],
    queryFn: () => getRelaProviders(keyword, codes, limit),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The first providers the user works with (the pages ask whether there is more than one). */
export function useRelaProviders() {
  return useQuery(relaProvidersQueryOptions('', [], RELA_PROVIDERS_MAX));
}

/**
 * The providers a picker offers for a keyword, with its chosen ones: one more than shown is
 * asked, so `more` tells that more providers match than the picker lists.
 */
export function useRelaProviderOptions(keyword: string, codes: readonly string[]) {
  const query = useQuery(relaProvidersQueryOptions(keyword, codes, RELA_PROVIDERS_MAX + 1));
  const { items, more } = chosenFirst(query.data ?? [], codes, (p) => p.providerId, RELA_PROVIDERS_MAX);
  return { providers: items, more, isFetching: query.isFetching };
}

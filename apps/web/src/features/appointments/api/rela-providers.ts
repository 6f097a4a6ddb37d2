import type { ZRelaProvider } from '@portal/domain/appointments/rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

export type TRelaProvider = z.infer<typeof ZRelaProvider>;

/**
 * GET /smartportal/config/getRelaProviderInfo?keyword=&codes=: the providers the user works with
 * whose id or name contains the keyword (at most 50), with the providers `codes` whatever the keyword.
 */
export function getRelaProviders(keyword = '', codes: readonly string[] = []): Promise<TRelaProvider[]> {
  return http.get<TRelaProvider[]>('/smartportal/config/getRelaProviderInfo', {
    ...(keyword ? { keyword } : {}),
    ...(codes.length > 0 ? { codes: codes.join(',') } : {}),
  });
}

export function useRelaProviders(keyword = '', codes: readonly string[] = []) {
  return useQuery(
    queryOptions({
      queryKey: [...APPOINTMENTS_KEY, 'providers', keyword, codes.join(',')],
      queryFn: () => getRelaProviders(keyword, codes),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}

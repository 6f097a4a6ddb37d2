import type { ZRelaProvider } from '@portal/domain/appointments/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';
import { APPOINTMENTS_KEY } from './appointment-list.ts';

export type TRelaProvider = z.infer<typeof ZRelaProvider>;

/** GET /smartportal/config/getRelaProviderInfo: the providers the user works with. */
export function getRelaProviders(): Promise<TRelaProvider[]> {
  return http.get<TRelaProvider[]>('/smartportal/config/getRelaProviderInfo');
}

export function useRelaProviders() {
  return useQuery(
    queryOptions({
      queryKey: [...APPOINTMENTS_KEY, 'providers'],
      queryFn: getRelaProviders,
      staleTime: 60_000,
    }),
  );
}

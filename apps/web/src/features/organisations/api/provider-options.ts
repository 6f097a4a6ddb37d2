import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { ORGANISATIONS_KEY } from './organisation-tree.ts';

export interface TProviderOption {
  providerId: string;
  cnName: string;
  enName: string;
  /** The organisation the provider is placed in, if any. */
  organisationId: string | null;
}

/** GET /authority/org/providerOptions: approved providers matching the keyword (at most 50). */
export const useProviderOptions = (keyword: string, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...ORGANISATIONS_KEY, 'providers', keyword],
      queryFn: () => http.get<TProviderOption[]>('/authority/org/providerOptions', { keyword }),
      enabled,
      placeholderData: keepPreviousData,
    }),
  );

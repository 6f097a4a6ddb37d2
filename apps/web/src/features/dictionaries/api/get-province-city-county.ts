import type { TArea } from '@portal/domain/dictionaries/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DICTIONARY_STALE_MS } from './lookup-codes.ts';

/** GET /drsystem/ldaddress/getProvinceCityCounty/{code}: the province, city, district chain of a code. */
export function getProvinceCityCounty(code: string): Promise<TArea[]> {
  return http.get<TArea[]>(
    `/drsystem/ldaddress/getProvinceCityCounty/${encodeURIComponent(code)}`,
    undefined,
    {
      silent: true,
    },
  );
}

export function areaChainQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['dictionaries', 'area-chain', code],
    queryFn: () => getProvinceCityCounty(code),
    staleTime: DICTIONARY_STALE_MS,
  });
}

/** The chain ending at a district, city or province code ([] outside China). */
export function useAreaChain(code: string) {
  return useQuery({ ...areaChainQueryOptions(code), enabled: code !== '' });
}

import type { TArea } from '@portal/domain/dictionaries/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { DICTIONARY_STALE_MS } from './lookup-codes.ts';

export const AREA_CHILDREN_KEY = ['dictionaries', 'areas'] as const;

/** GET /drsystem/ldaddress/getAddressByUpCode/{code}: children of an area ('0': continents). */
export function getAddressByUpCode(upCode: string): Promise<TArea[]> {
  return http.get<TArea[]>(
    `/drsystem/ldaddress/getAddressByUpCode/${encodeURIComponent(upCode)}`,
    undefined,
    {
      silent: true,
    },
  );
}

export function areaChildrenQueryOptions(upCode: string) {
  return queryOptions({
    queryKey: [...AREA_CHILDREN_KEY, upCode],
    queryFn: () => getAddressByUpCode(upCode),
    staleTime: DICTIONARY_STALE_MS,
    gcTime: DICTIONARY_STALE_MS,
  });
}

/** Children of an area; nothing is loaded while upCode is ''. */
export function useAreaChildren(upCode: string) {
  return useQuery({ ...areaChildrenQueryOptions(upCode), enabled: upCode !== '' });
}
